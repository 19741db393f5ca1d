// Whether ExecuTorch's runtime loads a program, and where it stops when it does not, in the runtime's
// own terms: the stage (the program container, a delegate's data, the delegate's own checks, method
// load) and the Error it returns. The rules are the runtime's, release by release
// (docs/what-loads-where.md); the program reader (program.h) applies them.
//
// Where the runtime itself would crash on a program (it dereferences a field it never checked), the
// verdict is a refusal marked `runtime_crashes`: no release handles such a program cleanly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "fbcompat/executorch/runtime_release.h"

namespace fbcompat {
class VerifiedBuffers;  // fbcompat/core/verifier_limits.h
}

namespace fbcompat {

// Where loading stops, in the order the runtime goes.
enum class LoadStage : std::uint8_t {
  ProgramContainer,    // Program::load: the file, the extended header, the flatbuffer, the constant segment
  MethodPlan,          // finding the method and what Method::init needs of its plan
  MethodValues,        // Method::init parses the plan's values
  MethodTensors,       // ... and each tensor: its metadata and where its data is
  DelegateData,        // BackendDelegate::Init: the backend and its processed data (inline or a segment)
  DelegateChecks,      // the backend's own checks of its payload, before it calls its library
  MethodInstructions,  // the plan's chains and instructions
  MethodOperators,     // the operators its kernel calls name
};

// "program container", "method load (values)", "delegate data", "XNNPACK delegate checks", ...
// `backend` names the delegate in the DelegateChecks stage.
std::string load_stage_name(LoadStage stage, std::string_view backend = "");

// The runtime's answer: one of its Error codes, or a crash.
enum class RuntimeError : std::uint8_t {
  Internal,
  InvalidState,
  NotSupported,
  NotImplemented,
  InvalidArgument,
  InvalidType,
  OperatorMissing,
  NotFound,
  MemoryAllocationFailed,
  InvalidProgram,
  InvalidExternalData,
  DelegateInvalidCompatibility,
  Crash,          // the runtime reads what it never checked: a null, an out-of-range index, an abort
  InputLimit,     // not the runtime's: fbcompat's own limits on what it reads (input_limits.h)
};

const char* runtime_error_name(RuntimeError error);  // "Error::InvalidProgram", "a crash", "an input limit"

struct LoadRefusal {
  LoadStage stage = LoadStage::ProgramContainer;
  RuntimeError error = RuntimeError::InvalidProgram;
  std::string method;   // the method being loaded; empty at the program container
  std::string backend;  // the delegate's backend in the delegate stages: its display name ("XNNPACK"), else its id
  std::string message;  // what is wrong, naming the field and the byte or index

  bool runtime_crashes() const { return error == RuntimeError::Crash; }
};

// "ExecuTorch 1.4.1 refuses it in the program container: <message> (Error::InvalidProgram)"; for a
// crash, "ExecuTorch 1.4.1 would crash in ...: <message>; fbcompat refuses it".
std::string describe_refusal(const LoadRefusal& refusal, const RuntimeRelease& release);

// How much the runtime verifies at Program::load (the caller's choice; Minimal is its default).
// fbcompat always runs flatbuffers' Verifier, because it must not read unverified bytes; a program
// that fails it is refused whichever level is chosen, and at Minimal the refusal says the runtime
// would read the unverified data as is.
enum class VerificationLevel : std::uint8_t { Minimal, InternalConsistency };

// What a backend's checks may ask of the program around its payload.
struct DelegateLoadContext {
  RuntimeRelease release;
  std::string method;
  // The program's named data (Program.named_data) by key: nullopt when the key resolves, else the
  // refusal. Null when the program has no named_data at all.
  std::function<std::optional<LoadRefusal>(std::string_view key)> resolve_named_data;
  // The Verifier's answers kept between loads of the same program (ProgramReadOptions::verified).
  VerifiedBuffers* verified = nullptr;
};

// One backend's own checks of its payload at BackendDelegate::Init, up to its first library call.
// A delegate family provides them (delegate_family.h); XNNPACK's are fbcompat/xnnpack/load_checks.h.
class BackendLoadChecks {
 public:
  virtual ~BackendLoadChecks() = default;
  virtual std::string_view backend_id() const = 0;    // "XnnpackBackend"
  virtual std::string_view display_name() const = 0;  // "XNNPACK"
  // Nullopt when the payload gets past the backend's checks. Refusals have stage DelegateChecks.
  virtual std::optional<LoadRefusal> check(const std::uint8_t* payload, std::size_t size,
                                           const DelegateLoadContext& context) const = 0;
};

}  // namespace fbcompat
