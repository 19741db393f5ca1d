#include "runtime/constant_data.h"

#include <fmt/format.h>

namespace fbcompat::xnnpack {

ConstantData::ConstantData(const fb_xnnpack::XNNGraph& graph, std::optional<ByteView> segment, const PayloadLoadOptions& options,
                           std::deque<AlignedBytes>& named_copies)
    : graph_(graph), segment_(segment), options_(options), named_copies_(named_copies) {}

Expected<const std::uint8_t*> ConstantData::find(std::uint32_t index, std::size_t needed, const std::string& what) {
  return segment_ ? from_constant_data(index, needed, what) : from_constant_buffer(index, needed, what);
}

Expected<const std::uint8_t*> ConstantData::from_constant_data(std::uint32_t index, std::size_t needed,
                                                                const std::string& what) {
  const auto* offsets = graph_.constant_data();
  const std::size_t count = offsets == nullptr ? 0 : offsets->size();
  if (index >= count) {
    return Error{"", 0, 0,
                 fmt::format("{}: constant_buffer_idx {} is past the {} entries of XNNGraph.constant_data", what, index, count)};
  }
  const fb_xnnpack::ConstantDataOffset* entry = offsets->Get(index);
  if (entry == nullptr) return Error{"", 0, 0, fmt::format("{}: XNNGraph.constant_data[{}] is missing", what, index)};
  if (entry->named_key() != nullptr) return from_named_data(entry->named_key()->str(), needed, what);
  const std::uint64_t offset = entry->offset();
  const std::uint64_t size = entry->size();
  if (offset > segment_->size || size > segment_->size - offset) {
    return Error{"", 0, 0,
                 fmt::format("{}: constant data [{}, +{}) lies outside the payload's {}-byte constant data", what, offset,
                             size, segment_->size)};
  }
  if (size < needed) {
    return Error{"", 0, 0, fmt::format("{}: its constant data has {} bytes; the tensor needs {}", what, size, needed)};
  }
  return segment_->data + offset;
}

Expected<const std::uint8_t*> ConstantData::from_named_data(const std::string& key, std::size_t needed,
                                                             const std::string& what) {
  const AlignedBytes* copy = nullptr;
  if (const auto known = named_by_key_.find(key); known != named_by_key_.end()) {
    copy = known->second;
  } else {
    const std::optional<ByteView> found = options_.named_data ? options_.named_data(key) : std::nullopt;
    if (!found || (found->data == nullptr && found->size != 0)) {
      return Error{"", 0, 0, fmt::format("{}: its constant data is the named data '{}', which was not supplied", what, key)};
    }
    copy = &named_copies_.emplace_back(found->data, found->size);
    named_by_key_.emplace(key, copy);
  }
  if (copy->size() < needed) {
    return Error{"", 0, 0,
                 fmt::format("{}: named data '{}' has {} bytes; the tensor needs {}", what, key, copy->size(), needed)};
  }
  return copy->data();
}

Expected<const std::uint8_t*> ConstantData::from_constant_buffer(std::uint32_t index, std::size_t needed,
                                                                  const std::string& what) {
  const auto* buffers = graph_.constant_buffer();
  const std::size_t count = buffers == nullptr ? 0 : buffers->size();
  if (index >= count) {
    return Error{"", 0, 0,
                 fmt::format("{}: constant_buffer_idx {} is past the {} entries of XNNGraph.constant_buffer (a payload "
                             "without an XH00 header keeps its constants there)",
                             what, index, count)};
  }
  const fb_xnnpack::Buffer* buffer = buffers->Get(index);
  const auto* storage = buffer == nullptr ? nullptr : buffer->storage();
  const std::size_t size = storage == nullptr ? 0 : storage->size();
  if (size < needed) {
    return Error{"", 0, 0,
                 fmt::format("{}: XNNGraph.constant_buffer[{}] has {} bytes; the tensor needs {}", what, index, size, needed)};
  }
  return storage->data();
}

}  // namespace fbcompat::xnnpack
