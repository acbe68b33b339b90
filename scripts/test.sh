#!/usr/bin/env bash
# The test command: install what is missing, build, run every test; then
# the same suite in a build with AddressSanitizer (leak checking on) and
# UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh build
(cd build && ctest --output-on-failure -j1)

scripts/setup.sh build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPB_SANITIZE=ON
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
(cd build-sanitize && ctest --output-on-failure -j1)
