#!/usr/bin/env bash
# The default campaign (the README's main command): install what is
# missing, build, run every solver where it finishes in reasonable time and
# memory over the committed datasets, write results/<run>/ (runs.csv,
# summary.csv, meta.json, charts/, index.html), print each run's summary
# table, and write results/index.html linking every run's page.
# Usage: scripts/campaign.sh [OUT_DIR]   (default: results)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-results}
bench=build/bench
# Pattern databases are built once and kept here.
export PUZZLEBENCH_CACHE=${PUZZLEBENCH_CACHE:-cache/pdb}

scripts/setup.sh build

# run NAME [bench run options...]: one run directory, then its charts.
run() {
	local name=$1
	shift
	echo
	echo "== $name"
	"$bench" run "$@" --force -o "$out/$name"
	"$bench" plot "$out/$name" >/dev/null
}

start=$(date +%s)
# Every solver on the small boards, stratified by optimal depth.
run 8puzzle-depth datasets/8puzzle-depth.txt -r 3 -w 1 -t 10
run msquare-depth datasets/msquare-depth.txt -r 3 -w 1 -t 10
# The 15-puzzle: random walks of growing length; the blind searches stop at
# their limits, which is the point of the chart.
run 15puzzle-walks datasets/15puzzle-walks.txt -a idastar,astar,bibfs,bfs-hash \
	--heuristic linear-conflict -r 1 -w 0 -t 2 -m 4G
# A class's view of suboptimal search (issue 32): the same walks, answered
# optimally (A*, IDA*), by weighted A* at three weights, greedy best-first,
# a beam and anytime weighted A*; the page's quality-time chart shows what
# each trades, and the anytime chart AWA*'s answers over time.
run 15puzzle-quality datasets/15puzzle-walks.txt \
	-a astar,idastar,wastar:w=1.5,wastar:w=2,wastar:w=5,gbfs,beam:width=1000,awastar:w=2 \
	--heuristic manhattan -r 3 -w 1 -t 2 -m 4G
# Korf's 100 with the 7-8 pattern databases (built on first use, then cached).
run korf100-pdb78 datasets/korf100.txt -a idastar,astar --heuristic pdb78 \
	-r 1 -w 0 -t 60 -m 8G
# Three of Korf & Felner's 24-puzzle instances with the 6-6-6-6 databases
# (four 6-tile databases, built on first use, then cached).
run korf24-pdb6666 datasets/korf24-three.txt -a idastar --heuristic pdb6666 \
	-r 1 -w 0 -t 300 -m 8G
# Pancakes: GAP and its weaker forms, where meeting in the middle (nbs)
# starts to pay; and the 2x2x2 cube by optimal depth, every solver.
run pancakes datasets/pancake12-uniform.txt datasets/pancake14-uniform.txt \
	datasets/pancake16-uniform.txt -a astar,idastar,nbs --heuristic gap,gap-1,gap-2 \
	-r 1 -w 0 -t 3 -m 4G
run cube2-depth datasets/cube2-depth.txt -r 3 -w 1 -t 10
# The classic programs (POJ 1077, HDU 1043, USACO 3.2.5) as outside
# solvers beside reverse-table and bfs-cantor, in one run.
echo
echo "== classics"
scripts/classics.sh 3 "$out/classics"
# Each run's page (tables, charts, machine, datasets) and an index of all.
"$bench" report "$out" >/dev/null
echo
echo "campaign: done in $(($(date +%s) - start)) s; results and charts under $out/"
