# A layer of the library (docs/architecture.md): an object library whose public headers are in
# compat/<layer>/include and whose private headers are found from compat/<layer>. Layers link only the
# layers below them; the library (compat/CMakeLists.txt) is made of every layer's objects.
#   fbcompat_layer(<layer> SOURCES ... [PUBLIC ...] [PRIVATE ...])
function(fbcompat_layer layer)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;PUBLIC;PRIVATE")
  set(target fbcompat_${layer})
  add_library(${target} OBJECT ${arg_SOURCES})
  set(public_include "${CMAKE_CURRENT_SOURCE_DIR}/include")
  if(EXISTS "${public_include}")
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${public_include}>")
    # The installed headers (support's are internal, never installed).
    if(NOT layer STREQUAL "support")
      set_property(GLOBAL APPEND PROPERTY FBCOMPAT_LAYER_PUBLIC_DIRS "${public_include}")
    endif()
  endif()
  target_include_directories(${target} PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}")
  target_link_libraries(${target} PUBLIC ${arg_PUBLIC} PRIVATE ${arg_PRIVATE})
  target_compile_options(${target} PRIVATE ${FBCOMPAT_WARNINGS})
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  fbcompat_unity(${target})
  set_property(GLOBAL APPEND PROPERTY FBCOMPAT_LAYERS ${target})
  set_property(GLOBAL APPEND PROPERTY FBCOMPAT_LAYER_PRIVATE_DIRS "${CMAKE_CURRENT_SOURCE_DIR}")
endfunction()

# FBCOMPAT_UNITY_BUILD: compiles a target's files a batch at a time (CMake's unity build), so the
# headers every file includes and the inline code they instantiate are compiled once per batch: a
# first build on a 2-core machine is what a new user waits for before the audit prints. Files made
# to one pattern, whose file-local helpers share their names (each rule's `check`, each version's
# generated `compiled_reader.cpp`), stay on their own. Elsewhere a file-local helper must not share its
# name with another function of its layer: in a batch it would be an overload of that one, and a call
# meant for one could silently take the other (recorded_fields.cpp's `printable` once did).
#   fbcompat_unity(<target>)
function(fbcompat_unity target)
  if(NOT FBCOMPAT_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 16)
  # GCC's warning for a class whose member's type is file-local holds back only when the class is in the
  # file being compiled: in a batch, that file is the batch, and a class meant for one file is flagged.
  target_compile_options(${target} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-subobject-linkage>)
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    if(source MATCHES "/rules/[^/]*\\.cpp$|/compiled_reader\\.cpp$")
      set_source_files_properties("${source}" TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
endfunction()
