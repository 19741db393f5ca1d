// `fbcompat inspect`: what a .pte holds. Program version, extended header, execution plans and every
// delegate (backend id, inline or segment, size); for a delegate whose family is known (delegate_family.h)
// also what its payload holds: the identifier, nodes by name, values, constant data and the oldest
// schema version (and release) whose runtime loads it. Other backends' payloads are listed, not opened.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/executorch/program.h"

namespace fbcompat {

struct DelegateInspection {
  std::size_t plan = 0;
  std::size_t index = 0;
  std::string backend_id;
  DelegateLocation location = DelegateLocation::Inline;
  std::uint32_t data_index = 0;
  std::uint64_t file_offset = 0;
  std::size_t size = 0;
  std::string family;        // the payload's family ("xnnpack"); empty when no family knows the backend
  std::string family_label;  // "XNNPACK"
  std::optional<PayloadInspection> payload;
};

struct ProgramInspection {
  std::string file;
  std::uint32_t version = 0;
  std::size_t file_size = 0;
  std::size_t flatbuffer_size = 0;
  std::optional<ExtendedHeader> extended_header;
  std::vector<std::string> plan_names;
  std::vector<DelegateInspection> delegates;
  std::string runtime;  // the release whose loader read it: "1.4.1"
  // What the runtime does not check but the reader should know (ProgramView::warnings), and payloads
  // a family could not decode although the runtime loads them.
  std::vector<std::string> warnings;
  std::vector<std::string> unchecked_backends;  // backends whose own checks are not modelled
  // The runtime loads it, but a method crashes when it runs (load_verdict.h): "loads, then crashes".
  std::optional<RunCrash> run_crash;
  std::string run_crash_text;  // describe_run_crash's
  // The backend libraries its payloads were defined on ("XNNPACK from <prefix>"), and the notes of those
  // that were not (ProgramView::definitions_not_checked).
  std::vector<std::string> defined_on;
  std::vector<std::string> definitions_not_checked;
};

// `families`: the delegate families whose payloads are opened, each by its backend id; their load
// checks join options.backends, and options.libraries define their payloads. A program the runtime of
// options.runtime refuses is an Error, naming the stage; one it loads but cannot run is an inspection
// with run_crash set.
Expected<ProgramInspection> inspect_program(const std::uint8_t* data, std::size_t size,
                                            const std::vector<const DelegateFamily*>& families,
                                            const ProgramReadOptions& options = {});

std::string format_inspection_text(const ProgramInspection& inspection);
std::string format_inspection_json(const ProgramInspection& inspection);

}  // namespace fbcompat
