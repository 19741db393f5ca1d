# The libraries and tools fbcompat builds with (tools/setup.sh installs them).
# flatbuffers: the one under FBCOMPAT_FLATBUFFERS_PREFIX when given (tools/setup.sh passes the newer
# release it built from Debian's source), else any flatbuffers >= 2.0.8 that find_package finds. flatc
# comes from the same installation as the library, so generated code and the parser agree.
set(FBCOMPAT_FLATBUFFERS_PREFIX "" CACHE PATH "Install prefix of the flatbuffers to build with (empty: find_package's)")
if(NOT "${FBCOMPAT_FLATBUFFERS_PREFIX}" STREQUAL "${FBCOMPAT_FLATBUFFERS_PREFIX_USED}")
  # Another flatbuffers than the last configure's: forget where that one was found.
  unset(FlatBuffers_DIR CACHE)
  unset(FLATC_EXECUTABLE CACHE)
  set(FBCOMPAT_FLATBUFFERS_PREFIX_USED "${FBCOMPAT_FLATBUFFERS_PREFIX}" CACHE INTERNAL "")
endif()
if(FBCOMPAT_FLATBUFFERS_PREFIX)
  find_package(FlatBuffers 2.0.8 REQUIRED CONFIG PATHS "${FBCOMPAT_FLATBUFFERS_PREFIX}" NO_DEFAULT_PATH)
  # Installed programs and a shared libfbcompat find a shared flatbuffers of a private prefix at run
  # time: the installed RUNPATH keeps the link directories outside the build tree.
  set(CMAKE_INSTALL_RPATH_USE_LINK_PATH ON)
else()
  find_package(FlatBuffers 2.0.8 REQUIRED CONFIG)
endif()
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
# libgit2 and libcrypto are loaded when a feature first needs them, never linked
# (compat/support/include/fbcompat/support/on_demand_library.h): the build finds each library to learn the
# soname to load it by, so that the functions bound are those of the headers compiled against.
function(fbcompat_soname library out_var)
  execute_process(COMMAND "${CMAKE_OBJDUMP}" -p "${library}" OUTPUT_VARIABLE headers ERROR_QUIET)
  string(REGEX MATCH "SONAME +([^\n]+)" soname_line "${headers}")
  if(NOT CMAKE_MATCH_1)
    message(FATAL_ERROR "${library} has no soname to load it by")
  endif()
  set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()
find_library(FBCOMPAT_LIBGIT2_LIBRARY NAMES git2 HINTS ${LIBGIT2_LIBRARY_DIRS} REQUIRED)
fbcompat_soname("${FBCOMPAT_LIBGIT2_LIBRARY}" FBCOMPAT_LIBGIT2_SONAME)
# Percent-encoding of the relative URIs in SARIF reports.
pkg_check_modules(URIPARSER REQUIRED IMPORTED_TARGET liburiparser)
if(TARGET flatbuffers::flatc)
  get_target_property(_flatc_config flatbuffers::flatc IMPORTED_CONFIGURATIONS)
  list(GET _flatc_config 0 _flatc_config)
  get_target_property(_flatc flatbuffers::flatc IMPORTED_LOCATION_${_flatc_config})
  set(FLATC_EXECUTABLE "${_flatc}" CACHE FILEPATH "flatc of the flatbuffers fbcompat builds with")
else()
  # An installation without flatc's target (flatc packaged apart): flatc beside the library first,
  # <prefix>/lib/cmake/flatbuffers or <prefix>/lib/<multiarch>/cmake/flatbuffers.
  get_filename_component(_flatbuffers_root "${FlatBuffers_DIR}/../../.." ABSOLUTE)
  find_program(FLATC_EXECUTABLE flatc HINTS "${_flatbuffers_root}/bin" "${_flatbuffers_root}/../bin" REQUIRED)
endif()
execute_process(COMMAND "${FLATC_EXECUTABLE}" --version OUTPUT_VARIABLE _flatc_version OUTPUT_STRIP_TRAILING_WHITESPACE)
message(STATUS "fbcompat: flatbuffers ${FlatBuffers_VERSION} from ${FlatBuffers_DIR}; ${_flatc_version} at ${FLATC_EXECUTABLE}")
set(FBCOMPAT_FLATBUFFERS_VERSION "${FlatBuffers_VERSION}" CACHE INTERNAL "The flatbuffers fbcompat builds with")
string(FIND "${_flatc_version}" "version ${FlatBuffers_VERSION}" _flatc_matches)
if(_flatc_matches EQUAL -1)
  message(FATAL_ERROR "flatc at ${FLATC_EXECUTABLE} (${_flatc_version}) is not of the flatbuffers library found "
                      "(${FlatBuffers_VERSION} in ${FlatBuffers_DIR}): set FLATC_EXECUTABLE to its flatc")
endif()

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

# RapidJSON (header-only, used at build time only) reads golden programs' JSON descriptions: about five
# times faster than nlohmann's parser, whose reading of them was most of golden verify's time
# (docs/benchmarks.md). nlohmann still parses a description when a difference must be worded.
find_path(RAPIDJSON_INCLUDE_DIR rapidjson/document.h REQUIRED)
add_library(fbcompat_rapidjson INTERFACE)
target_include_directories(fbcompat_rapidjson SYSTEM INTERFACE "$<BUILD_INTERFACE:${RAPIDJSON_INCLUDE_DIR}>")
# Under a name of fbcompat's own, as fmt and toml++ are: its templates are instantiated in the static
# library, and a program with its own RapidJSON of another version must not get fbcompat's.
target_compile_definitions(fbcompat_rapidjson INTERFACE RAPIDJSON_NAMESPACE=fbcompat_rapidjson
  "RAPIDJSON_NAMESPACE_BEGIN=namespace fbcompat_rapidjson {" "RAPIDJSON_NAMESPACE_END=}")
# SSE2 is in every x86-64 processor: RapidJSON then skips whitespace and copies strings 16 bytes at a
# time. Those loads are aligned, so they never cross into another page, but they read up to 15 bytes
# past a text's end, which AddressSanitizer reports: sanitized builds read a byte at a time.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$" AND NOT FBCOMPAT_SANITIZE)
  target_compile_definitions(fbcompat_rapidjson INTERFACE RAPIDJSON_SSE2)
endif()

find_package(OpenSSL REQUIRED COMPONENTS Crypto)  # SHA-256 of golden programs
fbcompat_soname("${OPENSSL_CRYPTO_LIBRARY}" FBCOMPAT_LIBCRYPTO_SONAME)
