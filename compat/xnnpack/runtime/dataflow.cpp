#include "runtime/dataflow.h"

#include <fmt/format.h>
#include <xnnpack.h>

#include <algorithm>

namespace fbcompat::xnnpack {
namespace {

Error dataflow_error(const std::string& message) { return Error{"", 0, 0, message}; }

}  // namespace

Expected<std::monostate> Dataflow::check(const ValueTable& values) const {
  static const Uses kUnused;
  for (const ValueInfo& value : values.all()) {
    const auto found = uses_.find(value.value_id);
    const Uses& uses = found == uses_.end() ? kUnused : found->second;
    const bool input = (value.flags & XNN_VALUE_FLAG_EXTERNAL_INPUT) != 0;
    const bool output = (value.flags & XNN_VALUE_FLAG_EXTERNAL_OUTPUT) != 0;
    if (uses.writers.size() > 1) {
      return dataflow_error(fmt::format("value {} is written by node {} and again by node {}", value.value_id,
                                        uses.writers[0], uses.writers[1]));
    }
    const bool written = !uses.writers.empty();
    if (written && (value.is_constant || input)) {
      return dataflow_error(fmt::format("node {} writes value {}, which is {}", uses.writers[0], value.value_id,
                                        value.is_constant ? "a constant" : "an input"));
    }
    if (value.is_constant || input) continue;
    if (!written) {
      if (output) return dataflow_error(fmt::format("output value {} is written by no node", value.value_id));
      if (!uses.readers.empty()) {
        return dataflow_error(fmt::format("node {} reads value {}, which no node writes and which is neither an input "
                                          "nor a constant",
                                          uses.readers[0], value.value_id));
      }
      continue;  // an unused value: XNNPACK ignores it
    }
    const std::size_t writer = uses.writers[0];
    const auto early = std::find_if(uses.readers.begin(), uses.readers.end(), [&](std::size_t reader) { return reader <= writer; });
    if (early != uses.readers.end()) {
      return dataflow_error(fmt::format("node {} reads value {} before node {} writes it", *early, value.value_id, writer));
    }
    if (!output && uses.readers.empty()) {
      return dataflow_error(fmt::format("node {} writes value {}, which no node reads and which is not an output; the "
                                        "linked XNNPACK gives such a value no memory",
                                        writer, value.value_id));
    }
  }
  return std::monostate{};
}

}  // namespace fbcompat::xnnpack
