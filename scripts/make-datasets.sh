#!/bin/sh
# Regenerate the committed datasets: those made by 'bench gen' (each file's
# header holds the exact command and seed; the same command gives the same
# file), and those of published instances, by scripts/published.sh from
# ../shared/data.
# usage: scripts/make-datasets.sh [BENCH]   (default build/bench)
set -eu
cd "$(dirname "$0")/.."
bench=${1:-build/bench}

# 3x3: uniformly random states at each optimal depth 0..31, five a depth
# (fewer where fewer exist: one at 0, two at 1 and at 31)
"$bench" gen --domain 8puzzle --method depth --per-depth 5 --seed 1 \
	-o datasets/8puzzle-depth.txt
# Magic Squares: five targets at each optimal depth 0..22
"$bench" gen --domain msquare --method depth --per-depth 5 --seed 1 \
	-o datasets/msquare-depth.txt
# 4x4: random walks back from the goal of 4, 8, ..., 64 moves, two each
# (optimal lengths unknown: '-'; a walk of n moves is at most n from the goal)
"$bench" gen --domain 15puzzle --method walk --length 4..64 --step 4 --count 2 \
	--seed 1 -o datasets/15puzzle-walks.txt
# 5x5: random walks of 10, 20, ..., 60 moves, two each (the same kind of
# file on a board of 25 cells, five bits a cell)
"$bench" gen --domain 24puzzle --method walk --length 10..60 --step 10 --count 2 \
	--seed 1 -o datasets/24puzzle-walks.txt

# Korf's 100 random 15-puzzle instances (Korf 1985)
scripts/published.sh 15puzzle ../shared/data/korf100.tsv datasets/korf100.txt
# and the 30 of them that took Korf's IDA* with Manhattan distance fewest
# nodes, fewest first (../shared/data/korf100_nodes.tsv): the instances A*
# and the two-sided searches compare on within a few seconds each
scripts/published.sh 15puzzle ../shared/data/korf100.tsv datasets/korf100-easiest.txt \
	79 12 42 55 97 19 94 47 93 9 74 48 30 86 31 85 73 28 45 61 95 90 57 71 81 78 5 13 96 58
# Korf & Felner's 50 random 24-puzzle instances (2002), and the 15 of them
# that took their IDA* with the 6-6-6-6 databases fewest nodes, fewest first
# (../shared/data/korf24_kf2002_nodes.tsv)
scripts/published.sh 24puzzle ../shared/data/korf24.tsv datasets/korf24.txt
scripts/published.sh 24puzzle ../shared/data/korf24.tsv datasets/korf24-easiest.txt \
	38 40 25 32 44 37 30 13 1 28 36 5 22 16 29
# the three of them the default campaign solves (fewest seconds here)
scripts/published.sh 24puzzle ../shared/data/korf24.tsv datasets/korf24-three.txt 40 25 38

# Pancakes: uniformly random stacks of 12, 14 and 16; the 2x2x2 cube in the
# half-turn metric, three states at each optimal depth
for n in 12 14 16; do
	"$bench" gen -d pancake$n -m uniform -n 5 --seed 15 -o datasets/pancake$n-uniform.txt
done
"$bench" gen -d cube2 -m depth --per-depth 3 --seed 1 -o datasets/cube2-depth.txt
