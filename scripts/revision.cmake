# The git revision of the source tree, asked at every build (a custom
# target in CMakeLists.txt runs this): writes OUTPUT, a C header defining
# PB_GIT_REVISION as the short hash of HEAD, with "-dirty" when tracked
# files differ from it (but for results/, which holds what runs write and
# goes into no binary: a campaign rewrites it), or "unknown" where git
# cannot tell; and PB_REVISION_SOURCE, "git" or "archive".
#
# A tree made by 'git archive' (a release tarball) has no .git to ask:
# there scripts/archive-revision.txt, which .gitattributes marks
# export-subst, holds the archived commit's short hash in place of its
# committed '$Format:%h$'. A tree with neither (a copy of the files, an
# archive of a tree rather than a commit) is "from a source archive" with
# no revision. The substituted file is believed first: only 'git archive'
# writes it, and a tarball unpacked inside some other repository would
# otherwise take that repository's revision.
#
# OUTPUT is rewritten only when its text changes, so that an unchanged
# revision rebuilds nothing.
#   cmake -DSOURCE_DIR=<tree> -DOUTPUT=<header> -P scripts/revision.cmake
set(source "git")
set(revision "")
set(stamp "${SOURCE_DIR}/scripts/archive-revision.txt")
if(EXISTS "${stamp}")
  file(READ "${stamp}" archived)
  string(STRIP "${archived}" archived)
  # 4 to 40 hex digits: the abbreviation git chose, or a whole hash
  string(LENGTH "${archived}" length)
  if(archived MATCHES "^[0-9a-f]+$" AND length GREATER_EQUAL 4 AND length LESS_EQUAL 40)
    set(source "archive")
    set(revision "${archived}")
  endif()
endif()
if(source STREQUAL "git")
  execute_process(COMMAND git rev-parse --is-inside-work-tree
                  WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE inside RESULT_VARIABLE status
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT status EQUAL 0 OR NOT inside STREQUAL "true")
    # no work tree to ask: without a .git, the files came some other way
    # than a checkout (a copy, an archive of a tree); with one, git is
    # missing or cannot read it, and the revision is "unknown"
    if(NOT EXISTS "${SOURCE_DIR}/.git")
      set(source "archive")
    else()
      set(revision "unknown")
    endif()
  else()
    execute_process(COMMAND git rev-parse --short HEAD
                    WORKING_DIRECTORY ${SOURCE_DIR}
                    OUTPUT_VARIABLE revision RESULT_VARIABLE status
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT status EQUAL 0 OR revision STREQUAL "")
      set(revision "unknown")
    else()
      execute_process(COMMAND git status --porcelain --untracked-files=no -- .
                              ":(exclude)results"
                      WORKING_DIRECTORY ${SOURCE_DIR}
                      OUTPUT_VARIABLE changes RESULT_VARIABLE status ERROR_QUIET)
      if(NOT status EQUAL 0 OR NOT changes STREQUAL "")
        string(APPEND revision "-dirty")
      endif()
    endif()
  endif()
endif()
# meta.json's git_revision stays a hash or "unknown" (what its readers and
# 'bench compare' expect); "from a source archive" is PB_REVISION_SOURCE's
if(revision STREQUAL "")
  set(revision "unknown")
endif()
set(text "/* Written at build time by scripts/revision.cmake: do not edit. */
#define PB_GIT_REVISION \"${revision}\"
#define PB_REVISION_SOURCE \"${source}\"
")
set(old "")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
