// The rule pages (docs/rules/<ID>.md, embedded in the library) kept in step with the rules. Every
// registered rule has a page of one structure: a header stating what the registry says (id, category,
// default severity, command, purpose), then Why it matters, Breaking example, Fixed example and Notes.
//
// The pages of the rules that compare schemas (diff, pair, lock) are run. Their examples are files: a
// fenced block whose label line (the line above the fence) ends in "(`PATH`):" is written to PATH. The
// rule must fire on the breaking example and not on the fixed one, and every ```text block that starts
// with "$ fbcompat " is a transcript: each "$ " line is run in the directory of the example files, and
// the lines up to the next "$ " line must be exactly what it prints. docs/rules.md says the same for
// people writing pages.
#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/release/audit.h"
#include "fbcompat/core/config.h"
#include "fbcompat/release/rule_catalogue.h"
#include "fbcompat/checks/diff.h"
#include "fbcompat/checks/fix.h"
#include "fbcompat/core/history.h"
#include "fbcompat/checks/lock.h"
#include "fbcompat/checks/pair.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/schema_loader.h"
#include "support/finding_assertions.h"
#include "catalogue/rule_pages.h"
#include "support/test_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

// Rules whose breaking example needs syntax newer than the FlatBuffers fbcompat builds with (2.0.8):
// their pages are checked against the loaded model instead (see the test case of that name).
const std::set<std::string> kNewerSyntaxRules{"UNION_SAME_UNDERLYING_TYPE"};

// The lock rule about the lock file itself rather than a schema against it: its page is a schema family.
const std::string kLockFileRule = "LOCK_OUT_OF_DATE";

// The breaking example's transcript each kind of page must show: the command run on its example files.
const std::string kDiffCommand = "fbcompat diff old.fbs new.fbs";
const std::string kPairCommand = "fbcompat pair --writer writer.fbs --reader reader.fbs";
const std::string kLockCommand = "fbcompat diff released/schema.fbs schema.fbs --lock fbcompat.lock";
const std::string kLockCheckCommand = "fbcompat lock --check";

const std::vector<std::string> kSections{"## Why it matters", "## Breaking example", "## Fixed example", "## Notes"};

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    lines.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return lines;
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// The error of a failed Expected, for a test's message (which Boost.Test evaluates either way).
template <typename T>
std::string problem_of(const Expected<T>& expected) {
  return expected.ok() ? std::string() : expected.error().to_string();
}

// A fenced block: its language (```fbs), the label line above it, and its body.
struct Block {
  std::string language;
  std::string label;
  std::string body;

  // The file the label names ("Old schema (`old.fbs`):"), or empty.
  std::string path() const {
    const std::size_t open = label.rfind("(`");
    if (open == std::string::npos || label.size() < open + 5 || label.substr(label.size() - 3) != "`):") return {};
    return label.substr(open + 2, label.size() - 3 - (open + 2));
  }
};

std::vector<Block> fenced_blocks(std::string_view page) {
  std::vector<Block> blocks;
  const std::vector<std::string> lines = lines_of(page);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!starts_with(lines[i], "```") || lines[i].size() == 3) continue;
    Block block;
    block.language = lines[i].substr(3);
    block.label = i > 0 ? lines[i - 1] : std::string();
    std::size_t j = i + 1;
    for (; j < lines.size() && lines[j] != "```"; ++j) block.body += lines[j] + "\n";
    blocks.push_back(std::move(block));
    i = j;
  }
  return blocks;
}

std::vector<Block> blocks_in(const std::vector<Block>& blocks, const std::string& language) {
  std::vector<Block> selected;
  for (const Block& block : blocks) {
    if (block.language == language) selected.push_back(block);
  }
  return selected;
}

// One command of a transcript and what it prints.
struct Transcript {
  std::string command;  // "fbcompat diff old.fbs new.fbs"
  std::string output;
};

std::vector<Transcript> transcripts(const std::vector<Block>& blocks) {
  std::vector<Transcript> commands;
  for (const Block& block : blocks_in(blocks, "text")) {
    if (!starts_with(block.body, "$ fbcompat ") && !starts_with(block.body, "$ git ")) continue;
    for (const std::string& line : lines_of(block.body)) {
      if (starts_with(line, "$ ")) {
        commands.push_back({line.substr(2), {}});
      } else {
        commands.back().output += line + "\n";
      }
    }
  }
  return commands;
}

