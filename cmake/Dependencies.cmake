# The libraries and tools fbcompat builds with (tools/setup.sh installs them).
find_package(FlatBuffers REQUIRED CONFIG)
find_package(fmt REQUIRED CONFIG)
find_package(nlohmann_json REQUIRED CONFIG)
find_package(CLI11 REQUIRED CONFIG)
find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBGIT2 REQUIRED IMPORTED_TARGET libgit2)
find_program(FLATC_EXECUTABLE flatc REQUIRED)

# toml++ compiled into the library (compat/support/src/toml_implementation.cpp) rather than linked:
# Debian's shared build would cost every start a library load, and header-only mode compiles it in
# every file that reads TOML.
add_library(fbcompat_toml INTERFACE)
target_compile_definitions(fbcompat_toml INTERFACE TOML_HEADER_ONLY=0)
target_include_directories(fbcompat_toml INTERFACE "${TOMLPLUSPLUS_INCLUDE_DIR}")

find_package(OpenSSL REQUIRED COMPONENTS Crypto)  # SHA-256 of golden programs
