// runtime-check: a runtime's node definitions against the schema. The runtime picks a node-definition
// function by the node union's type id; a member without one makes every program that uses it fail to
// load, and a definition for a member the schema lacks means runtime and schema have drifted apart.
//
// Definitions come from a runtime's own registry (DelegateRuntime::definitions) or from a C++ runtime's
// source, read by scan_runtime_sources: its dispatch's `case <Union>::<Member>:` labels and macro uses
// such as `_DEFINE(Foo)`. A delegate family says which union and which spellings its runtime uses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

// One node definition a runtime has.
struct RuntimeDefinition {
  std::string member;  // the node union member it defines: "XNNAdd"
  std::string file;    // where it is (a dispatch case, a macro use, a registry entry)
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  // The type id the runtime dispatches this member on, when it is known (the reference runtime
  // compiles it in from the newest schema; source scanning cannot know it).
  std::optional<std::int64_t> type_id;
  // False when the runtime knows the member but cannot define it (a reference runtime, for nodes the
  // library it links lacks); the reason says why, the runtime's rule names the finding and its fix
  // says what would let it.
  bool supported = true;
  std::string unsupported_reason;
  const RuleInfo* unsupported_rule = nullptr;
  std::string unsupported_fix;
};

struct SourceScanOptions {
  // A `case` label defines a member when its name is one of these prefixes followed by the member;
  // the prefix may itself be qualified by namespaces (`ns::Nodes::Add` matches the prefix `Nodes::`).
  // A delegate family gives its runtime's (DelegateFamily's dispatch conventions); empty: none.
  std::vector<std::string> case_prefixes;
  // Uses of these macros define a member: `_DEFINE(Add)` defines macro_member_prefix + "Add".
  // Their own `#define` lines are ignored.
  std::vector<std::string> macros;
  std::string macro_member_prefix;
  std::size_t max_file_bytes = limits::kSourceFileSize;
};

// Definitions found in C++ text (comments and string literals are not read). `file` names the text
// in the definitions' locations.
std::vector<RuntimeDefinition> scan_runtime_source_text(std::string_view text, const std::string& file,
                                                        const SourceScanOptions& options = {});

// The same over files, in order. A file that cannot be read, is empty, too large or binary is an Error.
Expected<std::vector<RuntimeDefinition>> scan_runtime_sources(const std::vector<std::string>& files,
                                                              const SourceScanOptions& options = {});

struct RuntimeCheckOptions {
  // The node union: a qualified name, or a short name found in any namespace.
  std::string union_name;
};

// How a runtime dispatches on its nodes, as a delegate family knows it: the union it switches on and
// how its source spells a definition.
struct RuntimeDispatch {
  std::string union_name;
  SourceScanOptions scan;
};

// Findings of the runtime rules (RUNTIME_*). A schema without the union is an Error.
Expected<std::vector<Finding>> check_runtime_definitions(const Schema& schema,
                                                         const std::vector<RuntimeDefinition>& definitions,
                                                         const RuntimeCheckOptions& options = {});

// The rules of the runtime check (RUNTIME_*).
const std::vector<const RuleInfo*>& runtime_check_rules();

}  // namespace fbcompat