std::vector<std::string> words(const std::string& command) {
  std::vector<std::string> split;
  for (std::size_t at = 0; at < command.size();) {
    const std::size_t end = std::min(command.find(' ', at), command.size());
    if (end > at) split.push_back(command.substr(at, end - at));
    at = end + 1;
  }
  return split;
}

// A page's example files, written out, and its transcripts.
class PageExamples {
 public:
  explicit PageExamples(const std::string& id) : id_(id), blocks_(fenced_blocks(rule_page(id))) {
    for (const Block& block : blocks_) {
      if (!block.path().empty()) files_[block.path()] = dir_.write(block.path(), block.body);
    }
  }

  const std::vector<Block>& blocks() const { return blocks_; }
  const TempDir& dir() const { return dir_; }
  bool has(const std::string& file) const { return files_.count(file) != 0; }

  // The full path of an example file; the test fails when the page has none of that name.
  std::optional<std::string> file(const std::string& name) const {
    const auto found = files_.find(name);
    BOOST_TEST((found != files_.end()), id_ << ": no example file " << name << " (a block labelled \"(`" << name << "`):\")");
    if (found == files_.end()) return std::nullopt;
    return found->second;
  }

  std::optional<Schema> schema(const std::string& name) const {
    const std::optional<std::string> path = file(name);
    if (!path) return std::nullopt;
    Expected<Schema> loaded = load_schema(*path);
    BOOST_TEST(loaded.ok(), id_ << ": " << name << " does not load: " << problem_of(loaded));
    if (!loaded.ok()) return std::nullopt;
    return std::move(loaded).value();
  }

  // Runs every transcript in order, each output word for word; one of them must be `breaking`,
  // reporting the rule.
  void check_transcripts(const std::string& breaking) const {
    bool shown = false;
    for (const Transcript& transcript : transcripts(blocks_)) {
      std::vector<std::string> arguments = words(transcript.command);
      BOOST_TEST_REQUIRE(!arguments.empty());
      BOOST_TEST((arguments.front() == "fbcompat" || arguments.front() == "git"));
      const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
      if (arguments.front() == "git") {
        // A module page's repository: git says nothing (its lines use -q) and succeeds.
        BOOST_TEST(run_git(dir_.path(), rest) == 0, "`" << transcript.command << "` fails");
        BOOST_TEST(transcript.output.empty(), "`" << transcript.command << "` is shown printing something");
        continue;
      }
      const CommandResult result = run_cli(rest, dir_.path());
      // Pages show the default build's parser; a build on another one (the sanitizer build's system
      // flatbuffers) names its own where a message names the parser.
      std::string expected = transcript.output;
      const std::string documented = "flatbuffers 23.5.26";
      for (std::size_t at = expected.find(documented); at != std::string::npos; at = expected.find(documented, at + 1)) {
        expected.replace(at, documented.size(), "flatbuffers " + schema_parser_version());
      }
      BOOST_TEST(result.out == expected, "`" << transcript.command << "` prints something else:\n" << result.out);
      BOOST_TEST(result.err.empty(), "`" << transcript.command << "` fails: " << result.err);
      shown |= transcript.command == breaking && transcript.output.find("[" + id_ + "] ") != std::string::npos;
    }
    BOOST_TEST(shown, "no transcript of `" << breaking << "` that shows a " << id_ << " finding");
  }

 private:
  std::string id_;
  std::vector<Block> blocks_;
  TempDir dir_;
  std::map<std::string, std::string> files_;
};

std::vector<const RuleInfo*> rules_of_scope(RuleScope scope) {
  std::vector<const RuleInfo*> rules;
  for (const RuleInfo& rule : all_rules()) {
    if (rule.scope == scope) rules.push_back(&rule);
  }
  return rules;
}

// The command `fbcompat rules` names for each rule: what a page's **Command:** line must say.
const std::map<std::string, std::string>& listed_commands() {
  static const std::map<std::string, std::string> commands = [] {
    std::map<std::string, std::string> listed;
    const CommandResult result = run_cli({"rules", "--format", "json"});
    BOOST_TEST_REQUIRE(result.exit_code == 0);
    for (const auto& rule : nlohmann::json::parse(result.out)) {
      listed[rule.at("id").get<std::string>()] = rule.at("command").get<std::string>();
    }
    return listed;
  }();
  return commands;
}

std::string file_name_of(const std::string& path) { return path.substr(path.rfind('/') + 1); }

std::string short_name(const std::string& qualified) { return qualified.substr(qualified.rfind('.') + 1); }

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

