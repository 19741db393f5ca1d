#!/usr/bin/env bash
# Installs the Debian packages fbcompat builds with (only those missing), configures and builds, then
# runs the main job: the release audit of the bundled schemas/ and golden/.
# The build uses the newer flatbuffers and XNNPACK whose sources Debian ships (tools/deps/flatbuffers.sh and
# tools/deps/xnnpack.sh build each once into a cache outside the clone); --system-flatbuffers and
# --system-xnnpack build against the installed ones instead.
# Usage: tools/setup.sh [--no-build] [--system-flatbuffers] [--system-xnnpack]
set -euo pipefail
cd "$(dirname "$0")/.."

build=yes
flatbuffers=debian-source
xnnpack=debian-source
for arg in "$@"; do
  case "$arg" in
    --no-build) build=no ;;
    --system-flatbuffers) flatbuffers=system ;;
    --system-xnnpack) xnnpack=system ;;
    *) echo "setup: unknown option '$arg' (known: --no-build, --system-flatbuffers, --system-xnnpack)" >&2; exit 2 ;;
  esac
done

packages=(
  build-essential cmake pkg-config git
  libflatbuffers-dev flatbuffers-compiler
  libxnnpack-dev libpthreadpool-dev  # xnnpack.h includes pthreadpool.h, but the package does not depend on it
  xz-utils python3  # tools/deps/xnnpack.sh: the sources are .tar.xz; the build generates its kernel lists
  libboost-test-dev libbenchmark-dev
  libfmt-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev libgit2-dev libssl-dev
  clang libclang-rt-14-dev
)

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

configure=(-DCMAKE_BUILD_TYPE=Release)
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
if [ "$xnnpack" = debian-source ]; then
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

echo "setup: built build/fbcompat; running the release audit of the bundled schemas and golden programs"
build/fbcompat audit
