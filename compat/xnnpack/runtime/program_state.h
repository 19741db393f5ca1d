// What a loaded program owns: the XNNPACK runtime and every byte it may read (XNNPACK keeps pointers
// to static data and quantization scales instead of copying them).
#pragma once

#include <xnnpack.h>

#include <deque>
#include <string>
#include <vector>

#include "fbcompat/xnnpack/runtime/reference_runtime.h"
#include "runtime/aligned_bytes.h"

namespace fbcompat::xnnpack {

struct LoadedProgram::State {
  AlignedBytes payload;                     // constants point into it
  std::deque<AlignedBytes> named_data;      // copies of named constants
  std::deque<std::vector<float>> scales;    // per-channel quantization scales
  std::vector<TensorInfo> inputs;
  std::vector<TensorInfo> outputs;
  std::vector<std::string> node_types;
  xnn_runtime_t runtime = nullptr;

  State() = default;
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  // The runtime goes first: it reads the bytes above until it is deleted.
  ~State() {
    if (runtime != nullptr) xnn_delete_runtime(runtime);
  }
};

}  // namespace fbcompat::xnnpack
