#!/usr/bin/env bash
# Side by side with the C++ search code of Burns, Hatem, Leighton & Ruml
# ("Implementing fast heuristic search code", SoCS 2012), kept in
# ../shared/baselines/eaburns-search (its BASELINE.md): their 15-puzzle
# solver with Manhattan distance and ours, one instance at a time, on the
# same instances, limits and machine; per algorithm the solved count, the
# mean of length / published optimal, the nodes expanded, the time and the
# time a node expanded, and the ratio ours / theirs of that time.
#
# Their solver is built once, as BASELINE.md says (g++ -O3 -march=native
# -DNDEBUG; ours is built -O3 -march=native -DNDEBUG too), in a scratch copy
# under the work directory (default cache/burns, which git ignores), and
# reused; libboost-dev (and bc, make, g++) are installed first when missing,
# as root (apt-get), else the script stops.
#
# Each instance of the dataset is given to their solver in Ruml's tiles
# format (the cell of each tile, the blank first, then the goal's cells,
# from the dataset's own goal line: Korf's goal, the blank first, is cells
# 0..15), one process an instance; and to ours by 'bench run --instances ID
# -r N -w 0', one run an instance, so that both sides start cold. The two
# alternate which goes first from one instance to the next.
#
# The times compared are the search alone on both sides:
# - theirs: "total wall time" (or with --clock cpu "total raw cpu time"),
#   from SearchStats::start() at the top of the search to finish() before
#   the output (gettimeofday, microseconds). It leaves out the process
#   start, reading the instance, and the closed list's 30,000,001 bins,
#   allocated and zeroed in the constructor; it holds the node pool's
#   allocations and the path's reconstruction.
# - ours: runs.csv's wall_ns (or cpu_ns): the solve alone, the search
#   environment set up outside the interval, the preparation apart, the
#   clocks' own cost taken off (docs/measurements.md).
# With --repeat N each side solves each instance N times; an instance's
# time is the median of its N, its counts and length the first's.
# Totals of nodes and time are over every instance that reported counts
# (timeouts too: the time a node is what it costs however the search ends);
# the mean of length / optimal is over the solved ones (status ok; theirs
# is 'failed' when the search ended with no answer, as a beam that ran dry). The optimal length
# is the published one (--optimal, Korf's from ../shared/data/korf100.tsv,
# matched by the tiles), else the dataset's reference.
#
# Memory: --mem-limit is given in bytes to both; theirs is the process's
# address space (RLIMIT_AS, with its 350 MB closed list), ours the solve's
# counted allocations.
#
# Writes OUT/compare.csv (one row an algorithm), OUT/instances.csv (one row
# a side, algorithm, instance and repeat), OUT/theirs/ (their instances and
# raw outputs), OUT/ours/ (each bench run), and the table in Markdown on
# standard output.
set -euo pipefail

usage="usage: scripts/burns-compare.sh [-a LIST] [-t SECONDS] [-m BYTES] [-r N] [--instances ID,...] [--limit N] [--clock wall|cpu] [--table-only] [--bench PATH] [--work DIR] [--baseline DIR] [--optimal FILE] [-o OUT] [DATASET]"

show_help() {
	cat <<EOF
$usage

Run Burns et al.'s 15-puzzle solver (Manhattan distance) and bench's solvers
side by side, one instance at a time, and tabulate the cost a node.

  DATASET                a 15-puzzle dataset (default datasets/korf100.txt)
  -a, --algorithms LIST  our names, comma-separated (default
                         $default_algs);
                         theirs: astar, idastar, wastar -wt W, greedy,
                         beam -width B. A* needs more than the time limit
                         on many of Korf's 100: drop it, or use --instances
  -t, --time-limit S     whole seconds a solve, each side (default 30)
  -m, --mem-limit BYTES  a solve's memory, suffixes K M G in powers of 1024
                         (default 8G)
  -r, --repeat N         solves of each instance, each side (default 1)
      --instances LIST   only these ids, comma-separated
      --limit N          only the first N instances (after --instances)
      --clock wall|cpu   which time to compare (default wall; on a machine
                         that others share, cpu is the steadier)
      --table-only       run nothing: the table again from OUT/instances.csv
      --bench PATH       our command (default build/bench)
      --work DIR         where their solver is built and kept (default
                         cache/burns)
      --baseline DIR     their code (default ../shared/baselines/eaburns-search)
      --optimal FILE     published optimal lengths, TSV id, tiles (0 the
                         blank), length (default ../shared/data/korf100.tsv)
  -o, --output DIR       where the files go (default results/burns-compare)
  -h, --help             show this and exit

Exit status: 0, 1 when a build or a run failed, 2 for bad usage.
EOF
}

