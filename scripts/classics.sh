#!/usr/bin/env bash
# Side by side with the classic programs in ../shared/baselines, in one
# bench run: POJ 1077's forward BFS (one process a puzzle, as the judge
# runs it), HDU 1043's reverse BFS (one process fed every puzzle, as it
# reads until end of input; its table build is its preparation row) and
# USACO 3.2.5's BFS (one process a puzzle, through its files msquare.in and
# msquare.out in a scratch directory) run as external solvers beside
# reverse-table and bfs-cantor on the 8-puzzle and Magic Squares depth
# datasets: one runs.csv, one summary, the classic programs as lines in the
# charts. Each is built as the baselines' README says (g++ -O2). HDU 1043's
# program does not flush its output, so it runs under stdbuf -oL, which
# makes its C stdio flush at each line (without it, bench says so).
# Usage: scripts/classics.sh [REPEAT [OUT_DIR]]   (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=${1:-3}
out=${2:-results/classics}
bench=$PWD/build/bench
classics=../shared/baselines
work=build/classics
[ -x "$bench" ] || { echo "classics: build first (scripts/setup.sh)" >&2; exit 2; }
[ -d "$classics" ] || { echo "classics: no $classics" >&2; exit 2; }
command -v g++ >/dev/null || { echo "classics: g++ is needed (apt-get install g++)" >&2; exit 2; }
command -v stdbuf >/dev/null || { echo "classics: stdbuf is needed (coreutils)" >&2; exit 2; }
case $repeat in '' | *[!0-9]* | 0) echo "classics: REPEAT must be a positive number" >&2; exit 2 ;; esac
mkdir -p "$work"
for p in poj1077_forward_bfs hdu1043_reverse_bfs usaco_msquare; do
	[ "$work/$p" -nt "$classics/$p.cpp" ] || g++ -O2 -w -o "$work/$p" "$classics/$p.cpp"
done

status=0
"$bench" run datasets/8puzzle-depth.txt datasets/msquare-depth.txt \
	-a reverse-table,bfs-cantor \
	--solver "hdu1043@8puzzle=stdbuf -oL $work/hdu1043_reverse_bfs" \
	--solver-once "poj1077@8puzzle=$work/poj1077_forward_bfs" \
	--solver-once "usaco@msquare<msquare.in>msquare.out=$work/usaco_msquare" \
	-r "$repeat" -w 1 -t 10 --force -o "$out" || status=$?
# exit 1: a wrong answer, which the classic programs give (POJ 1077's calls
# the goal itself unsolvable): the rows say so, and the charts are made
[ "$status" -le 1 ] || exit "$status"
"$bench" plot "$out" >/dev/null
echo "classics: results and charts under $out/"
