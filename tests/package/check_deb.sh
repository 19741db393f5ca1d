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
grep -q "^ Depends: .*libgit2" <<<"$info" || fail "the package does not depend on libgit2: $info"
contents=$(dpkg-deb --contents "$deb")
for file in ./usr/bin/fbcompat ./usr/lib/cmake/fbcompat/fbcompatSchemaCheck.cmake ./usr/share/doc/fbcompat/rules.md \
            ./usr/include/fbcompat/checks/module_diff.h; do
  grep -q " $file\$" <<<"$contents" || fail "the package lacks $file"
done
# A private XNNPACK (tools/deps/xnnpack.sh) travels in the package, found beside the program.
if grep -q "/usr/lib/fbcompat/libXNNPACK.so" <<<"$contents"; then
  dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/bin/fbcompat >"$work/fbcompat.bin"
  readelf -d "$work/fbcompat.bin" | grep -q 'RUNPATH.*\$ORIGIN/../lib/fbcompat' ||
    fail "the packaged fbcompat does not find its XNNPACK beside it: $(readelf -d "$work/fbcompat.bin" | grep -i path)"
  readelf -d "$work/fbcompat.bin" | grep -q 'fbcompat-deps' && fail "the packaged fbcompat points into the build machine's cache"
fi
dpkg-deb --extract "$deb" "$work/root"
"$work/root/usr/bin/fbcompat" --version | grep -q "^fbcompat $version " ||
  fail "the packaged fbcompat says $("$work/root/usr/bin/fbcompat" --version)"
echo "deb: $(basename "$deb") ($(grep '^ Depends:' <<<"$info"))"