die() { echo "burns-compare: $*" >&2; exit 1; }
bad() { echo "burns-compare: $*" >&2; echo "$usage" >&2; exit 2; }

here=$PWD
cd "$(dirname "$0")/.."
root=$PWD
abs() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$here/$1" ;; esac; }

default_algs=wastar:w=1.5,wastar:w=2,wastar:w=3,wastar:w=5,gbfs,beam:width=100,beam:width=1000,beam:width=10000
algs=$default_algs
limit_s=30
mem=8G
repeat=1
instances=
first=
clock=wall
bench=$root/build/bench
work=$root/cache/burns
baseline=$root/../shared/baselines/eaburns-search
optimal=$root/../shared/data/korf100.tsv
out=$root/results/burns-compare
dataset=
table_only=

while [ $# -gt 0 ]; do
	case $1 in
	-h | --help) show_help; exit 0 ;;
	--table-only) table_only=1; shift ;;
	-a | --algorithms | -t | --time-limit | -m | --mem-limit | -r | --repeat | --instances | --limit | --clock | --bench | --work | --baseline | --optimal | -o | --output)
		[ $# -ge 2 ] || bad "$1 needs a value"
		case $1 in
		-a | --algorithms) algs=$2 ;;
		-t | --time-limit) limit_s=$2 ;;
		-m | --mem-limit) mem=$2 ;;
		-r | --repeat) repeat=$2 ;;
		--instances) instances=$2 ;;
		--limit) first=$2 ;;
		--clock) clock=$2 ;;
		--bench) bench=$(abs "$2") ;;
		--work) work=$(abs "$2") ;;
		--baseline) baseline=$(abs "$2") ;;
		--optimal) optimal=$(abs "$2") ;;
		-o | --output) out=$(abs "$2") ;;
		esac
		shift 2 ;;
	-*) bad "unknown option '$1'" ;;
	*)
		[ -z "$dataset" ] || bad "one dataset at a time, not '$1' too"
		dataset=$(abs "$1")
		shift ;;
	esac
done
[ -n "$dataset" ] || dataset=$root/datasets/korf100.txt

case $limit_s in '' | *[!0-9]* | 0) bad "--time-limit must be a whole number of seconds above 0, not '$limit_s'" ;; esac
case $repeat in '' | *[!0-9]* | 0) bad "--repeat must be a positive number, not '$repeat'" ;; esac
case $first in *[!0-9]* | 0) bad "--limit must be a positive number, not '$first'" ;; esac
case $clock in wall | cpu) ;; *) bad "--clock must be wall or cpu, not '$clock'" ;; esac
case $instances in *[!0-9A-Za-z_.,-]*) bad "--instances takes ids separated by commas, not '$instances'" ;; esac
mem_bytes=$(printf '%s\n' "$mem" | awk '
	/^[0-9]+[KMG]?$/ {
		n = $0 + 0; s = substr($0, length($0))
		if (s == "K") n *= 1024; else if (s == "M") n *= 1048576; else if (s == "G") n *= 1073741824
		printf "%.0f\n", n; exit
	}
	{ exit 1 }') || bad "--mem-limit must be bytes with an optional K, M or G, not '$mem'"
rows=$out/instances.csv
src=$work/eaburns-search
solver=$src/tiles/15md_solver
if [ -n "$table_only" ]; then
	[ -f "$rows" ] || bad "no $rows to tabulate"
else
	[ -f "$dataset" ] || bad "no dataset '$dataset'"
	[ -x "$bench" ] || bad "no command '$bench' (build it, or give --bench)"
	[ -d "$baseline" ] || bad "no baseline '$baseline'"
	grep -q '^# domain: 15puzzle$' "$dataset" || bad "'$dataset' is not a 15puzzle dataset (their solver here is the 4x4 one)"
fi

# theirs ALG: their solver's arguments for our algorithm ALG.
theirs() {
	case $1 in
	astar | idastar) printf '%s\n' "$1" ;;
	gbfs) printf 'greedy\n' ;;
	wastar:w=*)
		printf '%s\n' "${1#wastar:w=}" | grep -Eq '^[0-9]+(\.[0-9]+)?$' || return 1
		printf 'wastar -wt %s\n' "${1#wastar:w=}" ;;
	beam:width=*)
		case ${1#beam:width=} in '' | *[!0-9]* | 0*) return 1 ;; esac
		printf 'beam -width %s\n' "${1#beam:width=}" ;;
	*) return 1 ;;
	esac
}
alg_list=$(printf '%s\n' "$algs" | tr ',' ' ')
[ -n "$alg_list" ] || bad "no algorithm given"
for a in $alg_list; do
	theirs "$a" >/dev/null || bad "no counterpart in their code for '$a' (astar, idastar, wastar:w=W, gbfs, beam:width=B)"
