# The git revision of the source tree, asked at every build (a custom
# target in CMakeLists.txt runs this): writes OUTPUT, a C header defining
# PB_GIT_REVISION as the short hash of HEAD, with "-dirty" when tracked
# files differ from it (but for results/, which holds what runs write and
# goes into no binary: a campaign rewrites it), or "unknown" where git
# cannot tell. OUTPUT is
# rewritten only when the revision changes, so that an unchanged revision
# rebuilds nothing.
#   cmake -DSOURCE_DIR=<tree> -DOUTPUT=<header> -P scripts/revision.cmake
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
set(text "/* Written at build time by scripts/revision.cmake: do not edit. */\n#define PB_GIT_REVISION \"${revision}\"\n")
set(old "")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
