// The rule pages (docs/rules/<ID>.md, embedded in the library) kept in step with the rules: every rule
// has a page stating its real category and severity, and every page's examples do what the page says,
// run through the real diff: the rule fires on the breaking change and not on the fixed one.
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>

#include "fbcompat/diff.h"
#include "fbcompat/rules.h"
#include "fbcompat/schema_loader.h"
#include "rules/rule_pages.h"
#include "test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// The bodies of the page's fenced blocks of one language (```fbs ... ```), in page order.
std::vector<std::string> fenced_blocks(std::string_view page, std::string_view language) {
  const std::string open = "```" + std::string(language) + "\n";
  std::vector<std::string> blocks;
  for (std::size_t at = page.find(open); at != std::string_view::npos; at = page.find(open, at)) {
    const std::size_t body = at + open.size();
    const std::size_t close = page.find("\n```", body);
    if (close == std::string_view::npos) break;
    blocks.emplace_back(page.substr(body, close + 1 - body));
    at = close + 4;
  }
  return blocks;
}

// The rest of the first line that starts with `prefix`; empty when there is none.
std::string line_value(std::string_view page, std::string_view prefix) {
  for (std::size_t at = 0; at < page.size();) {
    const std::size_t end = std::min(page.find('\n', at), page.size());
    const std::string_view line = page.substr(at, end - at);
    if (line.substr(0, prefix.size()) == prefix) return std::string(line.substr(prefix.size()));
    at = end + 1;
  }
  return {};
}

std::string first_word(const std::string& text) { return text.substr(0, text.find(' ')); }

// A page's three examples (old, new, fixed), loaded.
struct Examples {
  Schema old_schema;
  Schema new_schema;
  Schema fixed_schema;
};

// Problems (a page without three fbs blocks, an example that does not load) fail the test when `checked`;
// the suites that use pages only as input leave them to the suite that checks pages.
std::optional<Schema> load_example(const TempDir& dir, const std::string& rule, const std::string& name,
                                   const std::string& text, bool checked) {
  Expected<Schema> schema = load_schema(dir.write(name, text));
  if (checked) {
    BOOST_TEST(schema.ok(), rule << ": the " << name << " example does not load: "
                                  << (schema.ok() ? std::string() : schema.error().to_string()));
  }
  if (!schema.ok()) return std::nullopt;
  return std::move(schema).value();
}

std::optional<Examples> page_examples(const std::string& rule, bool checked) {
  const std::vector<std::string> blocks = fenced_blocks(rule_page(rule), "fbs");
  if (checked) {
    BOOST_TEST(blocks.size() == 3u, rule << ": expected three fbs blocks (old, new, fixed), found " << blocks.size());
  }
  if (blocks.size() != 3) return std::nullopt;
  const TempDir dir;
  auto old_schema = load_example(dir, rule, "old.fbs", blocks[0], checked);
  auto new_schema = load_example(dir, rule, "new.fbs", blocks[1], checked);
  auto fixed_schema = load_example(dir, rule, "fixed.fbs", blocks[2], checked);
  if (!old_schema || !new_schema || !fixed_schema) return std::nullopt;
  return Examples{std::move(*old_schema), std::move(*new_schema), std::move(*fixed_schema)};
}

std::vector<const RuleInfo*> evolution_rule_infos() {
  std::vector<const RuleInfo*> rules;
  for (const RuleInfo& rule : all_rules()) {
    if (rule.scope == RuleScope::Evolution) rules.push_back(&rule);
  }
  return rules;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rule_pages)

BOOST_AUTO_TEST_CASE(every_rule_has_a_page) {
  BOOST_TEST(!all_rules().empty());
  for (const RuleInfo& rule : all_rules()) {
    BOOST_TEST(!rule_page(rule.id).empty(), "no page docs/rules/" << rule.id << ".md");
  }
}

BOOST_AUTO_TEST_CASE(every_page_names_a_registered_rule) {
  BOOST_TEST(fbcompat::rule_pages().size() == all_rules().size());
  for (const RulePage& page : fbcompat::rule_pages()) {
    BOOST_TEST(find_rule(page.id) != nullptr, "docs/rules/" << page.id << ".md names no registered rule");
  }
}

BOOST_AUTO_TEST_CASE(pages_state_the_rules_id_category_severity_and_purpose) {
  for (const RuleInfo& rule : all_rules()) {
    const std::string id(rule.id);
    const std::string_view page = rule_page(id);
    if (page.empty()) continue;  // every_rule_has_a_page reports it
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      BOOST_TEST(page.substr(0, id.size() + 3) == "# " + id + "\n");
      BOOST_TEST(first_word(line_value(page, "**Category:** ")) == category_name(rule.category));
      BOOST_TEST(line_value(page, "**Default severity:** ") == severity_name(rule.default_severity));
      if (rule.scope == RuleScope::Evolution) BOOST_TEST(line_value(page, "**Command:** ") == "diff");
      BOOST_TEST(page.find("\n\n" + std::string(rule.purpose) + "\n\n## Why it matters\n") != std::string_view::npos,
                 "the purpose line is not the rule's purpose: " << rule.purpose);
      std::size_t previous = 0;
      for (const char* section : {"## Why it matters\n", "## Breaking example\n", "## Fixed example\n", "## Notes\n"}) {
        const std::size_t at = page.find(section);
        BOOST_TEST((at != std::string_view::npos && at > previous), "missing or out of order: " << section);
        if (at != std::string_view::npos) previous = at;
      }
    }
  }
}

