// A delegate family: one ExecuTorch backend's payload format across its schema versions
// (schemas/<family>/manifest.toml). The program container (program.h) hands each delegate's bytes to
// the family whose backend id it carries: inspect, load-check, golden verify and golden freeze read,
// check and write payloads through it, whichever delegate it is.
//
// The interface is in parts, so that a family implements only what it has:
//   - DelegateFamily, what every family has: its payloads read against each version, their nodes by
//     name, the backend's own checks when ExecuTorch initialises a payload, the load check of a program
//     against one runtime, its golden programs (written with a version's schema and compared field by
//     field later), and its own rules;
//   - DelegateRuntime, a runtime that runs payloads and defines their nodes (XNNPACK's reference
//     runtime; MLX has none on these machines);
//   - reference operators, for the families whose golden programs record expected outputs
//     (GoldenProgram::reference, set only by families that have them).
// A family is registered in one line (fbcompat/release/delegate_families.h). Nodes may be members of a
// union (XNNPACK's XNodeUnion, MLX's OpNode) or named by strings (Vulkan's operators): node types are
// names (node_types, PayloadNode::name), what declares them is named in words (node_declaration), and
// only runtime_dispatch says whether there is a union at all.
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
#include "fbcompat/core/rule.h"
#include "fbcompat/executorch/program.h"

namespace fbcompat {

// One more thing a payload says, in the family's own terms: {"schema version", "1"}.
struct PayloadFact {
  std::string label;
  std::string value;
};

// What `inspect` shows of one payload.
struct PayloadInspection {
  std::string identifier;   // the flatbuffer's file identifier, printable; empty when the schema declares none
  std::string header_name;  // the family's payload header, by its magic: "XH00", "MLX0"
  bool has_header = false;
  std::size_t flatbuffer_size = 0;
  std::string data_name = "constant data";  // what follows the flatbuffer: "constant data", "data segment"
  std::uint64_t constant_data_size = 0;     // its size
  std::uint64_t constant_buffer_bytes = 0;  // constants inside the flatbuffer (old XNNPACK programs)
  bool decoded = false;                     // false without schemas: only the header was read
  std::string decoded_with;                 // version whose schema named the nodes
  std::size_t node_count = 0;
  std::vector<std::pair<std::string, std::size_t>> nodes_by_name;  // in order of first appearance
  std::size_t value_count = 0;
  std::vector<PayloadFact> facts;               // what else the payload says, in the family's order
  std::optional<std::string> earliest_version;  // nullopt: no known runtime loads it
  std::string earliest_release;                 // first release of that version, or the version name
};

// One node of a payload: its type id as stored, and the node type a reader names it (empty: none).
struct PayloadNode {
  std::uint32_t type_id = 0;
  std::string name;
};

// A payload read as the runtime of one version reads it.
struct PayloadReading {
  std::string identifier;
  bool identifier_accepted = false;               // always true for a family whose schema declares none
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

// A golden program's inputs and the outputs the family's reference operators computed for them: what a
// runtime that runs the program must give back.
struct ReferenceRun {
  std::vector<ProgramTensor> inputs;
  std::vector<ProgramTensor> expected_outputs;
};

// One program `golden freeze` writes, built by the family for one version.
struct GoldenProgram {
  std::string name;         // file stem
  std::string purpose;      // one line
  std::string description;  // the payload's flatbuffer as JSON text, kept beside the program
  std::vector<std::uint8_t> pte;
  DelegateLocation storage = DelegateLocation::Inline;
  std::string header_name;     // the family's payload header, by its magic: "XH00", "MLX0"
  bool payload_header = true;  // the payload carries it
  bool extended_header = true;
  std::vector<std::string> nodes;  // node type names, in graph order
  std::string exported_as;  // the release whose exporter's shape it has; empty: none in particular
  // Set only by a family with reference operators, for a program meant to run.
  std::optional<ReferenceRun> reference;
};

// A runtime `load-check --runtime` names, as one family reads the name: one of its schema versions
// (standing for every release that shipped it) or one ExecuTorch release (read with the version it
// shipped).
struct LoadCheckRuntime {
  std::string version;                   // the family's schema version: "v1.1.0"
  std::vector<RuntimeRelease> releases;  // whose loader rules apply: one per distinct set of rules
  std::string name;                      // "v1.1.0 (releases 1.1.0 .. 1.4.1)", "ExecuTorch 1.4.1 (v1.1.0)"
};

// One payload as that runtime loads it, in the family's terms.
struct PayloadLoadCheck {
  enum class Verdict : std::uint8_t {
    Loads,          // as it is
    LoadsIgnoring,  // but it ignores something the payload holds (fields it does not know)
    Refused,        // the runtime refuses it (unknown node types, an identifier or schema version it refuses)
    Corrupt,        // no runtime reads it: bad input, not a verdict on this runtime
  };
  Verdict verdict = Verdict::Loads;
  std::string code;     // for machines: "ok", "unknown_types", "schema_version_refused", ...
  std::string message;  // what the runtime does with it
  const RuleInfo* rule = nullptr;  // the family's rule for a finding; null when it loads as it is
  std::string fix;
  std::size_t nodes = 0;
  std::size_t values = 0;
  std::string minimum_runtime;  // the oldest version whose runtime loads it as it is; empty: none known

