#include "runtime/node_context.h"

#include <fmt/format.h>

namespace fbcompat::xnnpack {

const char* xnn_status_text(xnn_status status) {
  switch (status) {
    case xnn_status_success: return "success";
    case xnn_status_uninitialized: return "XNNPACK is not initialized";
    case xnn_status_invalid_parameter: return "invalid parameter";
    case xnn_status_invalid_state: return "invalid state";
    case xnn_status_unsupported_parameter: return "unsupported parameter";
    case xnn_status_unsupported_hardware: return "unsupported hardware";
    case xnn_status_out_of_memory: return "out of memory";
    // Newer XNNPACKs add statuses (2024: reallocation required, deprecated) that older ones lack.
    default:
      break;
  }
  return "unknown status";
}

Error NodeContext::fail(const std::string& message) const {
  return Error{"", 0, 0, fmt::format("node {} ({}): {}", node_index, member, message)};
}

Expected<const ValueInfo*> NodeContext::value(std::uint32_t value_id, const char* role) const {
  const ValueInfo* found = values->find(value_id);
  if (found == nullptr) return fail(fmt::format("its {} refers to value {}, which the graph does not define", role, value_id));
  dataflow->read(value_id, node_index);
  return found;
}

Expected<const ValueInfo*> NodeContext::output(std::uint32_t value_id, const char* role) const {
  const ValueInfo* found = values->find(value_id);
  if (found == nullptr) return fail(fmt::format("its {} refers to value {}, which the graph does not define", role, value_id));
  dataflow->write(value_id, node_index);
  return found;
}

Expected<const ValueInfo*> NodeContext::optional_value(std::uint32_t value_id, const char* role) const {
  if (value_id == XNN_INVALID_VALUE_ID) return static_cast<const ValueInfo*>(nullptr);
  return value(value_id, role);
}

Status NodeContext::check(xnn_status status) const {
  if (status == xnn_status_success) return ok();
  return fail(fmt::format("{} failed: {}", xnnpack_function, xnn_status_text(status)));
}

}  // namespace fbcompat::xnnpack
