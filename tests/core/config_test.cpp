#include <boost/test/unit_test.hpp>

#include "fbcompat/core/config.h"
#include "fbcompat/release/rule_catalogue.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

BOOST_AUTO_TEST_SUITE(config)

BOOST_AUTO_TEST_CASE(the_bundled_configuration_names_the_xnnpack_family) {
  const auto config = load_config(source_path("fbcompat.toml"), all_rules());
  BOOST_TEST_REQUIRE(config.ok(), (config.ok() ? "" : config.error().to_string()));
  const HistoryConfig* family = config->find_history("xnnpack");
  BOOST_TEST_REQUIRE(family != nullptr);
  BOOST_TEST(family->directory == source_path("schemas/xnnpack"));
  BOOST_TEST(family->writer == "schema.fbs");
  BOOST_TEST(family->reader == "runtime_schema.fbs");
  BOOST_TEST(family->accept_identifiers == (std::vector<std::string>{"XN00", "XN01"}), boost::test_tools::per_element());
}

// Each delegate family's history, of the family's name: MLX's has one schema file per version.
BOOST_AUTO_TEST_CASE(the_bundled_configuration_names_each_delegate_familys_history) {
  const auto config = load_config(source_path("fbcompat.toml"), all_rules());
  BOOST_TEST_REQUIRE(config.ok(), (config.ok() ? "" : config.error().to_string()));
  BOOST_TEST(config->histories.size() == 2u);
  BOOST_TEST(config->notes.empty());
  const HistoryConfig* mlx = config->find_history("mlx");
  BOOST_TEST_REQUIRE(mlx != nullptr);
  BOOST_TEST(mlx->directory == source_path("schemas/mlx"));
  BOOST_TEST(mlx->lock == source_path("schemas/mlx/fbcompat.lock"));
  BOOST_TEST(mlx->golden == source_path("golden"));
}

// Users' files keep working: [[family]], the old name of [[history]], is read as it, with a note
// naming the file and line; the same name in both is one history declared twice.
BOOST_AUTO_TEST_CASE(the_old_family_key_is_read_as_history_with_a_note) {
  TempDir dir;
  const auto old = load_config(dir.write("old.toml", "# an older file\n[[family]]\nname = \"x\"\ndirectory = \"d\"\n"),
                               all_rules());
  BOOST_TEST_REQUIRE(old.ok(), (old.ok() ? "" : old.error().to_string()));
  BOOST_TEST_REQUIRE(old->histories.size() == 1u);
  BOOST_TEST(old->histories[0].name == "x");
  BOOST_TEST_REQUIRE(old->notes.size() == 1u);
  BOOST_TEST(old->notes[0].find(dir.path() + "/old.toml:2: [[family]] is read as [[history]]") == 0u, old->notes[0]);

  const auto current = load_config(dir.write("new.toml", "[[history]]\nname = \"x\"\ndirectory = \"d\"\n"), all_rules());
  BOOST_TEST_REQUIRE(current.ok());
  BOOST_TEST(current->notes.empty());

  const auto both = load_config(
      dir.write("both.toml", "[[history]]\nname = \"x\"\ndirectory = \"d\"\n\n[[family]]\nname = \"x\"\ndirectory = \"e\"\n"),
      all_rules());
  BOOST_TEST_REQUIRE(!both.ok());
  BOOST_TEST(both.error().message.find("history 'x' is declared twice") != std::string::npos, both.error().message);
  BOOST_TEST(both.error().line == 5u);

  // The CLI says the note on stderr and works as before.
  dir.write("schemas/x/manifest.toml",
            "family = \"x\"\n[[version]]\nname = \"v1\"\nreleases = [\"1.0\"]\nwriter_identifier = \"\"\nreader_identifiers = []\n");
  dir.write("schemas/x/v1/schema.fbs", "table T { a: int; }\nroot_type T;\n");
  dir.write("fbcompat.toml", "[[family]]\nname = \"x\"\ndirectory = \"schemas/x\"\n");
  const auto audit = run_cli({"audit"}, dir.path());
  BOOST_TEST(audit.exit_code == 0, audit.out + audit.err);
  BOOST_TEST(audit.err.find("fbcompat: note: ") == 0u, audit.err);
  BOOST_TEST(audit.err.find("rename the key") != std::string::npos, audit.err);
  BOOST_TEST(audit.out.find("x: compatible") != std::string::npos, audit.out);
}

