# `cpack -G DEB` in a build directory makes fbcompat_<version>_<arch>.deb of what `cmake --install`
# installs, under /usr; its Depends come from the libraries the programs link (dpkg-shlibdeps).
set(CPACK_PACKAGE_NAME fbcompat)
set(CPACK_PACKAGE_VENDOR "The fbcompat authors")
set(CPACK_PACKAGE_CONTACT "The fbcompat authors <fbcompat@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Keeps FlatBuffers schemas backward compatible as they evolve")
set(CPACK_PACKAGE_DESCRIPTION
    "fbcompat checks that a FlatBuffers schema change keeps existing data, JSON and generated code working: "
    "a pre-merge gate for whole repositories, a release audit, and a load-time check for runtimes.")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libgit2 and libcrypto are loaded when a feature first needs them, not linked
# (compat/support/include/fbcompat/support/on_demand_library.h), so dpkg-shlibdeps cannot see them: the
# packages that hold the libraries the build found are dependencies.
find_program(FBCOMPAT_DPKG dpkg)
if(FBCOMPAT_DPKG)
  set(_loaded_packages)
  foreach(library IN ITEMS "${FBCOMPAT_LIBGIT2_LIBRARY}" "${OPENSSL_CRYPTO_LIBRARY}")
    get_filename_component(_library_file "${library}" REALPATH)
    execute_process(COMMAND "${FBCOMPAT_DPKG}" -S "${_library_file}" OUTPUT_VARIABLE _owner ERROR_QUIET
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    string(REGEX REPLACE ":.*" "" _owner "${_owner}")  # "libgit2-1.5:amd64: /usr/lib/..."
    if(_owner)
      list(APPEND _loaded_packages "${_owner}")
    endif()
  endforeach()
  list(JOIN _loaded_packages ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
endif()
include(CPack)
