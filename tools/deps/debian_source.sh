# Shared by the scripts of tools/deps/ (sourced, not run): a build of a newer library from Debian's source
# into a cache outside the clone, one build at a time, and the fallback when the source cannot be had.
# System apt sources are untouched: a private apt configuration (its own sources list, lists and cache)
# reads the deb-src indexes, and apt checks every downloaded file against them.
#
# The sourcing script sets, before deps_begin:
#   dep       the cache's name for the library ("flatbuffers": ~/.cache/fbcompat-deps/flatbuffers-...)
#   recipe    the recipe's revision, part of the key: a build made by an older recipe is not reused
#   system    what the build uses without a prefix ("the system flatbuffers")
# Environment: FBCOMPAT_DEPS_CACHE (the cache), FBCOMPAT_DEBIAN_MIRROR (a test points it at nothing).

say() { echo "setup: $*" >&2; }

# Takes the lock, makes the work directory (removed on exit) and the private apt configuration.
deps_begin() {
  mirror=${FBCOMPAT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
  cache=${FBCOMPAT_DEPS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fbcompat-deps}
  mkdir -p "$cache"
  # One build at a time: a second setup (another clone, a CI run) waits, then finds the build complete.
  exec 9>"$cache/.$dep.lock"
  flock 9
  work=$(mktemp -d "$cache/.$dep-work.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  # The lists stay in the cache (one folder per library, used under its lock): apt then downloads an index
  # again only when the mirror's has changed, not tens of megabytes on every setup.
  lists="$cache/.$dep-lists"
  mkdir -p "$lists/partial" "$work/cache/archives/partial" "$work/src"
  apt_private=(-o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$lists" -o Dir::Cache="$work/cache" -o APT::Sandbox::User=root)
}

# The newest complete cached build of this recipe, for when the index cannot be read.
cached_prefix() {
  local stamp
  stamp=$(ls -1d "$cache/$dep"-*-r"$recipe"/.complete 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$stamp" ] && dirname "$stamp"
}

# Says why once, prints a cached build's prefix when there is one (else nothing), and ends the script.
fall_back() {
  local prefix
  prefix=$(cached_prefix || true)
  if [ -n "$prefix" ]; then
    say "note: $1; using the cached $(basename "$prefix")"
    echo "$prefix"
  else
    say "note: $1; building against $system instead"
  fi
  exit 0
}

# Reads the deb-src indexes of the given suites ("trixie sid") into the private lists.
read_source_indexes() {
  local suite
  : >"$work/sources.list"
  for suite in "$@"; do echo "deb-src $mirror $suite main" >>"$work/sources.list"; done
  if ! apt-get "${apt_private[@]}" update -qq >"$work/apt.log" 2>&1; then
    local suites="$*" indexes="source index"
    [ $# -eq 1 ] || indexes="source indexes"
    fall_back "cannot read Debian's ${suites// / and } $indexes ($(tail -n 1 "$work/apt.log"))"
  fi
}

# "<version> <pool directory> <orig tarball> <its sha256>" of the newest source of package $1 in the
# index of suite $2 (read by read_source_indexes), or nothing. The .dsc is not needed: a mirror may
# lack it while the upstream tarball is there, and the index's checksum of the tarball is what counts.
orig_tarball_record() {
  local package=$1 suite=$2 index
  index=$(apt-get "${apt_private[@]}" indextargets --format '$(FILENAME)' 'Created-By: Sources' "Codename: $suite" |
    sed -n 1p)
  [ -n "$index" ] && [ -f "$index" ] || return 0
  /usr/lib/apt/apt-helper cat-file "$index" | newest_orig_tarball "$package"
}

# The same, read from a Sources index on stdin (deb822 stanzas); the newest version wins.
newest_orig_tarball() {
  awk -v package="$1" '
    function emit() { if (wanted && file != "") print version, directory, file, sha256 }
    /^Package: / { wanted = ($2 == package); file = ""; in_sha256 = 0 }
    /^$/ { emit(); wanted = 0; file = ""; in_sha256 = 0 }
    !wanted { next }
    /^Version: / { version = $2 }
    /^Directory: / { directory = $2 }
    /^Checksums-Sha256:/ { in_sha256 = 1; next }
    in_sha256 && /^ / { if ($3 ~ /\.orig\.tar\./) { sha256 = $1; file = $3 } next }
    { in_sha256 = 0 }
    END { emit() }' | sort -V -k1,1 | tail -n 1
}

# Downloads $2 from the pool directory $1 into $work/src and checks it against the sha256 $3.
fetch_checked() {
  local directory=$1 file=$2 sha256=$3
  if ! /usr/lib/apt/apt-helper -o APT::Sandbox::User=root download-file "$mirror/$directory/$file" \
    "$work/src/$file" "SHA256:$sha256" >"$work/fetch.log" 2>&1; then
    fall_back "cannot fetch $file from $mirror ($(tail -n 1 "$work/fetch.log"))"
  fi
  echo "$sha256  $work/src/$file" | sha256sum -c --status ||
    fall_back "$file does not match the checksum of Debian's source index"
}

# Moves the build installed in $work/prefix into its final place $1 whole, stamped complete.
install_whole() {
  touch "$work/prefix/.complete"
  rm -rf "$1"
  mv "$work/prefix" "$1"
  echo "$1"
}