done

# --- their solver: built once in a scratch copy --------------------------------
need_tools() {
	local pkgs=
	command -v g++ >/dev/null || pkgs="$pkgs g++"
	command -v make >/dev/null || pkgs="$pkgs make"
	command -v bc >/dev/null || pkgs="$pkgs bc"
	if ! command -v g++ >/dev/null ||
		! printf '#include <boost/optional.hpp>\n#include <boost/cstdint.hpp>\n#include <boost/integer/static_log2.hpp>\n' |
			g++ -x c++ -fsyntax-only - 2>/dev/null; then
		pkgs="$pkgs libboost-dev"
	fi
	[ -n "$pkgs" ] || return 0
	[ "$(id -u)" = 0 ] || die "their solver needs:$pkgs; as root: apt-get install -y$pkgs (then run this again)"
	echo "burns-compare: installing$pkgs" >&2
	apt-get update >&2
	# shellcheck disable=SC2086 # one word a package
	DEBIAN_FRONTEND=noninteractive apt-get install -y $pkgs >&2
}
if [ -z "$table_only" ] && { [ ! -x "$solver" ] || [ ! -f "$src/.built" ]; }; then
	need_tools
	mkdir -p "$work"
	rm -rf "$src"
	cp -R "$baseline" "$src"
	chmod -R u+w "$src"
	echo "burns-compare: building their solver in $src (about a minute on 2 cores)" >&2
	t0=$(date +%s.%N)
	if ! make -C "$src" -j2 CXX=g++ CC=gcc FLAGS="-O3 -march=native -DNDEBUG" tiles/15md_solver >"$work/build.log" 2>&1; then
		tail -n 20 "$work/build.log" >&2
		die "their solver did not build (the whole log: $work/build.log)"
	fi
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$src/.built"
	echo "burns-compare: built in $(cat "$src/.built") s" >&2
fi

# --- one side on one instance -------------------------------------------------

# run_theirs ALG ID OPT: their solver on one instance, --repeat times.
run_theirs() {
	local alg=$1 id=$2 opt=$3 r raw dir
	dir=$out/theirs/$(printf '%s' "$alg" | tr ':=' '__')
	mkdir -p "$dir"
	for r in $(seq 1 "$repeat"); do
		raw=$dir/$id.$r.txt
		# their own -walltime ends the search; timeout(1) only guards a hang
		# shellcheck disable=SC2046 # their arguments, one word each
		timeout $((limit_s * 2 + 30)) "$solver" $(theirs "$alg") -walltime "$limit_s" -mem "$mem_bytes" \
			<"$out/theirs/instances/$id.txt" >"$raw" 2>"$raw.err" || true
		awk -F '"' -v alg="$alg" -v id="$id" -v r="$r" -v opt="$opt" -v lim="$limit_s" '
			$1 ~ /^#pair/ { v[$2] = $4 }
			END {
				if (!("total nodes expanded" in v)) {
					printf "theirs,%s,%s,%s,error,-,%s,-,-,-,-\n", alg, id, r, opt
					exit
				}
				cost = v["final sol cost"] + 0
				wall = v["total wall time"]
				if (cost >= 0) status = "ok"
				else if ("out of memory" in v) status = "memout"
				else if (wall + 0 >= lim) status = "timeout"
				else status = "failed"
				printf "theirs,%s,%s,%s,%s,%s,%s,%s,%s,%.0f,%.0f\n", alg, id, r, status,
					(cost >= 0 ? sprintf("%d", cost) : "-"), opt,
					v["total nodes expanded"], v["total nodes generated"],
					wall * 1e9, v["total raw cpu time"] * 1e9
			}' "$raw" >>"$rows"
	done
}

