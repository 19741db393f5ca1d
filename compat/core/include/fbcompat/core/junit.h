// JUnit XML, the one writer every JUnit report uses (findings, the audit): test suites of test
// cases, each passing, failing with a message and a body, or passing with output, escaped once here.
#pragma once

#include <optional>
#include <string>
#include <vector>

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
};

struct JunitSuite {
  std::string name;
  std::vector<JunitCase> cases;
};

// <testsuites name=...> with each suite and its counts.
std::string junit_document(const std::string& name, const std::vector<JunitSuite>& suites);

}  // namespace fbcompat