// Each page's examples do what the page says: the rule fires on the breaking change and not on the fixed
// one, and the page shows what fbcompat really reports, each finding's message and fix word for word.
BOOST_AUTO_TEST_CASE(examples_do_what_the_page_says) {
  for (const RuleInfo* rule : evolution_rule_infos()) {
    const std::string id(rule->id);
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const std::optional<Examples> examples = page_examples(id, true);
      if (!examples) continue;
      const std::vector<Finding> breaking =
          with_rule(diff_schemas(examples->old_schema, examples->new_schema), id);
      BOOST_TEST(!breaking.empty(), id << " does not fire on the breaking example");
      BOOST_TEST(with_rule(diff_schemas(examples->old_schema, examples->fixed_schema), id).empty(),
                 id << " fires on the fixed example");
      const std::vector<std::string> reported = fenced_blocks(rule_page(id), "text");
      BOOST_TEST(reported.size() == 1u, "expected one text block: what fbcompat reports");
      if (reported.size() != 1) continue;
      for (const Finding& finding : breaking) {
        BOOST_TEST(reported[0].find("[" + id + "] " + finding.message + "\n") != std::string::npos,
                   "the page does not show the message: " << finding.message);
        BOOST_TEST(reported[0].find("  = fix: " + finding.fix + "\n") != std::string::npos,
                   "the page does not show the fix: " << finding.fix);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(explain_prints_the_page) {
  for (const RuleInfo& rule : all_rules()) {
    const CommandResult result = run_cli({"explain", std::string(rule.id)});
    BOOST_TEST(result.exit_code == 0, rule.id);
    BOOST_TEST(result.out == std::string(rule_page(rule.id)), rule.id);
  }
  const CommandResult unknown = run_cli({"explain", "NO_SUCH_RULE"});
  BOOST_TEST(unknown.exit_code == 2);
  BOOST_TEST(unknown.out.empty());
}

BOOST_AUTO_TEST_CASE(the_index_lists_every_rule) {
  const std::string index = read_file(source_path("docs/rules.md"));
  BOOST_TEST_REQUIRE(!index.empty());
  for (const RuleInfo& rule : all_rules()) {
    const std::string id(rule.id);
    const std::string row = "| [" + id + "](rules/" + id + ".md) | " + category_name(rule.category) + " | " +
                            severity_name(rule.default_severity) + " | " + std::string(rule.purpose) + " |\n";
    BOOST_TEST(index.find(row) != std::string::npos, "docs/rules.md lacks the row: " << row);
  }
}

BOOST_AUTO_TEST_SUITE_END()

// Rule bugs that writing the pages revealed. Each case states the intended behaviour and fails until the
// rule is fixed; the rules live in compat/src/rules/.
BOOST_AUTO_TEST_SUITE(rule_bugs)

// _XNNNode1x1 {input_id, output_id, flags} and _XNNNode2x1 {input1_id, input2_id, output_id, flags} hold
// uints in the same slots, but old softmax payloads would be read with their output id as input2_id and
// their flags as output_id. Comparing tables slot by slot by type alone calls them "laid out the same".
BOOST_AUTO_TEST_CASE(a_member_switched_to_a_table_with_other_fields_is_a_wire_break) {
  const std::string tables =
      "namespace fb_xnnpack;\n"
      "table _XNNNode2x1 { input1_id: uint; input2_id: uint; output_id: uint; flags: uint; }\n"
      "table _XNNNode1x1 { input_id: uint; output_id: uint; flags: uint; }\n";
  const std::string rest = "table XNode { xnode_union: XNodeUnion; }\nroot_type XNode;\n";
  const std::vector<Finding> findings =
      diff_texts(tables + "union XNodeUnion { XNNAdd: _XNNNode2x1, XNNSoftmax: _XNNNode1x1 }\n" + rest,
                 tables + "union XNodeUnion { XNNAdd: _XNNNode2x1, XNNSoftmax: _XNNNode2x1 }\n" + rest);
  BOOST_TEST(with_rule(findings, "UNION_MEMBER_SAME_TABLE").size() == 1u);
  BOOST_TEST(with_rule(findings, "UNION_MEMBER_SAME_TABLE_NAME").empty(),
             "reported as laid out the same, so old data still decodes");
}

// A declaration renamed together with its uses still decodes (the same diff says so with
// FIELD_SAME_TYPE_NAME or UNION_MEMBER_SAME_NAME), yet TYPE_NO_DELETE calls it deleted.
BOOST_AUTO_TEST_CASE(renaming_a_table_with_its_uses_is_not_a_deletion) {
  const std::vector<Finding> field_use = diff_texts(
      "table OutputMinMax { output_min: float; output_max: float; }\n"
      "table XNode { debug_handle: uint; output_min_max: OutputMinMax; }\nroot_type XNode;\n",
      "table OutputClamp { output_min: float; output_max: float; }\n"
      "table XNode { debug_handle: uint; output_clamp: OutputClamp; }\nroot_type XNode;\n");
  BOOST_TEST(with_rule(field_use, "TYPE_NO_DELETE").empty());
  BOOST_TEST(compatible(field_use));

  const std::vector<Finding> union_use = diff_texts(
      "table XNNStaticTranspose { num_dims: uint; perm: [uint]; }\n"
      "union XNodeUnion { XNNStaticTranspose }\ntable XNode { xnode_union: XNodeUnion; }\nroot_type XNode;\n",
      "table XNNTranspose { num_dims: uint; perm: [uint]; }\n"
      "union XNodeUnion { XNNTranspose }\ntable XNode { xnode_union: XNodeUnion; }\nroot_type XNode;\n");
  BOOST_TEST(with_rule(union_use, "TYPE_NO_DELETE").empty());
  BOOST_TEST(compatible(union_use));
}

// A field with `(nested_flatbuffer: "Debug")` holds whole Debug buffers, so old data can contain Debug.
BOOST_AUTO_TEST_CASE(a_nested_flatbuffer_root_is_a_use) {
  const std::vector<Finding> findings = diff_texts(
      "table Debug { names: [string]; }\n"
      "table G { a: int; debug: [ubyte] (nested_flatbuffer: \"Debug\"); }\nroot_type G;\n",
      "table G { a: int; debug: [ubyte]; }\nroot_type G;\n");
  BOOST_TEST(with_rule(findings, "TYPE_NO_DELETE").size() == 1u);
  BOOST_TEST(with_rule(findings, "TYPE_NO_DELETE_UNUSED").empty(), "reported as: no data can contain it");
}

// FIELD_SAME_TYPE names the types by name only, so a change of the enum's width or of table to struct
// reads "changed type from fb_xnnpack.XNNDatatype to fb_xnnpack.XNNDatatype". Checked on every page.
BOOST_AUTO_TEST_CASE(field_type_changes_name_what_changed) {
  const std::regex change("changed type from (\\S+) to ([^\\s:]+)");
  for (const RuleInfo* rule : evolution_rule_infos()) {
    const std::string id(rule->id);
    BOOST_TEST_CONTEXT("the breaking example of docs/rules/" << id << ".md") {
      const std::optional<Examples> examples = page_examples(id, false);
      if (!examples) continue;
      for (const Finding& finding : diff_schemas(examples->old_schema, examples->new_schema)) {
        std::smatch match;
        if (finding.rule != "FIELD_SAME_TYPE" || !std::regex_search(finding.message, match, change)) continue;
        BOOST_TEST(match[1].str() != match[2].str(), finding.message);
      }
    }
  }
}

// "its utype type id": `utype` is flatbuffers' internal name; schemas say ubyte.
BOOST_AUTO_TEST_CASE(union_capacity_names_the_type_ids_type) {
  std::string members;
  for (int id = 1; id <= 201; ++id) members += (id > 1 ? ", " : "") + std::string("M") + std::to_string(id) + ": T";
  const std::vector<Finding> findings =
      with_rule(diff_texts("table T { a: int; }\nunion U { M1: T }\ntable R { u: U; }\nroot_type R;\n",
                           "table T { a: int; }\nunion U { " + members + " }\ntable R { u: U; }\nroot_type R;\n"),
                "UNION_CAPACITY");
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].message.find("utype") == std::string::npos, findings[0].message);
  BOOST_TEST(findings[0].message.find("ubyte") != std::string::npos, findings[0].message);
}

// flatc 2.0.8 prints an undeclared enum number as a bare number and parses it back without complaint;
// the message says JSON input rejects it.
BOOST_AUTO_TEST_CASE(a_deleted_enum_value_message_matches_flatc_json) {
  const std::vector<Finding> findings = with_rule(
      diff_texts("enum D : short { a, b, c }\ntable T { d: D; }\nroot_type T;\n",
                 "enum D : short { a, b }\ntable T { d: D; }\nroot_type T;\n"),
      "ENUM_VALUE_NO_DELETE");
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].message.find("JSON input rejects") == std::string::npos, findings[0].message);
}

// A table that gains its first key has no old key; its old vectors were written unsorted.
BOOST_AUTO_TEST_CASE(a_first_key_claims_no_old_sort_order) {
  const std::vector<Finding> findings = with_rule(
      diff_texts("table E { name: string; size: ulong; }\ntable G { e: [E]; }\nroot_type G;\n",
                 "table E { name: string (key); size: ulong; }\ntable G { e: [E]; }\nroot_type G;\n"),
      "FIELD_SAME_KEY");
  BOOST_TEST_REQUIRE(findings.size() == 1u);
  BOOST_TEST(findings[0].message.find("sorted by the old key") == std::string::npos, findings[0].message);
}

BOOST_AUTO_TEST_SUITE_END()
