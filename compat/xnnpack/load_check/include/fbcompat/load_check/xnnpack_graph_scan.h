// Verifies an XNNPACK flatbuffer with flatbuffers' Verifier and, in the same pass, collects what the
// load-time check needs: the node, value, quantization and data types it uses, and the fields it sets
// that a runtime's schema does not have.
//
// Why one pass: the check must cost little more than verification alone. A second walk over a
// verified graph follows every node and value offset again: about 11% on top of the Verifier (see
// docs/benchmarks.md, "Load-time check"). So the root table's verification is spelled out here, with
// the same Verifier calls in the same order as the generated XNNGraph::Verify, except that each
// element of its vectors of tables is scanned right after the generated Verify of that element: the
// scan reuses the traversal, finds the element's bytes in cache, and the loop compiles tighter than
// the generated one. Every other table is verified by its generated Verify. The tests check that this
// accepts exactly the buffers VerifyXNNGraphBuffer accepts.
// Header-only, no allocation, no exceptions.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fbcompat/load_check/compiler_attributes.h"
#include "fbcompat/load_check/runtime_profile.h"
#include "fbcompat/load_check/used_values.h"
// flatc's output of the runtime schema is made by the program's own flatc, so that it matches the
// flatbuffers headers the program compiles with: fbcompat installs the schema, not that output.
#if defined(__has_include)
#if !__has_include("fbcompat/xnnpack/runtime_schema_generated.h")
#error "fbcompat's load check needs fbcompat/xnnpack/runtime_schema_generated.h, made by your flatc: in CMake, \
fbcompat_load_check(<target>); else flatc --cpp --scoped-enums -o <dir>/fbcompat/xnnpack on the schema that \
pkg-config --variable=runtime_schema fbcompat-load-check names, and -I<dir> (docs/load-check.md)"
#endif
#endif
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "fbcompat/load_check/xnnpack_profiles.h"

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
//
// Built to cost a few percent of verification. What it reads in a table depends on the table's
// vtable, and the builder shares one vtable among all tables of the same shape, so the scanner
// remembers recent vtables of each kind of table, with where each puts the fields it reads, once it has
// found that they hold no slot the runtime lacks. A table with a remembered vtable costs a pointer
// compare plus the loads of the fields themselves; the types seen are marked in byte maps (one store).
// Counting which nodes and values use unknown types is left to count_unknown_uses, which runs only
// when there are any.
class GraphScanner {
 public:
  GraphScanner(const RuntimeProfile& runtime, GraphUsage& usage)
      : usage_(usage),
        slot_counts_(runtime.table_slot_counts),
        node_tables_(type_set(xnnpack_profiles::kTypeSet_XNodeUnion).member_tables),
        quantization_tables_(type_set(xnnpack_profiles::kTypeSet_XNNQuantParams).member_tables) {}

  void graph(const fb_xnnpack::XNNGraph* graph) { table(graph, xnnpack_profiles::kTable_XNNGraph); }

  void node(const fb_xnnpack::XNode* node) {
    const std::uint8_t* data = bytes(node);
    const NodeLayout& layout = node_layouts_.find(vtable_of(data), *this);
    const std::uint8_t type = layout.type != 0 ? data[layout.type] : 0;
    seen_node_types_[type] = 1;
    // A type the newest schema does not know was not verified past its offset: leave it alone.
    const std::uint16_t payload_table = node_tables_[type];
    if (layout.payload != 0 && payload_table != kNoTable) {
      const std::uint8_t* payload = follow(data + layout.payload);
      if (vtable_of(payload) != known_payload_vtables_[type]) payload_vtable(payload, type, payload_table);
    }
    if (layout.min_max != 0) table(follow(data + layout.min_max), xnnpack_profiles::kTable_OutputMinMax);
  }

  void value(const fb_xnnpack::XValue* value) {
    const std::uint8_t* data = bytes(value);
    const ValueLayout& layout = value_layouts_.find(vtable_of(data), *this);
    const std::uint8_t type = layout.type != 0 ? data[layout.type] : 0;
    seen_value_types_[type] = 1;
    if (layout.payload == 0) return;
    const std::uint8_t* payload = follow(data + layout.payload);
    if (type == static_cast<std::uint8_t>(fb_xnnpack::XValueUnion::XNNTensorValue)) {
      tensor(payload);
    } else if (type == static_cast<std::uint8_t>(fb_xnnpack::XValueUnion::XNNQuantizedTensorValue)) {
      quantized_tensor(reinterpret_cast<const fb_xnnpack::XNNQuantizedTensorValue*>(payload));
    }
  }

