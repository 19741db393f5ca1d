// The entry point every fuzz target defines. libFuzzer calls it with generated inputs; the replay
// program (replay_main.cpp) calls it with the files of the seed corpus and of the regression
// reproducers, so that every build runs them as tests, sanitizers or not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fbcompat::fuzz {

// A property every input must keep; a violation is a bug and stops the run like a crash would.
inline void require(bool holds, const char* property) {
  if (holds) return;
  std::fprintf(stderr, "fuzz property violated: %s\n", property);
  std::abort();
}

}  // namespace fbcompat::fuzz
