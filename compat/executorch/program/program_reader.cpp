#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>

#include <flatbuffers/flatbuffers.h>
#include <fmt/format.h>

#include "executorch/program_generated.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/base/little_endian.h"
#include "fbcompat/core/verifier_limits.h"

namespace fbcompat {
namespace {

namespace et = executorch_flatbuffer;

constexpr std::size_t kRootAndIdentifier = 8;
constexpr char kProgramIdentifier[4] = {'E', 'T', '1', '2'};

Error error_at(const ProgramReadOptions& options, std::string message) {
  return Error{options.source_name, 0, 0, std::move(message)};
}

std::string printable_identifier(const std::uint8_t* bytes) {
  std::string text;
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<char>(bytes[i]);
    text += (c >= 0x20 && c < 0x7f) ? fmt::format("{}", c) : fmt::format("\\x{:02x}", bytes[i]);
  }
  return text;
}

bool has_extended_header(const std::uint8_t* data, std::size_t size) {
  return size >= ExtendedHeader::kMagicOffset + 4 &&
         std::memcmp(data + ExtendedHeader::kMagicOffset, ExtendedHeader::kMagic, 4) == 0;
}

// Reads and checks the extended header against the file's size; nullopt plus an error when it is bad.
Expected<ExtendedHeader> read_extended_header(const std::uint8_t* data, std::size_t size,
                                              const ProgramReadOptions& options) {
  constexpr std::size_t kFieldsEnd = ExtendedHeader::kMagicOffset + ExtendedHeader::kMinimumLength;
  if (size < kFieldsEnd) {
    return error_at(options, fmt::format("extended header (eh00) at byte 8 is cut off: the file ends at byte {}, "
                                         "the header needs {} bytes",
                                         size, kFieldsEnd));
  }
  ExtendedHeader header;
  header.length = static_cast<std::uint32_t>(read_le(data + 12, 4));
  header.program_size = read_le(data + 16, 8);
  header.segment_base_offset = read_le(data + 24, 8);
  header.segment_data_size = read_le(data + 32, 8);
  if (header.length < ExtendedHeader::kMinimumLength || header.length > size - ExtendedHeader::kMagicOffset) {
    return error_at(options, fmt::format("extended header length {} at byte 12 is out of range (at least {}, and "
                                         "within the {}-byte file)",
                                         header.length, ExtendedHeader::kMinimumLength, size));
  }
  if (header.program_size < ExtendedHeader::kMagicOffset + header.length) {
    return error_at(options, fmt::format("header lengths disagree: the program size {} (byte 16) is smaller than "
                                         "the extended header itself ({} bytes from byte 8)",
                                         header.program_size, header.length));
  }
  if (header.program_size > size) {
    return error_at(options, fmt::format("offset out of range: the extended header says the program flatbuffer is "
                                         "{} bytes, but the file has only {} (truncated?)",
                                         header.program_size, size));
  }
  const bool has_segments = header.segment_base_offset != 0 || header.segment_data_size != 0;
  if (has_segments) {
    if (header.segment_base_offset < header.program_size) {
      return error_at(options, fmt::format("header lengths disagree: segment base offset {} (byte 24) lies inside "
                                           "the {}-byte program flatbuffer",
                                           header.segment_base_offset, header.program_size));
    }
    if (header.segment_base_offset > size || header.segment_data_size > size - header.segment_base_offset) {
      return error_at(options, fmt::format("offset out of range: segment data at byte {} of {} bytes (bytes 24 and "
                                           "32) extends past the end of the {}-byte file (truncated?)",
                                           header.segment_base_offset, header.segment_data_size, size));
    }
  }
  return header;
}

Expected<ProgramDelegate> resolve_delegate(const et::Program& program, const et::BackendDelegate& delegate,
                                           const ProgramView& view, const std::uint8_t* data, std::size_t plan_index,
                                           std::size_t delegate_index, const ProgramReadOptions& options) {
  const std::string where = fmt::format("execution plan {} delegate {}", plan_index, delegate_index);
  ProgramDelegate resolved;
  if (delegate.id() != nullptr) resolved.backend_id = delegate.id()->str();
  const et::BackendDelegateDataReference* processed = delegate.processed();
  if (processed == nullptr) return error_at(options, fmt::format("{} ({}) has no processed data reference", where, resolved.backend_id));
  resolved.index = processed->index();
  switch (processed->location()) {
    case et::DataLocation::INLINE: {
      resolved.location = DelegateLocation::Inline;
      const auto* entries = program.backend_delegate_data();
      if (entries == nullptr || resolved.index >= entries->size()) {
        return error_at(options, fmt::format("offset out of range: {} refers to inline data {}, but the program has {}",
                                             where, resolved.index, entries == nullptr ? 0 : entries->size()));
      }
      const auto* bytes = entries->Get(resolved.index)->data();
      if (bytes != nullptr) {
        resolved.data = bytes->data();
        resolved.size = bytes->size();
        resolved.file_offset = static_cast<std::uint64_t>(resolved.data - data);
      }
      return resolved;
    }
    case et::DataLocation::SEGMENT: {
      resolved.location = DelegateLocation::Segment;
      if (!view.extended_header) {
        return error_at(options, fmt::format("{} is stored in segment {}, but the program has no extended header "
                                             "to locate segments",
                                             where, resolved.index));
      }
      const auto* segments = program.segments();
      if (segments == nullptr || resolved.index >= segments->size()) {
        return error_at(options, fmt::format("offset out of range: {} refers to segment {}, but the program has {}",
                                             where, resolved.index, segments == nullptr ? 0 : segments->size()));
      }
      const et::DataSegment* segment = segments->Get(resolved.index);
      const ExtendedHeader& header = *view.extended_header;
      if (segment->offset() > header.segment_data_size || segment->size() > header.segment_data_size - segment->offset()) {
        return error_at(options, fmt::format("offset out of range: segment {} (offset {}, size {}) extends past the "
                                             "{} bytes of segment data",
                                             resolved.index, segment->offset(), segment->size(), header.segment_data_size));
      }
      resolved.file_offset = header.segment_base_offset + segment->offset();
      resolved.data = data + resolved.file_offset;
      resolved.size = static_cast<std::size_t>(segment->size());
      return resolved;
    }
  }
  return error_at(options, fmt::format("{} has unknown data location {}", where, static_cast<int>(processed->location())));
}

}  // namespace