  void buffer(const fb_xnnpack::Buffer* buffer) { table(buffer, xnnpack_profiles::kTable_Buffer); }
  void constant(const fb_xnnpack::ConstantDataOffset* constant) {
    table(constant, xnnpack_profiles::kTable_ConstantDataOffset);
  }

  // Writes what was collected into the usage; call once, after the last table.
  void finish(const fb_xnnpack::XNNGraph* graph) {
    using namespace xnnpack_profiles;
    usage_.node_count = graph->xnodes() != nullptr ? graph->xnodes()->size() : 0;
    usage_.value_count = graph->xvalues() != nullptr ? graph->xvalues()->size() : 0;
    usage_.used[kTypeSet_XNodeUnion] = UsedValues();
    usage_.used[kTypeSet_XValueUnion] = UsedValues();
    usage_.used[kTypeSet_XNNQuantParams] = UsedValues();
    usage_.used[kTypeSet_XNNDatatype] = datatype_others_;
    // Type id 0 is a union's NONE: it names no member.
    for (std::size_t id = 1; id < 256; ++id) {
      const auto small = static_cast<std::uint8_t>(id);
      if (seen_node_types_[id] != 0) usage_.used[kTypeSet_XNodeUnion].add_small(small);
      if (seen_value_types_[id] != 0) usage_.used[kTypeSet_XValueUnion].add_small(small);
      if (seen_quantization_types_[id] != 0) usage_.used[kTypeSet_XNNQuantParams].add_small(small);
    }
    for (std::size_t value = 0; value < 256; ++value) {
      if (seen_datatypes_[value] != 0) usage_.used[kTypeSet_XNNDatatype].add_small(static_cast<std::uint8_t>(value));
    }
  }

 private:
  // Where one vtable puts the fields the scan reads (0: absent).
  struct NodeLayout {
    const std::uint8_t* vtable = nullptr;
    flatbuffers::voffset_t type = 0, payload = 0, min_max = 0;
  };
  struct ValueLayout {
    const std::uint8_t* vtable = nullptr;
    flatbuffers::voffset_t type = 0, payload = 0;
  };
  struct TensorLayout {
    const std::uint8_t* vtable = nullptr;
    flatbuffers::voffset_t datatype = 0, dq_datatype = 0;
  };

  // The last two vtables seen for one kind of table, as layouts. A vtable with slots the runtime does
  // not know is never remembered, so every table using it is noted.
  template <typename Layout>
  class LayoutCache {
   public:
    const Layout& find(const std::uint8_t* vtable, GraphScanner& scanner) {
      if (vtable == entries_[0].vtable) return entries_[0];
      if (vtable == entries_[1].vtable) return entries_[1];
      return learn(vtable, scanner);
    }

   private:
    FBCOMPAT_NOINLINE const Layout& learn(const std::uint8_t* vtable, GraphScanner& scanner) {
      Layout& entry = entries_[next_];
      scanner.layout(vtable, entry);
      if (entry.vtable == nullptr) return entry;  // not remembered; the layout is still right for this table
      next_ ^= 1u;
      return entry;
    }

    Layout entries_[2];
    unsigned next_ = 0;
  };

  static const TypeSetHistory& type_set(std::size_t index) { return xnnpack_profiles::kFamily.type_sets[index]; }

