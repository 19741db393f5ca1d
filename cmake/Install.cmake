# `cmake --install` gives a package: find_package(fbcompat CONFIG REQUIRED) with the targets
# fbcompat::fbcompat (the library) and fbcompat::load_check (header-only), pkg-config files, the CLI,
# and each product's own public headers: the library's layers, the load check's folder with the code
# it is generated with (the newest XNNPACK runtime schema and the runtime profiles), the shared limits.
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
    "$<INSTALL_INTERFACE:$<LINK_ONLY:PkgConfig::LIBGIT2>>" "$<INSTALL_INTERFACE:$<LINK_ONLY:OpenSSL::Crypto>>")
endif()

install(TARGETS fbcompat_library fbcompat_load_check fbcompat_xnnpack_schema fbcompat_base
        EXPORT fbcompatTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS fbcompat fbcompat_gen_profiles RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")

# Each product's public headers, and nothing else: support/ and the private headers beside the sources
# stay in the tree.
foreach(layer IN ITEMS core checks executorch xnnpack release)
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/compat/${layer}/include/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
endforeach()
install(DIRECTORY "${PROJECT_SOURCE_DIR}/compat/base/include/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/compat/xnnpack/load_check/include/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(FILES "${FBCOMPAT_XNNPACK_SCHEMA_HEADER}" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/fbcompat/xnnpack")
install(FILES "${FBCOMPAT_XNNPACK_PROFILES}" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/fbcompat/load_check")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}")

install(EXPORT fbcompatTargets NAMESPACE fbcompat:: DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/fbcompat")
configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/fbcompatConfig.cmake.in"
                              "${PROJECT_BINARY_DIR}/fbcompatConfig.cmake"
                              INSTALL_DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/fbcompat")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/fbcompatConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/fbcompatConfig.cmake" "${PROJECT_BINARY_DIR}/fbcompatConfigVersion.cmake"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/cmake/fbcompat")

# Relocatable: the prefix is found from where the .pc file lies, wherever the package is installed.
file(RELATIVE_PATH FBCOMPAT_PC_UP "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
configure_file("${PROJECT_SOURCE_DIR}/cmake/fbcompat.pc.in" "${PROJECT_BINARY_DIR}/fbcompat.pc" @ONLY)
configure_file("${PROJECT_SOURCE_DIR}/cmake/fbcompat-load-check.pc.in" "${PROJECT_BINARY_DIR}/fbcompat-load-check.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/fbcompat.pc" "${PROJECT_BINARY_DIR}/fbcompat-load-check.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
