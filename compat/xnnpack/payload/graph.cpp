#include "fbcompat/xnnpack/graph.h"

#include <fmt/format.h>

#include "fbcompat/core/verifier_limits.h"
#include "fbcompat/xnnpack/family.h"
#include "payload/generated_verification.h"

namespace fbcompat {
namespace {

namespace fb = flatbuffers;

const reflection::Field* reflected_field(const reflection::Object& object, const char* name) {
  return object.fields()->LookupByKey(name);
}

// A vector-of-tables field of `table`, or nullptr when the schema or the buffer lacks it.
const fb::Vector<fb::Offset<fb::Table>>* table_vector(const fb::Table& table, const reflection::Object& object, const char* name) {
  const reflection::Field* field = reflected_field(object, name);
  if (field == nullptr || field->type()->base_type() != reflection::Vector || field->type()->element() != reflection::Obj) {
    return nullptr;
  }
  return fb::GetFieldV<fb::Offset<fb::Table>>(table, *field);
}

std::vector<XnnpackNode> read_nodes(const ReflectedSchema& schema, const fb::Table& graph) {
  std::vector<XnnpackNode> nodes;
  const auto* xnodes = table_vector(graph, schema.root(), "xnodes");
  const reflection::Field* nodes_field = reflected_field(schema.root(), "xnodes");
  if (xnodes == nullptr) return nodes;
  const reflection::Object& node_object = *schema.schema().objects()->Get(static_cast<fb::uoffset_t>(nodes_field->type()->index()));
  const reflection::Field* union_field = reflected_field(node_object, "xnode_union");
  const reflection::Field* type_field = reflected_field(node_object, "xnode_union_type");
  if (union_field == nullptr || type_field == nullptr) return nodes;
  const reflection::Enum& node_union = *schema.schema().enums()->Get(static_cast<fb::uoffset_t>(union_field->type()->index()));
  nodes.reserve(xnodes->size());
  for (const fb::Table* node : *xnodes) {
    XnnpackNode decoded;
    decoded.type_id = fb::GetFieldI<std::uint8_t>(*node, *type_field);
    if (const reflection::EnumVal* member = node_union.values()->LookupByKey(decoded.type_id)) {
      decoded.name = member->name()->str();
    }
    nodes.push_back(std::move(decoded));
  }
  return nodes;
}

std::uint64_t stored_bytes(const ReflectedSchema& schema, const fb::Vector<fb::Offset<fb::Table>>& buffers,
                           const reflection::Field& buffers_field) {
  const reflection::Object& buffer_object = *schema.schema().objects()->Get(static_cast<fb::uoffset_t>(buffers_field.type()->index()));
  const reflection::Field* storage = reflected_field(buffer_object, "storage");
  if (storage == nullptr || storage->type()->base_type() != reflection::Vector) return 0;
  std::uint64_t total = 0;
  for (const fb::Table* buffer : buffers) {
    if (const auto* bytes = fb::GetFieldV<std::uint8_t>(*buffer, *storage)) total += bytes->size();
  }
  return total;
}

}  // namespace

Expected<XnnpackPayload> split_xnnpack_payload(const std::uint8_t* payload, std::size_t size) {
  XnnpackPayload split = parse_xnnpack_payload(payload, size);
  if (split.status != XnnpackPayload::Status::Ok) {
    return Error{"", 0, 0, fmt::format("XNNPACK payload ({} bytes): {}", size, xnnpack_header::status_text(split.status))};
  }
  return split;
}

std::string xnnpack_identifier(const XnnpackPayload& payload) {
  std::string identifier;
  for (std::size_t i = 4; i < 8 && i < payload.flatbuffer_size; ++i) {
    const auto c = static_cast<char>(payload.flatbuffer[i]);
    identifier += (c >= 0x20 && c < 0x7f) ? std::string(1, c) : fmt::format("\\x{:02x}", payload.flatbuffer[i]);
  }
  return identifier;
}

namespace {

// `verify(buffer, size, limits)` is the reader's own verification, after the generated one of the newest
// (`passes_newest`, when given, holds its verdict at `limits` once known).
template <typename Verify>
Expected<XnnpackGraph> read_graph(const ReflectedSchema& schema, Verify&& verify, const std::uint8_t* payload,
                                  std::size_t size, const BufferLimits& limits, std::optional<bool>* passes_newest) {
  auto split = split_xnnpack_payload(payload, size);
  if (!split) return split.error();
  XnnpackGraph graph;
  graph.payload = *split;
  graph.identifier = xnnpack_identifier(graph.payload);
  const std::size_t flatbuffer_size = graph.payload.flatbuffer_size;
  const std::uint32_t max_tables = limits::table_count_limit(limits.max_tables, flatbuffer_size);
  const auto problem = verification_problem(
      [&](std::uint32_t depth, std::uint32_t tables) {
        const BufferLimits attempt{depth, tables};
        // Later attempts raise a limit to find which one was exceeded: only the first is remembered.
        const bool first_attempt = depth == limits.max_depth && tables == max_tables;
        std::optional<bool> unremembered;
        std::optional<bool>& newest = first_attempt && passes_newest != nullptr ? *passes_newest : unremembered;
        if (!newest) newest = passes_generated_xnnpack_verifier(graph.payload.flatbuffer, flatbuffer_size, attempt);
        return *newest && verify(graph.payload.flatbuffer, flatbuffer_size, attempt);
      },
      limits.max_depth, max_tables, flatbuffer_size);
  if (problem) {
    return Error{"", 0, 0, fmt::format("verifier failure: the {}-byte XNNPACK flatbuffer{} does not verify against {}: {}",
                                       flatbuffer_size, graph.payload.has_header ? " after the XH00 header" : "",
                                       schema.path(),
                                       problem->empty() ? "it is malformed or uses a union type id the schema lacks"
                                                        : *problem)};
  }
  const fb::Table& root = *fb::GetAnyRoot(graph.payload.flatbuffer);
  for (const char* vector : {"xnodes", "xvalues"}) {
    const auto* elements = table_vector(root, schema.root(), vector);
    if (elements != nullptr && elements->size() > limits.max_vector_length) {
      return Error{"", 0, 0, limits::exceeded(fmt::format("the XNNPACK graph's {} vector holds", vector), elements->size(),
                                              "element", limits::kVectorLengthName, limits.max_vector_length)};
    }
  }
  graph.nodes = read_nodes(schema, root);
  if (const auto* values = table_vector(root, schema.root(), "xvalues")) graph.value_count = values->size();
  if (const auto* entries = table_vector(root, schema.root(), "constant_data")) graph.constant_data_entries = entries->size();
  if (const auto* buffers = table_vector(root, schema.root(), "constant_buffer")) {
    graph.constant_buffer_entries = buffers->size();
    graph.constant_buffer_bytes = stored_bytes(schema, *buffers, *reflected_field(schema.root(), "constant_buffer"));
  }
  return graph;
}

}  // namespace

Expected<XnnpackGraph> read_xnnpack_graph(const ReflectedSchema& schema, const std::uint8_t* payload, std::size_t size,
                                          const BufferLimits& limits) {
  const auto verify = [&](const std::uint8_t* buffer, std::size_t length, const BufferLimits& attempt) {
    return schema.verify(buffer, length, attempt);
  };
  return read_graph(schema, verify, payload, size, limits, nullptr);
}

Expected<XnnpackGraph> read_xnnpack_graph(const XnnpackVersion& version, const std::uint8_t* payload, std::size_t size,
                                          const BufferLimits& limits, std::optional<bool>* passes_newest) {
  const auto verify = [&](const std::uint8_t* buffer, std::size_t length, const BufferLimits& attempt) {
    return version.verify(buffer, length, attempt);
  };
  return read_graph(*version.reader, verify, payload, size, limits, passes_newest);
}

}  // namespace fbcompat
