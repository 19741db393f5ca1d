#!/usr/bin/env bash
# Builds the XNNPACK of November 2024 whose source Debian ships (trixie's; Debian 12's is a 2022
# snapshot that cannot define 16 of the delegate's node types) into a cache outside the clone, and prints
# its install prefix on stdout. It needs newer cpuinfo and pthreadpool than Debian 12 has, so their
# sources are built into it (with fxdiv's header): the one libXNNPACK.so is self-contained.
#
# Only the upstream tarballs are fetched, by file from the pool, each checked against the sha256 the
# Sources index gives: a mirror may lack a .dsc while the tarball is there, and Debian's patches are
# about building with the system's libraries, which this build does not. The cache is keyed by XNNPACK's
# upstream version, by the sha256 of the four tarballs' checksums and by this recipe's revision, so later
# builds and CI runs reuse it and a changed source or recipe is never mistaken for a built one.
#
# When the sources cannot be had (no network, no such package) it prints nothing and says why once on
# stderr; the caller then builds against the system XNNPACK. A cached build is reused offline.
# Usage: tools/deps/xnnpack.sh   (FBCOMPAT_DEPS_CACHE, FBCOMPAT_DEBIAN_MIRROR)
set -euo pipefail
source "$(dirname "$0")/debian_source.sh"

dep=xnnpack
recipe=2
system="the system XNNPACK"
# Each source and the suite it comes from: XNNPACK and the pthreadpool it was released with are trixie's;
# trixie's cpuinfo is missing from the pool, sid's builds; fxdiv has not changed since 2020.
sources=(xnnpack:trixie cpuinfo:sid pthreadpool:trixie fxdiv:trixie)
deps_begin

read_source_indexes trixie sid
declare -A tarball directory sha256
for entry in "${sources[@]}"; do
  package=${entry%%:*}
  suite=${entry#*:}
  record=$(orig_tarball_record "$package" "$suite")
  [ -n "$record" ] || fall_back "Debian's $suite source index has no $package"
  read -r _ directory[$package] tarball[$package] sha256[$package] <<<"$record"
done
version=$(basename "${tarball[xnnpack]}" | sed -E 's/^xnnpack_(.*)\.orig\.tar\..*$/\1/')  # 0.0~git20241108.4ea82e5
sha=$(for package in xnnpack cpuinfo pthreadpool fxdiv; do echo "${tarball[$package]} ${sha256[$package]}"; done |
  sha256sum | cut -c1-16)
prefix="$cache/xnnpack-$version-$sha-r$recipe"
if [ -f "$prefix/.complete" ]; then
  echo "$prefix"
  exit 0
fi

say "building XNNPACK $version from Debian's source into $prefix (once; about five minutes on two cores)"
declare -A tree
for package in xnnpack cpuinfo pthreadpool fxdiv; do
  fetch_checked "${directory[$package]}" "${tarball[$package]}" "${sha256[$package]}"
  mkdir -p "$work/src/$package"
  tar -xf "$work/src/${tarball[$package]}" -C "$work/src/$package" 2>"$work/tar.log" ||
    fall_back "cannot unpack ${tarball[$package]} ($(tail -n 1 "$work/tar.log"))"
  # XNNPACK's tarball has no top directory, the others have one.
  entries=("$work/src/$package"/*)
  if [ ${#entries[@]} -eq 1 ] && [ -d "${entries[0]}" ]; then tree[$package]=${entries[0]}; else tree[$package]=$work/src/$package; fi
done
# What a first setup waits for is mostly XNNPACK's kernels (about 850 files): the audit defines and runs
# small graphs, so the kernels of the x86 extensions past AVX2 (AVX-512, AVX-VNNI and their 256-bit forms,
# which XNNPACK builds only to pick them at run time) are left out, and everything is optimized at -O2,
# not -O3. XNNPACK then runs on its AVX2 (or older) kernels everywhere, with the same results.
lean_kernels=(-DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG")
for isa in AVXVNNI AVXVNNIINT8 AVX256SKX AVX256VNNI AVX256VNNIGFNI AVX512F AVX512SKX AVX512VBMI AVX512VNNI \
  AVX512VNNIGFNI AVX512AMX AVX512FP16; do
  lean_kernels+=(-DXNNPACK_ENABLE_$isa=OFF)
done
if ! {
  cmake -S "${tree[xnnpack]}" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DXNNPACK_LIBRARY_TYPE=shared -DXNNPACK_USE_SYSTEM_LIBS=OFF \
    -DCPUINFO_SOURCE_DIR="${tree[cpuinfo]}" -DPTHREADPOOL_SOURCE_DIR="${tree[pthreadpool]}" \
    -DFXDIV_SOURCE_DIR="${tree[fxdiv]}" -DCPUINFO_BUILD_TOOLS=OFF -DXNNPACK_BUILD_TESTS=OFF \
    -DXNNPACK_BUILD_BENCHMARKS=OFF -DXNNPACK_BUILD_ALL_MICROKERNELS=OFF "${lean_kernels[@]}" &&
    cmake --build "$work/build" -j "$(nproc)" && cmake --install "$work/build" --prefix "$work/prefix"
} >"$work/build.log" 2>&1; then
  fall_back "building XNNPACK $version failed ($(tail -n 1 "$work/build.log"))"
fi
install_whole "$prefix"
