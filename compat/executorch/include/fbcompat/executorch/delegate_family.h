// A delegate family: one ExecuTorch backend's payload format across its schema versions
// (schemas/<family>/manifest.toml), as the commands that look inside payloads need it: inspect,
// golden verify and golden freeze, and a runtime that runs payloads for the golden runs. The program
// container (program.h) hands each delegate's bytes to the family whose backend id it carries.
//
// XNNPACK is one family (fbcompat/xnnpack/delegate.h, its runtime fbcompat/xnnpack/runtime/); a second
// delegate implements these two interfaces and adds one line to fbcompat/release/delegate_families.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>


#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/reflected_schema.h"
#include "fbcompat/executorch/program.h"

namespace fbcompat {

// What `inspect` shows of one payload.
struct PayloadInspection {
  std::string identifier;   // the payload's file identifier, printable
  std::string header_name;  // the family's payload header: "XH00"
  bool has_header = false;
  std::size_t flatbuffer_size = 0;
  std::uint64_t constant_data_size = 0;     // after the header
  std::uint64_t constant_buffer_bytes = 0;  // inside the flatbuffer (old programs)
  bool decoded = false;                     // false without schemas: only the header was read
  std::string decoded_with;                 // version whose reader schema named the nodes
  std::size_t node_count = 0;
  std::vector<std::pair<std::string, std::size_t>> nodes_by_name;  // in order of first appearance
  std::size_t value_count = 0;
  std::optional<std::string> earliest_version;  // nullopt: no known runtime loads it
  std::string earliest_release;                 // first release of that version, or the version name
};

// One node of a payload: its type id as stored, and the member a reader names it (empty: none).
struct PayloadNode {
  std::uint32_t type_id = 0;
  std::string name;
};

// A payload read as the runtime of one version reads it.
struct PayloadReading {
  std::string identifier;
  bool identifier_accepted = false;
  std::vector<std::string> accepted_identifiers;  // by that version's runtime
  std::optional<std::string> refused;  // why that version's reader cannot read it at all
  std::vector<PayloadNode> nodes;      // when read
};

// A golden program's recorded field values (its JSON description) against a reading of its payload.
struct RecordedFields {
  std::vector<std::string> changed;         // "XNNGraph.xnodes[3].xnode_union.padding_top: recorded 1, reads 0"
  std::vector<std::string> no_longer_read;  // "fb_xnnpack.PerChannelGroupQuant.scale_bf16" (deprecated in the reader)
  // Set when the comparison was made on the buffer and every enum value it met has a name in the reader:
  // then a later reader that reads all this one reads, alike (DelegateFamily::reads_recorded_fields_alike),
  // finds the same, and golden verify keeps this comparison instead of making it again.
  bool holds_for_extending_readers = false;
  // With it, the tables, structs, enums and unions the comparison read through (qualified names, sorted):
  // a later reader that keeps these reads the recorded fields alike, whatever else it changes.
  std::vector<std::string> types_read;
};

// A golden program's JSON description (the text `golden freeze` wrote beside it), as its family parsed
// it (DelegateFamily::read_description): read once, then compared with every reader's reading.
class RecordedDescription {
 public:
  virtual ~RecordedDescription() = default;
};

// A tensor a golden program takes or gives, as the golden manifest records it.
struct ProgramTensor {
  std::uint32_t value_id = 0;     // the value's id in the payload
  std::uint32_t external_id = 0;  // the delegate's argument order: inputs, then outputs
  std::vector<std::size_t> shape;
  std::string dtype = "fp32";
  std::string layout;  // "NHWC" for 4-D tensors, "NC" for 2-D, else "ROW_MAJOR"
  std::vector<float> values;
};

// The ExecuTorch releases whose runtimes read payloads of manifest version `version` or later, oldest
// first. An unreleased version stands for the development head (runtime_release.h).
std::vector<RuntimeRelease> runtime_releases_from(const Manifest& manifest, std::size_t version);

// The layout a tensor of `rank` dimensions is recorded in: "NHWC" (4), "NC" (2), else "ROW_MAJOR".
std::string golden_layout_for(std::size_t rank);

// One program `golden freeze` writes, built by the family for one version.
struct GoldenProgram {
  std::string name;         // file stem
  std::string purpose;      // one line
  std::string description;  // the payload's graph as JSON text, kept beside the program
  std::vector<std::uint8_t> pte;
  DelegateLocation storage = DelegateLocation::Inline;
  bool payload_header = true;
  bool extended_header = true;
  std::vector<std::string> nodes;  // node type names, in graph order
  bool runnable = false;
  std::vector<ProgramTensor> inputs;
  std::vector<ProgramTensor> expected_outputs;  // computed by the family's reference operators
  std::string exported_as;  // the release whose exporter's shape it has; empty: none in particular
};

// Golden verify calls one family from several threads at once (one program on each): its const
// methods must be safe to call concurrently.
class DelegateFamily {
 public:
  virtual ~DelegateFamily() = default;

