// Running a script of tools/deps/ (the builds of newer libraries from Debian's source) as its fallback
// tests need: with a mirror that has nothing, so no network is touched, and a cache of the test's own.
#pragma once

#include <cstddef>
#include <string>

#include "support/test_support.h"

namespace fbcompat::test {

// Runs tools/deps/<dep>.sh with FBCOMPAT_DEBIAN_MIRROR pointing nowhere and FBCOMPAT_DEPS_CACHE = cache.
CommandResult run_deps_script_without_source(const std::string& dep, const std::string& cache);

// The script's recipe revision ("recipe=2" in tools/deps/<dep>.sh), the last part of its cache keys: "r2".
std::string deps_recipe(const std::string& dep);

// Lines of text (counting newlines): "says so once" is one line.
std::size_t line_count(const std::string& text);

// Whether the script left a work directory (.<dep>-work.*) behind in the cache.
bool has_work_directory(const std::string& cache, const std::string& dep);

}  // namespace fbcompat::test
