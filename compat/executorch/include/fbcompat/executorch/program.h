// Reading ExecuTorch program files (.pte): the "ET12" flatbuffer, its optional extended header
// ("eh00") and where each delegate's payload is. Payloads are handed out as spans into the caller's
// bytes, which must outlive the ProgramView. Every offset and length is checked against the bytes
// before it is used: bad input comes back as an Error naming the byte and the problem, never as a
// crash or an allocation sized by the file's own claims.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/input_limits.h"

namespace fbcompat {

// Where a delegate's payload is stored.
enum class DelegateLocation : std::uint8_t {
  Inline = 0,   // Program.backend_delegate_data[index].data, inside the flatbuffer
  Segment = 1,  // Program.segments[index], after the flatbuffer (needs the extended header)
};

const char* delegate_location_name(DelegateLocation location);  // "INLINE", "SEGMENT"

// The extended header that follows the root offset and identifier.
struct ExtendedHeader {
  static constexpr std::size_t kMagicOffset = 8;
  static constexpr std::size_t kMinimumLength = 32;
  static constexpr char kMagic[4] = {'e', 'h', '0', '0'};

  std::uint32_t length = 0;               // header length in bytes (32 today)
  std::uint64_t program_size = 0;         // size of the program flatbuffer
  std::uint64_t segment_base_offset = 0;  // segments' offsets are relative to this
  std::uint64_t segment_data_size = 0;    // total size of the segment data
};

struct ProgramDelegate {
  std::string backend_id;  // "XnnpackBackend" for XNNPACK
  DelegateLocation location = DelegateLocation::Inline;
  std::uint32_t index = 0;            // into backend_delegate_data or segments
  const std::uint8_t* data = nullptr;  // the payload, inside the program's bytes
  std::size_t size = 0;
  std::uint64_t file_offset = 0;  // where the payload starts in the file
};

struct ProgramPlan {
  std::string name;
  std::vector<ProgramDelegate> delegates;
};

struct ProgramView {
  std::uint32_t version = 0;  // Program.version
  std::size_t file_size = 0;
  std::size_t flatbuffer_size = 0;  // the part verified as the program flatbuffer
  std::optional<ExtendedHeader> extended_header;
  std::vector<ProgramPlan> plans;
  std::size_t inline_data_count = 0;  // entries of Program.backend_delegate_data
  std::size_t segment_count = 0;      // entries of Program.segments
};

struct ProgramReadOptions {
  // Programs larger than this are refused before anything is read (files: before they are loaded).
  // The flatbuffer part can never exceed flatbuffers' own limit of 2 GiB - 1.
  std::uint64_t max_program_bytes = limits::kProgramSize;
  // flatbuffers::Verifier limits: nesting depth and number of tables (0: limits::table_count_limit).
  std::uint32_t max_depth = limits::kNestingDepth;
  std::uint32_t max_tables = 0;
  // Execution plans, delegates and segments: more than this many of any is refused.
  std::uint32_t max_vector_length = limits::kVectorLength;
  // Named in errors: the file the bytes came from.
  std::string source_name;
};

constexpr const char* kXnnpackBackendId = "XnnpackBackend";

// Reads a program from bytes that must stay alive while the result is used.
Expected<ProgramView> read_program(const std::uint8_t* data, std::size_t size, const ProgramReadOptions& options = {});

// Reads a whole file, refusing files larger than options.max_program_bytes before loading them.
Expected<std::vector<std::uint8_t>> read_program_file(const std::string& path, const ProgramReadOptions& options = {});

}  // namespace fbcompat
