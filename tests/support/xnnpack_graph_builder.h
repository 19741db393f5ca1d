// Builds XNNPACK delegate payloads for tests, with the flatc-generated builder of the newest runtime
// schema: values, nodes, constants (in the payload's constant data, or as 0.1.0 did, in
// XNNGraph.constant_buffer), with or without the XH00 header.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fbcompat/xnnpack/runtime_schema_generated.h"

namespace fbcompat::test {

class XnnGraphBuilder {
 public:
  using Dims = std::vector<std::uint32_t>;
  static constexpr std::uint32_t kNoValue = 0xFFFFFFFFu;  // XNN_INVALID_VALUE_ID

  enum class ConstantStorage { Segment, ConstantBuffer };
  struct FinishOptions {
    bool header = true;
    const char* identifier = "XN01";
  };

  explicit XnnGraphBuilder(ConstantStorage storage = ConstantStorage::Segment) : storage_(storage) {}

  // fp32 values; each returns the value id nodes refer to. Inputs and outputs get the next external id.
  std::uint32_t input(const Dims& dims) { return external(dims, 1); }
  std::uint32_t output(const Dims& dims) { return external(dims, 2); }
  std::uint32_t internal(const Dims& dims);
  std::uint32_t constant(const Dims& dims, const std::vector<float>& data);

  // Any tensor value. `constant_index` 0: no data.
  std::uint32_t tensor(fb_xnnpack::XNNDatatype datatype, const Dims& dims, std::uint32_t flags,
                       std::uint32_t external_id, std::uint32_t constant_index);
  // Quantized values: per tensor (qint8, quint8, qint32) or per channel (qcint8, qcint32).
  std::uint32_t quantized(fb_xnnpack::XNNDatatype datatype, const Dims& dims, float scale, std::int32_t zero_point,
                          std::uint32_t flags, std::uint32_t external_id, std::uint32_t constant_index);
  std::uint32_t channelwise(fb_xnnpack::XNNDatatype datatype, const Dims& dims, const std::vector<float>& scales,
                            std::int32_t channel_dim, std::uint32_t constant_index);
  // An external value of any datatype, flagged as input (1) or output (2).
  std::uint32_t external_tensor(fb_xnnpack::XNNDatatype datatype, const Dims& dims, std::uint32_t flag);

  // Constant bytes; returns the constant_buffer_idx that refers to them.
  std::uint32_t add_constant_bytes(const void* data, std::size_t size);
  // A constant entry naming the program's named data (constant_data storage only).
  std::uint32_t add_named_constant(const std::string& key);

  // Builds node payload tables.
  flatbuffers::FlatBufferBuilder& fbb() { return fbb_; }
  // Any value, built with fbb(); returns its index (the id the other builders give their values).
  std::uint32_t value(flatbuffers::Offset<void> value, fb_xnnpack::XValueUnion type) { return add_value(value, type); }
  std::uint32_t next_value() const { return static_cast<std::uint32_t>(values_.size()); }
  void node(fb_xnnpack::XNodeUnion type, flatbuffers::Offset<void> payload,
            std::optional<std::pair<float, float>> output_min_max = std::nullopt);

  // Shorthands for common payloads.
  flatbuffers::Offset<void> node1x1(std::uint32_t input, std::uint32_t output, std::uint32_t flags = 0);
  flatbuffers::Offset<void> node2x1(std::uint32_t input1, std::uint32_t input2, std::uint32_t output);

  // Override for corrupt-graph tests.
  void set_num_externs(std::uint32_t count) { num_externs_override_ = count; }

  std::vector<std::uint8_t> finish(const FinishOptions& options);
  std::vector<std::uint8_t> finish() { return finish(FinishOptions{}); }

 private:
  std::uint32_t external(const Dims& dims, std::uint32_t flag);
  std::uint32_t add_value(flatbuffers::Offset<void> value, fb_xnnpack::XValueUnion type);

  ConstantStorage storage_;
  flatbuffers::FlatBufferBuilder fbb_;
  std::vector<flatbuffers::Offset<fb_xnnpack::XValue>> values_;
  std::vector<flatbuffers::Offset<fb_xnnpack::XNode>> nodes_;
  std::vector<std::uint32_t> input_ids_;
  std::vector<std::uint32_t> output_ids_;
  std::uint32_t next_external_ = 0;
  std::optional<std::uint32_t> num_externs_override_;
  struct Constant {
    std::vector<std::uint8_t> bytes;
    std::string named_key;
  };
  std::vector<Constant> constants_;  // constant_buffer_idx - 1
};

}  // namespace fbcompat::test
