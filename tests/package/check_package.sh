#!/usr/bin/env bash
# Installs a build into a temporary prefix and uses the package as other programs would: the examples
# (examples/) built with find_package by each compiler given and run, a consumer with its own fmt and
# toml++, and pkg-config builds. Checks what the package exports: only fbcompat's own symbols, a
# SOVERSION for a shared library, no hard-coded system paths in the CMake package. And the load check in a
# runtime's build with another flatbuffers than fbcompat's (tests/package/load_check_consumer).
# Usage: tests/package/check_package.sh BUILD_DIR SOURCE_DIR NEWEST_VERSION [COMPILER...]
# NEWEST_VERSION: the newest XNNPACK version, as the build read it from schemas/xnnpack/manifest.toml.
set -euo pipefail
build=$(realpath "$1")
source=$(realpath "$2")
newest=${3:?usage: check_package.sh BUILD_DIR SOURCE_DIR NEWEST_VERSION [COMPILER...]}
shift 3
compilers=("${@:-c++}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_package: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >/dev/null
cached() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
# The flatbuffers the build used (empty: the system's), which programs linking the library must use too.
flatbuffers_prefix=$(cached FBCOMPAT_FLATBUFFERS_PREFIX)
flatbuffers_version=$(cached FBCOMPAT_FLATBUFFERS_VERSION)
prefixes="$work/prefix${flatbuffers_prefix:+;$flatbuffers_prefix}"
libdir=$(dirname "$(find "$work/prefix" -name 'libfbcompat.*' | head -1)")

# Only fbcompat's own symbols: its namespace, and the fmt and toml++ it compiles in under its own names.
own='^(typeinfo for |typeinfo name for |vtable for |VTT for |guard variable for )?(fbcompat::|fmt::fbcompat_v9::|fbcompat_toml::)'
if [ -e "$libdir/libfbcompat.so" ]; then
  kind=shared
  soname=$(objdump -p "$libdir/libfbcompat.so" | awk '$1 == "SONAME" {print $2}')
  [[ "$soname" =~ ^libfbcompat\.so\.[0-9]+\.[0-9]+$ ]] || fail "the shared library's SONAME is '$soname'"
  foreign=$(nm -D -C --defined-only "$libdir/libfbcompat.so" | cut -d' ' -f3- | grep -Ev '^(fbcompat::|typeinfo for fbcompat::|typeinfo name for fbcompat::|vtable for fbcompat::|VTT for fbcompat::|guard variable for fbcompat::)' || true)
  [ -z "$foreign" ] || fail "the shared library exports symbols not fbcompat's: $(echo "$foreign" | head -5)"
  nm -D -C --defined-only "$libdir/libfbcompat.so" >"$work/exported"
  grep -q 'fbcompat::diff_schemas' "$work/exported" || fail "diff_schemas is not exported"
else
  kind=static
  foreign=$(nm -C -g --defined-only "$libdir/libfbcompat.a" 2>/dev/null | awk 'NF >= 3 && $2 ~ /^[TDRB]$/' |
            cut -d' ' -f3- | grep -Ev "$own" || true)
  [ -z "$foreign" ] || fail "the static library defines symbols not fbcompat's: $(echo "$foreign" | head -5)"
fi
if grep -rn -e '/usr/include' -e "$source" "$work/prefix/lib"*/cmake "$libdir/pkgconfig" 2>/dev/null; then
  fail "the installed package names a system or source path (above)"
fi

schemas="$source/schemas/xnnpack"
python3 - "$source/golden/xnnpack/v1.1.0/mlp.pte" "$work/payload.bin" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
start = data.find(b"XH00") - 4          # the payload's header puts its magic at offset 4
size = int.from_bytes(data[start + 14:start + 18], "little") + int.from_bytes(data[start + 10:start + 14], "little")
size += int.from_bytes(data[start + 22:start + 30], "little")
open(sys.argv[2], "wb").write(data[start:start + size])
PY

run_examples() {  # DIR: where the examples were built
  local dir=$1 status
  set +e; "$dir/gate_in_memory" >"$work/gate.out"; status=$?; set -e
  [ "$status" -eq 1 ] || fail "gate_in_memory exited $status, not 1, on a mid-union insertion"
  grep -q 'UNION_MEMBER_SAME_ID' "$work/gate.out" || fail "gate_in_memory did not name UNION_MEMBER_SAME_ID"
  grep -q 'geometry.Shape' "$work/gate.out" || fail "gate_in_memory did not name geometry.Shape"
  set +e; "$dir/gate_in_memory" --format json >"$work/gate.json"; set -e
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["compatible"] is False and r["findings"]' "$work/gate.json"

  "$dir/audit_directory" "$schemas" "$source/golden" >"$work/audit.out" || fail "audit_directory failed: $(tail -5 "$work/audit.out")"
  grep -q "$newest" "$work/audit.out" || fail "the audit does not name $newest"
  set +e; "$dir/audit_directory" "$work/no-such-family" 2>"$work/audit.err"; status=$?; set -e
  [ "$status" -eq 2 ] || fail "audit_directory exited $status on a missing directory"
  grep -q 'no-such-family' "$work/audit.err" || fail "the audit error does not name the directory"

  "$dir/runtime_load_check" "$work/payload.bin" v1.1.0 | grep -q '^ok: ' || fail "a v1.1.0 payload does not load on v1.1.0"
  set +e; "$dir/runtime_load_check" "$work/payload.bin" v0.1.0 >"$work/old.out"; status=$?; set -e
  [ "$status" -eq 1 ] || fail "a v1.1.0 payload loads on the v0.1.0 runtime (exit $status)"
  grep -q "^identifier-not-accepted: identifier .XN01." "$work/old.out" || fail "the v0.1.0 verdict does not name the identifier: $(cat "$work/old.out")"
}

for compiler in "${compilers[@]}"; do
  out="$work/examples-$(basename "$compiler")"
  cmake -S "$source/examples" -B "$out" -DCMAKE_PREFIX_PATH="$prefixes" -DCMAKE_CXX_COMPILER="$compiler" \
    -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$out" -j2 >/dev/null
  run_examples "$out"
  echo "package ($kind): examples built with $compiler and ran"
done

# A program with fmt and toml++ of its own links and runs.
cmake -S "$source/tests/package/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefixes" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/consumer" -j2 >/dev/null
"$work/consumer/own_fmt_and_toml" >"$work/own.out" || fail "own_fmt_and_toml failed: $(cat "$work/own.out")"
grep -qx 'consumer at level 3' "$work/own.out" || fail "the consumer's own toml++ and fmt misread: $(cat "$work/own.out")"

# pkg-config: the library (static needs --static for its private dependencies) and the load check.
export PKG_CONFIG_PATH="$libdir/pkgconfig${flatbuffers_prefix:+:$flatbuffers_prefix/lib/pkgconfig}"
static_flag=$([ "$kind" = static ] && echo --static || true)
c++ -std=c++17 "$source/examples/gate_in_memory.cpp" -o "$work/gate_pc" $(pkg-config --cflags --libs $static_flag fbcompat) \
  -Wl,-rpath,"$libdir"${flatbuffers_prefix:+,-rpath,$flatbuffers_prefix/lib}  # uninstalled prefixes: tell the loader where
set +e; "$work/gate_pc" >/dev/null; status=$?; set -e
[ "$status" -eq 1 ] || fail "the pkg-config build of gate_in_memory exited $status"
# The load check's generated code, made by the flatc of the flatbuffers whose headers the program uses.
flatc_of_pc=$([ -n "$flatbuffers_prefix" ] && echo "$flatbuffers_prefix/bin/flatc" || echo flatc)
"$flatc_of_pc" --cpp --scoped-enums -o "$work/pc_generated/fbcompat/xnnpack" \
  "$(pkg-config --variable=runtime_schema fbcompat-load-check)"
c++ -std=c++17 -fno-exceptions -fno-rtti "$source/examples/runtime_load_check.cpp" -o "$work/load_check_pc" \
  -I"$work/pc_generated" $(pkg-config --cflags fbcompat-load-check flatbuffers)
"$work/load_check_pc" "$work/payload.bin" v1.1.0 >/dev/null
echo "package ($kind): the consumer with its own fmt and toml++, and pkg-config builds, ran"

# The load check in a runtime's build with another flatbuffers than fbcompat's, and the runtime's own
# manifest (every version up to v1.1.0): the system's when fbcompat used a newer one, else a newer one
# that tools/setup.sh cached.
if [ -n "$flatbuffers_prefix" ]; then
  other_prefix=""
else
  cache=${FBCOMPAT_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fbcompat-deps}
  stamp=$(ls -1d "$cache"/flatbuffers-*/.complete 2>/dev/null | sort -V | tail -n 1 || true)
  other_prefix=${stamp:+$(dirname "$stamp")}
fi
if [ -z "$flatbuffers_prefix" ] && [ -z "$other_prefix" ]; then
  echo "package ($kind): note: no flatbuffers but the system's on this machine; the load check was not built with another"
  exit 0
fi
family="$work/family"
mkdir -p "$family"
cp -r "$schemas"/v0.* "$schemas/v1.1.0" "$family/"
python3 - "$schemas/manifest.toml" "$family/manifest.toml" <<'PY'
import sys
text = open(sys.argv[1]).read()
blocks = text.split("[[version]]")
kept = [blocks[0]]
for block in blocks[1:]:
    kept.append(block)
    if 'name = "v1.1.0"' in block:
        break
open(sys.argv[2], "w").write("[[version]]".join(kept).rstrip() + "\n")
PY
grep -q 'name = "v1.1.0"' "$family/manifest.toml" || fail "the consumer's manifest lost v1.1.0"
! grep -q "name = \"$newest\"" "$family/manifest.toml" || fail "the consumer's manifest kept $newest"
cmake -S "$source/tests/package/load_check_consumer" -B "$work/load_check_consumer" \
  -DCMAKE_PREFIX_PATH="${other_prefix:+$other_prefix;}$work/prefix" -DFAMILY_MANIFEST="$family/manifest.toml" \
  -DCMAKE_BUILD_TYPE=Release >"$work/load_check_consumer.log" || fail "configuring the load check consumer failed: $(tail -5 "$work/load_check_consumer.log")"
consumer_version=$(sed -n 's/^-- consumer flatbuffers: //p' "$work/load_check_consumer.log")
[ -n "$consumer_version" ] && [ "$consumer_version" != "$flatbuffers_version" ] ||
  fail "the load check consumer found flatbuffers '$consumer_version', not another than fbcompat's $flatbuffers_version"
cmake --build "$work/load_check_consumer" -j2 >"$work/load_check_consumer.log" 2>&1 ||
  fail "building the load check with flatbuffers $consumer_version failed: $(grep -m3 error "$work/load_check_consumer.log")"
"$work/load_check_consumer/runtime_load_check" "$work/payload.bin" v1.1.0 | grep -q '^ok: ' ||
  fail "with flatbuffers $consumer_version, a v1.1.0 payload does not load on v1.1.0"
set +e; "$work/load_check_consumer/runtime_load_check" "$work/payload.bin" "$newest" 2>"$work/consumer.err"; status=$?; set -e
[ "$status" -eq 2 ] && grep -q "no runtime profile for '$newest'" "$work/consumer.err" ||
  fail "the consumer's profiles are not its own manifest's: $newest gave exit $status ($(cat "$work/consumer.err"))"
echo "package ($kind): the load check built with flatbuffers $consumer_version (fbcompat: $flatbuffers_version) and the runtime's own manifest"

# A project that only gates its schemas: fbcompat_schema_check() in its CTest suite, against its last
# commit and its released copies. It passes as committed, and fails on a breaking change, naming the rule.
consumer="$work/schema_check_consumer"
cp -r "$source/tests/package/schema_check_consumer" "$consumer"
git_in() { git -C "$consumer" -c user.email=package@fbcompat.invalid -c user.name=package -c init.defaultBranch=main "$@"; }
git_in init -q && git_in add -A && git_in commit -q -m schemas
cmake -S "$consumer" -B "$consumer/build" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/schema_check.log" ||
  fail "configuring the schema check consumer failed: $(tail -5 "$work/schema_check.log")"
ctest --test-dir "$consumer/build" >"$work/schema_check.log" 2>&1 ||
  fail "the schema check fails on unchanged schemas: $(tail -20 "$work/schema_check.log")"
sed -i 's/sku: string; price: float;/price: float;/' "$consumer/schemas/item.fbs"
if ctest --test-dir "$consumer/build" --output-on-failure >"$work/schema_check.log" 2>&1; then
  fail "the schema check passes a deleted field"
fi
[ "$(grep -c 'error: \[FIELD_NO_DELETE\]' "$work/schema_check.log")" -eq 2 ] ||
  fail "the schema check does not name the deleted field in both tests: $(cat "$work/schema_check.log")"
echo "package ($kind): fbcompat_schema_check() gates a project's schemas in its CTest suite"