# run_ours ALG ID OPT: one bench run on one instance.
run_ours() {
	local alg=$1 id=$2 opt=$3 rc=0 dir
	dir=$out/ours/$(printf '%s' "$alg" | tr ':=' '__')/$id
	mkdir -p "$dir"
	"$bench" run "$dataset" --instances "$id" -a "$alg" --heuristic manhattan \
		-t "$limit_s" -m "$mem_bytes" -r "$repeat" -w 0 -f -o "$dir" >"$dir/bench.log" 2>&1 || rc=$?
	# 1: an answer judged wrong, which the rows say
	if [ "$rc" -gt 1 ] || [ ! -f "$dir/runs.csv" ]; then
		tail -n 5 "$dir/bench.log" >&2
		die "bench run failed on instance $id with $alg (exit $rc; $dir/bench.log)"
	fi
	awk -F ',' -v alg="$alg" -v opt="$opt" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["phase"] == "solve" {
			printf "ours,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", alg, $c["instance"], $c["repeat"],
				$c["status"], $c["length"], opt, $c["expanded"], $c["generated"],
				$c["wall_ns"], $c["cpu_ns"]
		}' "$dir/runs.csv" >>"$rows"
}

# --- the instances, one at a time ---------------------------------------------
# run_all: the instances in their format, then each solved by both sides.
run_all() {
	mkdir -p "$out/theirs/instances" "$out/ours"
	# id, tiles with 0 for the blank, optimal length (published, else the
	# dataset's reference, else -); then each in their format.
	awk -F '\t' -v want="$instances" -v first="$first" -v optfile="$optimal" '
		function key(s,   t, n, i, k) {
			n = split(s, t, " ")
			k = ""
			for (i = 1; i <= n; i++)
				k = k (i > 1 ? " " : "") (t[i] == "x" ? 0 : t[i])
			return k
		}
		BEGIN {
			if ((getline line < optfile) > 0)
				while ((getline line < optfile) > 0) {
					split(line, f, "\t")
					opt[key(f[2])] = f[3]
				}
			nw = split(want, w, ",")
			for (i = 1; i <= nw; i++)
				wanted[w[i]] = 1
		}
		/^#/ || NF < 3 { next }
		nw && !($1 in wanted) { next }
		{
			k = key($2)
			o = (k in opt) ? opt[k] : ($3 ~ /^[0-9]+$/ ? $3 : "-")
			print $1 "\t" k "\t" o
			seen[$1] = 1
			if (first && ++count == first)
				exit
		}
		END {
			for (i = 1; i <= nw; i++)
				if (!(w[i] in seen) && !(first && count == first)) {
					printf "burns-compare: no instance \047%s\047 in the dataset\n", w[i] > "/dev/stderr"
					exit 2
				}
		}' "$dataset" >"$out/instances.tsv" || exit 2
	[ -s "$out/instances.tsv" ] || bad "no instance to run in '$dataset'"
	goal=$(sed -n 's/^# goal: //p' "$dataset" | tr 'x' '0')
	[ -n "$goal" ] || bad "'$dataset' has no goal line"
	# Ruml's tiles format: for each tile, the blank (0) first, the cell it is in.
	while IFS="$(printf '\t')" read -r id tiles _; do
		printf '%s\n%s\n' "$tiles" "$goal" | awk '
			function cells(line,   t, n, i) {
				n = split(line, t, " ")
				if (n != 16) { print "burns-compare: want 16 tiles, not " n > "/dev/stderr"; exit 1 }
				for (i = 1; i <= n; i++)
					at[t[i]] = i - 1
				for (i = 0; i < n; i++)
					print at[i]
			}
			NR == 1 { print "4 4"; print "starting positions for each tile:"; cells($0) }
			NR == 2 { print "goal positions:"; cells($0) }' >"$out/theirs/instances/$id.txt"
	done <"$out/instances.tsv"

	echo "side,algorithm,instance,repeat,status,length,optimal,expanded,generated,wall_ns,cpu_ns" >"$rows"

	n=$(wc -l <"$out/instances.tsv")
	i=0
	while IFS="$(printf '\t')" read -r id _ opt; do
		i=$((i + 1))
		echo "burns-compare: instance $id ($i/$n)" >&2
		for a in $alg_list; do
			if [ $((i % 2)) = 1 ]; then
				run_theirs "$a" "$id" "$opt"
				run_ours "$a" "$id" "$opt" </dev/null
			else
				run_ours "$a" "$id" "$opt" </dev/null
				run_theirs "$a" "$id" "$opt"
			fi
		done
	done <"$out/instances.tsv"
}
[ -n "$table_only" ] || run_all

