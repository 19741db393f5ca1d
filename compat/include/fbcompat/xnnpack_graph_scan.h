// Verifies an XNNPACK flatbuffer with flatbuffers' Verifier and, in the same pass, collects what the
// load-time check needs: the node, value, quantization and data types it uses, and the fields it sets
// that a runtime's schema does not have.
//
// Why one pass: the check must cost little more than verification alone. A second walk over a
// verified graph touches every node table again, and on large graphs (which do not fit in cache)
// that costs a fifth to a third of the verification (see docs/benchmarks.md). So the root table's
// verification is spelled out here, with the same Verifier calls in the same order as the generated
// XNNGraph::Verify, except that each element of its vectors of tables is scanned right after the
// generated Verify of that element has read it. Every other table is verified by its generated
// Verify. The tests check that this accepts exactly the buffers VerifyXNNGraphBuffer accepts.
// Header-only, no allocation, no exceptions.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fbcompat/compiler_attributes.h"
#include "fbcompat/runtime_profile.h"
#include "fbcompat/used_values.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "fbcompat/xnnpack_profiles.h"

namespace fbcompat {

// flatbuffers' FLATBUFFERS_MIN_BUFFER_SIZE, which only compiles inside namespace flatbuffers.
constexpr std::size_t kMinimumFlatbufferSize = sizeof(flatbuffers::uoffset_t) + sizeof(flatbuffers::soffset_t) +
                                               sizeof(std::uint16_t) + sizeof(std::uint16_t);

namespace xnnpack_scan_detail {
namespace profiles = xnnpack_profiles;
using Graph = fb_xnnpack::XNNGraph;

// The root table is verified here field by field: if the newest schema gives XNNGraph another field,
// this code must verify it too. These fail the build until it does.
static_assert(profiles::kNewestSlotCount_XNNGraph == 9, "XNNGraph changed: update verify_and_scan_graph");
static_assert(Graph::VT_VERSION == 4 && Graph::VT_XNODES == 6 && Graph::VT_XVALUES == 8 &&
                  Graph::VT_NUM_EXTERNS == 10 && Graph::VT_INPUT_IDS == 12 && Graph::VT_OUTPUT_IDS == 14 &&
                  Graph::VT_CONSTANT_BUFFER == 16 && Graph::VT_MEM_BUFFER_SIZES == 18 &&
                  Graph::VT_CONSTANT_DATA == 20,
              "XNNGraph's fields moved: update verify_and_scan_graph");
}  // namespace xnnpack_scan_detail

// What a program uses, gathered while it is verified.
struct GraphUsage {
  UsedValues used[xnnpack_profiles::kTypeSetCount];  // indexed like xnnpack_profiles::kFamily.type_sets
  std::uint32_t node_count = 0;
  std::uint32_t value_count = 0;
  std::uint32_t nodes_with_unknown_type = 0;
  std::uint32_t values_with_unknown_type = 0;
  std::uint32_t tables_with_unknown_fields = 0;
  // Per table of the newest schema: bit s set when some table of that type sets slot s (< 64) and the
  // runtime's schema has no slot s.
  std::uint64_t unknown_slots[xnnpack_profiles::kTableCount] = {};
  // Per table: a slot at 64 or beyond was set (the runtime knows fewer).
  bool unknown_slot_beyond_64[xnnpack_profiles::kTableCount] = {};
};

// Where verification failed, for the message.
struct VerificationFailure {
  enum class Part : std::uint8_t {
    None,
    BufferSize,  // below flatbuffers' minimum
    RootOffset,  // the root offset points outside the buffer
    RootTable,   // the root table's vtable
    RootField,   // a field of the root table (a string or the vector itself)
    Element,     // an element of one of the root table's vectors of tables
  };
  Part part = Part::None;
  const char* field = nullptr;  // the XNNGraph field, for RootField and Element
  std::uint32_t index = 0;      // the element, for Element
};

// Collects GraphUsage from tables that have already been verified.
class GraphScanner {
 public:
  GraphScanner(const RuntimeProfile& runtime, GraphUsage& usage)
      : usage_(usage),
        slot_counts_(runtime.table_slot_counts),
        known_node_types_(runtime.known[xnnpack_profiles::kTypeSet_XNodeUnion]),
        known_value_types_(runtime.known[xnnpack_profiles::kTypeSet_XValueUnion]),
        known_quantization_types_(runtime.known[xnnpack_profiles::kTypeSet_XNNQuantParams]),
        known_datatypes_(runtime.known[xnnpack_profiles::kTypeSet_XNNDatatype]),
        node_tables_(type_set(xnnpack_profiles::kTypeSet_XNodeUnion).member_tables),
        quantization_tables_(type_set(xnnpack_profiles::kTypeSet_XNNQuantParams).member_tables) {}

