// The node registry as others see it: node_support() for people and tests, and
// builtin_runtime_definitions() for `fbcompat runtime-check --builtin`.
#include <string>

#include <fmt/format.h>

#include "fbcompat/xnnpack/rules.h"
#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "runtime/node_registry.h"

namespace fbcompat::xnnpack {
namespace {

// Registration records the compiler's path of the file; show it from the repository's root.
std::string repository_path(const char* file) {
  const std::string path = file;
  const auto at = path.rfind("compat/xnnpack/runtime/");
  return at == std::string::npos ? path : path.substr(at);
}

}  // namespace

std::vector<NodeSupport> node_support() {
  std::vector<NodeSupport> entries;
  for (const NodeDefinition& definition : node_registry().all()) {
    NodeSupport entry;
    entry.member = std::string(definition.member_name());
    entry.type_id = static_cast<std::uint8_t>(definition.member);
    entry.xnnpack_function = std::string(definition.xnnpack_function);
    entry.supported = definition.supported();
    entry.unsupported_reason = definition.unsupported_reason();
    entry.file = repository_path(definition.file);
    entry.line = definition.line;
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<RuntimeDefinition> builtin_runtime_definitions() {
  std::vector<RuntimeDefinition> definitions;
  for (const NodeSupport& entry : node_support()) {
    RuntimeDefinition definition;
    definition.member = entry.member;
    definition.file = entry.file;
    definition.line = entry.line;
    definition.type_id = entry.type_id;
    definition.supported = entry.supported;
    definition.unsupported_reason = entry.unsupported_reason;
    if (!entry.supported) {
      definition.unsupported_rule = &kRuntimeNodeUnsupportedByXnnpack;
      definition.unsupported_fix = fmt::format("link an XNNPACK that can define {} and give it a definer; until then "
                                               "programs that use it run only on runtimes that can",
                                               entry.member);
    }
    definitions.push_back(std::move(definition));
  }
  return definitions;
}

}  // namespace fbcompat::xnnpack
