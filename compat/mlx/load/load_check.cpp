#include "load/load_check.h"

#include <algorithm>

#include <fmt/format.h>

#include "load/runtime_versions.h"
#include "payload/decoded_payload.h"

namespace fbcompat::mlx {

const RuleInfo kLoadMlxOpsUnknown{
    "LOAD_MLX_OPS_UNKNOWN", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "An MLX payload must use only ops (OpNode members) the runtime's schema has: its loader refuses any other."};

const RuleInfo kLoadMlxSchemaVersionRefused{
    "LOAD_MLX_SCHEMA_VERSION_REFUSED", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "An MLX payload's schema version must be one the runtime supports: it refuses a newer one, and one that is no integer."};

const std::vector<const RuleInfo*>& family_rules() {
  static const std::vector<const RuleInfo*> rules{&kLoadMlxOpsUnknown, &kLoadMlxSchemaVersionRefused};
  return rules;
}

namespace {

std::optional<std::size_t> version_named(const std::string& name) {
  const auto& versions = runtime_versions();
  for (std::size_t v = 0; v < versions.size(); ++v) {
    if (versions[v].name == name) return v;
  }
  return std::nullopt;
}

LoadCheckRuntime for_version(const RuntimeVersion& version) {
  LoadCheckRuntime choice;
  choice.version = version.name;
  if (!version.released()) {
    // Not released yet: the newest loader the rules describe stands for it.
    choice.releases = {RuntimeRelease::newest_described()};
    choice.name = fmt::format("{} (not released yet; loaded as {} loads)", version.name,
                              RuntimeRelease::newest_described().text());
    return choice;
  }
  choice.releases = releases_with_distinct_rules(*version.first, *version.last);
  choice.name = version.described();
  return choice;
}

std::string runtime_and_later(std::size_t v) {
  return fmt::format("the runtime of {} or later", runtime_versions()[v].described());
}

// The ops the runtime lacks, each once, with the version that added it: "UpdateAndAttendNode (op type
// 134, added in v1.5.0-dev (not released yet))".
std::vector<std::string> lacking(const DecodedPayload& payload, const RuntimeVersion& runtime, std::size_t& nodes) {
  std::vector<std::uint8_t> unknown;
  for (std::uint8_t type : payload.type_ids) {
    if (type >= 1 && type <= runtime.op_count) continue;
    ++nodes;
    if (std::find(unknown.begin(), unknown.end(), type) == unknown.end()) unknown.push_back(type);
  }
  std::sort(unknown.begin(), unknown.end());
  std::vector<std::string> named;
  for (std::uint8_t type : unknown) {
    const auto introduced = version_introducing(type);
    const std::string name = newest_op_name(type);
    named.push_back(introduced && !name.empty()
                        ? fmt::format("{} (op type {}, added in {})", name, type, runtime_versions()[*introduced].introduced())
                        : fmt::format("op type {} (unknown to every version fbcompat knows)", type));
  }
  return named;
}

void refuse_ops(PayloadLoadCheck& check, const DecodedPayload& payload, const RuntimeVersion& runtime) {
  std::size_t nodes = 0;
  const std::vector<std::string> ops = lacking(payload, runtime, nodes);
  const auto earliest = payload.earliest_runtime();
  check.verdict = PayloadLoadCheck::Verdict::Refused;
  check.code = "unknown-ops";
  check.rule = &kLoadMlxOpsUnknown;
  check.message = fmt::format("this program needs {} ({} node{}); this runtime, {}, knows op types 1..{}, so its loader "
                              "refuses the payload; {}",
                              fmt::join(ops, ", "), nodes, nodes == 1 ? "" : "s", runtime.described(), runtime.op_count,
                              earliest ? "the minimum runtime that can load it is " + runtime_versions()[*earliest].described()
                                       : std::string("no runtime fbcompat knows can load it"));
  check.fix = earliest ? fmt::format("load the program with {}, or export it again for {} without those ops",
                                     runtime_and_later(*earliest), runtime.name)
                       : fmt::format("export the program again for {} without those ops", runtime.name);
}

void refuse_version(PayloadLoadCheck& check, const DecodedPayload& payload, const RuntimeVersion& runtime) {
  check.verdict = PayloadLoadCheck::Verdict::Refused;
  check.code = "schema-version-refused";
  check.rule = &kLoadMlxSchemaVersionRefused;
  if (!payload.schema_version) {
    check.message = fmt::format("the payload's schema version is '{}', which is no integer: the runtime of {} (like every "
                                "MLX runtime) refuses it",
                                *payload.graph.version, runtime.described());
    check.fix = "export the program again: MLX's exporter writes the schema version as an integer";
    return;
  }
  const auto earliest = payload.earliest_runtime();
  check.message = fmt::format("the payload's schema version is {}; the runtime of {} supports versions up to {}, so it "
                              "refuses the payload ('This .pte requires ExecuTorch MLX runtime version {}')",
                              *payload.schema_version, runtime.described(), runtime.max_schema_version,
                              *payload.schema_version);
  check.fix = earliest ? fmt::format("load the program with {}, or export it again with the exporter of {}",
                                     runtime_and_later(*earliest), runtime.name)
                       : fmt::format("export the program again with the exporter of {}: no MLX runtime fbcompat knows "
                                     "supports schema version {}",
                                     runtime.name, *payload.schema_version);
}

}  // namespace

Expected<LoadCheckRuntime> choose_load_check_runtime(const std::string& text) {
  const auto& versions = runtime_versions();
  if (const auto named = version_named(text)) return for_version(versions[*named]);
  const std::optional<RuntimeRelease> release = RuntimeRelease::parse(text);
  std::vector<std::string> releases;
  std::vector<std::string> names;
  for (const RuntimeVersion& version : versions) {
    names.push_back(version.name);
    if (!version.released()) continue;
    releases.push_back(fmt::format("{}..{}", version.first->text(), version.last->text()));
    if (release && !(*release < *version.first) && !(*version.last < *release)) {
      return LoadCheckRuntime{version.name, {*release}, fmt::format("ExecuTorch {} ({})", release->text(), version.name)};
    }
  }
  // A release before the MLX backend's first is a runtime too: its loader finds no MLX backend, and
  // says so (the delegate's data, Error::NotFound).
  if (release && *release < kFirstRelease) {
    return LoadCheckRuntime{"", {*release}, fmt::format("ExecuTorch {} (no MLX backend: it ships from {} on)",
                                                        release->text(), kFirstRelease.text())};
  }
  return Error{"", 0, 0,
               fmt::format("--runtime {}: neither an MLX schema version fbcompat knows ({}) nor an ExecuTorch release one "
                           "of them shipped in ({})",
                           text, fmt::join(names, ", "), fmt::join(releases, ", "))};
}

PayloadLoadCheck check_payload_on(const std::uint8_t* data, std::size_t size, const LoadCheckRuntime& runtime) {
  PayloadLoadCheck check;
  auto decoded = decode_payload(data, size);
  if (!decoded) {
    check.verdict = PayloadLoadCheck::Verdict::Corrupt;
    check.code = "corrupt";
    check.message = decoded.error().message;
    return check;
  }
  if (runtime.version.empty()) {
    // A release without the MLX backend: its loader's refusal (LOAD_PROGRAM_REFUSED) is the finding.
    check.verdict = PayloadLoadCheck::Verdict::Refused;
    check.code = "no-backend";
    check.message = fmt::format("{} has no MLX runtime", runtime.name);
    return check;
  }
  const RuntimeVersion& version = runtime_versions()[*version_named(runtime.version)];  // chosen among them
  check.nodes = decoded->graph.node_count();
  check.values = decoded->graph.num_values;
  if (const auto earliest = decoded->earliest_runtime()) check.minimum_runtime = runtime_versions()[*earliest].name;
  const bool ops_known = decoded->highest_type_id <= version.op_count &&
                         std::none_of(decoded->type_ids.begin(), decoded->type_ids.end(), [](std::uint8_t t) { return t == 0; });
  if (!ops_known) {
    refuse_ops(check, *decoded, version);
  } else if (!decoded->schema_version || *decoded->schema_version > version.max_schema_version) {
    refuse_version(check, *decoded, version);
  } else {
    check.code = "ok";
    check.message = fmt::format("the runtime of {} knows the op type of each of its {} nodes and its schema version {}",
                                version.described(), decoded->type_ids.size(), *decoded->schema_version);
  }
  return check;
}

}  // namespace fbcompat::mlx
