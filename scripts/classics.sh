#!/usr/bin/env bash
# Side by side with the classic programs in ../shared/baselines (POJ 1077's
# forward BFS, HDU 1043's reverse BFS, USACO 3.2.5): the same inputs, each
# program run as a whole process, the two alternately, REPEAT times each;
# medians and their ratio. A run is timed by bash around one fork and exec
# of the program (its $EPOCHREALTIME, no helper process in the interval), so
# both columns carry the same process start-up and nothing else.
# Usage: scripts/classics.sh [REPEAT]   (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${1:-21}
bench=$PWD/build/bench
classics=../shared/baselines
work="$PWD/build/classics"
[ -x "$bench" ] || { echo "classics: build first (scripts/setup.sh)" >&2; exit 2; }
[ -d "$classics" ] || { echo "classics: no $classics" >&2; exit 2; }
command -v g++ >/dev/null || { echo "classics: g++ is needed (apt-get install g++)" >&2; exit 2; }
case $repeat in '' | *[!0-9]* | 0) echo "classics: REPEAT must be a positive number" >&2; exit 2 ;; esac
mkdir -p "$work"
for p in poj1077_forward_bfs hdu1043_reverse_bfs usaco_msquare; do
	[ "$work/$p" -nt "$classics/$p.cpp" ] || g++ -O2 -w -o "$work/$p" "$classics/$p.cpp"
done

# Inputs: every 3x3 arrangement (in lexicographic order, and shuffled); the
# two farthest starts (31 moves); two unsolvable ones; the USACO sample.
"$bench" gen --domain 8puzzle --method all -o "$work/all.txt" >/dev/null
grep -v '^#' "$work/all.txt" | cut -f2 >"$work/all.in"
shuf --random-source=<(yes) "$work/all.in" >"$work/shuffled.in"
rm -f "$work"/far*.in "$work"/unsolvable*.in
awk -F'\t' '!/^#/ && $3 == 31 { print $2 > ("'"$work"'/far" ++n ".in") }' "$work/all.txt"
awk -F'\t' '!/^#/ && $3 == "unsolvable" && n < 2 { print $2 > ("'"$work"'/unsolvable" ++n ".in") }' "$work/all.txt"
echo "2 6 8 4 5 7 3 1" >"$work/msquare.in"

# Microseconds of one run of the command "$@" on standard input $input, in
# directory $work.
time_once() {
	local t0 t1
	t0=$EPOCHREALTIME
	(cd "$work" && exec "$@" <"$input" >/dev/null)
	t1=$EPOCHREALTIME
	echo $((${t1/./} - ${t0/./}))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# compare LABEL INPUT 'OURS' 'CLASSIC': alternate the two, print medians
# and the ratio.
compare() {
	local label=$1 ours classic a=() b=() i ma mb
	input=$2
	read -ra ours <<<"$3"
	read -ra classic <<<"$4"
	time_once "${ours[@]}" >/dev/null
	time_once "${classic[@]}" >/dev/null
	for ((i = 0; i < repeat; i++)); do
		a+=("$(time_once "${ours[@]}")")
		b+=("$(time_once "${classic[@]}")")
	done
	ma=$(printf '%s\n' "${a[@]}" | median)
	mb=$(printf '%s\n' "${b[@]}" | median)
	awk -v l="$label" -v a="$ma" -v b="$mb" 'BEGIN {
		printf "%-50s %9.2f ms %9.2f ms %7.1fx\n", l, a / 1000, b / 1000, b / a }'
}

# The answers first: ours replayed, the same lines unsolvable, the same
# lengths as the classic's answers.
"$bench" solve --check <"$work/all.in" >"$work/ours.out"
"$work/hdu1043_reverse_bfs" <"$work/all.in" >"$work/classic.out"
awk '{ print ($0 == "unsolvable" ? -1 : length($0)) }' "$work/ours.out" >"$work/ours.len"
awk '{ print ($0 == "unsolvable" ? -1 : length($0)) }' "$work/classic.out" >"$work/classic.len"
cmp -s "$work/ours.len" "$work/classic.len" ||
	{ echo "classics: answers differ from HDU 1043's in length or solvability" >&2; exit 1; }

printf '%-50s %12s %12s %8s\n' "median of $repeat runs, whole process" "puzzlebench" "classic" "speed-up"
compare "all 9! arrangements: reverse-table vs HDU 1043" "$work/all.in" \
	"$bench solve -a reverse-table" "./hdu1043_reverse_bfs"
compare "the same, shuffled" "$work/shuffled.in" \
	"$bench solve -a reverse-table" "./hdu1043_reverse_bfs"
for f in "$work"/far*.in "$work"/unsolvable*.in; do
	kind=$(basename "$f" .in)
	compare "${kind%[0-9]} $(cat "$f"): bfs-cantor vs POJ 1077" "$f" \
		"$bench solve -a bfs-cantor" "./poj1077_forward_bfs"
done
# USACO's program reads msquare.in and writes msquare.out, in $work.
compare "USACO sample: bfs-cantor vs USACO 3.2.5" "$work/msquare.in" \
	"$bench solve --domain msquare -a bfs-cantor" "./usaco_msquare"
(cd "$work" && ./usaco_msquare) && [ "$(tr '\n' ' ' <"$work/msquare.out")" = "7 BCABCCB " ] ||
	{ echo "classics: USACO 3.2.5 did not answer its sample" >&2; exit 1; }
[ "$("$bench" solve --domain msquare <"$work/msquare.in" | tr '\n' ' ')" = "7 BCABCCB " ] ||
	{ echo "classics: bench solve did not answer the USACO sample" >&2; exit 1; }
