#!/usr/bin/env bash
# Installs the Debian packages fbcompat builds with (only those missing), configures and builds, then
# runs the main job: the release audit of the bundled schemas/ and golden/. What the audit needs comes
# first (its packages, flatbuffers and XNNPACK side by side, the CLI and the reference runtime); the
# audit prints, with how long each step took; then the rest of the build (tests, benchmarks, examples)
# and the packages only the tests use.
# The build uses the newer flatbuffers and XNNPACK whose sources Debian ships (tools/deps/flatbuffers.sh and
# tools/deps/xnnpack.sh build each once into a cache outside the clone); --system-flatbuffers and
# --system-xnnpack build against the installed ones instead.
# --lean installs and builds only what gating schemas needs: the CLI and the library, without XNNPACK,
# Boost.Test, Google Benchmark or the test tools (FBCOMPAT_LEAN).
# Usage: tools/setup.sh [--no-build] [--system-flatbuffers] [--system-xnnpack] [--lean]
set -euo pipefail
cd "$(dirname "$0")/.."

build=yes
flatbuffers=debian-source
xnnpack=debian-source
lean=no
for arg in "$@"; do
  case "$arg" in
    --no-build) build=no ;;
    --system-flatbuffers) flatbuffers=system ;;
    --system-xnnpack) xnnpack=system ;;
    --lean) lean=yes ;;
    *) echo "setup: unknown option '$arg' (known: --no-build, --system-flatbuffers, --system-xnnpack, --lean)" >&2; exit 2 ;;
  esac
done

started=$SECONDS
mark=$SECONDS
# Older than anything this run builds: a dependency whose build is newer was built now, not found cached.
started_stamp=$(mktemp)
trap 'rm -f "$started_stamp"' EXIT
built_or_cached() {
  if [ -z "$1" ]; then echo "the system's"
  elif [ "$1/.complete" -nt "$started_stamp" ]; then echo built
  else echo cached
  fi
}
timings=()
# Records how long the step since the last mark took, for the summary after the audit.
took() {
  timings+=("$1 $((SECONDS - mark)) s")
  mark=$SECONDS
}

# What the CLI and the library build with.
packages=(
  build-essential cmake ninja-build pkg-config git
  libflatbuffers-dev flatbuffers-compiler
  libfmt-dev libcli11-dev nlohmann-json3-dev rapidjson-dev libtomlplusplus-dev libgit2-dev libssl-dev liburiparser-dev
  libjemalloc-dev  # the CLI's allocator, linked statically (tools/fbcompat/allocator.cpp)
)
# What the main job needs besides (the reference runtime), installed before it; what only the tests
# build or run (Boost.Test, Google Benchmark, clang for the sanitizer and fuzz builds, pre-commit for the
# hook's test) is installed after the audit has printed.
later_packages=()
if [ "$lean" = no ]; then
  packages+=(
    libxnnpack-dev libpthreadpool-dev  # xnnpack.h includes pthreadpool.h, but the package does not depend on it
    xz-utils python3  # tools/deps/xnnpack.sh: the sources are .tar.xz; the build generates its kernel lists
  )
  later_packages+=(
    libboost-test-dev libbenchmark-dev  # the tests and benchmarks, configured after the audit
    clang libclang-rt-14-dev
    pre-commit
    python3-jsonschema  # tests/workflow/check_sarif.py validates SARIF reports against the 2.1.0 rules
  )
fi

# Installs those of the given packages that are missing (apt-get, as root or through sudo).
install_missing() {
  local missing=() p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  ((${#missing[@]})) || return 0
  echo "setup: installing ${missing[*]}"
  local sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  if [ -z "${apt_updated:-}" ]; then
    "${sudo_cmd[@]}" apt-get update -qq
    apt_updated=yes
  fi
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

install_missing "${packages[@]}"
if [ "$build" = no ]; then
  install_missing "${later_packages[@]}"
  exit 0
fi
took packages
# Ninja for every new build folder (this one, and flatbuffers' and XNNPACK's): unlike Makefiles it
# compiles a layer's files while the layers below it are still compiling, so both cores stay busy. A
# build folder made before keeps its generator.
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}

configure=(-DCMAKE_BUILD_TYPE=Release -DFBCOMPAT_LEAN=$([ "$lean" = yes ] && echo ON || echo OFF))
# flatbuffers and XNNPACK are built side by side (each on every core): the downloads, unpacking,
# configuring and linking of one overlap the compiling of the other. Each prints its prefix, or nothing
# when its source could not be had (it has said so; the system's library serves).
flatbuffers_prefix=
xnnpack_prefix=
if [ "$flatbuffers" = debian-source ]; then
  flatbuffers_out=$(mktemp)
  tools/deps/flatbuffers.sh >"$flatbuffers_out" &
  flatbuffers_job=$!
fi
if [ "$lean" = no ] && [ "$xnnpack" = debian-source ]; then
  xnnpack_prefix=$(tools/deps/xnnpack.sh) || {
    echo "setup: note: building XNNPACK from Debian's source failed unexpectedly; using the system XNNPACK" >&2
    xnnpack_prefix=
  }
fi
if [ "$flatbuffers" = debian-source ]; then
  if wait "$flatbuffers_job"; then
    flatbuffers_prefix=$(cat "$flatbuffers_out")
  else
    echo "setup: note: building flatbuffers from Debian's source failed unexpectedly; using the system flatbuffers" >&2
  fi
  rm -f "$flatbuffers_out"
fi
configure+=(-DFBCOMPAT_FLATBUFFERS_PREFIX="$flatbuffers_prefix" -DFBCOMPAT_XNNPACK_PREFIX="$xnnpack_prefix")
took "flatbuffers ($(built_or_cached "$flatbuffers_prefix")) and XNNPACK ($(built_or_cached "$xnnpack_prefix"))"

# Configured without the tests and benchmarks until the audit has printed: their packages come after it.
cmake -S . -B build "${configure[@]}" $([ "$lean" = yes ] || echo "-DFBCOMPAT_BUILD_TESTS=OFF -DFBCOMPAT_BUILD_BENCHMARKS=OFF")
if [ "$lean" = yes ]; then
  cmake --build build -j "$(nproc)"
  echo "setup: built the lean build/fbcompat ($(build/fbcompat --version)); gate schemas with: build/fbcompat diff --against git:origin/main"
  exit 0
fi

# The main job first: the CLI and the reference runtime module it runs golden programs on. The tests,
# benchmarks and examples are built after the audit has printed.
cmake --build build -j "$(nproc)" --target fbcompat fbcompat_reference_runtime_module
took "the CLI and the reference runtime"
echo "setup: built build/fbcompat; running the release audit of the bundled schemas and golden programs"
audit_status=0
build/fbcompat audit || audit_status=$?
took audit
summary=$(printf '%s, ' "${timings[@]}")
summary=${summary%, }
echo "setup: the release audit printed $((SECONDS - started)) s after setup started ($summary)"

echo "setup: now building the tests, benchmarks and examples, which the test command runs"
install_missing "${later_packages[@]}"
cmake -S . -B build -DFBCOMPAT_BUILD_TESTS=ON -DFBCOMPAT_BUILD_BENCHMARKS=ON >/dev/null
cmake --build build -j "$(nproc)"
echo "setup: done in $((SECONDS - started)) s; run the tests with: ctest --test-dir build --output-on-failure -j$(nproc)"
exit "$audit_status"