BOOST_AUTO_TEST_CASE(rules_and_ignores_become_the_policy) {
  TempDir dir;
  const auto config = load_config(dir.write("fbcompat.toml", R"(
[rules]
FIELD_NEWLY_DEPRECATED = "info"

[[ignore]]
rule = "FIELD_NO_DELETE"
subject = "fb_xnnpack.XNNTensorValue.dq_datatype"
reason = "retired in 0.2.0; the runtime keeps slot 7"

[diff]
union_capacity_warning = 120
)"), all_rules());
  BOOST_TEST_REQUIRE(config.ok(), (config.ok() ? "" : config.error().to_string()));
  BOOST_TEST(config->union_capacity_warning == 120u);
  BOOST_TEST((config->policy.severity.at("FIELD_NEWLY_DEPRECATED") == Severity::Info));

  std::vector<Finding> findings(3);
  findings[0].rule = "FIELD_NO_DELETE";
  findings[0].subject = "fb_xnnpack.XNNTensorValue.dq_datatype";
  findings[1].rule = "FIELD_NO_DELETE";
  findings[1].subject = "fb_xnnpack.XNNTensorValue.flags";
  findings[2].rule = "FIELD_NEWLY_DEPRECATED";
  findings[2].severity = Severity::Warning;
  BOOST_TEST(apply_policy(config->policy, findings) == 1u);
  BOOST_TEST_REQUIRE(findings.size() == 2u);
  BOOST_TEST(findings[0].subject == "fb_xnnpack.XNNTensorValue.flags");
  BOOST_TEST(findings[1].severity == Severity::Info);
}

BOOST_AUTO_TEST_CASE(a_wildcard_ignore_must_say_so) {
  TempDir dir;
  const std::string ignore = "[[ignore]]\nrule = \"FIELD_NO_DELETE\"\nreason = \"r\"\n";
  const auto everything = load_config(dir.write("a.toml", ignore + "subject = \"*\"\n"), all_rules());
  BOOST_TEST_REQUIRE(!everything.ok());
  BOOST_TEST(everything.error().line == 4u);
  BOOST_TEST(everything.error().message.find("accepts every FIELD_NO_DELETE finding anywhere") != std::string::npos,
             everything.error().message);
  BOOST_TEST(everything.error().message.find("wildcard = true") != std::string::npos);
  const auto prefix = load_config(dir.write("b.toml", ignore + "subject = \"fb.*\"\n"), all_rules());
  BOOST_TEST_REQUIRE(!prefix.ok());
  BOOST_TEST(prefix.error().message.find("under fb.") != std::string::npos, prefix.error().message);
  const auto spelled = load_config(dir.write("c.toml", ignore + "subject = \"fb.*\"\nwildcard = true\n"), all_rules());
  BOOST_TEST_REQUIRE(spelled.ok(), (spelled.ok() ? "" : spelled.error().to_string()));
  std::vector<Finding> findings(2);
  findings[0].rule = "FIELD_NO_DELETE";
  findings[0].subject = "fb.A.x";
  findings[1].rule = "FIELD_NO_DELETE";
  findings[1].subject = "other.A.x";
  BOOST_TEST(apply_policy(spelled->policy, findings) == 1u);
  const auto needless = load_config(dir.write("d.toml", ignore + "subject = \"fb.A.x\"\nwildcard = true\n"), all_rules());
  BOOST_TEST_REQUIRE(!needless.ok());
  BOOST_TEST(needless.error().message.find("names one subject") != std::string::npos, needless.error().message);
}

BOOST_AUTO_TEST_CASE(mistakes_name_the_key_and_line) {
  TempDir dir;
  const auto unknown = load_config(dir.write("a.toml", "[[history]]\nname = \"x\"\ndirectory = \"d\"\nwritter = \"w.fbs\"\n"), all_rules());
  BOOST_TEST_REQUIRE(!unknown.ok());
  BOOST_TEST(unknown.error().message.find("unknown key 'writter'") != std::string::npos, unknown.error().message);
  BOOST_TEST(unknown.error().line == 4u);

  const auto top = load_config(dir.write("b.toml", "famly = 1\n"), all_rules());
  BOOST_TEST_REQUIRE(!top.ok());
  BOOST_TEST(top.error().message.find("unknown key 'famly'") != std::string::npos);

  const auto no_reason = load_config(dir.write("c.toml", "[[ignore]]\nrule = \"FIELD_NO_DELETE\"\nsubject = \"a.B.c\"\n"), all_rules());
  BOOST_TEST_REQUIRE(!no_reason.ok());
  BOOST_TEST(no_reason.error().message.find("reason") != std::string::npos, no_reason.error().message);

  const auto unknown_rule = load_config(dir.write("d.toml", "[rules]\nNOT_A_RULE = \"error\"\n"), all_rules());
  BOOST_TEST_REQUIRE(!unknown_rule.ok());
  BOOST_TEST(unknown_rule.error().message.find("NOT_A_RULE") != std::string::npos);

  const auto bad_severity = load_config(dir.write("e.toml", "[rules]\nFIELD_NO_DELETE = \"fatal\"\n"), all_rules());
  BOOST_TEST(!bad_severity.ok());

  const auto syntax = load_config(dir.write("f.toml", "[[family]\n"), all_rules());
  BOOST_TEST_REQUIRE(!syntax.ok());
  BOOST_TEST(syntax.error().line == 1u);
}

BOOST_AUTO_TEST_CASE(find_config_searches_parent_directories) {
  TempDir dir;
  dir.write("fbcompat.toml", "");
  dir.write("a/b/placeholder", "");
  const auto found = find_config(dir.path() + "/a/b");
  BOOST_TEST_REQUIRE(found.ok());
  BOOST_TEST_REQUIRE(found->has_value());
  BOOST_TEST(**found == dir.path() + "/fbcompat.toml");
}

BOOST_AUTO_TEST_SUITE_END()
