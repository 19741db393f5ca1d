// Programs for the loader-verdict corpus, built field by field with the generated ExecuTorch builders,
// so that each class of the loader rules (../shared/facts/executorch/loader-rules.md) can be written
// in its accepted and its refused shape: headers of each length, segments listed, used or not,
// constant segments and buffers, tensor metadata, and one delegate stored inline or in a segment.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/delegate.h"

namespace fbcompat::test {

struct CorpusDelegate {
  std::string id = xnnpack::kBackendId;
  std::vector<std::uint8_t> payload;
  // Inline: Program.backend_delegate_data[0]; Segment: a segment after the others.
  DelegateLocation location = DelegateLocation::Inline;
  bool inline_data_list = true;  // false: Program.backend_delegate_data is absent
  bool compile_specs = true;     // false: BackendDelegate.compile_specs is absent
};

struct CorpusProgram {
  enum class Header { None, Length24, Length32 };
  Header header = Header::Length32;
  std::optional<std::uint32_t> header_length;  // what the header says its length is, if not 24 or 32
  // What the 32-byte header says the segment data size is; by default, the segments' real extent.
  std::optional<std::uint64_t> segment_data_size;

  bool execution_plan = true;
  // The plan's one tensor value, its input and output.
  std::vector<std::int32_t> sizes{2};
  std::optional<std::vector<std::uint8_t>> dim_order;  // by default 0 .. rank-1
  std::int8_t scalar_type = 6;                         // FLOAT
  std::uint32_t data_buffer_idx = 0;

  // Program.constant_buffer with this many entries (entry 0 the empty placeholder, the others 8 bytes).
  std::optional<std::size_t> constant_buffer;
  // Program.constant_segment: its segment_index and offsets.
  std::optional<std::pair<std::uint32_t, std::vector<std::uint64_t>>> constant_segment;
  // Segment bytes written after the program (each 16-aligned) and listed in Program.segments.
  std::vector<std::vector<std::uint8_t>> segments;
  // Program.segments entries that point at no bytes: {offset, size} relative to the segment base.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> phantom_segments;

  std::optional<CorpusDelegate> delegate;

  // The plan's name (nullopt: none), its inputs and outputs (value indices), and the kernel calls its
  // chain makes before the delegate call: each an index into `operators`, with value 0 as its argument.
  std::optional<std::string> plan_name = std::string("forward");
  std::vector<std::int32_t> inputs{0};
  std::vector<std::int32_t> outputs{0};
  struct Operator {
    std::string name;  // may hold NUL bytes
    std::string overload;
  };
  std::vector<Operator> operators;
  std::vector<std::int32_t> kernel_calls;
};

std::vector<std::uint8_t> build_corpus_program(const CorpusProgram& spec);

}  // namespace fbcompat::test
