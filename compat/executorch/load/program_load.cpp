// Program::load as the runtime does it (docs/what-loads-where.md, section 1), then Method::init of
// the methods asked for. Each check names the release that introduced it.
#include <cstring>
#include <string>

#include <flatbuffers/flatbuffers.h>
#include <fmt/format.h>

#include "fbcompat/base/little_endian.h"
#include "fbcompat/core/verifier_limits.h"
#include "fbcompat/executorch/program.h"
#include "load/load_state.h"

namespace fbcompat {
namespace {

using load::LoadState;
namespace et = executorch_flatbuffer;

constexpr std::size_t kProbeSize = 64;  // the runtime's first load: the header probe
constexpr char kProgramIdentifier[4] = {'E', 'T', '1', '2'};
constexpr LoadStage kContainer = LoadStage::ProgramContainer;

std::string printable_identifier(const std::uint8_t* bytes) {
  std::string text;
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<char>(bytes[i]);
    text += (c >= 0x20 && c < 0x7f) ? std::string(1, c) : fmt::format("\\x{:02x}", bytes[i]);
  }
  return text;
}

// Steps 1 to 3: the probe, the extended header and the file-size check.
bool read_program_header(LoadState& s) {
  if (s.size < kProbeSize) {
    return s.refuse(kContainer, RuntimeError::InvalidArgument,
                    fmt::format("the file is {} bytes, but the runtime's first load reads bytes [0, {}) to look for "
                                "the extended header",
                                s.size, kProbeSize));
  }
  s.program_size = s.size;
  if (std::memcmp(s.data + ExtendedHeader::kMagicOffset, ExtendedHeader::kMagic, 4) != 0) return true;
  ExtendedHeader header;
  header.length = static_cast<std::uint32_t>(read_le(s.data + 12, 4));
  if (header.length < ExtendedHeader::kMinimumLength) {
    return s.refuse(kContainer, RuntimeError::InvalidProgram,
                    fmt::format("the extended header's length {} (byte 12) is below {}, the length that holds the "
                                "program size and segment base offset",
                                header.length, ExtendedHeader::kMinimumLength));
  }
  header.program_size = read_le(s.data + 16, 8);
  header.segment_base_offset = read_le(s.data + 24, 8);
  if (s.applies(LoaderRule::SegmentDataSize) && header.length >= 32) header.segment_data_size = read_le(s.data + 32, 8);
  s.has_header = true;
  s.result.view.extended_header = header;
  s.program_size = header.program_size;
  s.segment_base = header.segment_base_offset;

  const std::uint64_t sbo = header.segment_base_offset;
  const std::uint64_t data_size = header.segment_data_size;
  if (s.applies(LoaderRule::SegmentDataSize) && ((data_size == 0 && sbo == 0) || data_size > 0)) {
    if (s.applies(LoaderRule::ProgramBounds) && sbo > SIZE_MAX - data_size) {
      return s.refuse(kContainer, RuntimeError::InvalidProgram,
                      fmt::format("the segment base offset {} (byte 24) plus the segment data size {} (byte 32) "
                                  "overflows",
                                  sbo, data_size));
    }
    const std::uint64_t expected = sbo == 0 ? header.program_size : sbo + data_size;  // wraps before 1.3.0, as there
    if (expected > s.size) {
      return s.refuse(kContainer, RuntimeError::InvalidProgram,
                      sbo == 0 ? fmt::format("the extended header says the program is {} bytes (byte 16), but the "
                                             "file has {} (truncated?)",
                                             expected, s.size)
                               : fmt::format("the extended header says the segments end at byte {} (segment base {} "
                                             "plus {} bytes of segment data), but the file has {} (truncated?)",
                                             expected, sbo, data_size, s.size));
    }
  }
  return true;
}

// Steps 4 to 8: the flatbuffer itself.
bool read_flatbuffer(LoadState& s) {
  if (s.program_size > s.size) {
    return s.refuse(kContainer, RuntimeError::InvalidArgument,
                    fmt::format("the extended header says the program is {} bytes (byte 16), but the file has {}: the "
                                "loader refuses the range (truncated?)",
                                s.program_size, s.size));
  }
  if (s.program_size < 8) {
    return s.refuse_under(LoaderRule::ProgramBounds, kContainer, RuntimeError::InvalidProgram,
                          fmt::format("the program flatbuffer is {} bytes (byte 16), too small for its root offset "
                                      "and identifier",
                                      s.program_size));
  }
  if (std::memcmp(s.data + 4, kProgramIdentifier, 4) != 0) {
    return s.refuse(kContainer, RuntimeError::InvalidProgram,
                    fmt::format("bad identifier '{}' at byte 4: the runtime accepts only 'ET12'", printable_identifier(s.data + 4)));
  }
  if (s.program_size > FLATBUFFERS_MAX_BUFFER_SIZE) {
    return s.refuse(kContainer, RuntimeError::InputLimit,
                    fmt::format("the program flatbuffer is {} bytes, more than flatbuffers' limit of {}", s.program_size,
                                FLATBUFFERS_MAX_BUFFER_SIZE));
  }
  const auto flatbuffer_size = static_cast<std::size_t>(s.program_size);
  const bool minimal = s.options.verification == VerificationLevel::Minimal;
  if (minimal && s.applies(LoaderRule::ProgramBounds)) {
    const std::uint64_t root = read_le(s.data, 4);
    if (root < 8 || root > s.program_size - 4) {
      return s.refuse(kContainer, RuntimeError::InvalidProgram,
                      fmt::format("the root offset {} (byte 0) is outside [8, {}]", root, s.program_size - 4));
    }
  }
  const auto problem = verification_problem(
      s.options.verified, "executorch_flatbuffer.Program", s.data, flatbuffer_size, s.options.max_depth,
      limits::table_count_limit(s.options.max_tables, flatbuffer_size), [&](std::uint32_t depth, std::uint32_t tables) {
        flatbuffers::Verifier verifier(s.data, flatbuffer_size, depth, tables);
        return et::VerifyProgramBuffer(verifier);
      });
  if (problem && !problem->empty()) {
    return s.refuse(kContainer, RuntimeError::InputLimit,
                    fmt::format("the {}-byte program flatbuffer is beyond a limit: {}", flatbuffer_size, *problem));
  }
  if (problem) {
    const std::string what = fmt::format("verifier failure: the {}-byte program flatbuffer is malformed (an offset or "
                                         "length out of range)",
                                         flatbuffer_size);
    if (minimal) {
      return s.refuse(kContainer, RuntimeError::Crash,
                      what + "; at the default Minimal verification the runtime reads it unverified (at "
                             "InternalConsistency it refuses it with Error::InvalidProgram)");
    }
    return s.refuse(kContainer, RuntimeError::InvalidProgram, what);
  }
  s.program = et::GetProgram(s.data);
  return true;
}

// validate_program, run after the verifier at InternalConsistency from 1.2.0.
bool validate_program(LoadState& s) {
  const auto* plans = s.program->execution_plan();
  const auto invalid = [&](std::string message) {
    return s.refuse(kContainer, RuntimeError::InvalidProgram, "validate_program: " + std::move(message));
  };
  if (plans == nullptr) return invalid("Program.execution_plan is missing");
  for (flatbuffers::uoffset_t p = 0; p < plans->size(); ++p) {
    const et::ExecutionPlan* plan = plans->Get(p);
    if (plan->values() == nullptr) return invalid(fmt::format("execution plan {} has no values", p));
    const auto* values = plan->values();
    const auto in_inputs = [&](std::int64_t index) {
      if (plan->inputs() == nullptr) return false;
      for (const std::int32_t input : *plan->inputs()) {
        if (input == index) return true;
      }
      return false;
    };
    for (flatbuffers::uoffset_t v = 0; v < values->size(); ++v) {
      const et::EValue* value = values->Get(v);
      if (value == nullptr) continue;
      if (const et::Tensor* tensor = value->val_as_Tensor()) {
        const bool excused = s.applies(LoaderRule::ValidateProgramOverflow) && in_inputs(v) &&
                             tensor->shape_dynamism() != et::TensorShapeDynamism::STATIC;
        if (tensor->sizes() == nullptr) {
          if (excused) continue;
          return invalid(fmt::format("plan {} value {}: a tensor without sizes", p, v));
        }
        const auto scalar = static_cast<int>(tensor->scalar_type());
        bool overflow = false;
        std::uint64_t numel = 1;
        for (const std::int32_t dim : *tensor->sizes()) {
          if (dim < 0) {
            if (excused) break;
            return invalid(fmt::format("plan {} value {}: tensor size {} is negative", p, v, dim));
          }
          if (dim != 0 && numel > static_cast<std::uint64_t>(INT64_MAX) / static_cast<std::uint64_t>(dim)) overflow = true;
          numel *= static_cast<std::uint64_t>(dim);
        }
        if ((scalar < 0 || scalar > 29) && !excused) {
          return invalid(fmt::format("plan {} value {}: tensor scalar type {} is not one of 0..29", p, v, scalar));
        }
        if (s.applies(LoaderRule::ValidateProgramOverflow) && !excused && overflow) {
          return invalid(fmt::format("plan {} value {}: the tensor's element count overflows", p, v));
        }
      }
      if (const et::TensorList* list = value->val_as_TensorList()) {
        if (list->items() == nullptr) return invalid(fmt::format("plan {} value {}: a tensor list without items", p, v));
        for (const std::int32_t item : *list->items()) {
          if (item < 0 || static_cast<std::uint32_t>(item) >= values->size() || values->Get(item)->val_type() != et::KernelTypes::Tensor) {
            return invalid(fmt::format("plan {} value {}: tensor list item {} is not a tensor value", p, v, item));
          }
        }
      }
    }
  }
  return true;
}

// Steps 9 and 10: named data and the constant segment.
bool load_program_data(LoadState& s) {
  if (s.applies(LoaderRule::NamedDataNeedsSegments) && s.program->named_data() != nullptr && s.program->segments() == nullptr) {
    return s.refuse(kContainer, RuntimeError::InvalidArgument,
                    "Program.named_data is present but Program.segments is not: named data lives in segments");
  }
  return load::load_constant_segment(s);
}

// The methods to load: the one asked for, else every plan, as a caller loading each method by the name
// get_method_name gives it.
bool load_methods(LoadState& s) {
  const auto* plans = s.program->execution_plan();
  if (plans == nullptr) {
    // No method exists to name: the refusal names the one asked for, if any.
    s.method = s.options.method;
    return s.refuse(LoadStage::MethodPlan, RuntimeError::Crash,
                    "Program.execution_plan is missing: the runtime reports 0 methods, and looking one up by name "
                    "reads the missing list");
  }
  const bool every_method = s.options.method.empty();
  bool found = every_method;
  std::set<std::string> seen;
  std::optional<std::size_t> nameless;
  for (flatbuffers::uoffset_t p = 0; p < plans->size(); ++p) {
    const et::ExecutionPlan* plan = plans->Get(p);
    if (plan->name() == nullptr) {
      if (every_method) {
        return s.refuse(LoadStage::MethodPlan, RuntimeError::InvalidProgram,
                        fmt::format("execution plan {} has no name: get_method_name({}) refuses it, so its method "
                                    "cannot be named to be loaded",
                                    p, p));
      }
      if (s.applies(LoaderRule::NamelessPlansSkipped)) {
        s.warn(fmt::format("execution plan {} has no name, so no method can be loaded from it", p));
      }
      nameless = nameless.value_or(p);
      continue;
    }
    const std::string name = plan->name()->str();
    if (!seen.insert(name).second) {
      s.warn(fmt::format("execution plan {} is named '{}' like an earlier plan: the runtime finds only the first", p, name));
      continue;
    }
    if (!every_method && name != s.options.method) continue;
    found = true;
    s.method = name;
    if (nameless && !s.applies(LoaderRule::NamelessPlansSkipped)) {
      return s.refuse(LoadStage::MethodPlan, RuntimeError::Crash,
                      fmt::format("execution plan {} has no name, and looking up '{}' compares it before 1.2.0", *nameless, name));
    }
    if (!load::load_method(s, *plan, p)) return false;
  }
  s.method.clear();
  if (!found) {
    return s.refuse(LoadStage::MethodPlan, RuntimeError::InvalidArgument,
                    fmt::format("no execution plan is named '{}'", s.options.method));
  }
  return true;
}

// What the runtime never checks, told as warnings: segments nothing refers to that lie outside the file.
void warn_about_unread_fields(LoadState& s) {
  const auto* segments = s.program->segments();
  if (segments == nullptr || segments->size() == 0) return;
  if (!s.has_header || s.segment_base == 0) {
    if (s.segments_used.empty()) {
      s.warn(fmt::format("Program.segments lists {} segments but there is no extended header (or its segment base "
                         "offset is 0) to locate them; nothing refers to them, so the runtime never reads them",
                         segments->size()));
    }
    return;
  }
  for (flatbuffers::uoffset_t i = 0; i < segments->size(); ++i) {
    if (s.segments_used.count(i) != 0) continue;
    const et::DataSegment* segment = segments->Get(i);
    const auto end = load::add(s.segment_base, segment->offset()).value_or(UINT64_MAX);
    if (end > s.size || segment->size() > s.size - end) {
      s.warn(fmt::format("segment {} (offset {}, size {}) runs past the end of the {}-byte file; nothing refers to "
                         "it, so the runtime never reads it",
                         i, segment->offset(), segment->size(), s.size));
    }
  }
  if (s.program_size > s.segment_base) {
    s.warn(fmt::format("the segment base offset {} lies inside the {}-byte program flatbuffer; the runtime does not "
                       "check this",
                       s.segment_base, s.program_size));
  }
}

void describe_program(LoadState& s) {
  ProgramView& view = s.result.view;
  view.file_size = s.size;
  view.flatbuffer_size = static_cast<std::size_t>(std::min<std::uint64_t>(s.program_size, s.size));
  if (s.program == nullptr) return;
  view.version = s.program->version();
  view.inline_data_count = s.program->backend_delegate_data() == nullptr ? 0 : s.program->backend_delegate_data()->size();
  view.segment_count = s.segment_count();
}

bool within_limits(LoadState& s) {
  const std::size_t plans = s.program->execution_plan() == nullptr ? 0 : s.program->execution_plan()->size();
  for (const auto& [vector, length] : {std::pair{"segments", s.segment_count()},
                                       std::pair{"backend_delegate_data", s.result.view.inline_data_count},
                                       std::pair{"execution_plan", plans}}) {
    if (length > s.options.max_vector_length) {
      return s.refuse(kContainer, RuntimeError::InputLimit,
                      limits::exceeded(fmt::format("the program's {} vector holds", vector), length, "element",
                                       limits::kVectorLengthName, s.options.max_vector_length));
    }
  }
  return true;
}

}  // namespace