// The header, line by line: "# ID", a blank line, Category, Default severity, Command and Fixable, a
// blank line, the purpose, a blank line, then the first section.
BOOST_AUTO_TEST_CASE(every_page_states_what_the_registry_says) {
  BOOST_TEST_REQUIRE(listed_commands().size() == all_rules().size());
  for (const RuleInfo& rule : all_rules()) {
    const std::string id(rule.id);
    const std::string_view page = rule_page(id);
    if (page.empty()) continue;  // every_rule_has_a_page reports it
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const std::vector<std::string> lines = lines_of(page);
      BOOST_TEST_REQUIRE(lines.size() > 10u);
      BOOST_TEST(lines[0] == "# " + id);
      BOOST_TEST(lines[1].empty());
      BOOST_TEST(starts_with(lines[2], "**Category:** " + std::string(category_name(rule.category)) + " — "), lines[2]);
      BOOST_TEST(lines[3] == "**Default severity:** " + std::string(severity_name(rule.default_severity)));
      const std::string command = "**Command:** " + listed_commands().at(id);
      BOOST_TEST((lines[4] == command || starts_with(lines[4], command + " — ")), lines[4] << " (expected " << command << ")");
      // Whether --fix removes its findings, as the fix engine's list says.
      const bool fixable = std::count(fixable_rules().begin(), fixable_rules().end(), id) != 0;
      BOOST_TEST(starts_with(lines[5], fixable ? "**Fixable:** yes" : "**Fixable:** no — "), lines[5]);
      // The reason --fix gives for leaving a finding is the page's, word for word.
      if (const std::string why = unfixable_reason(id); !why.empty()) BOOST_TEST(lines[5] == "**Fixable:** no — " + why);
      BOOST_TEST(lines[6].empty());
      BOOST_TEST(lines[7] == std::string(rule.purpose), "the purpose line is not the rule's purpose: " << rule.purpose);
      BOOST_TEST(lines[8].empty());
      BOOST_TEST(lines[9] == kSections.front());
    }
  }
}

BOOST_AUTO_TEST_CASE(every_page_has_the_sections_in_order) {
  for (const RulePage& page : fbcompat::rule_pages()) {
    std::vector<std::string> sections;
    for (const std::string& line : lines_of(page.markdown)) {
      if (starts_with(line, "## ")) sections.push_back(line);
    }
    BOOST_TEST(sections == kSections, "docs/rules/" << page.id << ".md");
  }
}

// Each diff page's examples do what the page says: the rule fires from old.fbs to new.fbs and not from
// old.fbs to fixed.fbs, and the page shows what `fbcompat diff old.fbs new.fbs` really prints.
BOOST_AUTO_TEST_CASE(diff_pages_examples_do_what_the_page_says) {
  for (const RuleInfo* rule : rules_of_scope(RuleScope::Evolution)) {
    const std::string id(rule->id);
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const PageExamples examples(id);
      // A page in a newer syntax than this build's parser reads is checked on the model (below).
      if (kNewerSyntaxRules.count(id) != 0 && examples.has("new.fbs") && !load_schema(*examples.file("new.fbs")).ok()) {
        continue;
      }
      BOOST_TEST(blocks_in(examples.blocks(), "fbs").size() == 3u, "expected three fbs blocks: old, new, fixed");
      const auto old_schema = examples.schema("old.fbs");
      const auto new_schema = examples.schema("new.fbs");
      const auto fixed_schema = examples.schema("fixed.fbs");
      if (!old_schema || !new_schema || !fixed_schema) continue;
      BOOST_TEST(!with_rule(diff_schemas(*old_schema, *new_schema), id).empty(), id << " does not fire on the breaking example");
      BOOST_TEST(with_rule(diff_schemas(*old_schema, *fixed_schema), id).empty(), id << " fires on the fixed example");
      examples.check_transcripts(kDiffCommand);
    }
  }
}

// A page that says its findings are fixable shows it: `fbcompat diff --fix` on its breaking example
// leaves no finding of the rule, and exits 1 for the file it changed.
BOOST_AUTO_TEST_CASE(fixable_diff_pages_are_fixed_by_fix) {
  std::size_t fixed = 0;
  for (const RuleInfo* rule : rules_of_scope(RuleScope::Evolution)) {
    const std::string id(rule->id);
    if (std::count(fixable_rules().begin(), fixable_rules().end(), id) == 0) continue;
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const PageExamples examples(id);
      const CommandResult fix = run_cli({"diff", "old.fbs", "new.fbs", "--fix"}, examples.dir().path());
      BOOST_TEST(fix.exit_code == 1, fix.out << fix.err);
      const CommandResult again = run_cli({"diff", "old.fbs", "new.fbs"}, examples.dir().path());
      BOOST_TEST(again.out.find("[" + id + "] ") == std::string::npos, "--fix left the finding:\n" << again.out);
      ++fixed;
    }
  }
  BOOST_TEST(fixed == 10u);
}

