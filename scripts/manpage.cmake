# bench(1), the manual page, made from the texts the built bench prints
# (issue 30): 'bench --help' and 'bench COMMAND --help' for each command
# its "commands:" list names, each verbatim in a section of its own, so
# that the page says what --help says and a new command needs no edit
# here. Run after bench links (CMakeLists.txt):
#   cmake -DBENCH=<bench> -DOUTPUT=<bench.1> -DVERSION=<x.y.z>
#         [-DSOURCE_DIR=<tree>] -P scripts/manpage.cmake
# SOURCE_DIR (default: this script's tree) gives the docs/ pages that
# SEE ALSO names. Every line of every help text is checked to be in the
# page before it is written.
#
# The help texts hold semicolons and brackets, which CMake lists split
# or group: they are walked line by line with string(FIND) and never made
# into lists.
foreach(var BENCH OUTPUT VERSION)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "manpage.cmake: -D${var}=... is required "
      "(cmake -DBENCH=<bench> -DOUTPUT=<bench.1> -DVERSION=<x.y.z> -P scripts/manpage.cmake)")
  endif()
endforeach()
if(NOT DEFINED SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
endif()

# The standard output of 'bench ARGS...' into OUT; bench must exit 0.
function(help_text out)
  execute_process(COMMAND "${BENCH}" ${ARGN}
                  OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE status)
  if(NOT status EQUAL 0 OR text STREQUAL "")
    string(REPLACE ";" " " args "${ARGN}")
    message(FATAL_ERROR "manpage.cmake: '${BENCH} ${args}' exited ${status}: ${err}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# LINE as roff text that prints it as it is inside .nf: backslashes as
# \e; '-' as \- (a minus, the character one types: a plain '-' is a hyphen
# some devices print as U+2010, and neither search nor copy would find the
# option); quotes and the two accents as their ASCII glyphs; a leading '.'
# or quote kept from being read as a request.
function(roff_escape line out)
  string(REPLACE "\\" "\\e" line "${line}")
  string(REPLACE "-" "\\-" line "${line}")
  string(REPLACE "'" "\\(aq" line "${line}")
  string(REPLACE "`" "\\(ga" line "${line}")
  string(REPLACE "^" "\\(ha" line "${line}")
  string(REPLACE "~" "\\(ti" line "${line}")
  if(line MATCHES "^[.']")
    set(line "\\&${line}")
  endif()
  set(${out} "${line}" PARENT_SCOPE)
endfunction()

# The first line of the text in the variable TEXT_VAR into LINE_VAR (its
# line break dropped), and the rest back into TEXT_VAR (no list: a help
# text may hold ';').
macro(pop_line text_var line_var)
  string(FIND "${${text_var}}" "\n" pop_at)
  if(pop_at EQUAL -1)
    set(${line_var} "${${text_var}}")
    set(${text_var} "")
  else()
    string(SUBSTRING "${${text_var}}" 0 ${pop_at} ${line_var})
    math(EXPR pop_at "${pop_at} + 1")
    string(SUBSTRING "${${text_var}}" ${pop_at} -1 ${text_var})
  endif()
endmacro()

# TEXT, verbatim, as roff lines (each escaped) between .nf and .fi.
function(roff_verbatim text out)
  set(roff ".nf\n")
  while(NOT text STREQUAL "")
    pop_line(text line)
    if(line STREQUAL "")
      # an empty line is a blank line in no-fill mode, but .sp says so
      # whatever the macro package makes of empty input lines
      string(APPEND roff ".sp\n")
    else()
      roff_escape("${line}" line)
      string(APPEND roff "${line}\n")
    endif()
  endwhile()
  string(APPEND roff ".fi\n")
  set(${out} "${roff}" PARENT_SCOPE)
endfunction()

help_text(top --help)
# the commands: the indented lines after "commands:", up to the first other
string(FIND "${top}" "\ncommands:\n" at)
if(at EQUAL -1)
  message(FATAL_ERROR "manpage.cmake: '${BENCH} --help' has no \"commands:\" list:\n${top}")
endif()
string(SUBSTRING "${top}" 0 ${at} usage)
math(EXPR at "${at} + 11")
string(SUBSTRING "${top}" ${at} -1 rest)
set(commands "")
while(rest MATCHES "^  ([a-z][a-z0-9-]*) +([^\n]*)\n")
  list(APPEND commands "${CMAKE_MATCH_1}")
  string(LENGTH "${CMAKE_MATCH_0}" n)
  string(SUBSTRING "${rest}" ${n} -1 rest)
endwhile()
if(commands STREQUAL "")
  message(FATAL_ERROR "manpage.cmake: no commands under \"commands:\" in '${BENCH} --help':\n${top}")
endif()
set(texts "${top}")
foreach(command ${commands})
  help_text(help_${command} ${command} --help)
  string(APPEND texts "${help_${command}}")
endforeach()

# --- the page --------------------------------------------------------------
set(page ".\\\" bench(1): written at build time by scripts/manpage.cmake from the
.\\\" output of 'bench --help' and 'bench COMMAND --help'; do not edit.
.TH BENCH 1 \"\" \"puzzlebench ${VERSION}\" \"User Commands\"
.\\\" no hyphenation, ragged right: the prose names options and files
.nh
.ad l
.SH NAME
bench \\- run, verify and compare optimal solvers of permutation puzzles
.SH SYNOPSIS
")
# the usage lines of 'bench --help', as they are but for "usage:"
string(REGEX REPLACE "^usage: *" "" synopsis "${usage}")
string(REGEX REPLACE "\n *" "\n" synopsis "${synopsis}")
roff_verbatim("${synopsis}" roff)
string(APPEND page "${roff}")
string(APPEND page ".SH DESCRIPTION
.B bench
is the command of puzzlebench, a benchmark harness for optimal solvers of
permutation puzzles (sliding tiles, Magic Squares, pancakes, the 2x2x2
cube, and domains of plugins): it makes datasets, runs solvers over them
under limits, checks every answer, and compares, tabulates and charts the
runs.
Each command has options of its own; the section of each below is what
.B bench
.I command
.B \\-\\-help
(or
.B bench help
.IR command )
prints.
.PP
")
roff_verbatim("${top}" roff)
string(APPEND page "${roff}.SH COMMANDS\n")
foreach(command ${commands})
  roff_verbatim("${help_${command}}" roff)
  string(APPEND page ".SS \"bench ${command}\"\n${roff}")
endforeach()
string(APPEND page ".SH EXIT STATUS
.TP
.B 0
success
.TP
.B 1
a check failed: a wrong answer, solvers that disagree, a broken rule of
the domain contract, a flagged regression
.TP
.B 2
bad usage or input
.PP
Each command's section says what its own statuses mean (\\fBbench run\\fR
also exits 128 + the signal when interrupted).
")
# ENVIRONMENT only where the help texts name a variable ($NAME)
set(variables "")
set(scan "${texts}")
while(scan MATCHES "\\$([A-Z][A-Z0-9_]+)(.*)$")
  set(scan "${CMAKE_MATCH_2}")
  list(APPEND variables "${CMAKE_MATCH_1}")
endwhile()
list(REMOVE_DUPLICATES variables)
if(NOT variables STREQUAL "")
  string(APPEND page ".SH ENVIRONMENT\n")
  foreach(variable ${variables})
    set(where "")
    foreach(command ${commands})
      string(FIND "${help_${command}}" "$${variable}" at)
      if(NOT at EQUAL -1)
        string(APPEND where ", \\fBbench ${command}\\fR")
      endif()
    endforeach()
    string(REGEX REPLACE "^, " "" where "${where}")
    string(APPEND page ".TP\n.B ${variable}\nnamed by ${where} (above)\n")
  endforeach()
endif()
string(APPEND page ".SH SEE ALSO\n")
file(GLOB docs RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/docs/*.md")
set(pages "")
foreach(doc README.md ${docs})
  if(EXISTS "${SOURCE_DIR}/${doc}")
    string(APPEND pages ", \\fI${doc}\\fR")
  endif()
endforeach()
string(REGEX REPLACE "^, " "" pages "${pages}")
if(NOT pages STREQUAL "")
  string(APPEND page "${pages} in the puzzlebench sources;\n")
endif()
string(APPEND page ".BR gnuplot (1)\n")

# --- the cross-check: every line of every help text is in the page --------
set(check "${texts}")
while(NOT check STREQUAL "")
  pop_line(check line)
  if(NOT line STREQUAL "")
    roff_escape("${line}" roff)
    string(FIND "${page}" "\n${roff}\n" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "manpage.cmake: the page lacks the help line '${line}'")
    endif()
  endif()
endwhile()

# written whole under another name, then renamed: a failed run leaves no
# half page behind
file(WRITE "${OUTPUT}.tmp" "${page}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
list(LENGTH commands n)
message(STATUS "manpage.cmake: ${OUTPUT}: ${n} commands")
