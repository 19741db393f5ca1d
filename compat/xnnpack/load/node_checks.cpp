// Each node's definer's checks before its XNNPACK call, in its order: a type the release defines, a
// payload table, the lists some types carry (a transpose's perm, a reshape's new_shape, a pad's
// paddings, a slice's offsets and sizes), and every value id it names among the values defined.
#include <string>

#include <fmt/format.h>

#include "load/node_value_ids.h"
#include "load/payload_checker.h"

namespace fbcompat::xnnpack {
namespace {

// "1..35, 37..47": the node type ids a release defines, as ranges.
std::string defined_type_ids(const BackendRules& rules, bool development_head) {
  std::string text;
  const int last = static_cast<int>(fx::XNodeUnion::MAX);
  for (int id = 1; id <= last; ++id) {
    if (!node_type_defined(static_cast<fx::XNodeUnion>(id), rules, development_head)) continue;
    int end = id;
    while (end < last && node_type_defined(static_cast<fx::XNodeUnion>(end + 1), rules, development_head)) ++end;
    text += fmt::format("{}{}", text.empty() ? "" : ", ", end == id ? fmt::format("{}", id) : fmt::format("{}..{}", id, end));
    id = end;
  }
  return text;
}

// Which releases define a type, for the refusal of one that does not.
std::string releases_that_define(fx::XNodeUnion type) {
  const std::optional<DefiningReleases> defining = releases_defining(type);
  if (!defining) {
    const BackendRules newest(backend_release_rules(), RuntimeRelease::newest_described());
    return fmt::format("no ExecuTorch release up to {} defines it{}", RuntimeRelease::newest_described().text(),
                       node_type_defined(type, newest, true) ? " (it was added after it, in the newest schema)" : "");
  }
  if (defining->until) {
    return fmt::format("releases {} up to {} defined it", defining->first.text(), defining->until->text());
  }
  return fmt::format("releases from {} define it", defining->first.text());
}

}  // namespace

bool PayloadChecker::check_node(const fx::XNode& node, std::size_t n) {
  const fx::XNodeUnion type = node.xnode_union_type();
  if (!node_type_defined(type, rules_, context_.development_head)) {
    return refuse(RuntimeError::NotImplemented,
                  fmt::format("{} has node type {}, which this release's XNNPACK backend does not define (Unhandled node "
                              "type): {}; it defines node types {}",
                              node_name(node, n), static_cast<int>(type), releases_that_define(type),
                              defined_type_ids(rules_, context_.development_head)));
  }
  if (node.xnode_union() == nullptr) {
    return refuse(RuntimeError::Crash,
                  fmt::format("{} has no payload table, which its definer reads unchecked", node_name(node, n)));
  }
  if (!check_node_lists(node, n)) return false;
  for (const NodeValueId& value : node_value_ids(node)) {
    if (defined_ids_.count(value.id) != 0) continue;
    return refuse_under(BackendRule::RemappedIdsChecked, RuntimeError::Internal,
                        fmt::format("{}: its {} is value id {}, which no value of the graph defines{}", node_name(node, n),
                                    value.field, value.id,
                                    rules_(BackendRule::RemappedIdsChecked)
                                        ? ""
                                        : " (this release's lookup throws in a noexcept function: std::terminate)"));
  }
  if (type == fx::XNodeUnion::XNNDepthwiseConv2d && node.xnode_union_as_XNNDepthwiseConv2d()->group_input_channels() == 0) {
    return refuse(RuntimeError::Crash,
                  fmt::format("{}: group_input_channels is 0, and the runtime divides group_output_channels by it",
                              node_name(node, n)));
  }
  return true;
}

// The lists a node's definer reads: present (from node-lists on; a crash before), and before that rule
// at least num_dims long, since num_dims said how many entries XNNPACK reads.
bool PayloadChecker::check_node_lists(const fx::XNode& node, std::size_t n) {
  const bool checked = rules_(BackendRule::NodeListsChecked);
  const auto missing = [&](const char* list) {
    return refuse_under(BackendRule::NodeListsChecked, RuntimeError::InvalidProgram,
                        fmt::format("{}: {} is missing", node_name(node, n), list));
  };
  const auto counted = [&](const flatbuffers::Vector<std::uint32_t>* list, const char* name, std::uint32_t num_dims) {
    if (checked || list->size() >= num_dims) return true;
    return refuse(RuntimeError::Crash, fmt::format("{}: num_dims is {} but {} has {} entries: this release hands XNNPACK "
                                                   "num_dims entries, reading past the list",
                                                   node_name(node, n), num_dims, name, list->size()));
  };
  switch (node.xnode_union_type()) {
    case fx::XNodeUnion::XNNStaticTranspose: {
      const auto* p = node.xnode_union_as_XNNStaticTranspose();
      if (p->perm() == nullptr) return missing("perm");
      return counted(p->perm(), "perm", p->num_dims());
    }
    case fx::XNodeUnion::XNNStaticReshape: {
      const auto* p = node.xnode_union_as_XNNStaticReshape();
      if (p->new_shape() == nullptr) return missing("new_shape");
      return counted(p->new_shape(), "new_shape", p->num_dims());
    }
    case fx::XNodeUnion::XNNStaticConstantPad: {
      const auto* p = node.xnode_union_as_XNNStaticConstantPad();
      if (p->pre_paddings() == nullptr || p->post_paddings() == nullptr) {
        return missing(p->pre_paddings() == nullptr ? "pre_paddings" : "post_paddings");
      }
      return true;
    }
    case fx::XNodeUnion::XNNStaticSlice: {
      const auto* p = node.xnode_union_as_XNNStaticSlice();
      if (p->offsets() == nullptr || p->sizes() == nullptr) return missing(p->offsets() == nullptr ? "offsets" : "sizes");
      if (checked && p->offsets()->size() != p->sizes()->size()) {
        return refuse(RuntimeError::InvalidProgram,
                      fmt::format("{}: offsets has {} entries and sizes {}", node_name(node, n), p->offsets()->size(),
                                  p->sizes()->size()));
      }
      return counted(p->offsets(), "offsets", p->num_dims()) && counted(p->sizes(), "sizes", p->num_dims());
    }
    default:
      return true;
  }
}

}  // namespace fbcompat::xnnpack
