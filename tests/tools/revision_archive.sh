#!/usr/bin/env bash
# The revision a build from a source archive bakes in (issue 30): from
# what 'git archive HEAD' writes, scripts/revision.cmake says "archive" and
# the hash of HEAD (scripts/archive-revision.txt, export-subst); from a
# copy of the files that no archive substituted, "archive" and no hash.
# Only the two files that matter are archived: the test stays cheap.
# Usage: tests/tools/revision_archive.sh SOURCE_DIR [CMAKE]
# Exit 0 passed, 1 failed, 77 skipped (no git, or SOURCE_DIR is no work tree).
set -euo pipefail

if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
	sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 SOURCE_DIR [CMAKE]" >&2
	exit 2
fi
source_dir=$1
cmake=${2:-cmake}
script=$source_dir/scripts/revision.cmake

if ! command -v git >/dev/null 2>&1; then
	echo "revision_archive: SKIP: git is missing" >&2
	exit 77
fi
if [ "$(git -C "$source_dir" rev-parse --is-inside-work-tree 2>/dev/null)" != true ]; then
	echo "revision_archive: SKIP: $source_dir is not a git work tree (a source archive itself?)" >&2
	exit 77
fi
if ! git -C "$source_dir" cat-file -e HEAD:scripts/archive-revision.txt 2>/dev/null; then
	echo "revision_archive: FAIL: HEAD has no scripts/archive-revision.txt (commit it: 'git archive HEAD' archives the commit)" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
fail() {
	echo "revision_archive: FAIL: $*" >&2
	failed=1
}
# the header's value of NAME (a #define of a string)
define() {
	sed -n "s/^#define $1 \"\\(.*\\)\"\$/\\1/p" "$2"
}

# 1. what 'git archive HEAD' writes: the archived commit's short hash
want=$(git -C "$source_dir" rev-parse --short HEAD)
mkdir "$tmp/archive"
git -C "$source_dir" archive --format=tar HEAD .gitattributes scripts/archive-revision.txt |
	tar -x -C "$tmp/archive"
if [ -e "$tmp/archive/.git" ]; then
	fail "the archive holds a .git"
fi
"$cmake" -DSOURCE_DIR="$tmp/archive" -DOUTPUT="$tmp/archive.h" -P "$script"
source=$(define PB_REVISION_SOURCE "$tmp/archive.h")
revision=$(define PB_GIT_REVISION "$tmp/archive.h")
[ "$source" = archive ] || fail "git archive HEAD: source '$source', not 'archive' ($(cat "$tmp/archive/scripts/archive-revision.txt"))"
[ "$revision" = "$want" ] || fail "git archive HEAD: revision '$revision', not HEAD's '$want'"
echo "git archive HEAD: source $source, revision $revision (HEAD is $want)"

# 2. the files copied without an archive: the placeholder stands
mkdir -p "$tmp/copy/scripts"
cp "$source_dir/scripts/archive-revision.txt" "$tmp/copy/scripts/"
"$cmake" -DSOURCE_DIR="$tmp/copy" -DOUTPUT="$tmp/copy.h" -P "$script"
source=$(define PB_REVISION_SOURCE "$tmp/copy.h")
revision=$(define PB_GIT_REVISION "$tmp/copy.h")
[ "$source" = archive ] || fail "a copy without .git: source '$source', not 'archive'"
[ "$revision" = unknown ] || fail "a copy without .git: revision '$revision', not 'unknown'"
echo "a copy without .git: source $source, revision $revision"

# 3. the checkout itself: git, as before
"$cmake" -DSOURCE_DIR="$source_dir" -DOUTPUT="$tmp/git.h" -P "$script"
source=$(define PB_REVISION_SOURCE "$tmp/git.h")
revision=$(define PB_GIT_REVISION "$tmp/git.h")
[ "$source" = git ] || fail "the checkout: source '$source', not 'git'"
case $revision in
"$want" | "$want-dirty") ;;
*) fail "the checkout: revision '$revision', not '$want' (or -dirty)" ;;
esac
echo "the checkout: source $source, revision $revision"
exit "$failed"
