// What the program loader (program_load.cpp, method_load.cpp, segment_load.cpp) shares while it walks
// a program the way ExecuTorch's runtime does: the bytes, the release whose rules apply, what
// Program::load found (extended header, constant segment), and the result being built. The first
// refusal ends the walk; every check returns false once it has refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "executorch/program_generated.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/executorch/release_rules.h"

namespace fbcompat::load {

namespace et = executorch_flatbuffer;

// Where in a method a check looks: "value 3", "delegate 0 (XnnpackBackend)", "chain 0 instruction 2".
// Worded only when a check refuses or warns: most loads refuse nothing, and golden verify loads each
// program once for every set of loader rules.
struct MethodPlace {
  enum class Kind : std::uint8_t { Value, Delegate, Instruction };
  Kind kind;
  std::uint32_t first;        // the value, the delegate, or the chain
  std::uint32_t second = 0;   // the instruction in the chain
  std::string_view backend;   // the delegate's backend id, alive while the place is

  std::string text() const;
};

// A range of the file the runtime's loader hands out: [offset, offset + size).
struct FileSpan {
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
};

struct LoadState {
  LoadState(const std::uint8_t* bytes, std::size_t length, const ProgramReadOptions& read_options)
      : data(bytes), size(length), options(read_options), release(read_options.runtime.described()),
        rules(loader_release_rules(), release) {
    result.view.release = release;
  }

  const std::uint8_t* data;
  std::size_t size;
  const ProgramReadOptions& options;
  RuntimeRelease release;
  LoaderRules rules;  // the release rules this release applies

  bool applies(LoaderRule rule) const { return rules(rule); }

  const et::Program* program = nullptr;
  bool has_header = false;
  std::uint64_t program_size = 0;
  std::uint64_t segment_base = 0;  // sbo; 0 means "no segments"
  // The constant segment, when Program::load loaded one with data (else lookups use constant_buffer).
  std::optional<FileSpan> constant_segment;
  std::set<std::size_t> segments_used;  // Program.segments entries something refers to
  std::string method;                   // the method being loaded, for refusals

  ProgramLoad result;

  bool refuse(LoadStage stage, RuntimeError error, std::string message, std::string backend = "") {
    if (!result.refusal) result.refusal = LoadRefusal{stage, error, method, std::move(backend), std::move(message), {}};
    return false;
  }
  // A refusal that depends on the release: the runtime's error where `rule` applies, a crash before it.
  bool refuse_under(LoaderRule rule, LoadStage stage, RuntimeError error, std::string message) {
    return refuse(stage, applies(rule) ? error : RuntimeError::Crash, std::move(message));
  }
  // The method loads, but crashes when it runs; the first such finding is kept.
  void crashes_when_run(LoadStage stage, std::string message) {
    if (!result.run_crash) result.run_crash = RunCrash{stage, method, std::move(message)};
  }
  void warn(std::string message) { result.view.warnings.push_back(std::move(message)); }

  std::size_t segment_count() const { return program->segments() == nullptr ? 0 : program->segments()->size(); }
};

// The runtime's LoadSegment for delegate data: the segment's span in the file, or false (refused).
bool load_delegate_segment(LoadState& state, std::uint32_t index, FileSpan& span);
// Program::load's constant segment (a refusal has stage ProgramContainer).
bool load_constant_segment(LoadState& state);
// The named data entry `key` as a backend asks for it: its bytes in the file, or the refusal.
struct NamedDataLookup {
  std::optional<LoadRefusal> refusal;
  FileSpan span;
};
NamedDataLookup find_named_data(LoadState& state, std::string_view key);
// Method::init of one plan; the plan's view is added to the result.
bool load_method(LoadState& state, const et::ExecutionPlan& plan, std::size_t index);
// A tensor's data: a constant (Program.constant_segment or constant_buffer) or mutable data.
bool check_constant_data(LoadState& state, const et::Tensor& tensor, std::uint64_t nbytes, const MethodPlace& where);
bool check_mutable_data(LoadState& state, const et::Tensor& tensor, std::uint64_t nbytes, const MethodPlace& where);

// a + b, or nullopt when it overflows 64 bits.
inline std::optional<std::uint64_t> add(std::uint64_t a, std::uint64_t b) {
  if (a > UINT64_MAX - b) return std::nullopt;
  return a + b;
}

}  // namespace fbcompat::load

// Places format as their text: fmt::format("{}: ...", where).
template <>
struct fmt::formatter<fbcompat::load::MethodPlace> : fmt::formatter<std::string_view> {
  template <typename Context>
  auto format(const fbcompat::load::MethodPlace& place, Context& context) const {
    return fmt::formatter<std::string_view>::format(place.text(), context);
  }
};
