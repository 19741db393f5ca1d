#!/usr/bin/env bash
# Installs the Debian packages fbcompat builds with (only those missing), configures and builds, then
# runs the main job: the release audit of the bundled schemas/ and golden/.
# Usage: tools/setup.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake pkg-config git
  libflatbuffers-dev flatbuffers-compiler
  libxnnpack-dev libpthreadpool-dev  # xnnpack.h includes pthreadpool.h, but the package does not depend on it
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

[ "${1:-}" = "--no-build" ] && exit 0

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)"

echo "setup: built build/fbcompat; running the release audit of the bundled schemas and golden programs"
build/fbcompat audit
