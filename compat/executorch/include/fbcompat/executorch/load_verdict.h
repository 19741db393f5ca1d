// Whether ExecuTorch's runtime loads a program, and where it stops when it does not, in the runtime's
// own terms: the stage (the program container, a delegate's data, the delegate's own checks, its
// library's definition of a value or a node, method load) and the Error it returns. The rules are the
// runtime's, release by release (docs/what-loads-where.md, release_rules.h); the program reader
// (program.h) applies them.
//
// Three verdicts: the program loads; it loads, but a method crashes when it runs (a kernel slot the
// runtime left unset, an input index it never checked); or it does not load. Where the runtime itself
// would crash while loading (it dereferences a field it never checked), the verdict is a refusal marked
// `runtime_crashes`: no release handles such a program cleanly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/release_rules.h"
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
  DelegateChecks,      // the backend's own checks of its payload, around its library calls
  LibraryDefinition,   // the backend's library defining the payload's values and nodes, and its runtime of them
  MethodInstructions,  // the plan's chains and instructions
  MethodOperators,     // the operators its kernel calls name
};

// What of a delegate's payload its library was defining when it refused: a value, a node, or the
// runtime it makes of them once all are defined.
struct PayloadPlace {
  enum class Kind : std::uint8_t { None, Value, Node, Runtime };
  Kind kind = Kind::None;
  std::size_t index = 0;  // of the value or node

  static PayloadPlace value(std::size_t index) { return {Kind::Value, index}; }
  static PayloadPlace node(std::size_t index) { return {Kind::Node, index}; }
  static PayloadPlace runtime() { return {Kind::Runtime, 0}; }
};

// "the program container", "method load (values)", "the delegate's data", "the XNNPACK delegate's own
// checks", "XNNPACK's definition of node 3", "XNNPACK's runtime creation". `backend` names the delegate
// (its display name) in the delegate's stages, `place` what its library was defining.
std::string load_stage_name(LoadStage stage, std::string_view backend = "", PayloadPlace place = {});

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
  PayloadPlace place;   // in LibraryDefinition: what the library was defining

  bool runtime_crashes() const { return error == RuntimeError::Crash; }
  std::string stage_name() const { return load_stage_name(stage, backend, place); }
};

// A method the runtime loads but that crashes when it runs, and why. `stage` is where the load let
// it through.
struct RunCrash {
  LoadStage stage = LoadStage::MethodPlan;
  std::string method;
  std::string message;
};

// "ExecuTorch 1.4.1 refuses it in the program container: <message> (Error::InvalidProgram)"; for a
// crash, "ExecuTorch 1.4.1 would crash in ...: <message>; fbcompat refuses it".
std::string describe_refusal(const LoadRefusal& refusal, const RuntimeRelease& release);
// "ExecuTorch 1.4.1 loads it, but method 'forward' crashes when it runs: <message> (let through in ...)"
std::string describe_run_crash(const RunCrash& crash, const RuntimeRelease& release);

// How much the runtime verifies at Program::load (the caller's choice; Minimal is its default).
// fbcompat always runs flatbuffers' Verifier, because it must not read unverified bytes; a program
// that fails it is refused whichever level is chosen, and at Minimal the refusal says the runtime
// would read the unverified data as is.
enum class VerificationLevel : std::uint8_t { Minimal, InternalConsistency };

class BackendLibrary;

// Bytes of the program's named data, inside the program's bytes.
struct NamedDataBytes {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;
};

// What a backend's checks may ask of the program around its payload.
struct DelegateLoadContext {
  RuntimeRelease release;  // whose rules apply (the nearest described release)
  std::string method;
  // The program's named data (Program.named_data) by key: nullopt when the key resolves, else the
  // refusal. Null when the program has no named_data at all.
  std::function<std::optional<LoadRefusal>(std::string_view key)> resolve_named_data;
  // The Verifier's answers kept between loads of the same program (ProgramReadOptions::verified).
  VerifiedBuffers* verified = nullptr;
  // The backend's library, which defines the payload after (and between) the backend's checks; null
  // when none is given (a build without it): the definitions are then not checked.
  const BackendLibrary* library = nullptr;
  // The bytes a named data key resolves to, for the library's definitions; null with resolve_named_data.
  std::function<std::optional<NamedDataBytes>(std::string_view key)> named_data_bytes;
  // What the backend's checks find that the runtime reads without refusing (a constant shorter than its
  // tensor): a warning on the program's view. Null: not reported.
  std::function<void(std::string)> warn;
  // What the backend lets through at load that crashes when the method runs: the load's RunCrash.
  std::function<void(std::string)> crashes_when_run;
  // The runtime asked for is the development head (RuntimeRelease::is_development_head): the backend
  // knows what its newest schema adds after `release`.
  bool development_head = false;
  // Says that the library's definitions were not checked, or only in part, and why.
  std::function<void(std::string)> not_checked;
};

