// The release rules (release_rules.h): one table for the loader, one for the XNNPACK backend, named
// in order; the releases whose rules differ derived from them; and docs/what-loads-where.md's table of
// them, row for row the same.
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fbcompat/executorch/load_verdict.h"
#include "fbcompat/executorch/release_rules.h"
#include "fbcompat/xnnpack/backend_load_checks.h"

using namespace fbcompat;

namespace {

const std::vector<ReleaseRule>& backend_rules() { return xnnpack::backend_load_checks().release_rules(); }

// The row docs/what-loads-where.md gives a rule.
std::string row_of(const ReleaseRule& rule) {
  return fmt::format("| `{}` | {} | {} | {} | {} | {} |", rule.id, rule.since.text(), rule.until ? rule.until->text() : "",
                     rule.stage, rule.change, rule.error);
}

// The rows of the page's release rules table, in order.
std::vector<std::string> documented_rows() {
  std::ifstream page(FBCOMPAT_SOURCE_DIR "/docs/what-loads-where.md");
  BOOST_TEST_REQUIRE(page.good());
  std::vector<std::string> rows;
  bool in_section = false;
  for (std::string line; std::getline(page, line);) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## Release rules";
    if (in_section && line.rfind("| `", 0) == 0) rows.push_back(line);
  }
  return rows;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(release_rules)

BOOST_AUTO_TEST_CASE(each_table_names_every_rule_once_in_order) {
  BOOST_TEST(loader_release_rules().size() == kLoaderRuleCount);
  std::set<std::string_view> ids;
  for (const auto* table : {&loader_release_rules(), &backend_rules()}) {
    for (const ReleaseRule& rule : *table) {
      BOOST_TEST(!rule.id.empty());
      BOOST_TEST(ids.insert(rule.id).second, "two rules are named " << rule.id);
      BOOST_TEST(!rule.change.empty(), rule.id);
      BOOST_TEST(!rule.error.empty(), rule.id);
      BOOST_TEST(!(rule.since < RuntimeRelease::oldest_described()), rule.id);
      if (rule.until) BOOST_TEST((rule.since < *rule.until), rule.id);
      // A rule applies from its release, and not before it.
      BOOST_TEST(rule.applies_to(rule.since), rule.id);
      if (RuntimeRelease::oldest_described() < rule.since) BOOST_TEST(!rule.applies_to(RuntimeRelease::oldest_described()), rule.id);
      if (rule.until) BOOST_TEST(!rule.applies_to(*rule.until), rule.id);
    }
  }
  // Spot checks that the names and the rows line up.
  BOOST_TEST(release_rule(LoaderRule::RankAtMost16).id == "rank-at-most-16");
  BOOST_TEST(release_rule(LoaderRule::MissingSegmentsRefused).id == "missing-segments-refused");
  BOOST_TEST(release_rule(LoaderRule::BFloat16ScalarType).since.text() == "0.3.0");
}

BOOST_AUTO_TEST_CASE(the_releases_whose_rules_differ_are_derived_from_the_tables) {
  const BackendRuleTables xnnpack{&backend_rules()};
  const std::vector<RuntimeRelease> releases = rule_change_releases(xnnpack);
  for (std::size_t i = 1; i < releases.size(); ++i) BOOST_TEST((releases[i - 1] < releases[i]));
  for (const auto* table : {&loader_release_rules(), &backend_rules()}) {
    for (const ReleaseRule& rule : *table) {
      const auto listed = [&](const RuntimeRelease& release) {
        return !(RuntimeRelease::oldest_described() < release) ||
               std::find(releases.begin(), releases.end(), release) != releases.end();
      };
      BOOST_TEST(listed(rule.since), rule.id);
      if (rule.until) BOOST_TEST(listed(*rule.until), rule.id);
    }
  }
  // The one the hand-kept list had lost: BFloat16 from 0.3.0. And 1.4.1, which only the backend's
  // table changes (it reads convolution and fully connected nodes before any value).
  BOOST_TEST((std::find(releases.begin(), releases.end(), RuntimeRelease{0, 3, 0}) != releases.end()));
  const std::vector<RuntimeRelease> loader_only = rule_change_releases();
  BOOST_TEST((std::find(loader_only.begin(), loader_only.end(), RuntimeRelease{1, 4, 1}) == loader_only.end()));
  BOOST_TEST((std::find(releases.begin(), releases.end(), RuntimeRelease{1, 4, 1}) != releases.end()));
  // One release per set of rules between two releases.
  const auto distinct = releases_with_distinct_rules({1, 1, 0}, {1, 4, 1}, xnnpack);
  std::vector<std::string> names;
  for (const RuntimeRelease& release : distinct) names.push_back(release.text());
  BOOST_TEST(fmt::format("{}", fmt::join(names, " ")) == "1.1.0 1.2.0 1.3.0 1.4.0 1.4.1");
  BOOST_TEST(rules_release({1, 3, 1}, xnnpack).text() == "1.3.0");
  BOOST_TEST(rules_release({0, 1, 0}, xnnpack).text() == "0.1.0");
}

BOOST_AUTO_TEST_CASE(what_loads_where_lists_the_same_rules) {
  std::vector<std::string> expected;
  for (const ReleaseRule& rule : loader_release_rules()) expected.push_back(row_of(rule));
  for (const ReleaseRule& rule : backend_rules()) expected.push_back(row_of(rule));
  const std::vector<std::string> documented = documented_rows();
  std::ostringstream wanted;
  for (const std::string& row : expected) wanted << row << "\n";
  BOOST_TEST_REQUIRE(documented.size() == expected.size(), "the page's table should read:\n" << wanted.str());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    BOOST_TEST(documented[i] == expected[i], "row " << i << " should read:\n" << expected[i]);
  }
}

BOOST_AUTO_TEST_SUITE_END()