  virtual std::string_view name() const = 0;          // "xnnpack": schemas/<name>/, golden/<name>/
  virtual std::string_view display_name() const = 0;  // "XNNPACK"
  virtual std::string_view backend_id() const = 0;    // "XnnpackBackend"
  // The backend's own checks at load, which the program reader runs on each of its payloads.
  virtual const BackendLoadChecks& load_checks() const = 0;
  virtual const Manifest& manifest() const = 0;

  // The payload's header and graph, the nodes by name, and the oldest version whose runtime loads it.
  // A payload no known reader verifies is an Error, like any other corruption. A family loaded
  // without schemas (an empty manifest) reads only the header.
  virtual Expected<PayloadInspection> inspect_payload(const std::uint8_t* data, std::size_t size,
                                                      const BufferLimits& limits) const = 0;

  // The payload as the runtime of `version` (an index into manifest().versions) reads it. A payload
  // whose header is bad is an Error; one the reader refuses is a reading with `refused` set.
  virtual Expected<PayloadReading> read_payload(std::size_t version, const std::uint8_t* data, std::size_t size,
                                                const BufferLimits& limits) const = 0;
  // The payload as the runtime of `first` and of every later version reads it, in order: read_payload
  // for each, with what does not depend on the reader worked out once.
  virtual Expected<std::vector<PayloadReading>> read_payload_from(std::size_t first, const std::uint8_t* data,
                                                                  std::size_t size, const BufferLimits& limits) const = 0;
  // A golden program's description, parsed for compare_recorded_fields. An Error when the text is not
  // JSON, saying where (line and column) and why.
  virtual Expected<std::unique_ptr<RecordedDescription>> read_description(std::string text) const = 0;
  // The recorded description of a golden program (read_description's, by this family) against its
  // payload decoded by `version`'s reader.
  virtual Expected<RecordedFields> compare_recorded_fields(std::size_t version, const std::uint8_t* data,
                                                           std::size_t size, const RecordedDescription& description) const = 0;
  // Whether `later`'s reader reads every recorded field of this (verified) payload that `earlier`'s
  // comparison read, alike, so that the comparison (holds_for_extending_readers) holds for `later` too:
  // every type it read through is kept by each reader after `earlier` up to `later`. False whenever that
  // is not proven; golden verify then compares again.
  virtual bool reads_recorded_fields_alike(std::size_t earlier, std::size_t later, const RecordedFields& comparison,
                                           const std::uint8_t* data, std::size_t size) const = 0;

  // The node types `version`'s writer can write, and how findings name one ("fb_xnnpack.XNodeUnion.X").
  virtual std::vector<std::string> node_types(std::size_t version) const = 0;
  virtual std::string node_subject(std::string_view node) const = 0;
  virtual std::string_view node_union() const = 0;  // "XNodeUnion"

  // The programs `golden freeze` writes for `version`, built with its writer schema.
  virtual Expected<std::vector<GoldenProgram>> golden_programs(std::size_t version) const = 0;
};

// A runtime that runs a family's payloads (the golden runs) and defines its node types (runtime-check).
class DelegateRuntime {
 public:
  virtual ~DelegateRuntime() = default;

  virtual std::string_view backend_id() const = 0;
  virtual std::string description() const = 0;  // "the reference XNNPACK runtime"

  // Why the runtime cannot run a node type; empty when it can. And what would let it.
  virtual std::string unsupported_reason(std::string_view node) const = 0;
  virtual std::string how_to_support(std::string_view node) const = 0;
  // Loads the payload and runs it once with fp32 inputs in the order of its external inputs; the
  // outputs in the order of its external outputs. `loaded` tells a payload that does not load from
  // one that loads and fails to run.
  struct Run {
    bool loaded = false;
    Expected<std::vector<std::vector<float>>> outputs = Error{};
  };
  virtual Run run(const std::uint8_t* data, std::size_t size, const std::vector<std::vector<float>>& inputs) const = 0;
  // The runtime's node definitions, for the runtime check.
  virtual std::vector<RuntimeDefinition> definitions() const = 0;
};

}  // namespace fbcompat
