// runtime-check: a runtime's node definitions against the schema. The runtime picks a node-definition
// function by the XNodeUnion type id; a member without one makes every program that uses it fail to
// load, and a definition for a member the schema lacks means runtime and schema have drifted apart.
//
// Definitions come from the reference runtime's registry (xnnpack_runtime.h,
// builtin_runtime_definitions) or from a C++ runtime's source, read by scan_runtime_sources: its
// dispatch `case XNodeUnion::XNNFoo:` labels and `_DEFINE(Foo)`-style macro uses.
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
  std::string member;  // the XNodeUnion member it defines: "XNNAdd"
  std::string file;    // where it is (a dispatch case, a macro use, a registry entry)
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  // The type id the runtime dispatches this member on, when it is known (the reference runtime
  // compiles it in from the newest schema; source scanning cannot know it).
  std::optional<std::int64_t> type_id;
  // False when the runtime knows the member but cannot define it (the reference runtime, for nodes
  // the linked XNNPACK lacks); the reason says why.
  bool supported = true;
  std::string unsupported_reason;
};

struct SourceScanOptions {
  // A `case` label defines a member when its name is one of these prefixes followed by the member;
  // the prefix may itself be qualified by namespaces (`fb_xnnpack::XNodeUnion::XNNAdd` matches the
  // prefix `XNodeUnion::`).
  std::vector<std::string> case_prefixes{"XNodeUnion::"};
  // Uses of these macros define a member: `_DEFINE(Add)` defines macro_member_prefix + "Add".
  // Their own `#define` lines are ignored.
  std::vector<std::string> macros{"_DEFINE"};
  std::string macro_member_prefix = "XNN";
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
  std::string union_name = "XNodeUnion";
};

// Findings of the runtime rules (RUNTIME_*). A schema without the union is an Error.
Expected<std::vector<Finding>> check_runtime_definitions(const Schema& schema,
                                                         const std::vector<RuntimeDefinition>& definitions,
                                                         const RuntimeCheckOptions& options = {});

// The rules of the runtime check (RUNTIME_*).
const std::vector<const RuleInfo*>& runtime_check_rules();

}  // namespace fbcompat