  static const std::uint8_t* bytes(const void* table) { return static_cast<const std::uint8_t*>(table); }
  static const std::uint8_t* vtable_of(const std::uint8_t* table) {
    return table - flatbuffers::ReadScalar<flatbuffers::soffset_t>(table);
  }
  static const std::uint8_t* follow(const std::uint8_t* offset) {
    return offset + flatbuffers::ReadScalar<flatbuffers::uoffset_t>(offset);
  }
  // The field's offset in tables using this vtable, as flatbuffers::Table::GetOptionalFieldOffset.
  static flatbuffers::voffset_t field(const std::uint8_t* vtable, flatbuffers::voffset_t field) {
    return field < flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable)
               ? flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable + field)
               : 0;
  }

  // Fills a layout for `vtable`; leaves layout.vtable null when the vtable has slots the runtime lacks
  // (after noting them for this table).
  void layout(const std::uint8_t* vtable, NodeLayout& layout) {
    layout.type = field(vtable, fb_xnnpack::XNode::VT_XNODE_UNION_TYPE);
    layout.payload = field(vtable, fb_xnnpack::XNode::VT_XNODE_UNION);
    layout.min_max = field(vtable, fb_xnnpack::XNode::VT_OUTPUT_MIN_MAX);
    layout.vtable = remember(vtable, xnnpack_profiles::kTable_XNode);
  }
  void layout(const std::uint8_t* vtable, ValueLayout& layout) {
    layout.type = field(vtable, fb_xnnpack::XValue::VT_XVALUE_UNION_TYPE);
    layout.payload = field(vtable, fb_xnnpack::XValue::VT_XVALUE_UNION);
    layout.vtable = remember(vtable, xnnpack_profiles::kTable_XValue);
  }
  void layout(const std::uint8_t* vtable, TensorLayout& layout) {
    layout.datatype = field(vtable, fb_xnnpack::XNNTensorValue::VT_DATATYPE);
    layout.dq_datatype = field(vtable, fb_xnnpack::XNNTensorValue::VT_DQ_DATATYPE);
    layout.vtable = remember(vtable, xnnpack_profiles::kTable_XNNTensorValue);
  }

  // `vtable` when it may be remembered, else null (after noting its unknown slots).
  const std::uint8_t* remember(const std::uint8_t* vtable, std::size_t table_index) {
    if (!has_unknown_slots(vtable, table_index)) return vtable;
    note_unknown_fields(vtable, table_index);
    return nullptr;
  }

  void tensor(const std::uint8_t* data) {
    const TensorLayout& layout = tensor_layouts_.find(vtable_of(data), *this);
    datatype(layout.datatype != 0 ? flatbuffers::ReadScalar<std::int16_t>(data + layout.datatype) : std::int16_t{0});
    if (layout.dq_datatype != 0) datatype(flatbuffers::ReadScalar<std::int16_t>(data + layout.dq_datatype));
  }

  void datatype(std::int16_t value) {
    if (value >= 0 && value < 256) {
      seen_datatypes_[value] = 1;
    } else {
      datatype_others_.add(value);
    }
  }

  void quantized_tensor(const fb_xnnpack::XNNQuantizedTensorValue* quantized) {
    table(quantized, xnnpack_profiles::kTable_XNNQuantizedTensorValue);
    if (const fb_xnnpack::XNNTensorValue* tensor_value = quantized->tensor_value()) tensor(bytes(tensor_value));
    const auto type = static_cast<std::uint8_t>(quantized->quant_params_type());
    seen_quantization_types_[type] = 1;
    const std::uint16_t parameters_table = quantization_tables_[type];
    if (parameters_table != kNoTable) {
      if (const void* parameters = quantized->quant_params()) table(parameters, parameters_table);
    }
  }

  // Any other table: only whether it sets slots the runtime does not know.
  void table(const void* data, std::size_t table_index) {
    const std::uint8_t* vtable = vtable_of(bytes(data));
    if (vtable != known_vtables_[table_index]) table_vtable(vtable, table_index);
  }

  FBCOMPAT_NOINLINE void table_vtable(const std::uint8_t* vtable, std::size_t table_index) {
    if (const std::uint8_t* remembered = remember(vtable, table_index)) known_vtables_[table_index] = remembered;
  }

  FBCOMPAT_NOINLINE void payload_vtable(const std::uint8_t* payload, std::uint8_t type, std::uint16_t table_index) {
    if (const std::uint8_t* remembered = remember(vtable_of(payload), table_index)) {
      known_payload_vtables_[type] = remembered;
    }
  }

  bool has_unknown_slots(const std::uint8_t* vtable, std::size_t table_index) const {
    const std::uint16_t known = slot_counts_[table_index];
    const auto vtable_size = flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable);
    // A table the runtime does not know at all is reached only through a type it does not know,
    // which is reported as such.
    if (known == 0 || vtable_size <= 4u + 2u * known) return false;
    for (std::size_t slot = known; slot < (vtable_size - 4u) / 2u; ++slot) {
      if (flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable + 4 + 2 * slot) != 0) return true;
    }
    return false;
  }

  FBCOMPAT_NOINLINE void note_unknown_fields(const std::uint8_t* vtable, std::size_t table_index) {
    const std::uint16_t known = slot_counts_[table_index];
    const std::size_t slots = (flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable) - 4u) / 2u;
    for (std::size_t slot = known; slot < slots; ++slot) {
      if (flatbuffers::ReadScalar<flatbuffers::voffset_t>(vtable + 4 + 2 * slot) == 0) continue;
      if (slot < 64) {
        usage_.unknown_slots[table_index] |= std::uint64_t{1} << slot;
      } else {
        usage_.unknown_slot_beyond_64[table_index] = true;
      }
    }
    ++usage_.tables_with_unknown_fields;
  }

  GraphUsage& usage_;
  const std::uint16_t* slot_counts_;
  const std::uint16_t* node_tables_;
  const std::uint16_t* quantization_tables_;
  LayoutCache<NodeLayout> node_layouts_;
  LayoutCache<ValueLayout> value_layouts_;
  LayoutCache<TensorLayout> tensor_layouts_;
  // Per table type, and per node type for node payloads, a vtable found to hold only known slots.
  const std::uint8_t* known_vtables_[xnnpack_profiles::kTableCount] = {};
  const std::uint8_t* known_payload_vtables_[256] = {};
  // Types seen, by id: one store per table on the hot path.
  std::uint8_t seen_node_types_[256] = {};
  std::uint8_t seen_value_types_[256] = {};
  std::uint8_t seen_quantization_types_[256] = {};
  std::uint8_t seen_datatypes_[256] = {};
  UsedValues datatype_others_;  // datatypes outside 0..255
};

