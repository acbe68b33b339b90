#!/usr/bin/env bash
# Install what puzzlebench needs on Debian (as root), then configure and
# build it. Usage: scripts/setup.sh [BUILD_DIR [CMAKE_ARGS...]]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake pkg-config libcriterion-dev gnuplot-nox git)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
	if [ "$(id -u)" -ne 0 ]; then
		echo "setup: missing packages: ${missing[*]}; run as root, or: sudo apt-get install ${missing[*]}" >&2
		exit 2
	fi
	echo "setup: installing ${missing[*]}" >&2
	# the package lists once a set-up (scripts/test.sh may have updated
	# them); what Debian only recommends is left out
	[ -n "${PB_APT_UPDATED:-}" ] || apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build=${1:-build}
shift || true
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build" -j"$(nproc)"
