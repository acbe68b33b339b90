#!/usr/bin/env bash
# scripts/check-docs.sh catches what it is for (issue 30): on the clean
# fixture of tests/docs/ (clean.md and other.md) it passes; on copies of
# it doctored one fault at a time it fails, with that fault's
# 'file:line: what is wrong' and no other. The line is where the doctored
# text is, found in the copy.
# Usage: tests/tools/docs_catches.sh SOURCE_DIR BENCH [BUILD_DIR]
# Exit 0 passed, 1 failed.
set -euo pipefail

if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
	sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 SOURCE_DIR BENCH [BUILD_DIR]" >&2
	exit 2
fi
source_dir=$(cd "$1" && pwd)
bench=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
build=$(cd "${3:-$(dirname "$bench")}" && pwd)
check=$source_dir/scripts/check-docs.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() {
	echo "docs_catches: FAIL: $*" >&2
	failed=1
}

# check-docs.sh ARGS... on the pages of folder CASE (run there, so that it
# names them clean.md and other.md): status, standard error, output
run_check() { # CASE ARGS...
	local case=$1
	shift
	status=0
	(cd "$tmp/$case" && bash "$check" --bench "$bench" --build-dir "$build" "$@" clean.md other.md \
		>"$tmp/$case.out" 2>"$tmp/$case.err") || status=$?
}
# a copy of the fixture, clean.md edited by the sed program EDIT
doctor() { # CASE EDIT
	mkdir "$tmp/$1"
	cp "$source_dir/tests/docs/clean.md" "$source_dir/tests/docs/other.md" "$tmp/$1/"
	[ -z "$2" ] && return
	sed -i "$2" "$tmp/$1/clean.md"
	if cmp -s "$tmp/$1/clean.md" "$source_dir/tests/docs/clean.md"; then
		fail "$1: the edit '$2' changed nothing (the fixture changed?)"
	fi
}
# the line of clean.md in CASE that holds TEXT (the first)
line_of() { # CASE TEXT
	grep -nF -- "$2" "$tmp/$1/clean.md" | head -n 1 | cut -d: -f1
}
# CASE must fail (exit 1) with the message WANT (a whole line, or its
# start where WANT ends in '...') and no other problem
expect() { # CASE WANT ARGS...
	local case=$1 want=$2 got
	shift 2
	run_check "$case" "$@"
	got=$(grep -E '^[^ ].*:[0-9]+: ' "$tmp/$case.err" || true)
	if [ "$status" -ne 1 ]; then
		fail "$case: check-docs exited $status, not 1:"
		sed 's/^/    /' "$tmp/$case.err" >&2
		return
	fi
	local right=1
	case $want in
	*...) [[ $got == "${want%...}"* ]] || right=0 ;;
	*) [ "$got" = "$want" ] || right=0 ;;
	esac
	[ "$(printf '%s\n' "$got" | wc -l)" -eq 1 ] || right=0
	if [ "$right" -eq 0 ]; then
		fail "$case: want the one problem"
		echo "    $want" >&2
		echo "  got:" >&2
		sed 's/^/    /' "$tmp/$case.err" >&2
		return
	fi
	echo "$case: caught:"
	sed 's/^/    /' "$tmp/$case.err"
}

# the clean fixture passes, the runnable blocks run
doctor clean ""
run_check clean
if [ "$status" -ne 0 ]; then
	fail "the clean fixture: check-docs exited $status, not 0:"
	sed 's/^/    /' "$tmp/clean.err" >&2
else
	echo "clean: passes: $(cat "$tmp/clean.out")"
fi

# (a) a link to a file that is not there
doctor missing-file 's/See \[the other page\](other\.md)/See [the other page](missing.md)/'
expect missing-file "clean.md:$(line_of missing-file '(missing.md)'): link to 'missing.md': no such file"

