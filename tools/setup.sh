#!/usr/bin/env bash
# Installs the Debian packages fbcompat builds with (only those missing), configures and builds, then
# runs the main job: the release audit of the bundled schemas/ and golden/.
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

# What the CLI and the library build with.
packages=(
  build-essential cmake pkg-config git
  libflatbuffers-dev flatbuffers-compiler
  libfmt-dev libcli11-dev nlohmann-json3-dev rapidjson-dev libtomlplusplus-dev libgit2-dev libssl-dev liburiparser-dev
  libjemalloc-dev  # the CLI's allocator, linked statically (tools/fbcompat/allocator.cpp)
)
# The rest of the full build: the reference runtime, the tests and benchmarks, and what the tests run
# (clang for the sanitizer and fuzz builds, pre-commit for the hook's test).
if [ "$lean" = no ]; then
  packages+=(
    libxnnpack-dev libpthreadpool-dev  # xnnpack.h includes pthreadpool.h, but the package does not depend on it
    xz-utils python3  # tools/deps/xnnpack.sh: the sources are .tar.xz; the build generates its kernel lists
    libboost-test-dev libbenchmark-dev
    clang libclang-rt-14-dev
    pre-commit
    python3-jsonschema  # tests/workflow/check_sarif.py validates SARIF reports against the 2.1.0 rules
  )
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

[ "$build" = no ] && exit 0

configure=(-DCMAKE_BUILD_TYPE=Release -DFBCOMPAT_LEAN=$([ "$lean" = yes ] && echo ON || echo OFF))
if [ "$flatbuffers" = debian-source ]; then
  # Empty when the source could not be had: the script has said so; the system flatbuffers serves.
  prefix=$(tools/deps/flatbuffers.sh) || {
    echo "setup: note: building flatbuffers from Debian's source failed unexpectedly; using the system flatbuffers" >&2
    prefix=
  }
  configure+=(-DFBCOMPAT_FLATBUFFERS_PREFIX="$prefix")
else
  configure+=(-DFBCOMPAT_FLATBUFFERS_PREFIX=)
fi
if [ "$lean" = no ] && [ "$xnnpack" = debian-source ]; then
  # Empty when the sources could not be had: the script has said so; the system XNNPACK serves.
  prefix=$(tools/deps/xnnpack.sh) || {
    echo "setup: note: building XNNPACK from Debian's source failed unexpectedly; using the system XNNPACK" >&2
    prefix=
  }
  configure+=(-DFBCOMPAT_XNNPACK_PREFIX="$prefix")
else
  configure+=(-DFBCOMPAT_XNNPACK_PREFIX=)
fi
cmake -S . -B build "${configure[@]}"
cmake --build build -j "$(nproc)"

if [ "$lean" = yes ]; then
  echo "setup: built the lean build/fbcompat ($(build/fbcompat --version)); gate schemas with: build/fbcompat diff --against git:origin/main"
  exit 0
fi

echo "setup: built build/fbcompat; running the release audit of the bundled schemas and golden programs"
build/fbcompat audit
