// Assertions the rule suites share: the one finding a change should produce, the rules a diff
// reported, and where a piece of schema text sits, so that tests check locations without hard-coding
// line numbers that would drift when a schema in a test is edited.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/schema_loader.h"
#include "support/test_support.h"  // printing Severity and Category

namespace fbcompat::test {

// The one finding of `rule`; the test case stops when there is not exactly one.
Finding single(const std::vector<Finding>& findings, const std::string& rule);

// The rule ids of every finding, sorted: a diff's whole verdict, for exact comparison.
std::vector<std::string> rules_of(const std::vector<Finding>& findings);

// Where `needle` first occurs in `text`: 1-based line and column; {0, 0} when it does not occur.
struct Place {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};
Place place_of(const std::string& text, const std::string& needle);

// Whether the finding points at `needle` in the schema text and file named `file_suffix`.
bool points_at(const Finding& finding, const std::string& file_suffix, const std::string& text,
               const std::string& needle);

bool contains(const std::string& text, const std::string& part);
bool ends_with(const std::string& text, const std::string& suffix);

// Diffs two schemas loaded with options (include directories) rather than from text.
std::vector<Finding> diff_paths(const std::string& old_path, const std::string& new_path,
                                const LoadOptions& old_options = {}, const LoadOptions& new_options = {},
                                const DiffOptions& diff_options = {});

}  // namespace fbcompat::test
