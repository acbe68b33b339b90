#!/usr/bin/env bash
# The figures of docs/spaces.md, "Heuristics against the truth": bench analyze
# for Manhattan distance, linear conflict and a pattern database on the
# 8-puzzle and the 3x4 board (every state) and on Korf's 100 15-puzzle
# instances (their references; the distribution of h from a sample), each
# into results/analyze/<board>-<heuristic>/ with its charts; what each
# prints goes to analyze.txt there. The 3x4 runs take a breadth-first
# search of its 239,500,800 states each (a minute or two) and 240 MB; the
# 15-puzzle's pattern databases are built once and cached.
# Usage: scripts/analyze.sh [8puzzle|tiles3x4|korf100]...   (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
bench=$PWD/build/bench
out=results/analyze
[ -x "$bench" ] || { echo "analyze: build first (scripts/setup.sh)" >&2; exit 2; }

# analyse NAME ARGS...: one run into $out/NAME, its output kept beside it
analyse() {
	local name=$1
	shift
	mkdir -p "$out/$name"
	echo "analyze: $name" >&2
	"$bench" analyze "$@" --charts -o "$out/$name" > "$out/$name/analyze.txt"
}

board_8puzzle() {
	for h in manhattan linear-conflict pdb:1-4/5-8; do
		analyse "8puzzle-${h%%:*}" -d 8puzzle --heuristic "$h" --measure 50 --complete \
			--thresholds 10..30 --random 1000
	done
}

board_tiles3x4() {
	for h in manhattan linear-conflict pdb:1-6/7-11; do
		analyse "tiles3x4-${h%%:*}" -d tiles3x4 --heuristic "$h" --thresholds 20..38 \
			--random 500
	done
}

board_korf100() {
	for h in manhattan linear-conflict pdb663; do
		analyse "korf100-$h" --dataset datasets/korf100.txt --heuristic "$h" \
			--thresholds 30..44 --random 1000
	done
}

for board in "${@:-8puzzle tiles3x4 korf100}"; do
	for b in $board; do
		case $b in
		8puzzle | tiles3x4 | korf100) "board_$b" ;;
		*) echo "analyze: no board '$b' (8puzzle, tiles3x4, korf100)" >&2; exit 2 ;;
		esac
	done
done
