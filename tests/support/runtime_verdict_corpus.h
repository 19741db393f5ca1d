// The runtime-verdict corpus: programs made by the project's writers (corpus_program.h and the XNNPACK
// graph builder), one or more for each class of ExecuTorch's whole load (the loader, the XNNPACK
// backend's compileModel checks, XNNPACK's definitions of values and nodes and its runtime creation,
// and methods that load but crash when run), each with the verdict, stage and error ExecuTorch gives at
// the releases named. runtime_verdict_test.cpp holds fbcompat to them; the same programs, written out,
// are what ExecuTorch's own loader was compared with (docs/what-loads-where.md, "Measured agreement").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/executorch/program.h"

namespace fbcompat::test {

struct VerdictExpectation {
  const char* release = "1.4.1";
  ProgramVerdict verdict = ProgramVerdict::Loads;
  LoadStage stage = LoadStage::ProgramContainer;  // of the refusal, or where a run crash was let through
  RuntimeError error = RuntimeError::InvalidProgram;
  std::string says;  // a fragment of the refusal's (or run crash's) message
  PayloadPlace place;  // in LibraryDefinition
};

struct VerdictCase {
  std::string name;   // the file stem when written out
  std::string about;  // the class, in a line
  std::vector<std::uint8_t> program;
  std::vector<VerdictExpectation> expected;
};

std::vector<VerdictCase> runtime_verdict_corpus();

}  // namespace fbcompat::test