# (b) an anchor no heading has, in another page and in this one
doctor missing-anchor 's/(other\.md#a-section)/(other.md#no-such-section)/'
expect missing-anchor "clean.md:$(line_of missing-anchor '#no-such-section'): link to 'other.md#no-such-section': other.md has no heading with the anchor 'no-such-section'"
doctor missing-local-anchor 's/(#notes-1)/(#notes-2)/'
expect missing-local-anchor "clean.md:$(line_of missing-local-anchor '(#notes-2)'): link to '#notes-2': no heading here has the anchor 'notes-2'"
doctor missing-reference-anchor 's/^\[section\]: other\.md#a-section$/[section]: other.md#a-sectio/'
expect missing-reference-anchor "clean.md:$(line_of missing-reference-anchor '[section]: '): link to 'other.md#a-sectio': other.md has no heading with the anchor 'a-sectio'"

# (c) an option renamed: in a span after 'bench run', in an indented block
# (a short one), alone in a span
doctor renamed-option 's/`bench run --repeat 3`/`bench run --repeats 3`/'
expect renamed-option "clean.md:$(line_of renamed-option 'bench run --repeats 3'): 'bench run --repeats': bench run has no option --repeats (see bench run --help)"
doctor renamed-short-option 's/--repeat 3 -w 1/--repeat 3 -W 1/'
expect renamed-short-option "clean.md:$(line_of renamed-short-option ' -W 1 '): 'bench run -W': bench run has no option -W (see bench run --help)"
doctor renamed-option-alone 's/`--heuristic LIST`/`--heuristics LIST`/'
expect renamed-option-alone "clean.md:$(line_of renamed-option-alone '`--heuristics LIST`'): \`--heuristics\`: no command of bench has this option..."
# an option on the line a '\' continues
doctor continued-option 's/--show time,nodes > slide.md/--shows time,nodes > slide.md/'
expect continued-option "clean.md:$(line_of continued-option 'build/bench report results/x'): 'bench report --shows': bench report has no option --shows (see bench report --help)"

# an option of a bench quoted for another (--solver NAME='...')
doctor quoted-option "s/='build\/bench solve -a bfs-cantor'/='build\/bench solve --algo bfs-cantor'/"
expect quoted-option "clean.md:$(line_of quoted-option 'solve --algo'): 'bench solve --algo': bench solve has no option --algo (see bench solve --help)"

# (d) a command bench does not have
doctor unknown-command 's/`bench verify -a/`bench verfy -a/'
expect unknown-command "clean.md:$(line_of unknown-command 'bench verfy'): 'bench verfy': no such command (bench --help lists ..."

# (e) a runnable block that exits 1 where the text says 0 (its line: the
# fence's); with --skip-run it is not run, and nothing else is wrong
doctor failing-block 's/^echo "2 3 4 1 5 x 7 6 8" | build\/bench solve$/& | grep -qx uuuu/'
expect failing-block "clean.md:$(line_of failing-block '```sh runnable'): runnable block exited 1, the text says 0"
run_check failing-block --skip-run
[ "$status" -eq 0 ] || fail "failing-block --skip-run: exited $status, not 0: $(cat "$tmp/failing-block.err")"

# a bad info string is a problem of its own
doctor bad-exit 's/^```sh runnable exit=2$/```sh runnable exit=two/'
expect bad-exit "clean.md:$(line_of bad-exit 'exit=two'): runnable block: 'exit=two' is not exit=N"

# usage: --help 0, a wrong option or no bench 2
status=0
bash "$check" --help >/dev/null 2>&1 || status=$?
[ "$status" -eq 0 ] || fail "check-docs --help exited $status"
status=0
bash "$check" --bench "$bench" --nosuch >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] || fail "check-docs --nosuch exited $status, not 2"
status=0
bash "$check" "$tmp/clean/clean.md" >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] || fail "check-docs without --bench exited $status, not 2"
status=0
bash "$check" --bench "$bench" "$tmp/clean/nosuch.md" >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] || fail "check-docs on a missing page exited $status, not 2"
exit "$failed"
