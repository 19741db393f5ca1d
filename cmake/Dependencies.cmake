# The libraries and tools fbcompat builds with (tools/setup.sh installs them).
find_package(FlatBuffers REQUIRED CONFIG)
# A shared libfbcompat links flatbuffers' shared library: Debian's static one is not position-independent.
if(BUILD_SHARED_LIBS AND TARGET flatbuffers::flatbuffers_shared)
  set(FBCOMPAT_FLATBUFFERS flatbuffers::flatbuffers_shared)
else()
  set(FBCOMPAT_FLATBUFFERS flatbuffers::flatbuffers)
endif()
find_package(fmt REQUIRED CONFIG)
find_package(nlohmann_json REQUIRED CONFIG)
find_package(CLI11 REQUIRED CONFIG)
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBGIT2 REQUIRED IMPORTED_TARGET libgit2)
find_program(FLATC_EXECUTABLE flatc REQUIRED)

# fmt and toml++ are compiled into libfbcompat (compat/support/src): Debian's shared builds would cost
# every start of the CLI a library load, and header-only mode would compile them in every file. They are
# compiled under names of fbcompat's own, so that a program linking libfbcompat with its own fmt or
# toml++ (any version, static or shared) gets neither a clash nor another version's code: fmt's inline
# namespace v9 becomes fbcompat_v9, toml++'s namespace toml becomes fbcompat_toml. The definitions hold
# for every file this project builds (the library, the CLI, tests, benchmarks), never for what is
# installed: no public header includes fmt or toml++ (the header check compiles each one alone).
add_compile_definitions("FMT_BEGIN_NAMESPACE=namespace fmt { inline namespace fbcompat_v9 {" "FMT_END_NAMESPACE=}}"
                        toml=fbcompat_toml TOML_HEADER_ONLY=0)
find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h REQUIRED)
add_library(fbcompat_toml INTERFACE)
target_include_directories(fbcompat_toml INTERFACE "$<BUILD_INTERFACE:${TOMLPLUSPLUS_INCLUDE_DIR}>")

find_package(OpenSSL REQUIRED COMPONENTS Crypto)  # SHA-256 of golden programs