// One payload being defined on its backend's library, one piece at a time in the order the backend's
// init defines them, without running anything. Each answer is nullopt when the library accepts the
// definition, else the library's own refusal worded ("xnn_define_tensor_value: invalid parameter").
// The backend's checks call it between their own, so the first refusal is the runtime's.
class PayloadDefinition {
 public:
  virtual ~PayloadDefinition() = default;
  virtual std::optional<std::string> define_value(std::size_t index) = 0;
  virtual std::optional<std::string> define_node(std::size_t index) = 0;
  // The library's runtime made of every definition (created, not run).
  virtual std::optional<std::string> create_runtime() = 0;
  // What the runtime reads without refusing and the definition could not give the library as it is (a
  // constant shorter than its tensor, given zeros past its end): told as warnings once the payload is defined.
  virtual std::vector<std::string> notes() const { return {}; }
  // What it did not define or create (past fbcompat's limits): the definitions stage was checked only in
  // part, said beside the verdict as ProgramView::definitions_not_checked, never taken for a whole check.
  virtual std::vector<std::string> unchecked() const { return {}; }
};

// A backend's own library (XNNPACK for XnnpackBackend), able to define that backend's payloads as the
// backend does. The XNNPACK reference runtime provides one when it is loaded; a build without it has
// none (ProgramView::definitions_not_checked says so). Its methods may be called from several threads.
class BackendLibrary {
 public:
  virtual ~BackendLibrary() = default;
  virtual std::string_view backend_id() const = 0;  // "XnnpackBackend"
  virtual std::string_view name() const = 0;        // "XNNPACK"
  virtual std::string description() const = 0;      // which build of the library: "XNNPACK from <prefix>"
  // Starts defining a payload the backend's checks have read so far (its graph verified, its lists
  // present), as release context.release defines it. An Error when the library cannot start.
  virtual Expected<std::unique_ptr<PayloadDefinition>> begin(const std::uint8_t* payload, std::size_t size,
                                                             const DelegateLoadContext& context) const = 0;
};

// The backend libraries a caller offers the loader, and why the backends without one have none.
struct BackendLibraries {
  std::vector<const BackendLibrary*> libraries;
  std::string absent;          // why none is linked ("a lean build"); empty: fbcompat links none for the backend
  std::string absent_backend;  // the backend `absent` is about; empty: every backend

  // Why a backend's payloads are not defined: `absent` where it applies, else no build links its library.
  std::string why_absent(std::string_view backend_id) const {
    if (!absent.empty() && (absent_backend.empty() || absent_backend == backend_id)) return absent;
    return "fbcompat links no library that defines them";
  }

  const BackendLibrary* find(std::string_view backend_id) const {
    for (const BackendLibrary* library : libraries) {
      if (library != nullptr && library->backend_id() == backend_id) return library;
    }
    return nullptr;
  }
};

// One backend's own checks of its payload at BackendDelegate::Init, and the definitions on its library
// between them. A delegate family provides them (delegate_family.h); XNNPACK's are
// fbcompat/xnnpack/backend_load_checks.h.
class BackendLoadChecks {
 public:
  virtual ~BackendLoadChecks() = default;
  virtual std::string_view backend_id() const = 0;    // "XnnpackBackend"
  virtual std::string_view display_name() const = 0;  // "XNNPACK"
  // Nullopt when the payload gets past the backend's checks (and, with context.library, its library's
  // definitions). Refusals have stage DelegateChecks or LibraryDefinition.
  virtual std::optional<LoadRefusal> check(const std::uint8_t* payload, std::size_t size,
                                           const DelegateLoadContext& context) const = 0;
  // The backend's own release rules (release_rules.h): its checks that differ between releases.
  virtual const std::vector<ReleaseRule>& release_rules() const {
    static const std::vector<ReleaseRule> none;
    return none;
  }
};

// The release rule tables of these backends, for rule_change_releases().
BackendRuleTables backend_rule_tables(const std::vector<const BackendLoadChecks*>& backends);

}  // namespace fbcompat
