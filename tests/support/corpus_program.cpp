#include "support/corpus_program.h"

#include <flatbuffers/flatbuffers.h>

#include <cstring>

#include "executorch/program_generated.h"

namespace fbcompat::test {
namespace {

namespace et = executorch_flatbuffer;
namespace fb = flatbuffers;

constexpr std::size_t kSegmentAlignment = 16;
constexpr std::size_t kHeaderSpace = 32;  // inserted after byte 8: keeps everything after it 16-aligned

std::size_t align_up(std::size_t value, std::size_t alignment) { return (value + alignment - 1) & ~(alignment - 1); }

void put_le(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint64_t value, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) bytes[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
}

struct SegmentLayout {
  std::vector<const std::vector<std::uint8_t>*> bytes;
  std::vector<std::uint64_t> offsets;
  std::uint64_t extent = 0;
};

SegmentLayout lay_out_segments(const CorpusProgram& spec) {
  SegmentLayout layout;
  for (const auto& segment : spec.segments) layout.bytes.push_back(&segment);
  if (spec.delegate && spec.delegate->location == DelegateLocation::Segment)
    layout.bytes.push_back(&spec.delegate->payload);
  for (const auto* segment : layout.bytes) {
    layout.offsets.push_back(layout.extent);
    layout.extent = align_up(layout.extent + segment->size(), kSegmentAlignment);
  }
  return layout;
}

fb::Offset<et::ExecutionPlan> build_plan(fb::FlatBufferBuilder& builder, const CorpusProgram& spec) {
  std::vector<std::uint8_t> dim_order(spec.sizes.size());
  for (std::size_t i = 0; i < dim_order.size(); ++i) dim_order[i] = static_cast<std::uint8_t>(i);
  if (spec.dim_order) dim_order = *spec.dim_order;
  const auto tensor = et::CreateTensorDirect(builder, static_cast<et::ScalarType>(spec.scalar_type), 0, &spec.sizes,
                                             &dim_order, false, spec.data_buffer_idx);
  const std::vector<fb::Offset<et::EValue>> values{et::CreateEValue(builder, et::KernelTypes::Tensor, tensor.Union())};
  const std::vector<std::int32_t>& inputs = spec.inputs;
  const std::vector<std::int32_t>& outputs = spec.outputs;
  std::vector<fb::Offset<et::Instruction>> instructions;
  for (const std::int32_t op_index : spec.kernel_calls) {
    const std::vector<std::int32_t> arguments{0};
    const auto call = et::CreateKernelCallDirect(builder, op_index, &arguments);
    instructions.push_back(et::CreateInstruction(builder, et::InstructionArguments::KernelCall, call.Union()));
  }
  std::vector<fb::Offset<et::BackendDelegate>> delegates;
  if (spec.delegate) {
    const std::vector<std::int32_t> arguments{0};
    const auto call = et::CreateDelegateCallDirect(builder, 0, &arguments);
    instructions.push_back(et::CreateInstruction(builder, et::InstructionArguments::DelegateCall, call.Union()));
    const bool in_segment = spec.delegate->location == DelegateLocation::Segment;
    const auto processed = et::CreateBackendDelegateDataReference(
        builder, in_segment ? et::DataLocation::SEGMENT : et::DataLocation::INLINE,
        in_segment ? static_cast<std::uint32_t>(spec.segments.size()) : 0);
    const std::vector<fb::Offset<et::CompileSpec>> no_specs;
    delegates.push_back(et::CreateBackendDelegateDirect(builder, spec.delegate->id.c_str(), processed,
                                                        spec.delegate->compile_specs ? &no_specs : nullptr));
  }
  const std::vector<fb::Offset<et::Chain>> chains{et::CreateChainDirect(builder, &inputs, &outputs, &instructions)};
  std::vector<fb::Offset<et::Operator>> operators;
  for (const CorpusProgram::Operator& op : spec.operators) {
    operators.push_back(et::CreateOperator(builder, builder.CreateString(op.name), builder.CreateString(op.overload)));
  }
  const std::vector<std::int64_t> buffer_sizes{0};
  const auto name = spec.plan_name ? builder.CreateString(*spec.plan_name) : fb::Offset<fb::String>();
  return et::CreateExecutionPlan(builder, name, 0, builder.CreateVector(values), builder.CreateVector(inputs),
                                 builder.CreateVector(outputs), builder.CreateVector(chains),
                                 builder.CreateVector(operators), builder.CreateVector(delegates),
                                 builder.CreateVector(buffer_sizes));
}

}  // namespace

std::vector<std::uint8_t> build_corpus_program(const CorpusProgram& spec) {
  const SegmentLayout layout = lay_out_segments(spec);
  fb::FlatBufferBuilder builder(1024);

  std::vector<fb::Offset<et::BackendDelegateInlineData>> inline_data;
  if (spec.delegate && spec.delegate->location == DelegateLocation::Inline) {
    builder.ForceVectorAlignment(spec.delegate->payload.size(), 1, 16);
    inline_data.push_back(et::CreateBackendDelegateInlineData(builder, builder.CreateVector(spec.delegate->payload)));
  }
  std::vector<fb::Offset<et::Buffer>> constant_buffer;
  for (std::size_t i = 0; spec.constant_buffer && i < *spec.constant_buffer; ++i) {
    const std::vector<std::uint8_t> storage(i == 0 ? 0 : 8, 0);
    builder.ForceVectorAlignment(storage.size(), 1, 16);
    constant_buffer.push_back(et::CreateBuffer(builder, builder.CreateVector(storage)));
  }
  std::vector<fb::Offset<et::DataSegment>> segments;
  for (std::size_t i = 0; i < layout.bytes.size(); ++i) {
    segments.push_back(et::CreateDataSegment(builder, layout.offsets[i], layout.bytes[i]->size()));
  }
  for (const auto& [offset, size] : spec.phantom_segments)
    segments.push_back(et::CreateDataSegment(builder, offset, size));
  fb::Offset<et::SubsegmentOffsets> constant_segment;
  if (spec.constant_segment) {
    constant_segment =
        et::CreateSubsegmentOffsetsDirect(builder, spec.constant_segment->first, &spec.constant_segment->second);
  }
  std::vector<fb::Offset<et::ExecutionPlan>> plans;
  if (spec.execution_plan) plans.push_back(build_plan(builder, spec));
  const bool has_inline_list = spec.delegate ? spec.delegate->inline_data_list : true;
  const auto program = et::CreateProgramDirect(
      builder, 0, spec.execution_plan ? &plans : nullptr, spec.constant_buffer ? &constant_buffer : nullptr,
      has_inline_list ? &inline_data : nullptr, segments.empty() ? nullptr : &segments, constant_segment);
  et::FinishProgramBuffer(builder, program);

  const std::uint8_t* flatbuffer = builder.GetBufferPointer();
  const std::size_t size = builder.GetSize();
  if (spec.header == CorpusProgram::Header::None) {
    std::vector<std::uint8_t> file(flatbuffer, flatbuffer + size);
    return file;
  }
  // The header goes after the root offset and identifier; offsets inside the flatbuffer are relative,
  // so only the root offset moves.
  std::vector<std::uint8_t> file(size + kHeaderSpace, 0);
  std::memcpy(file.data(), flatbuffer, 8);
  std::memcpy(file.data() + 8 + kHeaderSpace, flatbuffer + 8, size - 8);
  put_le(file, 0, fb::ReadScalar<fb::uoffset_t>(flatbuffer) + kHeaderSpace, 4);
  std::memcpy(file.data() + 8, "eh00", 4);
  const bool long_header = spec.header == CorpusProgram::Header::Length32;
  put_le(file, 12, spec.header_length.value_or(long_header ? 32 : 24), 4);
  const std::uint64_t program_size = file.size();
  put_le(file, 16, program_size, 8);
  if (!layout.bytes.empty()) {
    const std::uint64_t base = align_up(file.size(), kSegmentAlignment);
    file.resize(base + layout.extent, 0);
    for (std::size_t i = 0; i < layout.bytes.size(); ++i) {
      if (!layout.bytes[i]->empty())
        std::memcpy(file.data() + base + layout.offsets[i], layout.bytes[i]->data(), layout.bytes[i]->size());
    }
    put_le(file, 24, base, 8);
  }
  // A 24-byte header ends before segment_data_size: what follows is padding no release reads, so it
  // holds a value that would fail the file-size check if it were read.
  put_le(file, 32, long_header ? spec.segment_data_size.value_or(layout.extent) : ~std::uint64_t{0} - 1, 8);
  return file;
}

}  // namespace fbcompat::test