  void graph(const fb_xnnpack::XNNGraph* graph) { fields(graph, xnnpack_profiles::kTable_XNNGraph); }

  void node(const fb_xnnpack::XNode* node) {
    ++usage_.node_count;
    fields(node, xnnpack_profiles::kTable_XNode);
    const auto type = static_cast<std::uint8_t>(node->xnode_union_type());
    if (type != 0) {
      usage_.used[xnnpack_profiles::kTypeSet_XNodeUnion].add_small(type);
      if (!knows(known_node_types_, type)) ++usage_.nodes_with_unknown_type;
      // A type the newest schema does not know was not verified past its offset: leave it alone.
      const std::uint16_t table = node_tables_[type];
      if (table != kNoTable) {
        if (const void* payload = node->xnode_union()) fields(payload, table);
      }
    }
    if (const auto* min_max = node->output_min_max()) fields(min_max, xnnpack_profiles::kTable_OutputMinMax);
  }

  void value(const fb_xnnpack::XValue* value) {
    ++usage_.value_count;
    fields(value, xnnpack_profiles::kTable_XValue);
    const auto type = value->xvalue_union_type();
    bool unknown = false;
    if (type != fb_xnnpack::XValueUnion::NONE) {
      const auto id = static_cast<std::uint8_t>(type);
      usage_.used[xnnpack_profiles::kTypeSet_XValueUnion].add_small(id);
      unknown = !knows(known_value_types_, id);
    }
    if (type == fb_xnnpack::XValueUnion::XNNTensorValue) {
      unknown |= tensor(value->xvalue_union_as_XNNTensorValue());
    } else if (type == fb_xnnpack::XValueUnion::XNNQuantizedTensorValue) {
      unknown |= quantized_tensor(value->xvalue_union_as_XNNQuantizedTensorValue());
    }
    if (unknown) ++usage_.values_with_unknown_type;
  }

  void buffer(const fb_xnnpack::Buffer* buffer) { fields(buffer, xnnpack_profiles::kTable_Buffer); }
  void constant(const fb_xnnpack::ConstantDataOffset* constant) {
    fields(constant, xnnpack_profiles::kTable_ConstantDataOffset);
  }

 private:
  static const TypeSetHistory& type_set(std::size_t index) { return xnnpack_profiles::kFamily.type_sets[index]; }

  static bool knows(const KnownValues& known, std::uint8_t id) { return ((known.bits[id >> 6] >> (id & 63)) & 1u) != 0; }

  // True when the tensor uses a datatype the runtime does not know.
  bool tensor(const fb_xnnpack::XNNTensorValue* tensor) {
    if (tensor == nullptr) return false;
    fields(tensor, xnnpack_profiles::kTable_XNNTensorValue);
    const auto datatype = static_cast<std::int64_t>(tensor->datatype());
    const auto dq_datatype = static_cast<std::int64_t>(tensor->dq_datatype());
    UsedValues& used = usage_.used[xnnpack_profiles::kTypeSet_XNNDatatype];
    used.add(datatype);
    used.add(dq_datatype);
    return !known_datatypes_.contains(datatype) || !known_datatypes_.contains(dq_datatype);
  }

