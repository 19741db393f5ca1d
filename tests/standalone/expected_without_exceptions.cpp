// Expected in a build without exceptions (-fno-exceptions), as a runtime embeds the library: an error
// is read through value_or_null() and value_or(); value() of an error prints the error and aborts.
// Run with no argument: checks the non-throwing accessors, exits 0. With "value": calls value() on an
// error, which must abort after printing it (the test expects the message and SIGABRT).
#include <cstdio>
#include <cstring>

#include "fbcompat/core/error.h"

int main(int argc, char** argv) {
  const fbcompat::Expected<int> bad = fbcompat::Error{"schema.fbs", 12, 0, "unknown type"};
  if (argc > 1 && std::strcmp(argv[1], "value") == 0) return bad.value();
  const fbcompat::Expected<int> good = 4;
  const bool fine = bad.value_or_null() == nullptr && bad.value_or(9) == 9 && good.value_or_null() != nullptr &&
                    *good.value_or_null() == 4 && bad.error().line == 12;
  std::puts(fine ? "non-throwing accessors hold" : "non-throwing accessors failed");
  return fine ? 0 : 1;
}
