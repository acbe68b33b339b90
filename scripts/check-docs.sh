#!/usr/bin/env bash
# Docs that cannot go stale (issue 30): checks Markdown pages against the
# tree and against the bench that was built.
#
# usage: scripts/check-docs.sh --bench PATH/TO/bench [--build-dir DIR]
#                              [--skip-run] [FILES...]
#
#   --bench FILE     the bench to ask (default: DIR/bench)
#   --build-dir DIR  the build, linked as build/ where runnable blocks run
#                    (default: the folder that holds --bench)
#   --skip-run       check the runnable blocks' commands, but run none
#   -h, --help       this text
#   FILES            Markdown pages (default: README.md and docs/*.md of
#                    the source tree)
#
# Checks, each problem on standard error as 'FILE:LINE: what is wrong':
#  1. links: [text](target), ![alt](target), [ref]: target and HTML
#     src=/href= whose target is relative must name a file that exists
#     (from the page's folder; '/' is the source tree's top), and an
#     anchor (page.md#slug, #slug) a heading of that page, by GitHub's
#     rule (lower case; letters, digits, spaces, '-' and '_' kept, the
#     rest dropped; spaces to '-'; a repeated heading gets -1, -2...).
#     Links in code are not links.
#  2. commands: in code (fenced blocks, indented blocks, `spans`), every
#     'bench SUB' (also build/bench, ./bench, any .../bench) must name a
#     command 'bench --help' lists, and each --option and -x after it on
#     its line (up to | ; && || > < # $( or a backtick; a line that ends
#     in '\' goes on) must be in 'bench SUB --help'. A span that begins
#     with an option (`--name`, `--name VALUE`, `-x`) must name options of
#     some command, or of another tool the allowlist below names.
#  3. runnable blocks: a fenced block whose info string is 'sh runnable'
#     or 'sh runnable exit=N' runs as one script (bash -e -o pipefail) in a
#     fresh folder holding build -> DIR and datasets, examples, scripts,
#     include, tests -> the source tree's, bench's folder first on PATH,
#     for at most 300 s; it must exit N (default 0).
#
# Exit status: 0 no problem, 1 problems (listed), 2 bad usage.
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
run_limit=300

# Options of other tools that a page may quote alone in `code` (no bench
# command before them): ctest's and cmake's that the build and test steps
# name. Add one here, with its tool, when a page needs it; an option inside
# a command line of another tool (`ctest -R docs`) is never checked.
other_options=(--output-on-failure --target --prefix --install --build)

usage() {
	sed -n '5,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
	echo
	echo "Checks links and anchors, bench's commands and options in code, and runs"
	echo "the 'sh runnable' blocks (the head of this script says how). Problems go"
	echo "to standard error as FILE:LINE: what is wrong. Exit status: 0 none, 1 some,"
	echo "2 bad usage."
}
bad_usage() {
	echo "check-docs: $*" >&2
	echo "usage: scripts/check-docs.sh --bench PATH/TO/bench [--build-dir DIR] [--skip-run] [FILES...] (--help)" >&2
	exit 2
}

bench=""
build=""
skip_run=0
files=()
while (($#)); do
	case $1 in
	-h | --help)
		usage
		exit 0
		;;
	--bench)
		(($# >= 2)) || bad_usage "--bench needs a file"
		bench=$2
		shift 2
		;;
	--bench=*)
		bench=${1#--bench=}
		shift
		;;
	--build-dir)
		(($# >= 2)) || bad_usage "--build-dir needs a folder"
		build=$2
		shift 2
		;;
	--build-dir=*)
		build=${1#--build-dir=}
		shift
		;;
	--skip-run)
		skip_run=1
		shift
		;;
	--)
		shift
		files+=("$@")
		break
		;;
	-*) bad_usage "unknown option '$1'" ;;
	*)
		files+=("$1")
		shift
		;;
	esac
