# fbcompat_schema_check(<name> [SCHEMAS <file or directory>...] [AGAINST <git ref or directory>]
#                       [INCLUDE <dir>...] [CONFIG <fbcompat.toml>] [STRICT] [FBCOMPAT <program>])
#
# Adds a CTest test <name> that fails when a schema change breaks compatibility, so `ctest` gates schema
# changes in any CMake project:
#   AGAINST a git ref (default HEAD, "origin/main", a tag): `fbcompat diff --against git:REF SCHEMAS...`,
#           every schema file under SCHEMAS (default: the tracked .fbs files under the calling
#           CMakeLists.txt's directory, or the [module] roots of its fbcompat.toml) against the same files
#           at the ref, added, renamed and deleted files included. An AGAINST that names an existing
#           directory is a directory, not a ref.
#   AGAINST a directory (the released copies of the schemas): `fbcompat diff --against DIR SCHEMAS`,
#           each file under the one SCHEMAS directory against the file of the same relative path in DIR;
#           a file DIR lacks is new, one only DIR has is deleted (FILE_NO_DELETE).
#           INCLUDE directories are then relative to each of the two directories.
# The test runs in the source directory; relative paths are relative to it. FBCOMPAT names the program
# (default: the fbcompat installed beside this file, else one on PATH). The test fails (exit 1) on a
# breaking change and on bad input (exit 2), naming the file, line and rule.
include_guard(GLOBAL)

function(fbcompat_schema_check name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "STRICT" "AGAINST;CONFIG;FBCOMPAT" "SCHEMAS;INCLUDE")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "fbcompat_schema_check(${name}): unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_FBCOMPAT)
    # Installed as <prefix>/lib/cmake/fbcompat/: the program is <prefix>/bin/fbcompat.
    find_program(FBCOMPAT_PROGRAM fbcompat HINTS "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../../bin" NO_CACHE)
    if(NOT FBCOMPAT_PROGRAM)
      message(FATAL_ERROR "fbcompat_schema_check(${name}): no fbcompat program found; give FBCOMPAT <path>")
    endif()
    set(arg_FBCOMPAT "${FBCOMPAT_PROGRAM}")
  endif()
  if(NOT arg_AGAINST)
    set(arg_AGAINST HEAD)
  endif()
  set(schemas "")
  foreach(schema IN LISTS arg_SCHEMAS)
    cmake_path(ABSOLUTE_PATH schema BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    list(APPEND schemas "${schema}")
  endforeach()
  set(includes "${arg_INCLUDE}")
  set(against "${arg_AGAINST}")
  set(mode git)
  cmake_path(ABSOLUTE_PATH against BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE OUTPUT_VARIABLE against_dir)
  if(IS_DIRECTORY "${against_dir}")
    set(mode directory)  # includes stay relative: to each of the two directories
    set(against "${against_dir}")
    if(NOT schemas)
      message(FATAL_ERROR "fbcompat_schema_check(${name}): AGAINST a directory needs SCHEMAS (the directory of the current copies)")
    endif()
  endif()
  set(command "${arg_FBCOMPAT}" diff --against)
  if(mode STREQUAL "git")
    set(absolute_includes "")
    foreach(dir IN LISTS includes)
      cmake_path(ABSOLUTE_PATH dir BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
      list(APPEND absolute_includes "${dir}")
    endforeach()
    set(includes "${absolute_includes}")
    list(APPEND command "git:${against}" ${schemas})
  else()
    list(LENGTH schemas count)
    if(NOT count EQUAL 1)
      message(FATAL_ERROR "fbcompat_schema_check(${name}): AGAINST a directory compares one directory: give one SCHEMAS directory")
    endif()
    list(APPEND command "${against}" ${schemas})
  endif()
  foreach(dir IN LISTS includes)
    list(APPEND command -I "${dir}")
  endforeach()
  if(arg_CONFIG)
    cmake_path(ABSOLUTE_PATH arg_CONFIG BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE OUTPUT_VARIABLE config)
    list(APPEND command --config "${config}")
  endif()
  if(arg_STRICT)
    list(APPEND command --strict)
  endif()
  list(APPEND command --color never)
  add_test(NAME "${name}" COMMAND ${command} WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
  set_tests_properties("${name}" PROPERTIES LABELS fbcompat)
endfunction()
