#!/usr/bin/env bash
# bench(1) as a user reads it (issue 30): 'cmake --install' into a
# scratch prefix, then 'man bench' from there. The page must open (exit
# 0), and the section of each command, as man prints it, must be that
# command's 'bench CMD --help' line for line (and the top level's text,
# 'bench --help', in the description): the page is made from them at
# build time (scripts/manpage.cmake), and this says it still is.
# Usage: tests/tools/manpage.sh BUILD_DIR BENCH [CMAKE]
# Exit 0 passed, 1 failed, 77 skipped (man is missing:
# apt-get install man-db, as scripts/test.sh does).
set -euo pipefail

if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
	sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 BUILD_DIR BENCH [CMAKE]" >&2
	exit 2
fi
build=$1
bench=$2
cmake=${3:-cmake}

if ! command -v man >/dev/null 2>&1; then
	echo "manpage: SKIP: man is missing (apt-get install man-db)" >&2
	exit 77
fi
# a minimized image's stand-in for man says so and fails
if ! man --version >/dev/null 2>&1; then
	echo "manpage: SKIP: 'man --version' fails: no working man here (apt-get install man-db)" >&2
	exit 77
fi
if [ ! -f "$build/bench.1" ]; then
	echo "manpage: FAIL: $build/bench.1 was not made (the manpage target: cmake --build $build)" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() {
	echo "manpage: FAIL: $*" >&2
	failed=1
}

"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 || {
	cat "$tmp/install.log" >&2
	fail "cmake --install $build --prefix $tmp/prefix failed"
	exit 1
}
page=$(find "$tmp/prefix" -path '*/man1/bench.1' -print -quit)
if [ -z "$page" ]; then
	fail "cmake --install put no man1/bench.1 under the prefix"
	exit 1
fi
mandir=${page%/man1/bench.1}
echo "installed: ${page#"$tmp/prefix/"}"

# The C locale: man formats for plain ASCII, whatever the machine's
# locale, so that what it prints can be compared byte for byte.
status=0
LC_ALL=C MANPATH=$mandir MANWIDTH=80 man -P cat bench >"$tmp/man.txt" 2>"$tmp/man.err" || status=$?
if [ "$status" -ne 0 ]; then
	cat "$tmp/man.err" >&2
	fail "MANPATH=$mandir man -P cat bench exited $status"
	exit 1
fi
if [ -s "$tmp/man.err" ]; then
	cat "$tmp/man.err" >&2
	fail "man bench wrote warnings (above)"
fi
grep -q '^ *bench run$' "$tmp/man.txt" || fail "man bench has no section 'bench run'"
grep -q -- '--repeat N' "$tmp/man.txt" || fail "man bench lacks run's option '--repeat N'"
# in a UTF-8 locale the same: every character of the texts is escaped to
# print as itself (a plain '-' may come out as U+2010, a quote as U+2019)
if locale -a 2>/dev/null | grep -qix 'c\.utf-\{0,1\}8'; then
	LC_ALL=C.UTF-8 MANPATH=$mandir MANWIDTH=80 man -P cat bench >"$tmp/man-utf8.txt" 2>/dev/null ||
		fail "LC_ALL=C.UTF-8 man bench failed"
	if ! cmp -s "$tmp/man.txt" "$tmp/man-utf8.txt"; then
		diff "$tmp/man.txt" "$tmp/man-utf8.txt" | head -n 20 >&2 || true
		fail "man bench prints differently in C.UTF-8 than in C (above): a character is not escaped"
	fi
fi

# The lines of section HEADING as man prints it: from the line after
# HEADING (3 columns in, as .SS puts it) to the next heading, the body's
# 7-column indent taken off, trailing blanks dropped.
section() {
	awk -v heading="$1" '
		found && /^[^ ]/ { exit }
		found && /^   [^ ]/ && !/^       / { exit }
		found { sub(/^       /, ""); sub(/[ \t]+$/, ""); lines[++n] = $0 }
		$0 == "   " heading { found = 1 }
		END {
			while (n > 0 && lines[n] == "") n--
			for (i = 1; i <= n; i++) print lines[i]
		}' "$tmp/man.txt"
}
# TEXT's lines, trailing blanks dropped (as man drops them)
trimmed() {
	sed 's/[ \t]*$//' | awk '{ lines[++n] = $0 } END { while (n > 0 && lines[n] == "") n--; for (i = 1; i <= n; i++) print lines[i] }'
}

"$bench" --help | trimmed >"$tmp/top.txt"
commands=$(awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/ { print $1; next } on { exit }' "$tmp/top.txt")
if [ -z "$commands" ]; then
	fail "'bench --help' lists no commands"
	exit 1
fi
n=0
for command in $commands; do
	"$bench" "$command" --help | trimmed >"$tmp/help.txt"
	section "bench $command" >"$tmp/section.txt"
	if ! diff -u "$tmp/help.txt" "$tmp/section.txt" >"$tmp/diff.txt"; then
		sed "s|^|    |" "$tmp/diff.txt" | head -n 40 >&2
		fail "man bench's section 'bench $command' is not 'bench $command --help' (diff above: - help, + man)"
	fi
	n=$((n + 1))
done
# the top level's text, whole, in the description
grep -v '^$' "$tmp/top.txt" | sed 's/^/       /' | grep -Fxvf <(sed 's/[ \t]*$//' "$tmp/man.txt") >"$tmp/missing.txt" || true
if [ -s "$tmp/missing.txt" ]; then
	sed 's/^/    /' "$tmp/missing.txt" >&2
	fail "man bench lacks these lines of 'bench --help' (above)"
fi
[ "$failed" -eq 0 ] && echo "man bench: every line of 'bench --help' and of the $n commands' --help, in order"
exit "$failed"
