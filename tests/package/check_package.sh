#!/usr/bin/env bash
# Installs the build into a temporary prefix, then builds and runs a consumer project against it with
# find_package(fbcompat) and, separately, with pkg-config.
# Usage: tests/package/check_package.sh BUILD_DIR SOURCE_DIR NEWEST_VERSION
# NEWEST_VERSION: the newest XNNPACK version, as the build read it from schemas/xnnpack/manifest.toml
# (FBCOMPAT_XNNPACK_NEWEST).
set -euo pipefail
build=$(realpath "$1")
source=$(realpath "$2")
newest=${3:?usage: check_package.sh BUILD_DIR SOURCE_DIR NEWEST_VERSION}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
cmake -S "$source/tests/package/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/consumer" -j2 >/dev/null

schemas="$source/schemas/xnnpack"
# The newest version appends XNNDepthToSpace2d to v1.1.0's node union: the gate passes.
"$work/consumer/gate" "$schemas/v1.1.0/runtime_schema.fbs" "$schemas/$newest/runtime_schema.fbs"
# Inserting a node mid-union must fail the consumer's gate.
python3 - "$schemas/$newest/runtime_schema.fbs" "$work/inserted.fbs" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
lines = [line for line in lines if not line.startswith("  XNNDepthToSpace2d,")]
at = next(i for i, line in enumerate(lines) if line.startswith("  XNNFullyConnected,"))
lines.insert(at, "  XNNDepthToSpace2d,")
open(sys.argv[2], "w").write("\n".join(lines))
PY
if "$work/consumer/gate" "$schemas/v1.1.0/runtime_schema.fbs" "$work/inserted.fbs" >"$work/gate.out"; then
  echo "the consumer's gate accepted a mid-union insertion" >&2
  exit 1
fi
grep -q "UNION_MEMBER_SAME_ID" "$work/gate.out"

# The load check on a payload extracted from a golden program: loadable on its own version.
"$work/prefix/bin/fbcompat" inspect "$source/golden/xnnpack/v1.1.0/mlp.pte" --schemas "$schemas" >/dev/null
python3 - "$source/golden/xnnpack/v1.1.0/mlp.pte" "$work/payload.bin" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
start = data.find(b"XH00") - 4          # the payload's header puts its magic at offset 4
size = int.from_bytes(data[start + 14:start + 18], "little") + int.from_bytes(data[start + 10:start + 14], "little")
size += int.from_bytes(data[start + 22:start + 30], "little")
open(sys.argv[2], "wb").write(data[start:start + size])
PY
"$work/consumer/load_check" "$work/payload.bin" v1.1.0
if "$work/consumer/load_check" "$work/payload.bin" v0.1.0 >/dev/null; then
  echo "a v1.1.0 payload must not load on the v0.1.0 runtime" >&2
  exit 1
fi

# pkg-config finds both.
export PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig:$work/prefix/lib/x86_64-linux-gnu/pkgconfig"
g++ -std=c++17 "$source/tests/package/consumer/gate.cpp" -o "$work/gate_pc" $(pkg-config --cflags --libs fbcompat) \
  $(pkg-config --libs fmt)
"$work/gate_pc" "$schemas/v1.1.0/runtime_schema.fbs" "$schemas/$newest/runtime_schema.fbs" >/dev/null
g++ -std=c++17 -fno-exceptions -fno-rtti "$source/tests/package/consumer/load_check.cpp" -o "$work/load_check_pc" \
  $(pkg-config --cflags fbcompat-load-check)
"$work/load_check_pc" "$work/payload.bin" v1.1.0 >/dev/null
echo "package: find_package and pkg-config consumers built and ran"
