#include "fbcompat/executorch/load_verdict.h"

#include <fmt/format.h>

namespace fbcompat {

std::string load_stage_name(LoadStage stage, std::string_view backend, PayloadPlace place) {
  switch (stage) {
    case LoadStage::ProgramContainer: return "the program container";
    case LoadStage::MethodPlan: return "method load (the plan)";
    case LoadStage::MethodValues: return "method load (values)";
    case LoadStage::MethodTensors: return "method load (tensors)";
    case LoadStage::DelegateData: return "the delegate's data";
    case LoadStage::DelegateChecks:
      return backend.empty() ? std::string("the delegate's own checks") : fmt::format("the {} delegate's own checks", backend);
    case LoadStage::LibraryDefinition: {
      const std::string library = backend.empty() ? std::string("the backend library") : std::string(backend);
      switch (place.kind) {
        case PayloadPlace::Kind::Value: return fmt::format("{}'s definition of value {}", library, place.index);
        case PayloadPlace::Kind::Node: return fmt::format("{}'s definition of node {}", library, place.index);
        case PayloadPlace::Kind::Runtime: return fmt::format("{}'s runtime creation", library);
        case PayloadPlace::Kind::None: break;
      }
      return fmt::format("{}'s definitions", library);
    }
    case LoadStage::MethodInstructions: return "method load (instructions)";
    case LoadStage::MethodOperators: return "method load (operators)";
  }
  return "an unknown stage";
}

const char* runtime_error_name(RuntimeError error) {
  switch (error) {
    case RuntimeError::Internal: return "Error::Internal";
    case RuntimeError::InvalidState: return "Error::InvalidState";
    case RuntimeError::NotSupported: return "Error::NotSupported";
    case RuntimeError::NotImplemented: return "Error::NotImplemented";
    case RuntimeError::InvalidArgument: return "Error::InvalidArgument";
    case RuntimeError::InvalidType: return "Error::InvalidType";
    case RuntimeError::OperatorMissing: return "Error::OperatorMissing";
    case RuntimeError::NotFound: return "Error::NotFound";
    case RuntimeError::MemoryAllocationFailed: return "Error::MemoryAllocationFailed";
    case RuntimeError::InvalidProgram: return "Error::InvalidProgram";
    case RuntimeError::InvalidExternalData: return "Error::InvalidExternalData";
    case RuntimeError::DelegateInvalidCompatibility: return "Error::DelegateInvalidCompatibility";
    case RuntimeError::Crash: return "a crash";
    case RuntimeError::InputLimit: return "an input limit";
  }
  return "an unknown error";
}

std::string describe_refusal(const LoadRefusal& refusal, const RuntimeRelease& release) {
  std::string where = refusal.stage_name();
  if (!refusal.method.empty()) where += fmt::format(" of method '{}'", refusal.method);
  switch (refusal.error) {
    case RuntimeError::Crash:
      return fmt::format("ExecuTorch {} would crash in {}: {}; fbcompat refuses it", release.text(), where, refusal.message);
    case RuntimeError::InputLimit:
      return fmt::format("fbcompat does not read it ({}): {}", where, refusal.message);
    default:
      return fmt::format("ExecuTorch {} refuses it in {}: {} ({})", release.text(), where, refusal.message,
                         runtime_error_name(refusal.error));
  }
}

std::string describe_run_crash(const RunCrash& crash, const RuntimeRelease& release) {
  return fmt::format("ExecuTorch {} loads it, but method '{}' crashes when it runs: {} (let through in {})", release.text(),
                     crash.method, crash.message, load_stage_name(crash.stage));
}

BackendRuleTables backend_rule_tables(const std::vector<const BackendLoadChecks*>& backends) {
  BackendRuleTables tables;
  for (const BackendLoadChecks* checks : backends) {
    if (checks != nullptr) tables.push_back(&checks->release_rules());
  }
  return tables;
}

}  // namespace fbcompat
