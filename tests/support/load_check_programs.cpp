#include "support/load_check_programs.h"

#include <stdexcept>

#include <flatbuffers/idl.h>

#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "fbcompat/load_check/xnnpack_header.h"

namespace fbcompat::test {

Bytes encode_json(const std::string& schema_path, const std::string& json) {
  std::string schema;
  if (!flatbuffers::LoadFile(schema_path.c_str(), false, &schema)) {
    throw std::runtime_error("cannot read " + schema_path);
  }
  flatbuffers::Parser parser;
  const std::string directory = schema_path.substr(0, schema_path.rfind('/') + 1);
  const char* include_paths[] = {directory.c_str(), nullptr};
  if (!parser.Parse(schema.c_str(), include_paths, schema_path.c_str())) {
    throw std::runtime_error(schema_path + ": " + parser.error_);
  }
  if (!parser.ParseJson(json.c_str())) throw std::runtime_error("JSON for " + schema_path + ": " + parser.error_);
  const std::uint8_t* data = parser.builder_.GetBufferPointer();
  return Bytes(data, data + parser.builder_.GetSize());
}

namespace {

void put_le(Bytes& bytes, std::size_t at, std::uint64_t value, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) bytes[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

}  // namespace

Bytes with_xh00_header(const Bytes& flatbuffer, const Bytes& constants) {
  constexpr std::size_t kHeaderSpace = 32;  // the 30-byte header, padded so the flatbuffer stays aligned
  Bytes payload(kHeaderSpace, 0);
  for (std::size_t i = 0; i < 4; ++i) payload[4 + i] = static_cast<std::uint8_t>(xnnpack_header::kMagic[i]);
  put_le(payload, 8, xnnpack_header::kMinimumLength, 2);
  put_le(payload, 10, kHeaderSpace, 4);
  put_le(payload, 14, flatbuffer.size(), 4);
  put_le(payload, 18, kHeaderSpace + flatbuffer.size(), 4);
  put_le(payload, 22, constants.size(), 8);
  payload.insert(payload.end(), flatbuffer.begin(), flatbuffer.end());
  payload.insert(payload.end(), constants.begin(), constants.end());
  return payload;
}

Bytes build_graph(const GraphSpec& spec) {
  using namespace fb_xnnpack;
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<XNode>> nodes;
  for (std::size_t i = 0; i < spec.node_types.size(); ++i) {
    // An empty table verifies as any node's payload.
    const flatbuffers::uoffset_t payload = builder.EndTable(builder.StartTable());
    const flatbuffers::uoffset_t start = builder.StartTable();
    builder.AddElement<std::uint8_t>(XNode::VT_XNODE_UNION_TYPE, spec.node_types[i], 0);
    builder.AddOffset(XNode::VT_XNODE_UNION, flatbuffers::Offset<void>(payload));
    builder.AddElement<std::uint32_t>(XNode::VT_DEBUG_HANDLE, static_cast<std::uint32_t>(i + 1), 0);
    if (spec.node_future_field) builder.AddElement<std::uint32_t>(4 + 2 * 4, 7, 0);
    nodes.push_back(flatbuffers::Offset<XNode>(builder.EndTable(start)));
  }
  std::vector<flatbuffers::Offset<XValue>> values;
  for (std::size_t i = 0; i < spec.values.size(); ++i) {
    const ValueSpec& value = spec.values[i];
    const std::vector<std::uint32_t> dims{2, 3};
    const auto tensor = CreateXNNTensorValueDirect(builder, static_cast<XNNDatatype>(value.datatype), 2, &dims, 0,
                                                   0, 0, static_cast<std::uint32_t>(i));
    flatbuffers::Offset<void> payload = tensor.Union();
    if (value.type == static_cast<std::uint8_t>(XValueUnion::XNNQuantizedTensorValue)) {
      flatbuffers::Offset<void> parameters;
      if (value.quant_type == static_cast<std::uint8_t>(XNNQuantParams::PerChannelQuant)) {
        const std::vector<float> scales{0.5f, 0.25f};
        parameters = CreatePerChannelQuantDirect(builder, &scales, 0, value.scale_buffer_idx).Union();
      } else {
        parameters = flatbuffers::Offset<void>(builder.EndTable(builder.StartTable()));
      }
      payload = CreateXNNQuantizedTensorValue(builder, tensor, static_cast<XNNQuantParams>(value.quant_type),
                                              parameters)
                    .Union();
    }
    values.push_back(CreateXValue(builder, static_cast<XValueUnion>(value.type), payload));
  }
  const std::vector<std::uint32_t> inputs{0};
  const std::vector<std::uint32_t> outputs{1};
  const auto graph = CreateXNNGraphDirect(builder, "test", &nodes, &values, 0, &inputs, &outputs);
  builder.Finish(graph, spec.identifier.c_str());
  return Bytes(builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize());
}

}  // namespace fbcompat::test