# --- the table ----------------------------------------------------------------
# Per side, algorithm and instance: the median time of the repeats, the
# first repeat's status, length and counts; then per algorithm the totals.
awk -F ',' -v clock="$clock" -v csv="$out/compare.csv" '
	function median(s,   v, n, i, j, x) {
		n = split(s, v, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) {
				x = v[j]; v[j] = v[j - 1]; v[j - 1] = x
			}
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}
	function num(x) { return x ~ /^[0-9]+(\.[0-9]+)?$/ }
	function fmt(x, d) { return x == "" ? "-" : sprintf("%." d "f", x) }
	function big(x,   s, r) {
		s = sprintf("%.0f", x); r = ""
		while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) }
		return s r
	}
	NR == 1 { next }
	!($2 in order) { order[$2] = ++na; A[na] = $2 }
	{
		k = $1 SUBSEP $2 SUBSEP $3
		t = clock == "wall" ? $10 : $11
		if (num(t)) times[k] = times[k] " " t
		if ($4 != 1) next
		inst[$2, $3] = 1
		status[k] = $5; len[k] = $6; opt[k] = $7; expd[k] = $8
	}
	END {
		print "algorithm,instances,ours_solved,theirs_solved,ours_quality,theirs_quality,ours_expanded,theirs_expanded,ours_s,theirs_s,ours_ns_per_node,theirs_ns_per_node,ns_per_node_ours_over_theirs" > csv
		printf "| algorithm (ours / theirs) | solved | length / optimal | expanded | %s s | ns a node | ours / theirs a node |\n", clock
		print "|---|---|---|---|---|---|---|"
		for (a = 1; a <= na; a++) {
			alg = A[a]
			ni = 0
			for (s = 1; s <= 2; s++) {
				side = s == 1 ? "ours" : "theirs"
				solved[s] = nq[s] = q[s] = e[s] = tm[s] = 0
				wrong[s] = 0
				for (ki in inst) {
					split(ki, p, SUBSEP)
					if (p[1] != alg) continue
					if (s == 1) ni++
					k = side SUBSEP alg SUBSEP p[2]
					if (status[k] == "ok") {
						solved[s]++
						if (num(opt[k]) && opt[k] > 0) { q[s] += len[k] / opt[k]; nq[s]++ }
						if ((alg == "astar" || alg == "idastar") && num(opt[k]) && len[k] != opt[k])
							printf "burns-compare: %s %s answered instance %s in %s moves, not the optimal %s\n", side, alg, p[2], len[k], opt[k] > "/dev/stderr"
					} else if (status[k] == "wrong")
						wrong[s]++
					if (num(expd[k]) && times[k] != "") { e[s] += expd[k]; tm[s] += median(times[k]) }
				}
				qual[s] = nq[s] ? q[s] / nq[s] : ""
				npn[s] = e[s] ? tm[s] / e[s] : ""
				if (wrong[s])
					printf "burns-compare: %s %s: %d answers judged wrong (see instances.csv)\n", side, alg, wrong[s] > "/dev/stderr"
			}
			ratio = (npn[1] != "" && npn[2] != "") ? npn[1] / npn[2] : ""
			their = alg
			sub(/^gbfs$/, "greedy", their); sub(/^wastar:w=/, "wastar -wt ", their); sub(/^beam:width=/, "beam -width ", their)
			printf "%s,%d,%d,%d,%s,%s,%.0f,%.0f,%s,%s,%s,%s,%s\n", alg, ni, solved[1], solved[2],
				fmt(qual[1], 4), fmt(qual[2], 4), e[1], e[2], fmt(tm[1] / 1e9, 3), fmt(tm[2] / 1e9, 3),
				fmt(npn[1], 1), fmt(npn[2], 1), fmt(ratio, 3) > csv
			printf "| `%s` / `%s` | %d / %d of %d | %s / %s | %s / %s | %s / %s | %s / %s | %s |\n",
				alg, their, solved[1], solved[2], ni, fmt(qual[1], 3), fmt(qual[2], 3),
				big(e[1]), big(e[2]), fmt(tm[1] / 1e9, 2), fmt(tm[2] / 1e9, 2),
				fmt(npn[1], 0), fmt(npn[2], 0), fmt(ratio, 2)
		}
	}' "$rows"
echo "burns-compare: wrote $out/compare.csv (from instances.csv; their solver: $solver)" >&2
