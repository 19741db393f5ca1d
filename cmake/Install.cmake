# `cmake --install` gives a package: find_package(fbcompat CONFIG REQUIRED) with the targets
# fbcompat::fbcompat and fbcompat::load_check, pkg-config files, the CLI, and the headers (including
# the ones generated at build time: the newest XNNPACK runtime schema and the runtime profiles).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(fbcompat_load_check PROPERTIES EXPORT_NAME load_check)
set_target_properties(fbcompat_xnnpack_schema PROPERTIES EXPORT_NAME xnnpack_schema)
set_target_properties(fbcompat_toml PROPERTIES EXPORT_NAME toml)
target_include_directories(fbcompat_load_check INTERFACE "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
target_include_directories(fbcompat_xnnpack_schema INTERFACE "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")

install(TARGETS fbcompat_library fbcompat_load_check fbcompat_xnnpack_schema fbcompat_toml
        EXPORT fbcompatTargets
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS fbcompat RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
foreach(dir IN LISTS FBCOMPAT_LAYER_INCLUDES)
  install(DIRECTORY "${dir}/fbcompat" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
endforeach()
install(FILES "${FBCOMPAT_XNNPACK_GENERATED}" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/fbcompat/xnnpack")
install(FILES "${FBCOMPAT_GENERATED_DIR}/fbcompat/load_check/xnnpack_profiles.h" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/fbcompat/load_check")
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
set(FBCOMPAT_PC_DL "")
foreach(library IN LISTS CMAKE_DL_LIBS)
  string(APPEND FBCOMPAT_PC_DL " -l${library}")
endforeach()
configure_file("${PROJECT_SOURCE_DIR}/cmake/fbcompat.pc.in" "${PROJECT_BINARY_DIR}/fbcompat.pc" @ONLY)
configure_file("${PROJECT_SOURCE_DIR}/cmake/fbcompat-load-check.pc.in" "${PROJECT_BINARY_DIR}/fbcompat-load-check.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/fbcompat.pc" "${PROJECT_BINARY_DIR}/fbcompat-load-check.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
