// Reading ExecuTorch program files (.pte) as ExecuTorch's runtime loads them: the "ET12" flatbuffer,
// its optional extended header ("eh00"), its constant segment, and each method as Method::init sees
// it, with every delegate's payload handed to its backend's checks (load_verdict.h). A program is
// read exactly when the runtime of the chosen release loads it; otherwise the refusal names the stage,
// the runtime's Error and the field. Payloads are handed out as spans into the caller's bytes, which
// must outlive the ProgramView. Every offset and length is checked against the bytes before it is
// used: never a crash or an allocation sized by the file's own claims.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/regular_file.h"
#include "fbcompat/core/verifier_limits.h"
#include "fbcompat/executorch/load_verdict.h"
#include "fbcompat/executorch/runtime_release.h"

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
  static constexpr std::size_t kMinimumLength = 24;  // the runtime refuses shorter headers
  static constexpr std::size_t kLengthWritten = 32;  // what exporters write today
  static constexpr char kMagic[4] = {'e', 'h', '0', '0'};

  std::uint32_t length = 0;               // header length in bytes (32 today)
  std::uint64_t program_size = 0;         // size of the program flatbuffer
  std::uint64_t segment_base_offset = 0;  // segments' offsets are relative to this; 0: no segments
  std::uint64_t segment_data_size = 0;    // total size of the segment data; 0 before 1.0.0 or length < 32
};

struct ProgramDelegate {
  std::string backend_id;  // the backend it is handed to: "XnnpackBackend", "MLXBackend"
  DelegateLocation location = DelegateLocation::Inline;
  std::uint32_t index = 0;            // into backend_delegate_data or segments
  const std::uint8_t* data = nullptr;  // the payload, inside the program's bytes
  std::size_t size = 0;
  std::uint64_t file_offset = 0;  // where the payload starts in the file
};

struct ProgramPlan {
  std::string name;
  std::vector<ProgramDelegate> delegates;
  std::vector<std::string> operators;  // what its kernel calls name ("aten::add.out"): the runtime must register them
};

struct ProgramView {
  std::uint32_t version = 0;  // Program.version
  std::size_t file_size = 0;
  std::size_t flatbuffer_size = 0;  // the part verified as the program flatbuffer
  std::optional<ExtendedHeader> extended_header;
  std::vector<ProgramPlan> plans;
  std::size_t inline_data_count = 0;  // entries of Program.backend_delegate_data
  std::size_t segment_count = 0;      // entries of Program.segments
  RuntimeRelease release;             // whose loader rules the program was read with
  // What fbcompat reports although the runtime does not check it (a segment field nothing reads, a
  // method nothing can find): warnings, never refusals.
  std::vector<std::string> warnings;
  // Backends whose payloads no delegate family checks: the runtime must register them, and their own
  // checks are not modelled.
  std::vector<std::string> unchecked_backends;
  // Backends whose payloads were checked but not defined on their library, because none was given (a
  // build without it): "XNNPACK's own definitions of its payloads were not checked: <why>", once each.
  std::vector<std::string> definitions_not_checked;
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
  // read_program_file: a file of this many bytes or more whose identifier (bytes 4..7) is not a
  // program's is refused after reading those 8 bytes, not read whole into memory. A smaller one is read
  // and judged by the loader, which names the first check it fails. UINT64_MAX: never (golden verify,
  // whose digest judges the whole file).
  std::uint64_t identifier_first_from = std::uint64_t{1} << 20;

  // Whose loader: the rules of this release apply (nearest described release outside 0.2.0..1.4.1).
  RuntimeRelease runtime = RuntimeRelease::newest_described();
  VerificationLevel verification = VerificationLevel::Minimal;
  // The method the runtime is asked to load; empty: every method must load.
  std::string method;
  // Each delegate whose backend id one of these knows is handed to its checks.
  std::vector<const BackendLoadChecks*> backends;
  // And defined on the library of its backend, when one of these is it (load_verdict.h).
  BackendLibraries libraries;
  // Where the Verifier's answers on these bytes are kept between loads of them at several releases
  // (and handed to the backends' checks): made for these bytes, by one thread (verifier_limits.h).
  // Null: every load verifies.
  VerifiedBuffers* verified = nullptr;
};

enum class ProgramVerdict : std::uint8_t { Loads, LoadsThenCrashes, Refused };

// A program as the runtime loads it: the view, complete when it loads and as far as it got when not.
struct ProgramLoad {
  ProgramView view;
  std::optional<LoadRefusal> refusal;
  // When it loads: the first method the runtime loads that crashes when it runs.
  std::optional<RunCrash> run_crash;

  bool loads() const { return !refusal.has_value(); }
  ProgramVerdict verdict() const {
    return refusal ? ProgramVerdict::Refused : run_crash ? ProgramVerdict::LoadsThenCrashes : ProgramVerdict::Loads;
  }
  // describe_refusal or describe_run_crash; "ExecuTorch 1.4.1 loads it" when neither.
  std::string describe() const;
};

// Loads a program from bytes that must stay alive while the result is used, as options.runtime does.
ProgramLoad load_program(const std::uint8_t* data, std::size_t size, const ProgramReadOptions& options = {});

// load_program, with a refusal as an Error whose message is describe_refusal()'s.
Expected<ProgramView> read_program(const std::uint8_t* data, std::size_t size, const ProgramReadOptions& options = {});

// Reads a whole file, refusing files larger than options.max_program_bytes before loading them, and a
// large one that is not a program by its identifier before reading more than its first 8 bytes
// (options.identifier_first_from). `known`: what the caller knows of the path (regular_file.h).
Expected<std::vector<std::uint8_t>> read_program_file(const std::string& path, const ProgramReadOptions& options = {},
                                                      FileKnown known = FileKnown::Unknown);

}  // namespace fbcompat
