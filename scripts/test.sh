#!/usr/bin/env bash
# The test command: install what is missing, build, run every test; then
# the same suite in a build with AddressSanitizer (leak checking on) and
# UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

# each stage says how long it took (CI must stay under 20 minutes)
stage_start=$SECONDS
stage_done() {
	echo "test: $1 took $((SECONDS - stage_start)) s (all so far: $SECONDS s)" >&2
	stage_start=$SECONDS
}

# What the tests need beyond the build, installed (as root) in one
# 'apt-get install', without what Debian only recommends: for Chromium a
# power daemon, a printer dialog, a notification daemon (apt-cache's
# closure of chromium: 3,646 names with the recommendations, 463
# without); for Open MPI, Fortran's coarrays.
# --- issue 17: a browser for the report page's test ---------------------
# tests/harness/test_report_html.c loads the pages of 'bench report' in
# headless Chromium; installed here when missing (as root), else that test
# is skipped and says why.
need=()
if ! command -v chromium >/dev/null 2>&1; then
	if [ "$(id -u)" -eq 0 ]; then
		need+=(chromium)
	else
		echo "test: chromium is missing and this is not root: the report page's browser test will be skipped (sudo apt-get install chromium)" >&2
	fi
fi
# --- issue 30: man, for the manual page's test -------------------------
# tests/tools/manpage.sh installs bench(1) into a scratch prefix and reads
# it with man; installed here when missing (as root), else that test is
# skipped and says why.
if ! man --version >/dev/null 2>&1; then
	if [ "$(id -u)" -eq 0 ]; then
		need+=(man-db)
	else
		echo "test: man is missing and this is not root: the manual page's test will be skipped (sudo apt-get install man-db)" >&2
	fi
fi

# python3, for the example solver (examples/bfs.py) that the tests and the
# docs' blocks run as an outside program
if ! command -v python3 >/dev/null 2>&1; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "test: python3 is missing; run as root, or: sudo apt-get install python3" >&2
		exit 2
	fi
	need+=(python3)
fi

# --- issue 7: Open MPI, for the MPI tests (two ranks give the rows of one
# process; the two-bit search over 1 to 4 ranks gives the one process's
# table). The release build is the MPI build: PB_MPI changes only the
# harness, and a separate build took a minute of CI's 20; the sanitizer
# build below is the plain one.
if ! command -v mpirun >/dev/null 2>&1 || ! dpkg-query -W -f='${Status}' libopenmpi-dev 2>/dev/null | grep -q 'install ok installed'; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "test: Open MPI is missing; run as root, or: sudo apt-get install openmpi-bin libopenmpi-dev" >&2
		exit 2
	fi
	need+=(openmpi-bin libopenmpi-dev)
fi
if ((${#need[@]})); then
	echo "test: installing ${need[*]}" >&2
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
	# (scripts/setup.sh below need not update the lists again)
	export PB_APT_UPDATED=1
fi

stage_done "the installs"

scripts/setup.sh build -DPB_MPI=ON
stage_done "the release build (with MPI)"
# the release build also searches the four 12-cell boards whole (issue 14:
# a few seconds each) against their published counts
# (two tests at a time, on two processors: CI must stay under 20 minutes)
(cd build && PB_SPACE_12=1 ctest --output-on-failure -j2)
stage_done "the release tests"

# at -O1 with line tables only (-g1): the optimiser's inlining of the
# solvers' kernels under the sanitizers took half of this build's time at
# -O2 -g, and its tests ran about as fast
scripts/setup.sh build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_SANITIZE=ON \
	"-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
stage_done "the sanitizer build"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
(cd build-sanitize && ctest --output-on-failure -j2)
stage_done "the sanitizer tests"

# --- issue 16: ThreadSanitizer and the fuzz targets ---------------------
# The threaded code (the pattern-database builder, the two-bit search and
# bench analyze's sweep) once under ThreadSanitizer: a small build of the
# library and tests/heuristics/pdb_threads.c only. (The committed fuzz
# corpora are replayed by ctest in both builds above: replay_fuzz_*.)
unset ASAN_OPTIONS UBSAN_OPTIONS
# (at -O1 -g1, as the sanitizer build)
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_TSAN=ON \
	"-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" >/dev/null
cmake --build build-tsan -j"$(nproc)" --target pdb_threads
(cd build-tsan && ctest --output-on-failure -j1 -R '^pdb_threads$')
stage_done "ThreadSanitizer"
# Where clang is, each libFuzzer target runs a few seconds from its corpus
# (into a scratch copy: the committed corpora stay as they are), two at a
# time.
if command -v clang >/dev/null 2>&1; then
	# (at -O1 with line tables only, as the sanitizer build: clang's -O2 -g
	# took two fifths more of this stage's build)
	CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_FUZZ=ON -DPB_TESTS=OFF \
		"-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" >/dev/null
	# the targets alone (not bench and the plugins)
	cmake --build build-fuzz -j"$(nproc)" --target $(cd tests/fuzz && ls fuzz_*.c | sed 's/[.]c$//')
	scratch=$(mktemp -d)
	trap 'rm -rf "$scratch"' EXIT
	# two at a time (CI has two processors), each in its own directory
	fuzz_one() {
		local target=$1 name
		name=$(basename "$target")
		mkdir -p "$scratch/$name.d"
		cp -r "tests/fuzz/corpus/${name#fuzz_}" "$scratch/$name.d/$name"
		# seeded, so that a finding can be had again (PB_FUZZ_SEED to vary it)
		(cd "$scratch/$name.d" && "$target" -max_total_time="${PB_FUZZ_SECONDS:-2}" \
			-seed="${PB_FUZZ_SEED:-1}" -print_final_stats=1 \
			"$name" >"../$name.log" 2>&1)
	}
	fuzz_failed=
	targets=("$PWD"/build-fuzz/fuzz_*)
	for ((at = 0; at < ${#targets[@]}; at += 2)); do
		pids=()
		for target in "${targets[@]:at:2}"; do
			fuzz_one "$target" &
			pids+=($!)
		done
		for ((p = 0; p < ${#pids[@]}; p++)); do
			target=${targets[at + p]}
			name=$(basename "$target")
			if wait "${pids[p]}"; then
				echo "$name: $(grep -E '^stat::number_of_executed_units' "$scratch/$name.log" | awk '{print $2}') executions"
			else
				tail -n 60 "$scratch/$name.log" >&2
				mkdir -p fuzz-findings && cp "$scratch/$name.d"/crash-* "$scratch/$name.d"/leak-* \
					"$scratch/$name.d"/timeout-* fuzz-findings/ 2>/dev/null || true
				echo "test: $name found an input that breaks it (above; kept in fuzz-findings/)" >&2
				fuzz_failed=1
			fi
		done
	done
	[ -z "$fuzz_failed" ] || exit 1
else
	echo "test: clang is missing: the fuzz targets were only replayed over their corpora, not run" >&2
fi
stage_done "the fuzz targets"