const char* delegate_location_name(DelegateLocation location) {
  return location == DelegateLocation::Inline ? "INLINE" : "SEGMENT";
}

Expected<ProgramView> read_program(const std::uint8_t* data, std::size_t size, const ProgramReadOptions& options) {
  if (size > options.max_program_bytes) {
    return error_at(options, limits::exceeded("the program is", size, "byte", limits::kProgramSizeName, options.max_program_bytes));
  }
  if (reinterpret_cast<std::uintptr_t>(data) % 4 != 0) {
    return error_at(options, "the program's bytes do not start on a 4-byte boundary in memory: flatbuffers reads "
                             "its offsets in place (read files with read_program_file, which aligns them)");
  }
  if (data == nullptr || size < kRootAndIdentifier) {
    return error_at(options, fmt::format("file too small: {} bytes cannot hold a program (at least {})", size, kRootAndIdentifier));
  }
  if (std::memcmp(data + 4, kProgramIdentifier, 4) != 0) {
    return error_at(options, fmt::format("bad identifier '{}' at byte 4: an ExecuTorch program has 'ET12'",
                                         printable_identifier(data + 4)));
  }
  ProgramView view;
  view.file_size = size;
  view.flatbuffer_size = size;
  if (has_extended_header(data, size)) {
    auto header = read_extended_header(data, size, options);
    if (!header) return header.error();
    view.extended_header = *header;
    view.flatbuffer_size = static_cast<std::size_t>(header->program_size);
  }
  if (view.flatbuffer_size > FLATBUFFERS_MAX_BUFFER_SIZE) {
    return error_at(options, fmt::format("program flatbuffer is {} bytes, more than flatbuffers' limit of {}",
                                         view.flatbuffer_size, FLATBUFFERS_MAX_BUFFER_SIZE));
  }
  const auto problem = verification_problem(
      [&](std::uint32_t depth, std::uint32_t tables) {
        flatbuffers::Verifier verifier(data, view.flatbuffer_size, depth, tables);
        return et::VerifyProgramBuffer(verifier);
      },
      options.max_depth, limits::table_count_limit(options.max_tables, view.flatbuffer_size), view.flatbuffer_size);
  if (problem) {
    return error_at(options, fmt::format("verifier failure: the {}-byte program flatbuffer {}", view.flatbuffer_size,
                                         problem->empty() ? "is malformed (an offset or length out of range)"
                                                          : "is beyond a limit: " + *problem));
  }
  const et::Program& program = *et::GetProgram(data);
  view.version = program.version();
  view.inline_data_count = program.backend_delegate_data() == nullptr ? 0 : program.backend_delegate_data()->size();
  view.segment_count = program.segments() == nullptr ? 0 : program.segments()->size();
  const std::size_t plan_count = program.execution_plan() == nullptr ? 0 : program.execution_plan()->size();
  for (const auto& [vector, length] : {std::pair{"segments", view.segment_count},
                                       std::pair{"backend_delegate_data", view.inline_data_count},
                                       std::pair{"execution_plan", plan_count}}) {
    if (length > options.max_vector_length) {
      return error_at(options, limits::exceeded(fmt::format("the program's {} vector holds", vector), length, "element",
                                                limits::kVectorLengthName, options.max_vector_length));
    }
  }
  if (view.segment_count != 0 && !view.extended_header) {
    return error_at(options, fmt::format("the program lists {} segments but has no extended header to locate them", view.segment_count));
  }
  if (const auto* plans = program.execution_plan()) {
    view.plans.reserve(plans->size());
    for (flatbuffers::uoffset_t p = 0; p < plans->size(); ++p) {
      const et::ExecutionPlan* plan = plans->Get(p);
      ProgramPlan& out = view.plans.emplace_back();
      if (plan->name() != nullptr) out.name = plan->name()->str();
      const auto* delegates = plan->delegates();
      if (delegates == nullptr) continue;
      if (delegates->size() > options.max_vector_length) {
        return error_at(options, limits::exceeded(fmt::format("execution plan {}'s delegates vector holds", p),
                                                  delegates->size(), "element", limits::kVectorLengthName, options.max_vector_length));
      }
      out.delegates.reserve(delegates->size());
      for (flatbuffers::uoffset_t d = 0; d < delegates->size(); ++d) {
        auto delegate = resolve_delegate(program, *delegates->Get(d), view, data, p, d, options);
        if (!delegate) return delegate.error();
        out.delegates.push_back(std::move(delegate.value()));
      }
    }
  }
  return view;
}

Expected<std::vector<std::uint8_t>> read_program_file(const std::string& path, const ProgramReadOptions& options) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return Error{path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno))};
  if (!S_ISREG(info.st_mode)) return Error{path, 0, 0, "not a regular file"};
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > options.max_program_bytes) {
    return Error{path, 0, 0, limits::exceeded("the file is", size, "byte", limits::kProgramSizeName, options.max_program_bytes)};
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return Error{path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno))};
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  const std::size_t read = bytes.empty() ? 0 : std::fread(bytes.data(), 1, bytes.size(), file.get());
  if (read != bytes.size()) return Error{path, 0, 0, fmt::format("read {} of {} bytes", read, bytes.size())};
  return bytes;
}

}  // namespace fbcompat
