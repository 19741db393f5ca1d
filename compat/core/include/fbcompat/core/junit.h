// JUnit XML, the one writer every JUnit report uses (findings, the audit): test suites of test
// cases, each passing, failing with a message and a body, or passing with output, escaped once here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/policy.h"

namespace fbcompat {

struct JunitCase {
  std::string classname;
  std::string name;
  struct Failure {
    std::string type;  // empty: no type attribute
    std::string message;
    std::string body;
  };
  std::optional<Failure> failure;
  std::string system_out;  // empty: none
  std::string skipped;     // non-empty: skipped, with this message (a finding accepted by the configuration)
};

struct JunitSuite {
  std::string name;
  std::vector<JunitCase> cases;
};

// One finding as a test case named for its rule and subject: failing when it is an error, passing with
// its text as system-out otherwise.
JunitCase junit_finding_case(const Finding& finding);

// The suite that shows a judgement (policy.h): a case per finding about the configuration, and a skipped
// case per accepted finding, with its reason. Nullopt when there is neither.
std::optional<JunitSuite> judgement_junit_suite(const Judgement& judgement);

// <testsuites name=...> with each suite and its counts.
std::string junit_document(const std::string& name, const std::vector<JunitSuite>& suites);

}  // namespace fbcompat
