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
include(CPack)
