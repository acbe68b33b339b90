#!/bin/sh
# Convert published random instances of the sliding-tile puzzle from a
# shared TSV (a header line, then id, tiles row-major with 0 for the blank,
# optimal length, and any further columns, which are ignored) into a
# puzzlebench dataset file with the blank written as x. The domain names
# the board, its goal (the blank first, as both papers use) and the source.
# Given IDs, only those instances, in the order given.
# usage: scripts/published.sh 15puzzle|24puzzle IN.tsv OUT.txt [ID...]
set -eu
if [ $# -lt 3 ]; then
	echo "usage: scripts/published.sh 15puzzle|24puzzle IN.tsv OUT.txt [ID...]" >&2
	exit 2
fi
domain=$1 in=$2 out=$3
shift 3
case $domain in
15puzzle)
	tiles=16
	source='R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree search", Artificial Intelligence 27 (1985) 97-109 (the 100 random instances; goal with the blank first)'
	;;
24puzzle)
	tiles=25
	source='R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial Intelligence 134 (2002) 9-22 (the 50 random instances; goal with the blank first)'
	;;
*)
	echo "scripts/published.sh: no published instances of '$domain'" >&2
	exit 2
	;;
esac
goal=x
i=1
while [ "$i" -lt "$tiles" ]; do
	goal="$goal $i"
	i=$((i + 1))
done
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
{
	printf '# puzzlebench dataset\n'
	printf '# format: 1\n'
	printf '# domain: %s\n' "$domain"
	printf '# goal: %s\n' "$goal"
	printf '# method: published\n'
	printf '# command: scripts/published.sh %s %s %s%s\n' "$domain" "$in" "$out" "${*:+ $*}"
	printf '# source: %s\n' "$source"
	awk -F '\t' -v tiles="$tiles" -v ids="$*" '
		BEGIN { nids = split(ids, want, " ") }
		NR == 1 { next }
		NF < 3 { printf "%s:%d: want at least 3 tab-separated fields\n", FILENAME, NR > "/dev/stderr"; bad = 1; exit 2 }
		{
			n = split($2, t, " ")
			if (n != tiles) { printf "%s:%d: want %d tiles\n", FILENAME, NR, tiles > "/dev/stderr"; bad = 1; exit 2 }
			s = ""
			for (i = 1; i <= n; i++)
				s = s (i > 1 ? " " : "") (t[i] == 0 ? "x" : t[i])
			row[$1] = $1 "\t" s "\t" $3
			order[++count] = $1
		}
		END {
			if (bad)
				exit 2
			if (!nids) {
				for (i = 1; i <= count; i++)
					print row[order[i]]
				exit 0
			}
			for (i = 1; i <= nids; i++) {
				if (!(want[i] in row)) { printf "scripts/published.sh: no instance \047%s\047 in %s\n", want[i], FILENAME > "/dev/stderr"; exit 2 }
				print row[want[i]]
			}
		}' "$in"
} > "$tmp"
mv "$tmp" "$out"
trap - EXIT
