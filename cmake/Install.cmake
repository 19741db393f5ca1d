# `cmake --install` gives a package: find_package(fbcompat CONFIG REQUIRED) with the targets
# fbcompat::fbcompat (the library) and fbcompat::load_check (header-only), pkg-config files, the CLI,
# and each product's own public headers: the library's layers, the load check's folder with the runtime
# profiles, the shared limits; and the newest XNNPACK runtime schema, whose flatc output the load check
# needs, made by the consumer's flatc (fbcompatLoadCheck.cmake).
include(CMakePackageConfigHelpers)

set_target_properties(fbcompat_load_check PROPERTIES EXPORT_NAME load_check)
set_target_properties(fbcompat_xnnpack_schema PROPERTIES EXPORT_NAME xnnpack_schema)
set_target_properties(fbcompat_base PROPERTIES EXPORT_NAME base)
foreach(target IN ITEMS fbcompat_load_check fbcompat_xnnpack_schema fbcompat_base)
  target_include_directories(${target} INTERFACE "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
endforeach()
# What a static libfbcompat needs at link time, found again by fbcompatConfig.cmake (a shared one
# carries its own dependencies).
if(NOT BUILD_SHARED_LIBS)
  target_link_libraries(fbcompat_library INTERFACE
    "$<INSTALL_INTERFACE:$<LINK_ONLY:PkgConfig::URIPARSER>>" "$<INSTALL_INTERFACE:$<LINK_ONLY:${CMAKE_DL_LIBS}>>")
endif()

install(TARGETS fbcompat_library fbcompat_load_check fbcompat_xnnpack_schema fbcompat_base
        EXPORT fbcompatTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS fbcompat RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
# A CLI with jemalloc compiled in carries jemalloc's licence beside fbcompat's documentation.
if(FBCOMPAT_CLI_ALLOCATOR STREQUAL "jemalloc")
  foreach(_copyright IN ITEMS /usr/share/doc/libjemalloc-dev/copyright /usr/share/doc/libjemalloc2/copyright)
    if(EXISTS "${_copyright}")
      install(FILES "${_copyright}" DESTINATION "${CMAKE_INSTALL_DOCDIR}" RENAME jemalloc-copyright)
      break()
    endif()
  endforeach()
endif()
# gen_profiles is exported: fbcompat_load_check(... MANIFEST) runs it at the consumer's build.
set_target_properties(fbcompat_gen_profiles PROPERTIES EXPORT_NAME gen_profiles)
install(TARGETS fbcompat_gen_profiles EXPORT fbcompatTargets RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")

# Each product's public headers, and nothing else: support/ and the private headers beside the sources
# stay in the tree.
# (every layer's include/, the delegate families' included).
foreach(public_dir IN LISTS FBCOMPAT_LAYER_PUBLIC)
  install(DIRECTORY "${public_dir}/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
endforeach()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/compat/base/include/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/compat/xnnpack/load_check/include/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
# Not flatc's output of the runtime schema, which compiles only with the flatbuffers of its own version:
# the schema, from which the consumer's flatc makes it (fbcompat_load_check, or the pkg-config variable).
set(FBCOMPAT_INSTALL_RUNTIME_SCHEMA "${CMAKE_INSTALL_DATADIR}/fbcompat/xnnpack/runtime_schema.fbs")
install(FILES "${PROJECT_SOURCE_DIR}/schemas/xnnpack/${FBCOMPAT_XNNPACK_NEWEST}/runtime_schema.fbs"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/fbcompat/xnnpack")
install(FILES "${FBCOMPAT_XNNPACK_PROFILES}" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/fbcompat/load_check")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}")

install(EXPORT fbcompatTargets NAMESPACE fbcompat:: DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/fbcompat")
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/fbcompatConfig.cmake.in"
                              "${PROJECT_BINARY_DIR}/fbcompatConfig.cmake"
                              INSTALL_DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/fbcompat"
                              PATH_VARS FBCOMPAT_INSTALL_RUNTIME_SCHEMA)
write_basic_package_version_file("${PROJECT_BINARY_DIR}/fbcompatConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/fbcompatConfig.cmake" "${PROJECT_BINARY_DIR}/fbcompatConfigVersion.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/fbcompatLoadCheck.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/fbcompatSchemaCheck.cmake"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/fbcompat")

# Relocatable: the prefix is found from where the .pc file lies, wherever the package is installed.
file(RELATIVE_PATH FBCOMPAT_PC_UP "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file("${PROJECT_SOURCE_DIR}/cmake/fbcompat.pc.in" "${PROJECT_BINARY_DIR}/fbcompat.pc" @ONLY)
configure_file("${PROJECT_SOURCE_DIR}/cmake/fbcompat-load-check.pc.in" "${PROJECT_BINARY_DIR}/fbcompat-load-check.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/fbcompat.pc" "${PROJECT_BINARY_DIR}/fbcompat-load-check.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
