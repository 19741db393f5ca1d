#!/usr/bin/env bash
# The .deb CPack makes from a build: named by the project's version, depending on the libraries its
# programs link, holding the CLI, the library, the CMake package and the docs; its fbcompat runs and says
# the project's version.
# Usage: tests/package/check_deb.sh BUILD_DIR VERSION
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_deb: $*" >&2; exit 1; }

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1) ||
  fail "cpack failed: $(tail -20 "$work/cpack.log")"
debs=("$work"/out/fbcompat_"$version"_*.deb)
[ -f "${debs[0]}" ] || fail "no fbcompat_${version}_<arch>.deb: $(ls "$work/out")"
deb=${debs[0]}
info=$(dpkg-deb --info "$deb")
grep -q "^ Package: fbcompat$" <<<"$info" || fail "the package is not named fbcompat: $info"
grep -q "^ Version: $version$" <<<"$info" || fail "the package's version is not $version: $info"
# libgit2 and libcrypto are loaded when first needed, so only the package's own Depends name them.
grep -q "^ Depends: .*libgit2" <<<"$info" || fail "the package does not depend on libgit2: $info"
grep -q "^ Depends: .*libssl3" <<<"$info" || fail "the package does not depend on libcrypto's package: $info"
contents=$(dpkg-deb --contents "$deb")
for file in ./usr/bin/fbcompat ./usr/lib/cmake/fbcompat/fbcompatSchemaCheck.cmake ./usr/share/doc/fbcompat/rules.md \
            ./usr/include/fbcompat/checks/module_diff.h; do
  grep -q " $file\$" <<<"$contents" || fail "the package lacks $file"
done
# A CLI with jemalloc compiled in ships jemalloc's licence.
if grep -q '^FBCOMPAT_CLI_ALLOCATOR:INTERNAL=jemalloc$' "$build/CMakeCache.txt"; then
  grep -q " ./usr/share/doc/fbcompat/jemalloc-copyright\$" <<<"$contents" || fail "the package lacks jemalloc's licence"
fi
# The reference runtime travels as a module in /usr/lib/fbcompat, which the CLI loads only when a command
# runs payloads, with a private XNNPACK (tools/deps/xnnpack.sh) beside it, found through $ORIGIN.
grep -q " ./usr/lib/fbcompat/fbcompat_reference_runtime.so\$" <<<"$contents" || fail "the package lacks the runtime module"
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/bin/fbcompat >"$work/fbcompat.bin"
readelf -d "$work/fbcompat.bin" | grep -qi 'NEEDED.*xnnpack' && fail "the packaged fbcompat links XNNPACK: every diff would load it"
if grep -q "/usr/lib/fbcompat/libXNNPACK.so" <<<"$contents"; then
  dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/lib/fbcompat/fbcompat_reference_runtime.so >"$work/module.so"
  readelf -d "$work/module.so" | grep -q 'RUNPATH.*\$ORIGIN' ||
    fail "the packaged runtime module does not find its XNNPACK beside it: $(readelf -d "$work/module.so" | grep -i path)"
  readelf -d "$work/module.so" | grep -q 'fbcompat-deps' && fail "the packaged runtime module points into the build machine's cache"
fi
dpkg-deb --extract "$deb" "$work/root"
"$work/root/usr/bin/fbcompat" --version | grep -q "^fbcompat $version " ||
  fail "the packaged fbcompat says $("$work/root/usr/bin/fbcompat" --version)"
# The extracted package finds its module relative to itself, as it will under /usr.
"$work/root/usr/bin/fbcompat" --version | grep -q "golden runs on " ||
  fail "the packaged fbcompat cannot load its runtime: $("$work/root/usr/bin/fbcompat" --version)"
echo "deb: $(basename "$deb") ($(grep '^ Depends:' <<<"$info"))"