done
[ -n "$bench" ] || [ -n "$build" ] || bad_usage "--bench (or --build-dir) is required"
[ -n "$bench" ] || bench=$build/bench
[ -n "$build" ] || build=$(dirname "$bench")
[ -x "$bench" ] && [ -f "$bench" ] || bad_usage "--bench: '$bench' is not an executable file"
[ -d "$build" ] || bad_usage "--build-dir: '$build' is not a folder"
bench=$(cd "$(dirname "$bench")" && pwd)/$(basename "$bench")
build=$(cd "$build" && pwd)
if ((${#files[@]} == 0)); then
	files=("$src/README.md")
	for f in "$src"/docs/*.md; do
		[ -e "$f" ] && files+=("$f")
	done
fi
for f in "${files[@]}"; do
	[ -f "$f" ] && [ -r "$f" ] || bad_usage "'$f' is not a readable file"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/problems"

# FILE as it is shown: under the source tree, from its top
shown() {
	case $1 in
	"$src"/*) printf '%s\n' "${1#"$src"/}" ;;
	*) printf '%s\n' "$1" ;;
	esac
}
problem() { # FILE LINE TEXT
	printf '%s\t%s\t%s\n' "$(shown "$1")" "$2" "$3" >>"$tmp/problems"
}

# --- the Markdown parser ---------------------------------------------------
# Reads one page and prints a record a line, fields separated by tabs:
#   HEAD  line slug            a heading and its anchor
#   LINK  line target          a link's target, as written
#   CMD   line sub opts...     'bench SUB' in code, with the options after it
#   OPTS  line opts...         a code span that begins with an option
#   RUN   line exit script     a runnable block (its text in the file script)
#   BAD   line text            something the parser itself finds wrong
# With heads_only=1 it prints the HEAD records alone. A byte parser
# (LC_ALL=C): headings' non-ASCII letters are kept as bytes, as GitHub
# keeps letters, its punctuation (U+2000-U+206F, Latin-1's) dropped.
read -r -d '' parser <<'AWK' || true
function emit(type, line, text) {
	if (!heads_only || type == "HEAD")
		printf "%s\t%d\t%s\n", type, line, text
}
# GitHub's anchor of a heading's text
function slug(t,    s, out) {
	gsub(/`/, "", t)
	# a link's or an image's text stands for it
	while (match(t, /!?\[[^\]]*\]\([^)]*\)/)) {
		s = substr(t, RSTART, RLENGTH)
		sub(/^!?\[/, "", s)
		sub(/\]\(.*$/, "", s)
		t = substr(t, 1, RSTART - 1) s substr(t, RSTART + RLENGTH)
	}
	gsub(/<[^>]*>/, "", t)
	t = tolower(t)
	gsub(/\342\200[\200-\277]|\342\201[\200-\257]|\302[\240-\277]|\303\227|\303\267/, "", t)
	gsub(/[^a-z0-9 _\200-\377-]/, "", t)
	gsub(/ /, "-", t)
	if (t in seen) {
		out = t "-" seen[t]
		seen[t]++
	} else {
		out = t
		seen[t] = 1
	}
	return out
}
function heading(text, line) {
	sub(/^[ \t]*#+[ \t]*/, "", text)
	sub(/[ \t]+#+[ \t]*$/, "", text)
	sub(/[ \t]+$/, "", text)
	emit("HEAD", line, slug(text))
}
# Shell words of TEXT into W[1..n] (returned): quotes kept in the word;
# an operator (| ; & > < ( ) $( `) is the word "|"; a comment ends it.
function words(text, w, wl,    n, i, c, word, quote, inword, nl) {
	n = 0
	nl = 0
	word = ""
	inword = 0
	quote = ""
	for (i = 1; i <= length(text); i++) {
		c = substr(text, i, 1)
		if (quote != "") {
			word = word c
			if (c == quote)
				quote = ""
			continue
		}
		if (c == "'" || c == "\"") {
			quote = c
			word = word c
			inword = 1
		} else if (c == "\\") {
			word = word substr(text, i, 2)
			i++
			inword = 1
		} else if (c == " " || c == "\t" || c == "\n") {
			if (inword) {
				w[++n] = word
				wl[n] = nl
			}
			nl += c == "\n"
			word = ""
			inword = 0
		} else if (c == "#" && !inword) {
			break
		} else if (index("|;&><()`", c) || (c == "$" && substr(text, i + 1, 1) == "(")) {
			if (inword) {
				w[++n] = word
				wl[n] = nl
			}
			w[++n] = "|"
			wl[n] = nl
			word = ""
			inword = 0
		} else {
			word = word c
			inword = 1
		}
	}
	if (inword) {
		w[++n] = word
		wl[n] = nl
	}
	return n
}
# The option a word names ("--name", "-x"), or "" where it names none
function option(word) {
	sub(/^\[+/, "", word)
	if (word ~ /^--[A-Za-z0-9]/) {
		sub(/[^A-Za-z0-9-].*$/, "", word)
		return word
	}
	sub(/\]+$/, "", word)
	if (word ~ /^-[A-Za-z]$/)
		return word
	return ""
}
# Code TEXT at LINE: each 'bench SUB' and its options; a span (SPAN) that
# begins with an option, its options
function code(text, line, span,    w, wl, n, i, sub_, opts, o, at, t, q) {
	n = words(text, w, wl)
	if (span && n > 0 && option(w[1]) != "") {
		opts = ""
		for (i = 1; i <= n && w[i] != "|"; i++)
			if ((o = option(w[i])) != "")
				opts = opts " " o
		emit("OPTS", line, substr(opts, 2))
		return
	}
	# a command line quoted for another program (sh -c '...', parallel
	# '...', --solver mine='build/bench solve ...')
	for (i = 1; i <= n; i++) {
		t = w[i]
		while (match(t, /'[^']*'|"[^"]*"/)) {
			q = substr(t, RSTART + 1, RLENGTH - 2)
			t = substr(t, RSTART + RLENGTH)
			if (q ~ /(^|[\/ ])bench /)
				code(q, line + wl[i], 0)
		}
	}
	for (i = 1; i <= n; i++) {
		if (w[i] != "bench" && w[i] !~ /^[^'"$]*\/bench$/)
			continue
		if (i == n || w[i + 1] == "|")
			continue
		at = line + wl[i]
		sub_ = w[++i]
		# a command's name or an option; anything else is no command line
		# (a placeholder, CMD or <command>; bench's own words, 'bench run:')
		if (sub_ !~ /^[a-z][a-z0-9-]*$/ && sub_ !~ /^-/)
			continue
		opts = ""
		for (i++; i <= n && w[i] != "|" && w[i] != "--"; i++) {
			if ((o = option(w[i])) != "")
				opts = opts " " o
			else if (sub_ == "help" && opts == "" && w[i] ~ /^[a-z][a-z0-9-]*$/)
				opts = opts " " w[i]
		}
		emit("CMD", at, sub_ "\t" substr(opts, 2))
		while (i <= n && w[i] != "|")
			i++
	}
}
# A code line of a block: one that ends in '\' goes on on the next
function code_line(text, line) {
	if (pending == "")
		pending_line = line
	if (text ~ /\\$/) {
		pending = pending substr(text, 1, length(text) - 1) "\n"
		return
	}
	code(pending text, pending_line, 0)
	pending = ""
}
function code_end() {
	if (pending != "")
		code(pending, pending_line, 0)
	pending = ""
}
# A target in TEXT after position P (just past "(" or ":"), or ""
function target_at(text, p,    t, depth, c) {
	t = substr(text, p)
	sub(/^[ \t\n]+/, "", t)
	if (substr(t, 1, 1) == "<") {
		sub(/>.*$/, "", t)
		return substr(t, 2)
	}
	depth = 0
	for (p = 1; p <= length(t); p++) {
		c = substr(t, p, 1)
		if (c == " " || c == "\t" || c == "\n")
			break
		if (c == "(")
			depth++
		if (c == ")" && depth-- == 0)
			break
	}
	return substr(t, 1, p - 1)
}
function lines_before(text, p,    s) {
	s = substr(text, 1, p - 1)
	return gsub(/\n/, "\n", s)
}
# The text of a paragraph (or a heading, a table row, a list item's first
# lines) from LINE on: its code spans, then the links of what is left
function chunk_end(    text, line, out, p, rest, n, m, span, q, t, l, before) {
	if (chunk == "")
		return
	text = chunk
	line = chunk_line
	chunk = ""
	# code spans: a run of n backticks up to the next run of exactly n;
	# a run with none is text. Each span becomes x's (its lines kept),
	# for the links' search.
	out = ""
	while ((p = index(text, "`")) > 0) {
		if (p > 1 && substr(text, p - 1, 1) == "\\") {
			out = out substr(text, 1, p)
			text = substr(text, p + 1)
			continue
		}
		before = substr(text, 1, p - 1)
		rest = substr(text, p)
		match(rest, /^`+/)
		n = RLENGTH
		rest = substr(rest, n + 1)
		q = 0
		m = 0
		t = rest
		while (match(t, /`+/)) {
			if (RLENGTH == n) {
				q = m + RSTART
				break
			}
			m += RSTART + RLENGTH - 1
			t = substr(t, RSTART + RLENGTH)
		}
		if (!q) {
			out = out before substr(text, p, n)
			text = rest
			continue
		}
		span = substr(rest, 1, q - 1)
		l = line + lines_before(out before, length(out before) + 1)
		gsub(/\n/, " ", span)
		if (span ~ /^ .* $/ && span ~ /[^ ]/)
			span = substr(span, 2, length(span) - 2)
		code(span, l, 1)
		t = substr(text, p, n + q - 1 + n)
		gsub(/[^\n]/, "x", t)
		out = out before t
		text = substr(rest, q + n)
	}
	text = out text
	# inline links and images: each "](" and what follows
	out = text
	m = 0
	while ((p = index(out, "](")) > 0) {
		t = target_at(out, p + 2)
		emit("LINK", line + lines_before(text, m + p), t)
		m += p + 1
		out = substr(out, p + 2)
	}
	# HTML: src="..." and href="..."
	out = text
	m = 0
	while (match(out, /(src|href)="[^"]*"/)) {
		t = substr(out, RSTART, RLENGTH)
		sub(/^[a-z]*="/, "", t)
		sub(/"$/, "", t)
		emit("LINK", line + lines_before(text, m + RSTART), t)
		m += RSTART + RLENGTH - 1
		out = substr(out, RSTART + RLENGTH)
	}
}
function chunk_add(text, line) {
	if (chunk == "") {
		chunk_line = line
		chunk = text
	} else
		chunk = chunk "\n" text
}
function indent_of(text,    n, t, i) {
	match(text, /^[ \t]*/)
	n = RLENGTH
	# a tab to the next multiple of 4, as Markdown counts it
	t = substr(text, 1, n)
	if (index(t, "\t")) {
		n = 0
		for (i = 1; i <= length(t); i++)
			n = substr(t, i, 1) == "\t" ? n + 4 - n % 4 : n + 1
	}
	return n
}
BEGIN {
	blank = 1
	pending = ""
	chunk = ""
	list = 0
	runs = 0
}
{
	line = $0
	sub(/\r$/, "", line)
}
# a fenced block: its lines are code, up to a fence of its character at
# least as long
fence != "" {
	t = line
	sub(/^ ? ? ?/, "", t)
	if (substr(t, 1, length(fence)) == fence && t ~ ("^" (fchar == "`" ? "`" : "~") "+[ \t]*$")) {
		code_end()
		if (run_file != "")
			close(run_file)
		fence = ""
		run_file = ""
		blank = 1
		next
	}
	if (run_file != "")
		print line > run_file
	code_line(line, NR)
	next
}
# HTML comments hide what they hold
comment {
	if ((p = index(line, "-->")) == 0)
		next
	comment = 0
	line = substr(line, p + 3)
}
{
	while ((p = index(line, "<!--")) > 0) {
		rest = substr(line, p + 4)
		if ((q = index(rest, "-->")) == 0) {
			comment = 1
			line = substr(line, 1, p - 1)
			break
		}
		line = substr(line, 1, p - 1) substr(rest, q + 3)
	}
}
line ~ /^[ \t]*$/ {
	chunk_end()
	if (indented)
		code_end()
	blank = 1
	next
}
# an indented block: 4 columns past the list's, after a blank line (or
# within such a block); else a paragraph's lazy line
(blank || indented) && indent_of(line) >= list + 4 {
	if (!indented)
		chunk_end()
	indented = 1
	t = line
	for (k = 0; k < list + 4; k++)
		sub(/^[ \t]/, "", t)
	code_line(t, NR)
	blank = 0
	next
}
{
	if (indented)
		code_end()
	indented = 0
	in_list_item = 0
}
match(line, /^ ? ? ?(````*|~~~~*)/) && !(substr(line, RSTART + RLENGTH) ~ /`/ && line ~ /^ *`/) {
	chunk_end()
	t = line
	sub(/^ */, "", t)
	fchar = substr(t, 1, 1)
	match(t, fchar == "`" ? "^`+" : "^~+")
	fence = substr(t, 1, RLENGTH)
	info = substr(t, RLENGTH + 1)
	sub(/^[ \t]+/, "", info)
	sub(/[ \t]+$/, "", info)
	run_file = ""
	if (info ~ /^sh[ \t]+runnable([ \t]|$)/) {
		want = info
		sub(/^sh[ \t]+runnable[ \t]*/, "", want)
		if (want == "")
			want = 0
		else if (want ~ /^exit=[0-9]+$/)
			sub(/^exit=/, "", want)
		else {
			emit("BAD", NR, "runnable block: '" want "' is not exit=N")
			want = ""
		}
		if (want != "" && !heads_only) {
			run_file = tmpdir "/run." FILENAME_ID "." (++runs) ".sh"
			printf "" > run_file
			emit("RUN", NR, want "\t" run_file)
		}
	}
	blank = 0
	next
}
# ATX headings
line ~ /^ ? ? ?##?#?#?#?#?([ \t]|$)/ {
	chunk_end()
	heading(line, NR)
	chunk_add(line, NR)
	chunk_end()
	blank = 0
	next
}
# setext headings: a paragraph's underline
line ~ /^ ? ? ?=+[ \t]*$/ || (line ~ /^ ? ? ?-+[ \t]*$/ && !chunk_list) {
	if (chunk != "" && !chunk_table) {
		t = chunk
		gsub(/\n/, " ", t)
		heading(t, chunk_line)
		chunk_end()
		blank = 0
		next
	}
}
{
	n = indent_of(line)
	# a list item: its text is indented past its marker
	if (match(line, /^[ \t]*([-*+]|[0-9]+[.)])([ \t]+|$)/)) {
		chunk_end()
		list = RLENGTH
		chunk_list = 1
	} else if (blank && n < list) {
		list = 0
		chunk_list = 0
	}
	# a table row is its own paragraph
	if (line ~ /^ ? ? ?\|/) {
		chunk_end()
		chunk_add(line, NR)
		chunk_table = 1
		chunk_end()
		chunk_table = 0
		blank = 0
		next
	}
	if (blank && chunk == "")
		chunk_list = list > 0
	# a reference link's definition, [name]: target
	if (match(line, /^ ? ? ?\[[^\]]+\]:[ \t]*/) && substr(line, 1, 2) != "[^") {
		emit("LINK", NR, target_at(line, RSTART + RLENGTH))
		blank = 0
		next
	}
	chunk_add(line, NR)
	blank = 0
}
END {
	code_end()
	chunk_end()
	if (fence != "")
		emit("BAD", NR, "a fenced block that does not end")
}
AWK

parse() { # FILE [HEADS_ONLY]
	LC_ALL=C awk -v heads_only="${2:-0}" -v tmpdir="$tmp" -v FILENAME_ID="$3" "$parser" "$1"
}

# --- what bench says ---------------------------------------------------------
# Each help text once: the commands of 'bench --help', each command's
# options from its own --help ('--name' or '-x,' / '-x ' in its text).
if ! "$bench" --help >"$tmp/help" 2>"$tmp/help.err"; then
	cat "$tmp/help.err" >&2
	echo "check-docs: '$bench --help' failed" >&2
	exit 2
fi
commands=$(awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/ { print $1; next } on { exit }' "$tmp/help")
if [ -z "$commands" ]; then
	echo "check-docs: '$bench --help' lists no commands" >&2
	exit 2
fi
options_in() { # HELP_FILE: one option a line
	{
		grep -oE -- '--[A-Za-z0-9][A-Za-z0-9-]*' "$1" || true
		grep -oE -- '(^|[^A-Za-z0-9-])-[A-Za-z][, ]' "$1" | grep -oE -- '-[A-Za-z]' || true
	} | sort -u
}
{
	printf '%s\t%s\n' "" --help "" -h "" --version
	options_in "$tmp/help" | sed 's/^/\t/'
	for c in $commands; do
		"$bench" "$c" --help >"$tmp/help.$c" 2>&1 || {
			echo "check-docs: '$bench $c --help' failed:" >&2
			cat "$tmp/help.$c" >&2
			exit 2
		}
		options_in "$tmp/help.$c" | sed "s/^/$c\t/"
	done
	for o in "${other_options[@]}"; do
		printf 'OTHER\t%s\n' "$o"
	done
} >"$tmp/options"
printf '%s\n' $commands >"$tmp/commands"

# --- the pages -----------------------------------------------------------------
declare -A heads_of # a page's anchors, one a line, in a file
nheads=0
anchors() {         # PAGE: the file of its anchors
	local key=$1
	if [ -z "${heads_of[$key]:-}" ]; then
		nheads=$((nheads + 1))
		heads_of[$key]=$tmp/heads.$nheads
		parse "$1" 1 x | cut -f3 >"${heads_of[$key]}"
	fi
	printf '%s\n' "${heads_of[$key]}"
}
urldecode() {
	local s=${1//+/ }
	printf '%b' "${s//%/\\x}"
}

nlinks=0
ncommands=0
nruns=0
id=0
: >"$tmp/runs"
for f in "${files[@]}"; do
	id=$((id + 1))
	page=$(cd "$(dirname "$f")" && pwd)/$(basename "$f")
	dir=$(dirname "$page")
	parse "$page" 0 "$id" >"$tmp/records"
	nheads=$((nheads + 1))
	heads_of[$page]=$tmp/heads.$nheads
	awk -F'\t' '$1 == "HEAD" { print $3 }' "$tmp/records" >"${heads_of[$page]}"
	while IFS=$'\t' read -r type line a b; do
		case $type in
		LINK)
			nlinks=$((nlinks + 1))
			target=$a
			case $target in
			"" | [A-Za-z]*:*)
				# absolute (http:, https:, mailto:...), or empty
				[[ $target =~ ^[A-Za-z][A-Za-z0-9+.-]*: ]] && continue
				[ -z "$target" ] && problem "$f" "$line" "an empty link target"
				continue
				;;
			esac
			path=${target%%#*}
			anchor=""
			[[ $target == *"#"* ]] && anchor=${target#*#}
			path=$(urldecode "${path%%\?*}")
			if [ -z "$path" ]; then
				to=$page
			elif [[ $path == /* ]]; then
				to=$src$path
			else
				to=$dir/$path
			fi
			if [ ! -e "$to" ]; then
				problem "$f" "$line" "link to '$target': no such file"
				continue
			fi
			[ -n "$anchor" ] || continue
			case $to in
			*.md | *.markdown) ;;
			*) continue ;; # GitHub's own anchors (#L10) of other files
			esac
			[ -f "$to" ] || continue
			anchor=$(urldecode "$anchor")
			if ! grep -qxF -- "$anchor" "$(anchors "$to")"; then
				if [ -z "$path" ]; then
					problem "$f" "$line" "link to '$target': no heading here has the anchor '$anchor'"
				else
					problem "$f" "$line" "link to '$target': $path has no heading with the anchor '$anchor'"
				fi
			fi
			;;
		CMD | OPTS)
			ncommands=$((ncommands + 1))
			printf '%s\t%s\t%s\t%s\t%s\n' "$type" "$(shown "$f")" "$line" "$a" "$b" >>"$tmp/code"
			;;
		RUN)
			printf '%s\t%s\t%s\t%s\n' "$f" "$line" "$a" "$b" >>"$tmp/runs"
			;;
		BAD)
			problem "$f" "$line" "$a"
			;;
		esac
	done <"$tmp/records"
done

# --- the commands and options in code ----------------------------------------
if [ -s "$tmp/code" ]; then
	awk -F'\t' '
		FILENAME == ARGV[1] { has[$1, $2] = 1; any[$2] = 1; next }
		FILENAME == ARGV[2] { command[$1] = 1; list = list (list == "" ? "" : ", ") $1; next }
		function say(text) { printf "%s\t%s\t%s\n", $2, $3, text }
		$1 == "OPTS" {
			n = split($4, opts, " ")
			for (i = 1; i <= n; i++)
				if (!(opts[i] in any))
					say("`" opts[i] "`: no command of bench has this option (nor does another tool the allowlist of scripts/check-docs.sh names)")
			next
		}
		{
			sub_ = $4
			n = split($5, opts, " ")
			if (sub_ ~ /^-/) {
				# bench --help, bench --version
				if (!(("", sub_) in has))
					say("\047bench " sub_ "\047: bench has no option " sub_ " (only --help, -h and --version before a command)")
				next
			}
			if (sub_ == "help") {
				for (i = 1; i <= n; i++)
					if (opts[i] !~ /^-/ && !(opts[i] in command))
						say("\047bench help " opts[i] "\047: no such command (bench --help lists " list ")")
				next
			}
			if (!(sub_ in command)) {
				say("\047bench " sub_ "\047: no such command (bench --help lists " list ")")
				next
			}
			for (i = 1; i <= n; i++)
				if (!((sub_, opts[i]) in has))
					say("\047bench " sub_ " " opts[i] "\047: bench " sub_ " has no option " opts[i] " (see bench " sub_ " --help)")
		}' "$tmp/options" "$tmp/commands" "$tmp/code" >>"$tmp/problems"
fi

# --- runnable blocks -----------------------------------------------------------
run_report=""
while IFS=$'\t' read -r f line want script; do
	nruns=$((nruns + 1))
	((skip_run)) && continue
	here=$(mktemp -d "$tmp/block.XXXXXX")
	ln -s "$build" "$here/build"
	for d in datasets examples scripts include tests; do
		ln -s "$src/$d" "$here/$d"
	done
	status=0
	(cd "$here" && PATH="$(dirname "$bench"):$PATH" timeout "$run_limit" \
		bash -e -o pipefail "$script" </dev/null >"$here.out" 2>&1) || status=$?
	if [ "$status" -ne "$want" ]; then
		if [ "$status" -eq 124 ]; then
			what="runnable block ran past ${run_limit} s (timeout), the text says it exits $want"
		else
			what="runnable block exited $status, the text says $want"
		fi
		run_report+="$(shown "$f"):$line: $what"$'\n'
		if [ -s "$here.out" ]; then
			run_report+="$(tail -n 8 "$here.out" | sed 's/^/    | /')"$'\n'
		else
			run_report+="    | (it printed nothing)"$'\n'
		fi
	fi
done <"$tmp/runs"

nproblems=$(wc -l <"$tmp/problems")
sort -t $'\t' -k1,1 -k2,2n -s "$tmp/problems" | awk -F'\t' '{ printf "%s:%s: %s\n", $1, $2, $3 }' >&2
if [ -n "$run_report" ]; then
	printf '%s' "$run_report" >&2
	nproblems=$((nproblems + $(printf '%s' "$run_report" | grep -c '^[^ ]')))
fi
ran=$nruns
((skip_run)) && ran=0
echo "check-docs: ${#files[@]} page(s), $nlinks link(s), $ncommands command(s) in code, $ran of $nruns runnable block(s) run: $nproblems problem(s)"
((nproblems == 0))