  bool quantized_tensor(const fb_xnnpack::XNNQuantizedTensorValue* quantized) {
    if (quantized == nullptr) return false;
    fields(quantized, xnnpack_profiles::kTable_XNNQuantizedTensorValue);
    bool unknown = tensor(quantized->tensor_value());
    const auto type = static_cast<std::uint8_t>(quantized->quant_params_type());
    if (type != 0) {
      usage_.used[xnnpack_profiles::kTypeSet_XNNQuantParams].add_small(type);
      unknown |= !knows(known_quantization_types_, type);
      const std::uint16_t table = quantization_tables_[type];
      if (table != kNoTable) {
        if (const void* parameters = quantized->quant_params()) fields(parameters, table);
      }
    }
    return unknown;
  }

  // Notes the slots a verified table sets beyond those the runtime's schema has. The vtable is shared
  // by many tables and was just read by the Verifier, so the usual case is one compare on cached data.
  void fields(const void* table, std::size_t table_index) {
    const auto* data = static_cast<const std::uint8_t*>(table);
    const std::uint8_t* vtable = data - flatbuffers::ReadScalar<flatbuffers::soffset_t>(data);
    const auto vtable_size = flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable);
    const std::uint16_t known = slot_counts_[table_index];
    // A table the runtime does not know at all is reached only through a type it does not know,
    // which is reported as such.
    if (vtable_size <= 4u + 2u * known || known == 0) return;
    unknown_fields(vtable, vtable_size, known, table_index);
  }

  FBCOMPAT_NOINLINE void unknown_fields(const std::uint8_t* vtable, std::uint16_t vtable_size, std::uint16_t known,
                                        std::size_t table_index) {
    const std::size_t slots = (vtable_size - 4u) / 2u;
    bool any = false;
    for (std::size_t slot = known; slot < slots; ++slot) {
      if (flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable + 4 + 2 * slot) == 0) continue;
      any = true;
      if (slot < 64) {
        usage_.unknown_slots[table_index] |= std::uint64_t{1} << slot;
      } else {
        usage_.unknown_slot_beyond_64[table_index] = true;
      }
    }
    if (any) ++usage_.tables_with_unknown_fields;
  }

  GraphUsage& usage_;
  const std::uint16_t* slot_counts_;
  const KnownValues& known_node_types_;
  const KnownValues& known_value_types_;
  const KnownValues& known_quantization_types_;
  const KnownValues& known_datatypes_;
  const std::uint16_t* node_tables_;
  const std::uint16_t* quantization_tables_;
};

namespace xnnpack_scan_detail {

inline bool fail(VerificationFailure& failure, VerificationFailure::Part part, const char* field = nullptr,
                 std::uint32_t index = 0) {
  failure.part = part;
  failure.field = field;
  failure.index = index;
  return false;
}

// Verifies each element of a vector of tables (as Verifier::VerifyVectorOfTables does) and hands it
// to `scan` while its bytes are still in cache.
template <typename T, typename Scan>
bool verify_and_scan_tables(flatbuffers::Verifier& verifier, const flatbuffers::Vector<flatbuffers::Offset<T>>* vector,
                            const char* field, VerificationFailure& failure, Scan&& scan) {
  if (vector == nullptr) return true;
  const flatbuffers::uoffset_t size = vector->size();
  for (flatbuffers::uoffset_t i = 0; i < size; ++i) {
    const T* element = vector->Get(i);
    if (!element->Verify(verifier)) return fail(failure, VerificationFailure::Part::Element, field, i);
    scan(element);
  }
  return true;
}

}  // namespace xnnpack_scan_detail

