#include "support/finding_assertions.h"

#include <algorithm>

#include <boost/test/unit_test.hpp>

#include "fbcompat/core/report.h"

namespace fbcompat::test {

Finding single(const std::vector<Finding>& findings, const std::string& rule) {
  std::vector<Finding> selected;
  for (const Finding& finding : findings) {
    if (finding.rule == rule) selected.push_back(finding);
  }
  BOOST_TEST_REQUIRE(selected.size() == 1u,
                     "expected exactly one " << rule << " finding, got " << selected.size() << ":\n"
                                             << format_text_report(findings, "the diff"));
  return selected.front();
}

std::vector<std::string> rules_of(const std::vector<Finding>& findings) {
  std::vector<std::string> rules;
  rules.reserve(findings.size());
  for (const Finding& finding : findings) rules.push_back(finding.rule);
  std::sort(rules.begin(), rules.end());
  return rules;
}

Place place_of(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  if (at == std::string::npos) return {};
  const auto line_start = text.rfind('\n', at == 0 ? 0 : at - 1);
  const std::size_t column_start = line_start == std::string::npos || at == 0 ? 0 : line_start + 1;
  Place place;
  place.line = static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
  place.column = static_cast<std::uint32_t>(at - column_start + 1);
  return place;
}

bool points_at(const Finding& finding, const std::string& file_suffix, const std::string& text,
               const std::string& needle) {
  const Place place = place_of(text, needle);
  BOOST_TEST_REQUIRE(place.line != 0u, "'" << needle << "' does not occur in the schema text");
  const bool right = ends_with(finding.file, file_suffix) && finding.line == place.line && finding.column == place.column;
  if (!right) {
    BOOST_TEST_MESSAGE(finding.rule << " points at " << finding.file << ":" << finding.line << ":" << finding.column
                                    << ", expected " << file_suffix << ":" << place.line << ":" << place.column
                                    << " ('" << needle << "')");
  }
  return right;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<Finding> diff_paths(const std::string& old_path, const std::string& new_path, const LoadOptions& old_options,
                                const LoadOptions& new_options, const DiffOptions& diff_options) {
  Expected<Schema> old_schema = load_schema(old_path, old_options);
  BOOST_TEST_REQUIRE(old_schema.ok(), "old schema did not load: " << (old_schema.ok() ? "" : old_schema.error().to_string()));
  Expected<Schema> new_schema = load_schema(new_path, new_options);
  BOOST_TEST_REQUIRE(new_schema.ok(), "new schema did not load: " << (new_schema.ok() ? "" : new_schema.error().to_string()));
  return diff_schemas(*old_schema, *new_schema, diff_options);
}

}  // namespace fbcompat::test
