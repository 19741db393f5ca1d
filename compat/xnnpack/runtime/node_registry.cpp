#include "runtime/node_registry.h"

#include <fmt/format.h>

#include <algorithm>

namespace fbcompat::xnnpack {

std::string NodeDefinition::unsupported_reason() const {
  if (supported()) return {};
  return fmt::format("the linked XNNPACK has no {}", xnnpack_function);
}

void NodeRegistry::add(fb_xnnpack::XNodeUnion member, std::string_view xnnpack_function, DefineNode define,
                       const char* file, std::uint32_t line) {
  insert(NodeDefinition{member, xnnpack_function, define, file, line});
}

void NodeRegistry::add_unsupported(fb_xnnpack::XNodeUnion member, std::string_view xnnpack_function,
                                   const char* file, std::uint32_t line) {
  insert(NodeDefinition{member, xnnpack_function, nullptr, file, line});
}

void NodeRegistry::insert(NodeDefinition definition) {
  const auto at = std::lower_bound(definitions_.begin(), definitions_.end(), definition.member,
                                   [](const NodeDefinition& entry, fb_xnnpack::XNodeUnion member) {
                                     return entry.member < member;
                                   });
  // Two families claiming one member is a programming error: the first keeps it, the registry test fails.
  if (at != definitions_.end() && at->member == definition.member) {
    duplicates_.emplace_back(definition.member_name());
    return;
  }
  definitions_.insert(at, definition);
}

const NodeDefinition* NodeRegistry::find(fb_xnnpack::XNodeUnion member) const {
  const auto at = std::lower_bound(definitions_.begin(), definitions_.end(), member,
                                   [](const NodeDefinition& entry, fb_xnnpack::XNodeUnion wanted) {
                                     return entry.member < wanted;
                                   });
  return at != definitions_.end() && at->member == member ? &*at : nullptr;
}

const NodeDefinition* NodeRegistry::find(std::string_view member_name) const {
  for (const NodeDefinition& definition : definitions_) {
    if (definition.member_name() == member_name) return &definition;
  }
  return nullptr;
}

const NodeRegistry& node_registry() {
  static const NodeRegistry registry = [] {
    NodeRegistry built;
    register_binary_nodes(built);
    register_unary_nodes(built);
    register_activation_nodes(built);
    register_conv_nodes(built);
    register_pooling_nodes(built);
    register_fully_connected_nodes(built);
    register_shape_nodes(built);
    register_depth_to_space_nodes(built);
    register_concatenate_nodes(built);
    register_matrix_multiply_nodes(built);
    return built;
  }();
  return registry;
}

}  // namespace fbcompat::xnnpack