// The module gate's pages are a repository: their `$ git` lines make it, their `$ fbcompat diff --against`
// lines check it, word for word, the breaking one first.
BOOST_AUTO_TEST_CASE(module_pages_examples_do_what_the_page_says) {
  const std::vector<const RuleInfo*> rules = rules_of_scope(RuleScope::Module);
  BOOST_TEST_REQUIRE(!rules.empty());
  for (const RuleInfo* rule : rules) {
    const std::string id(rule->id);
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const PageExamples examples(id);
      examples.check_transcripts("fbcompat diff --against git:HEAD");
    }
  }
}

// A page whose new schema needs a newer parser (a union's underlying type needs flatbuffers from mid-2023
// on) shows real output, which the test above checks on a build whose parser reads it. On a build whose
// parser does not, the diff is refused naming the parser's version, and the same change made to the
// loaded model gives the finding the page shows, word for word.
BOOST_AUTO_TEST_CASE(pages_in_newer_syntax_show_the_finding_on_any_parser) {
  const std::regex widened("union (\\w+) : (\\w+)");
  for (const std::string& id : kNewerSyntaxRules) {
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const PageExamples examples(id);
      const auto old_schema = examples.schema("old.fbs");
      const auto fixed_schema = examples.schema("fixed.fbs");
      BOOST_TEST_REQUIRE(examples.has("new.fbs"));
      BOOST_TEST_REQUIRE((old_schema && fixed_schema));
      const std::string new_path = *examples.file("new.fbs");
      const std::vector<Transcript> shown = transcripts(examples.blocks());
      BOOST_TEST_REQUIRE(shown.size() == 1u);
      BOOST_TEST(shown[0].command == kDiffCommand);
      const Expected<Schema> parsed = load_schema(new_path);
      if (parsed.ok()) {
        // This parser reads it: the page's transcript was checked as every diff page's is.
        BOOST_TEST(!with_rule(diff_schemas(*old_schema, *parsed), id).empty());
      } else {
        const std::string parser = "flatbuffers " + schema_parser_version();
        BOOST_TEST(parsed.error().message.find(parser) != std::string::npos, parsed.error().message);
        const CommandResult result = run_cli({"diff", "old.fbs", "new.fbs"}, examples.dir().path());
        BOOST_TEST(result.exit_code == 2);
        BOOST_TEST(result.err.find("new.fbs:" + std::to_string(parsed.error().line) + ":") != std::string::npos, result.err);
        BOOST_TEST(result.err.find(parser) != std::string::npos, result.err);
      }

      // The same change made to the loaded model: the new schema is the old one with a wider type id.
      std::smatch match;
      const std::string new_text = read_file(new_path);
      BOOST_TEST_REQUIRE(std::regex_search(new_text, match, widened));
      const std::string union_name = match[1].str();
      const std::string type_name = match[2].str();
      const TempDir model_dir;
      Expected<Schema> loaded = load_schema(model_dir.write("new.fbs", read_file(*examples.file("old.fbs"))));
      BOOST_TEST_REQUIRE(loaded.ok());
      Schema model = std::move(loaded).value();
      bool changed = false;
      for (Enum& enumeration : model.enums) {
        if (!enumeration.is_union || short_name(enumeration.name) != union_name) continue;
        for (auto base = static_cast<int>(BaseType::Bool); base <= static_cast<int>(BaseType::ULong); ++base) {
          if (type_name == base_type_name(static_cast<BaseType>(base))) enumeration.underlying = static_cast<BaseType>(base);
        }
        changed = enumeration.underlying != BaseType::UByte;
      }
      BOOST_TEST_REQUIRE(changed, "no union " << union_name << " widened to " << type_name << " in the model");
      std::vector<Finding> findings = with_rule(diff_schemas(*old_schema, model), id);
      BOOST_TEST_REQUIRE(!findings.empty(), id << " does not fire on the model");
      BOOST_TEST(with_rule(diff_schemas(*old_schema, *fixed_schema), id).empty(), id << " fires on the fixed example");
      for (Finding& finding : findings) {
        finding.file = file_name_of(finding.file);
        BOOST_TEST(shown[0].output.find(format_finding_text(finding)) != std::string::npos,
                   "the page does not show the finding:\n" << format_finding_text(finding));
      }
    }
  }
}

