// check_runtime_definitions: the node union's members against a runtime's definitions.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "fbcompat/core/schema.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/finding_sink.h"
#include "runtime_check/runtime_rules.h"

namespace fbcompat {
namespace {

Expected<const Enum*> find_union(const Schema& schema, const std::string& name) {
  std::vector<const Enum*> matches;
  for (const Enum& candidate : schema.enums) {
    if (!candidate.is_union) continue;
    const std::string& full = candidate.name;
    const bool short_match = full.size() > name.size() && full.compare(full.size() - name.size(), name.size(), name) == 0 &&
                             full[full.size() - name.size() - 1] == '.';
    if (full == name || short_match) matches.push_back(&candidate);
  }
  const std::string file = schema.files.empty() ? std::string() : schema.files.front();
  if (matches.empty()) return Error{file, 0, 0, fmt::format("the schema has no union named {}", name)};
  if (matches.size() > 1) {
    return Error{file, 0, 0,
                 fmt::format("{} names more than one union ({} and {}); give its qualified name", name,
                             matches[0]->name, matches[1]->name)};
  }
  return matches.front();
}


// "the dispatch in a.cpp, b.cpp" or "the reference runtime's node registry".
std::string where_definitions_are(const std::vector<RuntimeDefinition>& definitions) {
  const bool builtin = std::any_of(definitions.begin(), definitions.end(),
                                   [](const RuntimeDefinition& definition) { return definition.type_id.has_value(); });
  if (builtin) return "the reference runtime's node registry";
  std::vector<std::string> files;
  for (const RuntimeDefinition& definition : definitions) {
    if (std::find(files.begin(), files.end(), definition.file) == files.end()) files.push_back(definition.file);
  }
  if (files.empty()) return "the runtime (no definitions were found)";
  return fmt::format("the dispatch in {}", fmt::join(files, ", "));
}

class RuntimeChecker {
 public:
  RuntimeChecker(const Schema& schema, const Enum& node_union, const std::vector<RuntimeDefinition>& definitions,
                 std::vector<Finding>& findings)
      : schema_(schema), union_(node_union), union_short_(unqualified_name(node_union.name)), definitions_(definitions),
        sink_(findings), findings_(findings) {
    for (const RuntimeDefinition& definition : definitions_) first_definition_.emplace(definition.member, &definition);
    for (const EnumValue& member : union_.values) highest_id_ = std::max(highest_id_, member.value);
  }

  void check() {
    for (const EnumValue& member : union_.values) check_member(member);
    for (const auto& [member, definition] : first_definition_) {
      if (union_.find_value(member) == nullptr) report_definition_without_member(*definition);
    }
    sort_findings(findings_);
  }

 private:
  std::string subject(const std::string& member) const { return union_.name + "." + member; }

  void check_member(const EnumValue& member) {
    const auto found = first_definition_.find(member.name);
    if (found == first_definition_.end()) {
      const bool from_source = std::none_of(definitions_.begin(), definitions_.end(),
                                            [](const RuntimeDefinition& d) { return d.type_id.has_value(); });
      sink_.report(kRuntimeNodeWithoutDefiner, subject(member.name), schema_, member.location,
                   fmt::format("{} (type id {}) of {} has no definition in {}: every program that uses it fails to "
                               "load, because the runtime does not know its type id.",
                               member.name, member.value, union_short_, where_definitions_are(definitions_)),
                   from_source ? fmt::format("add `case {}::{}:` to the runtime's node dispatch, with a function that "
                                             "defines the node",
                                             union_short_, member.name)
                               : fmt::format("register {} in the runtime's node registry, with a definer or as "
                                             "unsupported with its reason",
                                             member.name));
      return;
    }
    const RuntimeDefinition& definition = *found->second;
    if (definition.type_id && *definition.type_id != member.value) {
      sink_.report(kRuntimeNodeIdMismatch, subject(member.name), schema_, member.location,
                   fmt::format("the runtime dispatches {} on type id {}, but this schema gives it type id {}: programs "
                               "written with this schema carry {} for {}, which the runtime reads as another node or "
                               "rejects.",
                               member.name, *definition.type_id, member.value, member.value, member.name),
                   fmt::format("build the runtime from a schema in which {} keeps type id {}: members of {} may only "
                               "be appended",
                               member.name, member.value, union_short_));
    }
    if (!definition.supported) report_unsupported(member, definition);
  }

  // The runtime's own rule says why it cannot define the member; without one, it is as good as
  // undefined.
  void report_unsupported(const EnumValue& member, const RuntimeDefinition& definition) {
    Finding finding = located(definition.unsupported_rule != nullptr ? *definition.unsupported_rule : kRuntimeNodeWithoutDefiner,
                              member.name, definition);
    finding.message = fmt::format("{} (type id {}) is known to the runtime but cannot be defined: {}. A program that uses "
                                  "it fails to load on this runtime with that reason.",
                                  member.name, member.value, definition.unsupported_reason);
    finding.fix = !definition.unsupported_fix.empty()
                      ? definition.unsupported_fix
                      : fmt::format("give the runtime a definition of {}; until then programs that use it run only on "
                                    "runtimes that have one",
                                    member.name);
    findings_.push_back(std::move(finding));
  }

  void report_definition_without_member(const RuntimeDefinition& definition) {
    Finding finding = located(kRuntimeDefinerWithoutNode, definition.member, definition);
    // The reference runtime dispatches on ids compiled in from the newest schema: a member past the end
    // of an older schema was appended later, which is how the union is meant to grow.
    if (definition.type_id && *definition.type_id > highest_id_) {
      finding.severity = Severity::Info;
      finding.message = fmt::format("the runtime defines {} (type id {}), which was appended to {} after this schema "
                                    "(its last type id is {}): programs of this schema never use it.",
                                    definition.member, *definition.type_id, union_short_, highest_id_);
      finding.fix = "nothing to do: newer runtimes keep loading older programs";
    } else {
      finding.message = fmt::format("the runtime defines {}, which {} in this schema does not have: no program of this "
                                    "schema reaches the definition; if the member was renamed, the runtime still uses "
                                    "the old name.",
                                    definition.member, union_short_);
      finding.fix = fmt::format("rename the definition after the member it defines, or remove it if {} has no such "
                                "member",
                                union_short_);
    }
    findings_.push_back(std::move(finding));
  }

  Finding located(const RuleInfo& rule, const std::string& member, const RuntimeDefinition& definition) const {
    Finding finding = finding_of(rule, subject(member), "", "");
    finding.file = definition.file;
    finding.line = definition.line;
    finding.column = definition.column;
    return finding;
  }

  const Schema& schema_;
  const Enum& union_;
  const std::string union_short_;
  const std::vector<RuntimeDefinition>& definitions_;
  FindingSink sink_;
  std::vector<Finding>& findings_;
  std::map<std::string, const RuntimeDefinition*> first_definition_;
  std::int64_t highest_id_ = 0;
};

}  // namespace

Expected<std::vector<Finding>> check_runtime_definitions(const Schema& schema,
                                                         const std::vector<RuntimeDefinition>& definitions,
                                                         const RuntimeCheckOptions& options) {
  auto node_union = find_union(schema, options.union_name);
  if (!node_union) return node_union.error();
  std::vector<Finding> findings;
  RuntimeChecker(schema, **node_union, definitions, findings).check();
  return findings;
}

}  // namespace fbcompat