// Verifies `buffer` as VerifyXNNGraphBuffer does (leaving out the identifier, which the caller checks
// against the runtime's accepted ones) and scans it. False when it does not verify; `failure` says
// where. `verifier` must be constructed over `buffer`.
inline bool verify_and_scan_graph(flatbuffers::Verifier& verifier, const std::uint8_t* buffer, std::size_t size,
                                  GraphScanner& scanner, VerificationFailure& failure) {
  using namespace xnnpack_scan_detail;
  using Part = VerificationFailure::Part;
  // Verifier::VerifyBufferFromStart<XNNGraph>(nullptr, 0):
  if (!verifier.Check(size >= kMinimumFlatbufferSize)) return fail(failure, Part::BufferSize);
  const flatbuffers::uoffset_t root_offset = verifier.VerifyOffset(0);
  if (!verifier.Check(root_offset != 0)) return fail(failure, Part::RootOffset);
  const auto* graph = reinterpret_cast<const Graph*>(buffer + root_offset);
  const auto* table = reinterpret_cast<const flatbuffers::Table*>(graph);
  // XNNGraph::Verify, field by field:
  if (!table->VerifyTableStart(verifier)) return fail(failure, Part::RootTable);
  if (!table->VerifyOffset(verifier, Graph::VT_VERSION) || !verifier.VerifyString(graph->version())) {
    return fail(failure, Part::RootField, "version");
  }
  if (!table->VerifyOffset(verifier, Graph::VT_XNODES) || !verifier.VerifyVector(graph->xnodes())) {
    return fail(failure, Part::RootField, "xnodes");
  }
  if (!verify_and_scan_tables(verifier, graph->xnodes(), "xnodes", failure,
                              [&scanner](const fb_xnnpack::XNode* node) { scanner.node(node); })) {
    return false;
  }
  if (!table->VerifyOffset(verifier, Graph::VT_XVALUES) || !verifier.VerifyVector(graph->xvalues())) {
    return fail(failure, Part::RootField, "xvalues");
  }
  if (!verify_and_scan_tables(verifier, graph->xvalues(), "xvalues", failure,
                              [&scanner](const fb_xnnpack::XValue* value) { scanner.value(value); })) {
    return false;
  }
  if (!table->VerifyField<std::uint32_t>(verifier, Graph::VT_NUM_EXTERNS, 4)) {
    return fail(failure, Part::RootField, "num_externs");
  }
  if (!table->VerifyOffset(verifier, Graph::VT_INPUT_IDS) || !verifier.VerifyVector(graph->input_ids())) {
    return fail(failure, Part::RootField, "input_ids");
  }
  if (!table->VerifyOffset(verifier, Graph::VT_OUTPUT_IDS) || !verifier.VerifyVector(graph->output_ids())) {
    return fail(failure, Part::RootField, "output_ids");
  }
  if (!table->VerifyOffset(verifier, Graph::VT_CONSTANT_BUFFER) || !verifier.VerifyVector(graph->constant_buffer())) {
    return fail(failure, Part::RootField, "constant_buffer");
  }
  if (!verify_and_scan_tables(verifier, graph->constant_buffer(), "constant_buffer", failure,
                              [&scanner](const fb_xnnpack::Buffer* constant) { scanner.buffer(constant); })) {
    return false;
  }
  if (!table->VerifyOffset(verifier, Graph::VT_MEM_BUFFER_SIZES) ||
      !verifier.VerifyVector(graph->mem_buffer_sizes())) {
    return fail(failure, Part::RootField, "mem_buffer_sizes");
  }
  if (!table->VerifyOffset(verifier, Graph::VT_CONSTANT_DATA) || !verifier.VerifyVector(graph->constant_data())) {
    return fail(failure, Part::RootField, "constant_data");
  }
  if (!verify_and_scan_tables(verifier, graph->constant_data(), "constant_data", failure,
                              [&scanner](const fb_xnnpack::ConstantDataOffset* constant) { scanner.constant(constant); })) {
    return false;
  }
  verifier.EndTable();
  scanner.graph(graph);
  return true;
}

// The same scan as a second walk over a graph VerifyXNNGraphBuffer has accepted. The check does not
// use it; the benchmark measures it to show what the single pass saves, and the tests check that both
// collect the same usage.
inline void scan_verified_graph(const fb_xnnpack::XNNGraph* graph, GraphScanner& scanner) {
  if (const auto* nodes = graph->xnodes()) {
    for (const fb_xnnpack::XNode* node : *nodes) scanner.node(node);
  }
  if (const auto* values = graph->xvalues()) {
    for (const fb_xnnpack::XValue* value : *values) scanner.value(value);
  }
  if (const auto* buffers = graph->constant_buffer()) {
    for (const fb_xnnpack::Buffer* buffer : *buffers) scanner.buffer(buffer);
  }
  if (const auto* constants = graph->constant_data()) {
    for (const fb_xnnpack::ConstantDataOffset* constant : *constants) scanner.constant(constant);
  }
  scanner.graph(graph);
}

}  // namespace fbcompat
