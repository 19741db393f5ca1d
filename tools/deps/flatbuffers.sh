#!/usr/bin/env bash
# Builds the newer flatbuffers whose source Debian ships (trixie's; Debian 12's binary is 2.0.8) into a
# cache outside the clone, and prints its install prefix on stdout. The cache is keyed by the Debian
# version, by the sha256 of the source's .dsc (which lists the checksums of the upstream tarball and of
# Debian's patches) and by this recipe's revision, so later builds and CI runs reuse it and a changed
# source or recipe is never mistaken for a built one. System apt sources are untouched (debian_source.sh).
#
# When the source cannot be had (no network, no such package) it prints nothing and says why once on
# stderr; the caller then builds against the system flatbuffers. A cached build is reused offline.
# Usage: tools/deps/flatbuffers.sh   (FBCOMPAT_DEPS_CACHE, FBCOMPAT_FLATBUFFERS_SUITE, FBCOMPAT_DEBIAN_MIRROR)
set -euo pipefail
source "$(dirname "$0")/debian_source.sh"

# The Debian suite to take the source from.
suite=${FBCOMPAT_FLATBUFFERS_SUITE:-trixie}
dep=flatbuffers
recipe=2
system="the system flatbuffers"
deps_begin

read_source_indexes "$suite"
if ! (cd "$work/src" && apt-get "${apt_private[@]}" source --download-only -qq flatbuffers >"$work/apt.log" 2>&1); then
  fall_back "cannot fetch flatbuffers' source from $suite ($(tail -n 1 "$work/apt.log"))"
fi
dscs=("$work"/src/flatbuffers_*.dsc)
[ -f "${dscs[0]}" ] || fall_back "the $suite source of flatbuffers has no .dsc"
dsc=${dscs[0]}
version=$(basename "$dsc" .dsc | sed 's/^flatbuffers_//')  # Debian's, e.g. 23.5.26+dfsg-4
sha=$(sha256sum "$dsc" | cut -c1-16)
prefix="$cache/flatbuffers-$version-$sha-r$recipe"
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

say "building flatbuffers $version from Debian's source into $prefix (once; about two minutes on two cores)"
(cd "$work/src" && dpkg-source --no-check -x "$(basename "$dsc")" tree >"$work/dpkg-source.log" 2>&1) ||
  fall_back "cannot unpack flatbuffers $version ($(tail -n 1 "$work/dpkg-source.log"))"
if ! {
  # Configured for its final place (flatbuffers.pc names it), installed beside it, then moved in whole.
  cmake -S "$work/src/tree" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DFLATBUFFERS_BUILD_TESTS=OFF -DFLATBUFFERS_BUILD_FLATHASH=OFF \
    -DFLATBUFFERS_BUILD_SHAREDLIB=ON -DFLATBUFFERS_BUILD_FLATC=ON -DFLATBUFFERS_BUILD_FLATLIB=ON &&
    cmake --build "$work/build" -j "$(nproc)" && cmake --install "$work/build" --prefix "$work/prefix"
} >"$work/build.log" 2>&1; then
  fall_back "building flatbuffers $version failed ($(tail -n 1 "$work/build.log"))"
fi
install_whole "$prefix"
