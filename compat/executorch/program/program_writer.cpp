#include <algorithm>
#include <cstring>

#include <flatbuffers/flatbuffers.h>
#include <fmt/format.h>

#include "executorch/program_generated.h"
#include "fbcompat/executorch/program_writer.h"

namespace fbcompat {
namespace {

namespace et = executorch_flatbuffer;
namespace fb = flatbuffers;

constexpr std::size_t kInlineDataAlignment = 16;  // force_align of BackendDelegateInlineData.data

std::size_t align_up(std::size_t value, std::size_t alignment) { return (value + alignment - 1) & ~(alignment - 1); }

void write_le(std::uint8_t* at, std::uint64_t value, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) at[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

// The payloads in file order: inline ones become backend_delegate_data entries, the others segments,
// followed by one segment for each named data entry.
struct DataLayout {
  std::vector<const DelegateSpec*> inline_data;
  std::vector<const std::vector<std::uint8_t>*> segments;
  std::vector<std::uint64_t> segment_offsets;  // relative to the segment base
  std::uint64_t segment_data_size = 0;         // including the padding after the last segment
};

void add_segment(DataLayout& layout, const std::vector<std::uint8_t>& bytes, std::size_t alignment) {
  layout.segment_offsets.push_back(layout.segment_data_size);
  layout.segments.push_back(&bytes);
  layout.segment_data_size = align_up(layout.segment_data_size + bytes.size(), alignment);
}

DataLayout lay_out(const ProgramSpec& spec, std::size_t alignment) {
  DataLayout layout;
  for (const PlanSpec& plan : spec.plans) {
    for (const DelegateSpec& delegate : plan.delegates) {
      if (delegate.location == DelegateLocation::Inline) {
        layout.inline_data.push_back(&delegate);
      } else {
        add_segment(layout, delegate.payload, alignment);
      }
    }
  }
  for (const NamedDataSpec& entry : spec.named_data) add_segment(layout, entry.data, alignment);
  return layout;
}

// A float tensor; with `planned`, placed at `planned_bytes` of planned buffer 1, which it then extends.
fb::Offset<et::EValue> float_tensor(fb::FlatBufferBuilder& builder, const PlanTensorSpec& tensor, bool planned,
                                    std::uint64_t& planned_bytes) {
  std::vector<std::uint8_t> dim_order(tensor.sizes.size());
  for (std::size_t i = 0; i < dim_order.size(); ++i) dim_order[i] = static_cast<std::uint8_t>(i);
  fb::Offset<et::AllocationDetails> allocation;
  if (planned) {
    std::uint64_t bytes = sizeof(float);
    for (const std::int32_t size : tensor.sizes) bytes *= static_cast<std::uint64_t>(size < 0 ? 0 : size);
    allocation = et::CreateAllocationDetails(builder, 1, static_cast<std::uint32_t>(planned_bytes),
                                             static_cast<std::uint32_t>(planned_bytes >> 32));
    planned_bytes = align_up(planned_bytes + bytes, 16);
  }
  const auto value = et::CreateTensorDirect(builder, et::ScalarType::FLOAT, 0, &tensor.sizes, &dim_order, false, 0,
                                            allocation);
  return et::CreateEValue(builder, et::KernelTypes::Tensor, value.Union());
}

fb::Offset<et::ExecutionPlan> build_plan(fb::FlatBufferBuilder& builder, const PlanSpec& plan,
                                         std::uint32_t& next_inline, std::uint32_t& next_segment,
                                         const std::optional<ExporterShape>& exported) {
  std::vector<fb::Offset<et::EValue>> values;
  std::vector<std::int32_t> inputs;
  std::vector<std::int32_t> outputs;
  const bool planned = exported && exported->memory_planned;
  std::uint64_t planned_bytes = 0;
  for (const PlanTensorSpec& tensor : plan.inputs) {
    inputs.push_back(static_cast<std::int32_t>(values.size()));
    values.push_back(float_tensor(builder, tensor, planned, planned_bytes));
  }
  for (const PlanTensorSpec& tensor : plan.outputs) {
    outputs.push_back(static_cast<std::int32_t>(values.size()));
    values.push_back(float_tensor(builder, tensor, planned, planned_bytes));
  }
  std::vector<std::int32_t> arguments = inputs;
  arguments.insert(arguments.end(), outputs.begin(), outputs.end());

  std::vector<fb::Offset<et::Instruction>> instructions;
  std::vector<fb::Offset<et::BackendDelegate>> delegates;
  for (std::size_t d = 0; d < plan.delegates.size(); ++d) {
    const DelegateSpec& delegate = plan.delegates[d];
    const auto call = et::CreateDelegateCallDirect(builder, static_cast<std::int32_t>(d), &arguments);
    instructions.push_back(et::CreateInstruction(builder, et::InstructionArguments::DelegateCall, call.Union()));
    const bool is_inline = delegate.location == DelegateLocation::Inline;
    const auto processed = et::CreateBackendDelegateDataReference(
        builder, is_inline ? et::DataLocation::INLINE : et::DataLocation::SEGMENT, is_inline ? next_inline++ : next_segment++);
    // An empty list, as exporters write: runtimes before 1.3.0 read compile_specs without a null check.
    const std::vector<fb::Offset<et::CompileSpec>> no_compile_specs;
    delegates.push_back(et::CreateBackendDelegateDirect(builder, delegate.backend_id.c_str(), processed, &no_compile_specs));
  }
  const auto chain = et::CreateChainDirect(builder, &inputs, &outputs, &instructions);
  const std::vector<fb::Offset<et::Chain>> chains{chain};
  std::vector<std::int64_t> buffer_sizes{0};
  if (planned) buffer_sizes.push_back(static_cast<std::int64_t>(planned_bytes));
  if (!exported || !exported->every_list) {
    return et::CreateExecutionPlanDirect(builder, plan.name.c_str(), 0, &values, &inputs, &outputs, &chains, nullptr,
                                         &delegates, &buffer_sizes);
  }
  const std::vector<fb::Offset<et::Operator>> no_operators;
  const auto metadata = et::CreateContainerMetadataDirect(builder, "", "");
  return et::CreateExecutionPlanDirect(builder, plan.name.c_str(), metadata, &values, &inputs, &outputs, &chains,
                                       &no_operators, &delegates, &buffer_sizes);
}

// The program's own lists as the exporter writes them; empty ones where it writes none.
fb::Offset<et::Program> build_program(fb::FlatBufferBuilder& builder, const ProgramSpec& spec,
                                      const std::vector<fb::Offset<et::ExecutionPlan>>& plans,
                                      const std::vector<fb::Offset<et::BackendDelegateInlineData>>& inline_data,
                                      const std::vector<fb::Offset<et::DataSegment>>& segments,
                                      const std::vector<fb::Offset<et::NamedData>>& named_data) {
  const auto* named = named_data.empty() ? nullptr : &named_data;
  if (!spec.exported || !spec.exported->every_list) {
    return et::CreateProgramDirect(builder, spec.version, &plans, nullptr, &inline_data,
                                   segments.empty() ? nullptr : &segments, 0, nullptr, named);
  }
  const std::vector<std::uint8_t> no_bytes;
  const std::vector<fb::Offset<et::Buffer>> placeholder{et::CreateBufferDirect(builder, &no_bytes)};
  const std::vector<std::uint64_t> no_offsets;
  const auto constant_segment = et::CreateSubsegmentOffsetsDirect(builder, 0, &no_offsets);
  return et::CreateProgramDirect(builder, spec.version, &plans, &placeholder, &inline_data, &segments, constant_segment,
                                 nullptr, named);
}

// Puts the extended header right after the root offset and identifier. Everything after byte 8 moves
// by the same multiple of the buffer's alignment, and flatbuffer offsets are relative, so only the
// root offset changes.
std::vector<std::uint8_t> insert_extended_header(const std::uint8_t* flatbuffer, std::size_t size, std::size_t min_align,
                                                 std::uint32_t length) {
  const std::size_t inserted = align_up(length, std::max<std::size_t>(min_align, 16));
  std::vector<std::uint8_t> out(size + inserted, 0);
  std::memcpy(out.data(), flatbuffer, 8);
  std::memcpy(out.data() + 8 + inserted, flatbuffer + 8, size - 8);
  const std::uint64_t root = fb::ReadScalar<fb::uoffset_t>(flatbuffer) + inserted;
  write_le(out.data(), root, 4);
  std::memcpy(out.data() + ExtendedHeader::kMagicOffset, ExtendedHeader::kMagic, 4);
  write_le(out.data() + 12, length, 4);
  return out;
}

}  // namespace

// What the exporter changed, release by release, from the oldest described release's shape.
struct ExporterChange {
  RuntimeRelease since;
  void (*apply)(ExporterShape& shape);
};
constexpr ExporterChange kExporterChanges[] = {
    // extract_delegate_segments on by default, segments aligned to 128 bytes
    {{0, 4, 0}, [](ExporterShape& shape) { shape.delegates_in_segments = true, shape.segment_alignment = 128; }},
    // the extended header gains segment_data_size
    {{1, 0, 0}, [](ExporterShape& shape) { shape.header_length = 32; }},
};

ExporterShape exporter_shape(const RuntimeRelease& release) {
  ExporterShape shape;
  shape.header_length = 24;
  shape.segment_alignment = 4096;
  shape.delegates_in_segments = false;
  for (const ExporterChange& change : kExporterChanges) {
    if (!(release.described() < change.since)) change.apply(shape);
  }
  return shape;
}

Expected<std::vector<std::uint8_t>> write_program(const ProgramSpec& spec) {
  if (spec.alignment < 16 || spec.alignment > 4096 || (spec.alignment & (spec.alignment - 1)) != 0) {
    return Error{"", 0, 0, fmt::format("segment alignment {} is not a power of two from 16 to 4096", spec.alignment)};
  }
  const std::size_t alignment = spec.exported ? spec.exported->segment_alignment : spec.alignment;
  const DataLayout layout = lay_out(spec, alignment);
  if (!layout.segments.empty() && !spec.extended_header && !spec.exported) {
    return Error{"", 0, 0, "a program with segments (a delegate's or named data) needs the extended header (eh00) to locate them"};
  }

  fb::FlatBufferBuilder builder(1024);
  std::vector<fb::Offset<et::BackendDelegateInlineData>> inline_data;
  for (const DelegateSpec* delegate : layout.inline_data) {
    builder.ForceVectorAlignment(delegate->payload.size(), sizeof(std::uint8_t), kInlineDataAlignment);
    const auto bytes = builder.CreateVector(delegate->payload);
    inline_data.push_back(et::CreateBackendDelegateInlineData(builder, bytes));
  }
  std::vector<fb::Offset<et::DataSegment>> segments;
  for (std::size_t i = 0; i < layout.segments.size(); ++i) {
    segments.push_back(et::CreateDataSegment(builder, layout.segment_offsets[i], layout.segments[i]->size()));
  }
  // Named data follows the delegates' segments.
  std::vector<fb::Offset<et::NamedData>> named_data;
  const std::size_t first_named = layout.segments.size() - spec.named_data.size();
  for (std::size_t i = 0; i < spec.named_data.size(); ++i) {
    named_data.push_back(et::CreateNamedDataDirect(builder, spec.named_data[i].key.c_str(),
                                                   static_cast<std::uint32_t>(first_named + i)));
  }
  std::uint32_t next_inline = 0;
  std::uint32_t next_segment = 0;
  std::vector<fb::Offset<et::ExecutionPlan>> plans;
  for (const PlanSpec& plan : spec.plans) {
    plans.push_back(build_plan(builder, plan, next_inline, next_segment, spec.exported));
  }
  et::FinishProgramBuffer(builder, build_program(builder, spec, plans, inline_data, segments, named_data));

  // An exporter inserts the extended header only when there are segments.
  const bool extended_header = spec.exported ? !layout.segments.empty() : spec.extended_header;
  const std::uint32_t header_length = spec.exported ? spec.exported->header_length : ExtendedHeader::kLengthWritten;
  if (!extended_header) {
    return std::vector<std::uint8_t>(builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize());
  }
  std::vector<std::uint8_t> file =
      insert_extended_header(builder.GetBufferPointer(), builder.GetSize(), builder.GetBufferMinAlignment(), header_length);
  const std::uint64_t program_size = file.size();
  if (!layout.segments.empty()) {
    const std::uint64_t segment_base = align_up(file.size(), alignment);
    write_le(file.data() + 24, segment_base, 8);
    if (header_length >= 32) write_le(file.data() + 32, layout.segment_data_size, 8);
    file.resize(segment_base + layout.segment_data_size, 0);
    for (std::size_t i = 0; i < layout.segments.size(); ++i) {
      const auto& payload = *layout.segments[i];
      if (!payload.empty()) std::memcpy(file.data() + segment_base + layout.segment_offsets[i], payload.data(), payload.size());
    }
  }
  write_le(file.data() + 16, program_size, 8);
  return file;
}

}  // namespace fbcompat
