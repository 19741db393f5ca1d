// The load-time compatibility check: a runtime calls it on an XNNPACK delegate payload before
// compiling it, and learns whether it can load the program and, if not, why in terms a person can act
// on (which node types are too new, which runtime release is the first that can load it).
//
//   const fbcompat::RuntimeProfile* runtime = fbcompat::find_runtime_profile("v1.1.0");
//   fbcompat::LoadCheckResult result = fbcompat::check_xnnpack_payload(data, size, *runtime);
//   if (!result.loadable()) log_error(result.message);
//
// C++17, header-only, no exceptions, no heap allocation, nothing but flatbuffers' headers, the
// flatc-generated reader of the newest runtime schema and the generated profiles. See docs/load-check.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fbcompat/load_check/fixed_message.h"
#include "fbcompat/base/limits.h"
#include "fbcompat/load_check/result.h"
#include "fbcompat/load_check/runtime_profile.h"
#include "fbcompat/load_check/xnnpack_graph_scan.h"
#include "fbcompat/load_check/xnnpack_header.h"
#include "fbcompat/load_check/xnnpack_profiles.h"

namespace fbcompat {

// The profile of the runtime built from schema version `version` ("v1.1.0"), or null.
inline const RuntimeProfile* find_runtime_profile(const char* version) {
  return xnnpack_profiles::kFamily.find(version);
}

// The Verifier's limits for a flatbuffer of `size` bytes: the nesting-depth and table-count limits
// every fbcompat reader uses (fbcompat/base/limits.h). The XNNPACK schema nests at most four tables deep.
inline flatbuffers::Verifier::Options load_check_verifier_options(std::size_t size) {
  flatbuffers::Verifier::Options options;
  options.max_depth = limits::kNestingDepth;
  options.max_tables = limits::table_count_limit(0, size);
  options.check_alignment = true;
  return options;
}

namespace load_check_detail {
namespace profiles = xnnpack_profiles;

// How the message names each kind of type, in the order it reports them.
struct Kind {
  std::size_t type_set;
  const char* noun;
  const char* plural;
};
constexpr Kind kKinds[] = {
    {profiles::kTypeSet_XNodeUnion, "node type", "node types"},
    {profiles::kTypeSet_XValueUnion, "value type", "value types"},
    {profiles::kTypeSet_XNNQuantParams, "quantization type", "quantization types"},
    {profiles::kTypeSet_XNNDatatype, "datatype", "datatypes"},
};
static_assert(profiles::kTypeSetCount == sizeof(kKinds) / sizeof(kKinds[0]),
              "the newest schema has a union or enum the load-time check does not report yet");

inline const RuntimeProfile& version_at(std::size_t index) { return profiles::kFamily.versions[index]; }

// "release 0.6.0", "releases 1.1.0..1.4.1" or "not released yet".
inline void append_releases(FixedMessage& message, const RuntimeProfile& version) {
  if (!version.released()) {
    message.append("not released yet");
  } else if (std::strcmp(version.first_release, version.last_release) == 0) {
    message.append("release %s", version.first_release);
  } else {
    message.append("releases %s..%s", version.first_release, version.last_release);
  }
}

inline void append_version(FixedMessage& message, const RuntimeProfile& version) {
  message.append("%s (", version.version);
  append_releases(message, version);
  message.append(")");
}

// "added in v1.1.0, first release 1.1.0" or "added in v1.5.0-dev, not released yet".
inline void append_introduced(FixedMessage& message, std::size_t version_index) {
  const RuntimeProfile& version = version_at(version_index);
  if (version.released()) {
    message.append("added in %s, first release %s", version.version, version.first_release);
  } else {
    message.append("added in %s, not released yet", version.version);
  }
}

// The values a runtime knows as ranges: "1..47", "0..10, 12".
inline void append_known_ranges(FixedMessage& message, const KnownValues& known, bool is_union) {
  bool first = true;
  auto emit = [&](std::int64_t low, std::int64_t high) {
    message.append("%s%lld", first ? "" : ", ", static_cast<long long>(low));
    if (high != low) message.append("..%lld", static_cast<long long>(high));
    first = false;
  };
  std::int64_t start = -1;
  for (std::int64_t value = is_union ? 1 : 0; value <= 256; ++value) {
    const bool in = value < 256 && known.contains(value);
    if (in && start < 0) start = value;
    if (!in && start >= 0) {
      emit(start, value - 1);
      start = -1;
    }
  }
  for (std::size_t i = 0; i < known.other_count; ++i) emit(known.others[i], known.others[i]);
  if (first) message.append("none");
}

template <typename F>
void for_each_used(const UsedValues& used, F&& f) {
  for (std::int64_t value = 0; value < 256; ++value) {
    if (used.contains(value)) f(value);
  }
  used.for_each_other(f);
}

// The oldest version that accepts the identifier and knows every type the program uses.
inline const RuntimeProfile* minimum_runtime(const GraphUsage& usage, const std::uint8_t* identifier) {
  for (std::size_t v = 0; v < profiles::kFamily.version_count; ++v) {
    const RuntimeProfile& candidate = version_at(v);
    if (!candidate.accepts_identifier(identifier)) continue;
    bool knows_all = true;
    for (std::size_t set = 0; set < profiles::kTypeSetCount && knows_all; ++set) {
      knows_all = usage.used[set].subset_of(candidate.known[set]);
    }
    if (knows_all) return &candidate;
  }
  return nullptr;
}

inline void append_minimum_runtime(FixedMessage& message, const RuntimeProfile* minimum) {
  if (minimum == nullptr) {
    message.append("no runtime up to %s can load it", profiles::kFamily.newest().version);
    return;
  }
  message.append("the minimum runtime that can load it is ");
  append_version(message, *minimum);
}

// Lists the types the runtime does not know; returns how many there are of each kind in `counts`.
inline void report_unknown_types(FixedMessage& message, const GraphUsage& usage, const RuntimeProfile& runtime,
                                 std::uint32_t (&counts)[sizeof(kKinds) / sizeof(kKinds[0])]) {
  message.append("this program needs ");
  bool first = true;
  for (std::size_t k = 0; k < sizeof(kKinds) / sizeof(kKinds[0]); ++k) {
    const Kind& kind = kKinds[k];
    const TypeSetHistory& history = profiles::kFamily.type_sets[kind.type_set];
    const KnownValues& known = runtime.known[kind.type_set];
    for_each_used(usage.used[kind.type_set], [&](std::int64_t value) {
      if (known.contains(value)) return;
      ++counts[k];
      message.append("%s", first ? "" : ", ");
      first = false;
      if (const MemberHistory* member = history.find(value)) {
        message.append("%s (%s %lld, ", member->name, kind.noun, static_cast<long long>(value));
        append_introduced(message, member->introduced_in);
        message.append(")");
      } else {
        message.append("%s %lld (unknown to every version up to %s)", kind.noun, static_cast<long long>(value),
                       profiles::kFamily.newest().version);
      }
    });
    if (usage.used[kind.type_set].others_overflowed()) {
      ++counts[k];
      message.append("%smore %s", first ? "" : ", ", kind.plural);
      first = false;
    }
  }
  message.append("; this runtime, ");
  append_version(message, runtime);
  message.append(", knows ");
  first = true;
  for (std::size_t k = 0; k < sizeof(kKinds) / sizeof(kKinds[0]); ++k) {
    if (counts[k] == 0) continue;
    message.append("%s%s ", first ? "" : ", ", kKinds[k].plural);
    first = false;
    append_known_ranges(message, runtime.known[kKinds[k].type_set],
                        profiles::kFamily.type_sets[kKinds[k].type_set].is_union);
  }
}

// Lists the fields set that the runtime's schema does not have.
inline void report_unknown_fields(FixedMessage& message, const GraphUsage& usage) {
  bool first = true;
  for (std::size_t t = 0; t < profiles::kTableCount; ++t) {
    const TableHistory& table = profiles::kFamily.tables[t];
    for (std::size_t slot = 0; slot < 64; ++slot) {
      if (((usage.unknown_slots[t] >> slot) & 1u) == 0) continue;
      message.append("%s", first ? "" : ", ");
      first = false;
      if (slot < table.slot_count) {
        message.append("%s.%s (", table.name, table.slots[slot].name);
        append_introduced(message, table.slots[slot].introduced_in);
        message.append(")");
      } else {
        message.append("%s field slot %zu (unknown to every version up to %s)", table.name, slot,
                       profiles::kFamily.newest().version);
      }
    }
    if (usage.unknown_slot_beyond_64[t]) {
      message.append("%s%s field slots past 63 (unknown to every version up to %s)", first ? "" : ", ", table.name,
                     profiles::kFamily.newest().version);
      first = false;
    }
  }
}

// Says where verification failed and why, as far as flatbuffers' Verifier can tell: it answers only
// yes or no, so the failing element is verified again on its own, which passes when only the table
// limit was exceeded.
inline void report_corrupt(FixedMessage& message, const std::uint8_t* buffer, std::size_t size,
                           const VerificationFailure& failure, const flatbuffers::Verifier::Options& options) {
  using Part = VerificationFailure::Part;
  message.append("corrupt: ");
  switch (failure.part) {
    case Part::None:
    case Part::BufferSize:
      message.append("the flatbuffer is %zu bytes, below flatbuffers' minimum of %d", size,
                     static_cast<int>(kMinimumFlatbufferSize));
      return;
    case Part::RootOffset:
      message.append("the root offset points outside the %zu-byte flatbuffer", size);
      return;
    case Part::RootTable: message.append("the root table XNNGraph"); break;
    case Part::RootField: message.append("XNNGraph.%s", failure.field); break;
    case Part::Element: message.append("XNNGraph.%s[%u]", failure.field, failure.index); break;
  }
  if (failure.part == Part::Element) {
    // Past RootField the root table and the vector holding the element have been verified.
    const auto* graph = flatbuffers::GetRoot<fb_xnnpack::XNNGraph>(buffer);
    flatbuffers::Verifier alone(buffer, size, options);
    bool verifies_alone = false;
    if (std::strcmp(failure.field, "xnodes") == 0) {
      const fb_xnnpack::XNode* node = graph->xnodes()->Get(failure.index);
      // Name the node's type when its table and type field are sound.
      flatbuffers::Verifier header(buffer, size, options);
      const auto* table = reinterpret_cast<const flatbuffers::Table*>(node);
      if (table->VerifyTableStart(header) &&
          table->VerifyField<std::uint8_t>(header, fb_xnnpack::XNode::VT_XNODE_UNION_TYPE, 1)) {
        const auto type = static_cast<std::int64_t>(node->xnode_union_type());
        const TypeSetHistory& nodes = profiles::kFamily.type_sets[profiles::kTypeSet_XNodeUnion];
        if (const MemberHistory* member = nodes.find(type)) {
          message.append(" (%s node)", member->name);
        } else {
          message.append(" (node type %lld)", static_cast<long long>(type));
        }
      }
      verifies_alone = node->Verify(alone);
    } else if (std::strcmp(failure.field, "xvalues") == 0) {
      verifies_alone = graph->xvalues()->Get(failure.index)->Verify(alone);
    } else if (std::strcmp(failure.field, "constant_buffer") == 0) {
      verifies_alone = graph->constant_buffer()->Get(failure.index)->Verify(alone);
    } else if (std::strcmp(failure.field, "constant_data") == 0) {
      verifies_alone = graph->constant_data()->Get(failure.index)->Verify(alone);
    }
    if (verifies_alone) {
      message.append(": the program has more than %u tables, the verifier's limit for its size",
                     static_cast<unsigned>(options.max_tables));
      return;
    }
  }
  message.append(": an offset, size or vtable is out of bounds, misaligned or malformed");
}

inline LoadCheckResult corrupt_payload(LoadCheckResult& result, XnnpackPayload::Status status) {
  result.code = LoadCheckCode::Corrupt;
  FixedMessage message(result.message);
  message.append("corrupt: %s", xnnpack_header::status_text(status));
  return result;
}

}  // namespace load_check_detail

// Checks whether the runtime described by `runtime` can load this XNNPACK delegate payload (with or
// without its XH00 header): the flatbuffer's identifier, flatbuffers' Verifier, then every node,
// value, quantization and data type against what the runtime knows.
inline LoadCheckResult check_xnnpack_payload(const std::uint8_t* data, std::size_t size,
                                             const RuntimeProfile& runtime) {
  using namespace load_check_detail;
  LoadCheckResult result;
  const XnnpackPayload payload = parse_xnnpack_payload(data, size);
  result.has_header = payload.has_header;
  if (payload.status != XnnpackPayload::Status::Ok) return corrupt_payload(result, payload.status);
  const std::uint8_t* buffer = payload.flatbuffer;
  const std::size_t buffer_size = payload.flatbuffer_size;
  if (buffer_size >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    result.code = LoadCheckCode::Corrupt;
    FixedMessage(result.message).append("corrupt: the flatbuffer is %zu bytes, above flatbuffers' 2 GiB limit",
                                        buffer_size);
    return result;
  }

  // The payload parser guarantees at least 8 bytes: the root offset and the identifier.
  const std::uint8_t* identifier = buffer + flatbuffers::kFileIdentifierLength;
  std::memcpy(result.identifier, identifier, 4);
  if (!runtime.accepts_identifier(identifier)) {
    result.code = LoadCheckCode::IdentifierNotAccepted;
    FixedMessage message(result.message);
    message.append("identifier '");
    message.append_identifier(identifier);
    message.append("' is not one this runtime, ");
    append_version(message, runtime);
    message.append(", accepts (");
    for (std::size_t i = 0; i < runtime.accepted_identifier_count; ++i) {
      message.append("%s%s", i == 0 ? "" : ", ", runtime.accepted_identifiers[i]);
    }
    message.append(")");
    return result;
  }

  const flatbuffers::Verifier::Options options = load_check_verifier_options(buffer_size);
  flatbuffers::Verifier verifier(buffer, buffer_size, options);
  GraphUsage usage;
  GraphScanner scanner(runtime, usage);
  VerificationFailure failure;
  if (!verify_and_scan_graph(verifier, buffer, buffer_size, scanner, failure)) {
    result.code = LoadCheckCode::Corrupt;
    FixedMessage message(result.message);
    report_corrupt(message, buffer, buffer_size, failure, options);
    return result;
  }

  result.node_count = usage.node_count;
  result.value_count = usage.value_count;
  result.tables_with_unknown_fields = usage.tables_with_unknown_fields;
  result.minimum_runtime = minimum_runtime(usage, identifier);

  FixedMessage message(result.message);
  std::uint32_t unknown[sizeof(kKinds) / sizeof(kKinds[0])] = {};
  bool knows_all = true;
  for (std::size_t set = 0; set < profiles::kTypeSetCount; ++set) {
    knows_all = knows_all && usage.used[set].subset_of(runtime.known[set]);
  }
  if (!knows_all) {
    result.code = LoadCheckCode::UnknownTypes;
    count_unknown_uses(flatbuffers::GetRoot<fb_xnnpack::XNNGraph>(buffer), runtime, usage);
    result.nodes_with_unknown_type = usage.nodes_with_unknown_type;
    result.values_with_unknown_type = usage.values_with_unknown_type;
    report_unknown_types(message, usage, runtime, unknown);
    result.unknown_node_types = unknown[0];
    result.unknown_value_types = unknown[1];
    result.unknown_quantization_types = unknown[2];
    result.unknown_datatypes = unknown[3];
    message.append("; ");
    append_minimum_runtime(message, result.minimum_runtime);
    if (usage.tables_with_unknown_fields != 0) {
      message.append("; it also sets fields this runtime does not know in %u tables",
                     static_cast<unsigned>(usage.tables_with_unknown_fields));
    }
    return result;
  }
  if (usage.tables_with_unknown_fields != 0) {
    result.code = LoadCheckCode::UnknownFields;
    message.append("loadable, but %u tables set fields this runtime, ",
                   static_cast<unsigned>(usage.tables_with_unknown_fields));
    append_version(message, runtime);
    message.append(", does not know and will ignore: ");
    report_unknown_fields(message, usage);
    return result;
  }
  result.code = LoadCheckCode::Ok;
  message.append("loadable by this runtime, ");
  append_version(message, runtime);
  message.append(": %u nodes, %u values; ", static_cast<unsigned>(usage.node_count),
                 static_cast<unsigned>(usage.value_count));
  append_minimum_runtime(message, result.minimum_runtime);
  return result;
}

}  // namespace fbcompat
