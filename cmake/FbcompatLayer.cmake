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
  set_property(GLOBAL APPEND PROPERTY FBCOMPAT_LAYERS ${target})
  set_property(GLOBAL APPEND PROPERTY FBCOMPAT_LAYER_PRIVATE_DIRS "${CMAKE_CURRENT_SOURCE_DIR}")
endfunction()
