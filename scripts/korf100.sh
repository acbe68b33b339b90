#!/bin/sh
# Convert Korf's 100 random 15-puzzle instances from the shared TSV (id,
# tiles row-major with 0 for the blank, optimal length) into a puzzlebench
# dataset file with the blank written as x.
# usage: scripts/korf100.sh [IN.tsv] [OUT.txt]
set -eu
in=${1:-../shared/data/korf100.tsv}
out=${2:-datasets/korf100.txt}
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
{
	printf '# puzzlebench dataset\n'
	printf '# format: 1\n'
	printf '# domain: 15puzzle\n'
	printf '# goal: x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n'
	printf '# method: published\n'
	printf '# command: scripts/korf100.sh %s %s\n' "$in" "$out"
	printf '# source: R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree search", Artificial Intelligence 27 (1985) 97-109 (the 100 random instances; goal with the blank first)\n'
	awk -F '\t' '
		NR == 1 { next }
		NF != 3 { printf "%s:%d: want 3 tab-separated fields\n", FILENAME, NR > "/dev/stderr"; exit 2 }
		{
			n = split($2, t, " ")
			if (n != 16) { printf "%s:%d: want 16 tiles\n", FILENAME, NR > "/dev/stderr"; exit 2 }
			s = ""
			for (i = 1; i <= n; i++)
				s = s (i > 1 ? " " : "") (t[i] == 0 ? "x" : t[i])
			printf "%s\t%s\t%s\n", $1, s, $3
		}' "$in"
} > "$tmp"
mv "$tmp" "$out"
trap - EXIT