// Each pair page: the rule fires on writer.fbs read by reader.fbs, not once the writer or the reader is
// fixed (fixed_writer.fbs or fixed_reader.fbs: the file says which), and the page shows what `fbcompat
// pair` really prints.
BOOST_AUTO_TEST_CASE(pair_pages_examples_do_what_the_page_says) {
  for (const RuleInfo* rule : rules_of_scope(RuleScope::Pair)) {
    const std::string id(rule->id);
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const PageExamples examples(id);
      BOOST_TEST(blocks_in(examples.blocks(), "fbs").size() == 3u, "expected three fbs blocks: writer, reader, fixed");
      const bool fixed_writer = examples.has("fixed_writer.fbs");
      BOOST_TEST(fixed_writer != examples.has("fixed_reader.fbs"), "expected one of fixed_writer.fbs and fixed_reader.fbs");
      const auto writer = examples.schema("writer.fbs");
      const auto reader = examples.schema("reader.fbs");
      const auto fixed = examples.schema(fixed_writer ? "fixed_writer.fbs" : "fixed_reader.fbs");
      if (!writer || !reader || !fixed) continue;
      BOOST_TEST(!with_rule(check_pair(*writer, *reader), id).empty(), id << " does not fire on the breaking example");
      const std::vector<Finding> after_fix = fixed_writer ? check_pair(*fixed, *reader) : check_pair(*writer, *fixed);
      BOOST_TEST(with_rule(after_fix, id).empty(), id << " fires on the fixed example");
      examples.check_transcripts(kPairCommand);
    }
  }
}

// Each page of a rule that checks a schema against the lock: fbcompat.lock is the lock of the released
// schema (which passes it), the rule fires on schema.fbs and not on fixed/schema.fbs, and the page shows
// what `fbcompat diff --lock` really prints.
BOOST_AUTO_TEST_CASE(lock_pages_examples_do_what_the_page_says) {
  for (const RuleInfo* rule : rules_of_scope(RuleScope::Lock)) {
    const std::string id(rule->id);
    if (id == kLockFileRule) continue;
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const PageExamples examples(id);
      BOOST_TEST(blocks_in(examples.blocks(), "toml").size() == 1u, "expected one toml block: the lock");
      const auto released = examples.schema("released/schema.fbs");
      const auto new_schema = examples.schema("schema.fbs");
      const auto fixed = examples.schema("fixed/schema.fbs");
      const auto lock_path = examples.file("fbcompat.lock");
      if (!released || !new_schema || !fixed || !lock_path) continue;
      const Expected<Lock> lock = read_lock(*lock_path);
      BOOST_TEST_REQUIRE(lock.ok(), problem_of(lock));
      const LockSection* section = lock->section_for_file("schema.fbs");
      BOOST_TEST_REQUIRE(section != nullptr, "the lock has no section for schema.fbs");
      BOOST_TEST(check_against_lock(*released, *section, "fbcompat.lock").empty(),
                 "the released schema does not pass its own lock");
      BOOST_TEST(!with_rule(check_against_lock(*new_schema, *section, "fbcompat.lock"), id).empty(),
                 id << " does not fire on the breaking example");
      BOOST_TEST(with_rule(check_against_lock(*fixed, *section, "fbcompat.lock"), id).empty(),
                 id << " fires on the fixed example");
      examples.check_transcripts(kLockCommand);
    }
  }
}

