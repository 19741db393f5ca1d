// `fbcompat inspect`: what a .pte holds. Program version, extended header, execution plans and every
// delegate (backend id, inline or segment, size); for XNNPACK payloads also the identifier, nodes by
// name, values, constant data and the oldest schema version (and release) whose runtime loads it.
// Other backends' payloads are listed, not opened.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/xnnpack/family.h"

namespace fbcompat {

struct XnnpackInspection {
  std::string identifier;
  bool has_header = false;
  std::size_t flatbuffer_size = 0;
  std::uint64_t constant_data_size = 0;     // after the XH00 header
  std::uint64_t constant_buffer_bytes = 0;  // inside the flatbuffer (old programs)
  bool decoded = false;                     // false without schemas: only the header was read
  std::string decoded_with;                 // version whose reader schema named the nodes
  std::size_t node_count = 0;
  std::vector<std::pair<std::string, std::size_t>> nodes_by_name;  // in order of first appearance
  std::size_t value_count = 0;
  std::optional<std::string> earliest_version;  // nullopt: no known runtime loads it
  std::string earliest_release;                 // first release of that version, or the version name
};

struct DelegateInspection {
  std::size_t plan = 0;
  std::size_t index = 0;
  std::string backend_id;
  DelegateLocation location = DelegateLocation::Inline;
  std::uint32_t data_index = 0;
  std::uint64_t file_offset = 0;
  std::size_t size = 0;
  std::optional<XnnpackInspection> xnnpack;
};

struct ProgramInspection {
  std::string file;
  std::uint32_t version = 0;
  std::size_t file_size = 0;
  std::size_t flatbuffer_size = 0;
  std::optional<ExtendedHeader> extended_header;
  std::vector<std::string> plan_names;
  std::vector<DelegateInspection> delegates;
};

// `family` may be null (no schemas): XNNPACK payloads are then split but not decoded. An XNNPACK
// payload that no known reader schema verifies is an Error, like any other corruption.
Expected<ProgramInspection> inspect_program(const std::uint8_t* data, std::size_t size, const XnnpackFamily* family,
                                            const ProgramReadOptions& options = {});

std::string format_inspection_text(const ProgramInspection& inspection);
std::string format_inspection_json(const ProgramInspection& inspection);

}  // namespace fbcompat
