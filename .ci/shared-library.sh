#!/usr/bin/env bash
# The library built shared (BUILD_SHARED_LIBS=ON) and lean, installed, and used by the examples and the
# consumer with its own fmt and toml++ (tests/package/check_package.sh). The static build's package is
# checked by the package_consumer test of the main suite, with this compiler and with clang.
# Usage: .ci/shared-library.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: .ci/shared-library.sh BUILD_DIR}
# On the flatbuffers setup built (the main build's; the sanitizer build covers the system's): a shared
# libfbcompat must find that private prefix's libflatbuffers.so once installed.
prefix=$(sed -n 's/^FBCOMPAT_FLATBUFFERS_PREFIX:PATH=//p' build/CMakeCache.txt 2>/dev/null || true)
# Lean: the library and the CLI only (no reference runtime, tests or benchmarks); .ci/run also gates
# the repository with this build's CLI.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DFBCOMPAT_FLATBUFFERS_PREFIX="$prefix" -DBUILD_SHARED_LIBS=ON \
  -DFBCOMPAT_LEAN=ON >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
newest=$(sed -n 's/^FBCOMPAT_XNNPACK_NEWEST:INTERNAL=//p' "$build/CMakeCache.txt")
tests/package/check_package.sh "$build" . "$newest" c++
