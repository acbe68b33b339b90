#!/usr/bin/env bash
# Side by side with the classic programs in ../shared/baselines (POJ 1077's
# forward BFS, HDU 1043's reverse BFS, USACO 3.2.5): the same inputs, each
# run as a whole process, alternately, REPEAT times; medians and ratios.
# Usage: scripts/classics.sh [REPEAT]   (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${1:-11}
bench=build/bench
classics=../shared/baselines
work="$PWD/build/classics"
[ -x "$bench" ] || { echo "classics: build first (scripts/setup.sh)" >&2; exit 2; }
[ -d "$classics" ] || { echo "classics: no $classics" >&2; exit 2; }
command -v g++ >/dev/null || { echo "classics: g++ is needed (apt-get install g++)" >&2; exit 2; }
mkdir -p "$work"
for p in poj1077_forward_bfs hdu1043_reverse_bfs usaco_msquare; do
	[ "$work/$p" -nt "$classics/$p.cpp" ] || g++ -O2 -w -o "$work/$p" "$classics/$p.cpp"
done

# Inputs: every 3x3 arrangement; a farthest start (31 moves); an unsolvable one.
"$bench" gen --domain 8puzzle --method all -o "$work/all.txt" >/dev/null
grep -v '^#' "$work/all.txt" | cut -f2 >"$work/all.in"
awk -F'\t' '!/^#/ && $3 == 31 { print $2; exit }' "$work/all.txt" >"$work/far.in"
awk -F'\t' '!/^#/ && $3 == "unsolvable" { print $2; exit }' "$work/all.txt" >"$work/unsolvable.in"
echo "2 6 8 4 5 7 3 1" >"$work/msquare.in"

# One timing in ms of: sh -c "$1 < $2 > /dev/null"
time_once() {
	local t0 t1
	t0=$(date +%s%N)
	sh -c "$1 < '$2' > /dev/null"
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000))
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# compare LABEL INPUT OURS CLASSIC: alternate the two, print medians, ratio.
compare() {
	local label=$1 input=$2 ours=$3 classic=$4 a=() b=() i
	for ((i = 0; i < repeat; i++)); do
		a+=("$(time_once "$ours" "$input")")
		b+=("$(time_once "$classic" "$input")")
	done
	local ma mb
	ma=$(printf '%s\n' "${a[@]}" | median)
	mb=$(printf '%s\n' "${b[@]}" | median)
	awk -v l="$label" -v a="$ma" -v b="$mb" 'BEGIN {
		printf "%-44s %9.2f ms %9.2f ms %7.1fx\n", l, a / 1000, b / 1000, b / a }'
}

# The answers first: ours replayed, and the same lines unsolvable.
"$bench" solve --check <"$work/all.in" >"$work/ours.out"
"$work/hdu1043_reverse_bfs" <"$work/all.in" >"$work/classic.out"
ours_u=$(grep -c unsolvable "$work/ours.out")
classic_u=$(grep -c unsolvable "$work/classic.out")
[ "$ours_u" = "$classic_u" ] || { echo "classics: unsolvable counts differ: $ours_u vs $classic_u" >&2; exit 1; }

printf '%-44s %12s %12s %8s\n' "median of $repeat runs, whole process" "puzzlebench" "classic" "speed-up"
compare "all 9! arrangements: reverse-table vs HDU 1043" "$work/all.in" \
	"$bench solve -a reverse-table" "$work/hdu1043_reverse_bfs"
compare "farthest start (31): bfs-cantor vs POJ 1077" "$work/far.in" \
	"$bench solve -a bfs-cantor" "$work/poj1077_forward_bfs"
compare "unsolvable start: bfs-cantor vs POJ 1077" "$work/unsolvable.in" \
	"$bench solve -a bfs-cantor" "$work/poj1077_forward_bfs"
compare "USACO sample: bfs-cantor vs USACO 3.2.5" "$work/msquare.in" \
	"$bench solve --domain msquare -a bfs-cantor" "cd $work && cp /dev/stdin msquare.in && ./usaco_msquare && cat msquare.out"