  bool loadable() const { return verdict == Verdict::Loads || verdict == Verdict::LoadsIgnoring; }
};

// Golden verify calls one family from several threads at once (one program on each): its const
// methods must be safe to call concurrently.
class DelegateFamily {
 public:
  virtual ~DelegateFamily() = default;

  virtual std::string_view name() const = 0;          // "xnnpack": schemas/<name>/, golden/<name>/, --family
  virtual std::string_view display_name() const = 0;  // "XNNPACK"
  virtual std::string_view backend_id() const = 0;    // "XnnpackBackend"
  virtual const Manifest& manifest() const = 0;       // empty for a family loaded without schemas
  // The backend's own checks when ExecuTorch initialises a payload, which the loader runs on each of its
  // payloads (load_verdict.h).
  virtual const BackendLoadChecks& load_checks() const = 0;
  // The rules only this family applies (its load check's), for the catalogue.
  virtual const std::vector<const RuleInfo*>& rules() const = 0;
  // What runs this family's payloads, for the audit to say once why they were not run where nothing
  // does: "fbcompat's reference runtime on XNNPACK", "an MLX runtime, on Apple silicon (Metal)".
  virtual std::string runs_on() const = 0;

  // ---- payloads ---------------------------------------------------------------------------------
  // The payload's header and flatbuffer, its nodes by name, and the oldest version whose runtime loads
  // it. A payload no known reader verifies is an Error, like any other corruption. A family loaded
  // without schemas reads only the header.
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

  // ---- node types -------------------------------------------------------------------------------
  // The node types `version`'s writer can write, how findings name one ("fb_xnnpack.XNodeUnion.X"), and
  // what declares them, as messages name it ("XNodeUnion", "OpNode").
  virtual std::vector<std::string> node_types(std::size_t version) const = 0;
  virtual std::string node_subject(std::string_view node) const = 0;
  virtual std::string_view node_declaration() const = 0;
  // How the family's runtime dispatches on node types, for runtime-check on its sources: the union its
  // switch reads and how a definition is spelt there. A family whose operators are named by strings
  // (Vulkan's) gives an empty union name: runtime-check, which compares a union's members with a
  // dispatch, does not apply to it, and says so.
  virtual RuntimeDispatch runtime_dispatch() const = 0;

  // ---- the load check (load-check --runtime) ----------------------------------------------------
  // An Error naming the versions and releases the family knows when `text` is neither.
  virtual Expected<LoadCheckRuntime> choose_runtime(const std::string& text) const = 0;
  // One payload the loader handed over, as `runtime` loads it.
  virtual PayloadLoadCheck check_payload(const std::uint8_t* data, std::size_t size,
                                         const LoadCheckRuntime& runtime) const = 0;

  // ---- golden programs --------------------------------------------------------------------------
  // The programs `golden freeze` writes for `version`, built with its writer schema.
  virtual Expected<std::vector<GoldenProgram>> golden_programs(std::size_t version) const = 0;
  // A golden program's description, parsed for compare_recorded_fields. An Error when the text is not
  // JSON, saying where (line and column) and why.
  virtual Expected<std::unique_ptr<RecordedDescription>> read_description(std::string text) const = 0;
  // The recorded description of a golden program (read_description's, by this family) against its
  // payload decoded by `version`'s reader.
  virtual Expected<RecordedFields> compare_recorded_fields(std::size_t version, const std::uint8_t* data,
                                                           std::size_t size, const RecordedDescription& description) const = 0;
  // Whether `later`'s reader reads every recorded field of this (verified) payload that `earlier`'s
  // comparison read, alike, so that the comparison (holds_for_extending_readers) holds for `later` too.
  // False whenever that is not proven; golden verify then compares again. An optimisation for a family
  // with many golden programs (XNNPACK's readers are compared by fingerprint); by default every reader
  // compares again.
  virtual bool reads_recorded_fields_alike(std::size_t /*earlier*/, std::size_t /*later*/,
                                           const RecordedFields& /*comparison*/, const std::uint8_t* /*data*/,
                                           std::size_t /*size*/) const {
    return false;
  }
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
  // The runtime's node definitions, for the runtime check. A definition it cannot make carries the
  // runtime's rule for that (RuntimeDefinition::unsupported_rule).
  virtual std::vector<RuntimeDefinition> definitions() const = 0;
};

}  // namespace fbcompat
