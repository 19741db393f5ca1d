#!/usr/bin/env bash
# CI: the whole test suite built with clang, AddressSanitizer and UndefinedBehaviorSanitizer (any report
# fails the test that caused it), plus the libFuzzer targets, built in the same tree; against the system
# flatbuffers and XNNPACK, so that the suite also passes on the parser and the XNNPACK of a distribution's
# packages.
# Usage: .ci/sanitize.sh [build-dir]   (after tools/setup.sh --no-build has installed the packages)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build-sanitize}
cmake -S . -B "$dir" -DFBCOMPAT_FLATBUFFERS_PREFIX= -DFBCOMPAT_XNNPACK_PREFIX= -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
  -DFBCOMPAT_BUILD_FUZZERS=ON -DFBCOMPAT_BUILD_BENCHMARKS=OFF
cmake --build "$dir" -j "$(nproc)"
# Leaks are errors too; the reports name the test. The installed-package test builds a separate
# consumer project without sanitizers: the plain build's CTest run covers it.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" -E '^package_consumer$'
