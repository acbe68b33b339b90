#!/bin/sh
# Regenerate the committed datasets made by 'bench gen' (each file's header
# holds the exact command and seed; the same command gives the same file).
# datasets/korf100.txt is made by scripts/korf100.sh from published data.
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
