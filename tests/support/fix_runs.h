// `fbcompat diff OLD NEW --fix` run the way every fix test runs it, with what every fix must hold checked.
#pragma once

#include <set>
#include <string>

namespace fbcompat::test {

// The rules of a JSON report's findings.
std::set<std::string> rules_of(const std::string& json_report);

// Runs `fbcompat diff old.fbs new.fbs --fix` on the two texts and returns the fixed new.fbs, after
// checking what every fix must hold: it fixed `rule` (and exits 1, a file having changed), the patch
// (`--format patch`, applied by `git apply`) gives the same text, the same base against the fixed file has
// no `rule` finding, and nothing the change declared is lost.
std::string fixed(const std::string& old_fbs, const std::string& new_fbs, const std::string& rule);

}  // namespace fbcompat::test
