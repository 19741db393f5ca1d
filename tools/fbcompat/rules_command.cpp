// fbcompat rules / fbcompat explain: the rule registry and each rule's page.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.h"
#include "fbcompat/release/rule_catalogue.h"

namespace fbcompat::cli {
namespace {

const char* scope_name(RuleScope scope) {
  switch (scope) {
    case RuleScope::Evolution: return "diff";
    case RuleScope::Module: return "diff --against";
    case RuleScope::Pair: return "pair";
    case RuleScope::Lock: return "lock";
    case RuleScope::Runtime: return "runtime-check";
    case RuleScope::Golden: return "golden verify";
    case RuleScope::GoldenRun: return "audit";
    case RuleScope::LoadCheck: return "load-check";
    case RuleScope::Configuration: return "audit";
  }
  return "?";
}

const char* domain_heading(RuleDomain domain) {
  switch (domain) {
    case RuleDomain::Schemas: return "Schema rules: any FlatBuffers schema";
    case RuleDomain::ExecuTorch: return "ExecuTorch rules: programs (.pte) and runtimes, whatever the delegate";
    case RuleDomain::Family: return "Delegate family rules: one delegate's payloads and runtime";
  }
  return "?";
}

// A heading where the domain changes: the schema rules come first, the ExecuTorch ones after them.
template <typename Print>
void each_group(Print&& print) {
  const RuleGroup* previous = nullptr;
  for (const RuleGroup& group : rule_groups()) {
    print(group, previous == nullptr || previous->domain != group.domain);
    previous = &group;
  }
}

std::string rules_json() {
  nlohmann::json rules = nlohmann::json::array();
  for (const RuleGroup& group : rule_groups()) {
    for (const RuleInfo* rule : group.rules) {
      rules.push_back({{"id", rule->id},
                       {"category", category_name(rule->category)},
                       {"severity", severity_name(rule->default_severity)},
                       {"command", scope_name(rule->scope)},
                       {"group", group.title},
                       {"family", group.family.empty() ? nlohmann::json(nullptr) : nlohmann::json(group.family)},
                       {"purpose", rule->purpose}});
    }
  }
  return rules.dump(2) + "\n";
}

std::string rules_markdown() {
  std::string text;
  each_group([&text](const RuleGroup& group, bool new_domain) {
    if (new_domain) text += fmt::format("## {}\n\n", domain_heading(group.domain));
    text += fmt::format("### {}\n\n{}.\n\n| Rule | Breaks | Default | Command | Purpose |\n|---|---|---|---|---|\n", group.title,
               group.checks);
    for (const RuleInfo* rule : group.rules) {
      text += fmt::format("| [`{}`](docs/rules/{}.md) | {} | {} | {} | {} |\n", rule->id, rule->id, category_name(rule->category),
                 severity_name(rule->default_severity), scope_name(rule->scope), rule->purpose);
    }
    text += "\n";
  });
  return text;
}

std::string rules_listing(Format format) {
  if (format == Format::Json) return rules_json();
  if (format == Format::Markdown) return rules_markdown();
  std::string text;
  std::size_t width = 0;
  for (const RuleInfo& rule : all_rules()) width = std::max(width, rule.id.size());
  each_group([width, &text](const RuleGroup& group, bool new_domain) {
    if (new_domain) text += fmt::format("{}\n\n", domain_heading(group.domain));
    text += fmt::format("  {}: {}\n", group.title, group.checks);
    for (const RuleInfo* rule : group.rules) {
      text += fmt::format("    {:<{}}  {:<6}  {:<7}  {:<14}  {}\n", rule->id, width, category_name(rule->category),
                 severity_name(rule->default_severity), scope_name(rule->scope), rule->purpose);
    }
    text += fmt::format("\n");
  });
  return text + fmt::format("Columns: rule, what it breaks (WIRE, JSON, SOURCE), default severity, the command that applies it, "
             "purpose.\n"
             "Run `fbcompat explain RULE` for a rule's page, with a breaking and a fixed example.\n");
}

int explain_rule(const std::string& id) {
  const std::string_view page = rule_page(id);
  if (page.empty()) {
    return report_error(fmt::format("no rule named '{}'; `fbcompat rules` lists them all", id));
  }
  return write_report(std::string(page), "");
}

}  // namespace

void add_rules_command(CLI::App& app, int& exit_code) {
  auto format = std::make_shared<Format>(Format::Text);
  CLI::App* command = app.add_subcommand(
      "rules", "List every rule by what it checks: schema rules first, then ExecuTorch's, then each delegate family's");
  add_format_option(*command, *format, {Format::Text, Format::Json, Format::Markdown});
  command->footer("Example:\n  fbcompat rules --format json");
  command->callback([format, &exit_code] { exit_code = write_report(rules_listing(*format), ""); });
}

void add_explain_command(CLI::App& app, int& exit_code) {
  auto id = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand("explain", "Print a rule's page: why it matters, a breaking and a fixed example");
  command->add_option("rule", *id, "A rule id, such as UNION_MEMBER_SAME_ID")->required();
  command->footer("Example:\n  fbcompat explain UNION_MEMBER_SAME_ID");
  command->callback([id, &exit_code] { exit_code = explain_rule(*id); });
}

}  // namespace fbcompat::cli
