#include "support/fix_runs.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "support/declared_names.h"
#include "support/test_support.h"

namespace fbcompat::test {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

std::set<std::string> rules_of(const std::string& json_report) {
  std::set<std::string> rules;
  const nlohmann::json report = nlohmann::json::parse(json_report);
  for (const auto& finding : report.at("findings")) rules.insert(finding.at("rule").get<std::string>());
  return rules;
}

std::string fixed(const std::string& old_fbs, const std::string& new_fbs, const std::string& rule) {
  TempDir dir;
  dir.write("old.fbs", old_fbs);
  dir.write("new.fbs", new_fbs);
  const CommandResult before = run_cli({"diff", "old.fbs", "new.fbs", "--format", "json"}, dir.path());
  BOOST_TEST(rules_of(before.out).count(rule) == 1u, rule << " does not fire: " << before.out << before.err);

  const CommandResult patch = run_cli({"diff", "old.fbs", "new.fbs", "--format", "patch"}, dir.path());
  BOOST_TEST(patch.exit_code == 1, patch.err);
  BOOST_TEST(contains(patch.out, "--- a/new.fbs\n+++ b/new.fbs\n"), patch.out);
  TempDir applied;
  applied.write("new.fbs", new_fbs);
  const std::string patch_file = applied.write("fix.patch", patch.out);
  BOOST_TEST(run_git(applied.path(), {"apply", patch_file}) == 0, "git apply refuses the patch:\n" << patch.out);

  const CommandResult fix = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, dir.path());
  BOOST_TEST(fix.exit_code == 1, "a run that changed a file must exit 1: " << fix.out << fix.err);
  BOOST_TEST(contains(fix.out, "] "), fix.out);
  BOOST_TEST(contains(fix.out, "= fixed: "), fix.out);
  BOOST_TEST(contains(fix.err, "fbcompat: --fix rewrote new.fbs"), fix.err);
  const std::string result = read_file(dir.path() + "/new.fbs");
  BOOST_TEST(read_file(applied.path() + "/new.fbs") == result, "git apply of the patch differs from --fix");

  const CommandResult again = run_cli({"diff", "old.fbs", "new.fbs", "--format", "json"}, dir.path());
  BOOST_TEST(rules_of(again.out).count(rule) == 0u, rule << " still fires after --fix: " << again.out << again.err);
  for (const std::string& name : declared_names(load_text(new_fbs))) {
    BOOST_TEST(declared_names(load_text(result)).count(name) == 1u, name << " was lost by the fix");
  }
  return result;
}

}  // namespace fbcompat::test