// LOCK_OUT_OF_DATE's page is a schema family whose lock predates its newest release: `fbcompat lock
// --check` and the audit report it; after `fbcompat lock` (whose result the page shows) neither does.
BOOST_AUTO_TEST_CASE(the_lock_file_page_does_what_it_says) {
  BOOST_TEST_CONTEXT("docs/rules/" << kLockFileRule << ".md") {
    const PageExamples examples(kLockFileRule);
    const auto config_path = examples.file("fbcompat.toml");
    BOOST_TEST_REQUIRE(config_path.has_value());
    const Expected<Config> config = load_config(*config_path, all_rules());
    BOOST_TEST_REQUIRE(config.ok(), problem_of(config));
    BOOST_TEST_REQUIRE(config->histories.size() == 1u);
    const HistoryConfig& family = config->histories.front();
    const std::string stale_text = read_file(family.lock);
    const Expected<Lock> stale = read_lock(family.lock);
    BOOST_TEST_REQUIRE(stale.ok(), problem_of(stale));
    Expected<History> history = load_history(family);
    BOOST_TEST_REQUIRE(history.ok(), problem_of(history));

    auto lock_findings = [&](const Lock& lock) {
      AuditOptions options;
      options.lock = lock;
      options.lock_path = family.lock;
      return with_rule(audit_history(*history, options).lock_findings, kLockFileRule);
    };
    BOOST_TEST(!lock_findings(*stale).empty(), kLockFileRule << " does not fire on the stale lock");
    const Lock fresh = build_lock(*history);
    BOOST_TEST(lock_findings(fresh).empty(), kLockFileRule << " fires on the lock `fbcompat lock` writes");

    // The transcripts: the check fails, `fbcompat lock` rewrites the file, the check passes.
    examples.check_transcripts(kLockCheckCommand);
    const std::vector<Block> locks = blocks_in(examples.blocks(), "toml");
    BOOST_TEST_REQUIRE(!locks.empty());
    BOOST_TEST(locks.back().body == format_lock(fresh), "the page's last toml block is not the lock `fbcompat lock` writes");
    BOOST_TEST(read_file(family.lock) == format_lock(fresh));
    BOOST_TEST(stale_text != format_lock(fresh));
  }
}

// The configuration rules' pages are a project: `fbcompat audit` reports the rule with the page's
// fbcompat.toml and not with its fixed.toml, word for word as the page shows.
BOOST_AUTO_TEST_CASE(the_configuration_pages_do_what_they_say) {
  const std::vector<const RuleInfo*> rules = rules_of_scope(RuleScope::Configuration);
  BOOST_TEST_REQUIRE(!rules.empty());
  for (const RuleInfo* rule : rules) {
    const std::string id(rule->id);
    BOOST_TEST_CONTEXT("docs/rules/" << id << ".md") {
      const PageExamples examples(id);
      BOOST_TEST_REQUIRE(examples.has("fbcompat.toml"));
      BOOST_TEST_REQUIRE(examples.has("fixed.toml"));
      examples.check_transcripts("fbcompat audit");
      const CommandResult fixed = run_cli({"audit", "--config", "fixed.toml"}, examples.dir().path());
      BOOST_TEST(fixed.exit_code == 0, fixed.err);
      BOOST_TEST(fixed.out.find("[" + id + "]") == std::string::npos, fixed.out);
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

// docs/rules.md: one row per rule, under the section of the command that applies it, and no other rows.
BOOST_AUTO_TEST_CASE(the_index_lists_every_rule_under_its_command) {
  const std::string index = read_file(source_path("docs/rules.md"));
  BOOST_TEST_REQUIRE(!index.empty());
  std::map<std::string, std::string> command_of_row;  // rule id -> the command of the section it is in
  std::map<std::string, int> rows;
  std::string section_command;
  for (const std::string& line : lines_of(index)) {
    if (starts_with(line, "## ")) {
      const std::size_t open = line.find("`fbcompat ");
      const std::size_t close = open == std::string::npos ? open : line.find('`', open + 1);
      section_command = close == std::string::npos ? std::string() : line.substr(open + 10, close - open - 10);
    } else if (starts_with(line, "| [")) {
      const std::string id = line.substr(3, line.find(']') - 3);
      ++rows[id];
      command_of_row[id] = section_command;
    }
  }
  for (const RuleInfo& rule : all_rules()) {
    const std::string id(rule.id);
    const std::string row = "| [" + id + "](rules/" + id + ".md) | " + category_name(rule.category) + " | " +
                            severity_name(rule.default_severity) + " | " + std::string(rule.purpose) + " |\n";
    BOOST_TEST(index.find(row) != std::string::npos, "docs/rules.md lacks the row: " << row);
    BOOST_TEST(rows[id] == 1, id << " has " << rows[id] << " rows");
    BOOST_TEST(command_of_row[id] == listed_commands().at(id), id << " is listed under `fbcompat " << command_of_row[id] << "`");
  }
  for (const auto& [id, count] : rows) {
    BOOST_TEST(find_rule(id) != nullptr, "docs/rules.md lists " << id << ", which is no registered rule");
  }
}

BOOST_AUTO_TEST_SUITE_END()