// Counts the nodes and values that use a type the runtime does not know, in a graph that has been
// verified. A second walk, but only for programs the runtime refuses.
inline void count_unknown_uses(const fb_xnnpack::XNNGraph* graph, const RuntimeProfile& runtime, GraphUsage& usage) {
  using namespace xnnpack_profiles;
  const KnownValues& node_types = runtime.known[kTypeSet_XNodeUnion];
  const KnownValues& value_types = runtime.known[kTypeSet_XValueUnion];
  const KnownValues& quantization_types = runtime.known[kTypeSet_XNNQuantParams];
  const KnownValues& datatypes = runtime.known[kTypeSet_XNNDatatype];
  auto unknown_union = [](const KnownValues& known, std::uint8_t type) { return type != 0 && !known.contains(type); };
  auto unknown_tensor = [&datatypes](const fb_xnnpack::XNNTensorValue* tensor) {
    return tensor != nullptr && (!datatypes.contains(static_cast<std::int64_t>(tensor->datatype())) ||
                                 !datatypes.contains(static_cast<std::int64_t>(tensor->dq_datatype())));
  };
  usage.nodes_with_unknown_type = 0;
  usage.values_with_unknown_type = 0;
  if (const auto* nodes = graph->xnodes()) {
    for (const fb_xnnpack::XNode* node : *nodes) {
      if (unknown_union(node_types, static_cast<std::uint8_t>(node->xnode_union_type()))) {
        ++usage.nodes_with_unknown_type;
      }
    }
  }
  if (const auto* values = graph->xvalues()) {
    for (const fb_xnnpack::XValue* value : *values) {
      bool unknown = unknown_union(value_types, static_cast<std::uint8_t>(value->xvalue_union_type()));
      if (const auto* tensor = value->xvalue_union_as_XNNTensorValue()) unknown |= unknown_tensor(tensor);
      if (const auto* quantized = value->xvalue_union_as_XNNQuantizedTensorValue()) {
        unknown |= unknown_tensor(quantized->tensor_value());
        unknown |= unknown_union(quantization_types, static_cast<std::uint8_t>(quantized->quant_params_type()));
      }
      if (unknown) ++usage.values_with_unknown_type;
    }
  }
}

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
// where. `verifier` must be constructed over `buffer`. `Scanner` is GraphScanner, or anything with its
// graph, node, value, buffer, constant and finish members (the benchmark passes one that does nothing).
template <typename Scanner>
bool verify_and_scan_graph(flatbuffers::Verifier& verifier, const std::uint8_t* buffer, std::size_t size,
                           Scanner& scanner, VerificationFailure& failure) {
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
  scanner.finish(graph);
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
  scanner.finish(graph);
}

}  // namespace fbcompat