ProgramLoad load_program(const std::uint8_t* data, std::size_t size, const ProgramReadOptions& options) {
  LoadState s(data, size, options);
  const auto loaded = [&] {
    if (size > options.max_program_bytes) {
      return s.refuse(kContainer, RuntimeError::InputLimit,
                      limits::exceeded("the program is", size, "byte", limits::kProgramSizeName, options.max_program_bytes));
    }
    if (data == nullptr && size != 0) return s.refuse(kContainer, RuntimeError::InvalidArgument, "no bytes");
    if (reinterpret_cast<std::uintptr_t>(data) % 4 != 0) {
      return s.refuse(kContainer, RuntimeError::InvalidArgument,
                      "the program's bytes do not start on a 4-byte boundary in memory: the runtime requires its "
                      "loader's alignment (read files with read_program_file, which aligns them)");
    }
    if (!read_program_header(s) || !read_flatbuffer(s)) return false;
    describe_program(s);
    if (!within_limits(s)) return false;
    if (options.verification == VerificationLevel::InternalConsistency && s.applies(LoaderRule::ValidateProgram) && !validate_program(s)) {
      return false;
    }
    return load_program_data(s) && load_methods(s);
  };
  if (loaded()) {
    warn_about_unread_fields(s);
  } else {
    s.result.run_crash.reset();  // a refusal is the verdict
  }
  describe_program(s);
  return std::move(s.result);
}

std::string ProgramLoad::describe() const {
  if (refusal) return describe_refusal(*refusal, view.release);
  if (run_crash) return describe_run_crash(*run_crash, view.release);
  return fmt::format("ExecuTorch {} loads it", view.release.text());
}

}  // namespace fbcompat
