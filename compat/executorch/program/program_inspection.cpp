#include "fbcompat/executorch/program_inspection.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/xnnpack/graph.h"

namespace fbcompat {
namespace {

// Reads the graph with the newest reader that verifies it, so that nodes get today's names.
Expected<XnnpackInspection> inspect_xnnpack(const ProgramDelegate& delegate, const XnnpackFamily* family,
                                            const ProgramReadOptions& options, const std::string& where) {
  auto split = split_xnnpack_payload(delegate.data, delegate.size);
  if (!split) return Error{options.source_name, 0, 0, fmt::format("{}: {}", where, split.error().message)};
  XnnpackInspection out;
  out.identifier = xnnpack_identifier(*split);
  out.has_header = split->has_header;
  out.flatbuffer_size = split->flatbuffer_size;
  out.constant_data_size = split->constant_data_size;
  if (family == nullptr) return out;

  const BufferLimits limits{options.max_depth, options.max_tables, options.max_vector_length};
  std::optional<Error> last_error;
  for (std::size_t i = family->versions().size(); i-- > 0;) {
    const XnnpackVersion& version = family->versions()[i];
    auto graph = read_xnnpack_graph(*version.reader, delegate.data, delegate.size, limits);
    if (!graph) {
      if (!last_error) last_error = graph.error();
      continue;
    }
    out.decoded = true;
    out.decoded_with = version.info.name;
    out.node_count = graph->nodes.size();
    for (const XnnpackNode& node : graph->nodes) {
      const std::string name = node.name.empty() ? fmt::format("<type id {}>", node.type_id) : node.name;
      auto found = std::find_if(out.nodes_by_name.begin(), out.nodes_by_name.end(), [&](const auto& p) { return p.first == name; });
      if (found == out.nodes_by_name.end()) {
        out.nodes_by_name.emplace_back(name, 1);
      } else {
        ++found->second;
      }
    }
    out.value_count = graph->value_count;
    out.constant_buffer_bytes = graph->constant_buffer_bytes;
    break;
  }
  if (!out.decoded) {
    return Error{options.source_name, 0, 0,
                 fmt::format("{}: the XNNPACK payload verifies against no known reader schema ({} to {}): {}", where,
                             family->versions().front().info.name, family->newest().info.name, last_error->message)};
  }
  auto earliest = earliest_loading_version(*family, delegate.data, delegate.size, limits);
  if (!earliest) return Error{options.source_name, 0, 0, fmt::format("{}: {}", where, earliest.error().message)};
  if (*earliest) {
    const ManifestVersion& info = family->versions()[**earliest].info;
    out.earliest_version = info.name;
    out.earliest_release = info.first_release();
  }
  return out;
}

}  // namespace

Expected<ProgramInspection> inspect_program(const std::uint8_t* data, std::size_t size, const XnnpackFamily* family,
                                            const ProgramReadOptions& options) {
  auto program = read_program(data, size, options);
  if (!program) return program.error();
  ProgramInspection out;
  out.file = options.source_name;
  out.version = program->version;
  out.file_size = program->file_size;
  out.flatbuffer_size = program->flatbuffer_size;
  out.extended_header = program->extended_header;
  for (std::size_t p = 0; p < program->plans.size(); ++p) {
    const ProgramPlan& plan = program->plans[p];
    out.plan_names.push_back(plan.name);
    for (std::size_t d = 0; d < plan.delegates.size(); ++d) {
      const ProgramDelegate& delegate = plan.delegates[d];
      DelegateInspection entry{p, d, delegate.backend_id, delegate.location, delegate.index, delegate.file_offset, delegate.size, std::nullopt};
      if (delegate.backend_id == kXnnpackBackendId) {
        auto xnnpack = inspect_xnnpack(delegate, family, options, fmt::format("plan '{}' delegate {}", plan.name, d));
        if (!xnnpack) return xnnpack.error();
        entry.xnnpack = std::move(xnnpack.value());
      }
      out.delegates.push_back(std::move(entry));
    }
  }
  return out;
}

std::string format_inspection_text(const ProgramInspection& in) {
  std::string text = fmt::format("{}: ExecuTorch program, {} bytes, program version {}\n", in.file.empty() ? "<program>" : in.file,
                                 in.file_size, in.version);
  if (in.extended_header) {
    const ExtendedHeader& h = *in.extended_header;
    text += fmt::format("  extended header: {} bytes; program flatbuffer {} bytes; segment data {} bytes at offset {}\n",
                        h.length, h.program_size, h.segment_data_size, h.segment_base_offset);
  } else {
    text += fmt::format("  no extended header; program flatbuffer {} bytes\n", in.flatbuffer_size);
  }
  text += fmt::format("  execution plans: {}\n", in.plan_names.empty() ? std::string("none") : fmt::format("{}", fmt::join(in.plan_names, ", ")));
  for (const DelegateInspection& d : in.delegates) {
    text += fmt::format("  plan '{}' delegate {}: {}, {} {} ({} bytes at offset {})\n", in.plan_names[d.plan], d.index,
                        d.backend_id.empty() ? "<no backend id>" : d.backend_id, delegate_location_name(d.location),
                        d.data_index, d.size, d.file_offset);
    if (!d.xnnpack) continue;
    const XnnpackInspection& x = *d.xnnpack;
    text += fmt::format("    XNNPACK payload: identifier {}, {}, flatbuffer {} bytes, constant data {} bytes", x.identifier,
                        x.has_header ? "XH00 header" : "no header", x.flatbuffer_size, x.constant_data_size);
    if (x.constant_buffer_bytes != 0) text += fmt::format(", constant_buffer {} bytes", x.constant_buffer_bytes);
    text += "\n";
    if (!x.decoded) {
      text += "    (graph not decoded: no schemas; pass --schemas DIR)\n";
      continue;
    }
    text += fmt::format("    {} nodes, {} values (named by the {} reader schema)\n", x.node_count, x.value_count, x.decoded_with);
    for (const auto& [name, count] : x.nodes_by_name) text += fmt::format("      {:>4} x {}\n", count, name);
    if (x.earliest_version) {
      text += fmt::format("    loads on runtimes from {} (release {}) on\n", *x.earliest_version, x.earliest_release);
    } else {
      text += "    no known runtime loads it\n";
    }
  }
  return text;
}

std::string format_inspection_json(const ProgramInspection& in) {
  using nlohmann::json;
  json header = nullptr;
  if (in.extended_header) {
    header = {{"length", in.extended_header->length},
              {"program_size", in.extended_header->program_size},
              {"segment_base_offset", in.extended_header->segment_base_offset},
              {"segment_data_size", in.extended_header->segment_data_size}};
  }
  json delegates = json::array();
  for (const DelegateInspection& d : in.delegates) {
    json entry{{"plan", in.plan_names[d.plan]}, {"index", d.index},       {"backend_id", d.backend_id},
               {"location", delegate_location_name(d.location)},         {"data_index", d.data_index},
               {"offset", d.file_offset},       {"size", d.size}};
    if (d.xnnpack) {
      const XnnpackInspection& x = *d.xnnpack;
      json xnnpack{{"identifier", x.identifier},
                   {"xh00_header", x.has_header},
                   {"flatbuffer_size", x.flatbuffer_size},
                   {"constant_data_size", x.constant_data_size},
                   {"constant_buffer_bytes", x.constant_buffer_bytes},
                   {"decoded", x.decoded}};
      if (x.decoded) {
        json nodes = json::array();
        for (const auto& [name, count] : x.nodes_by_name) nodes.push_back({{"name", name}, {"count", count}});
        xnnpack["decoded_with"] = x.decoded_with;
        xnnpack["node_count"] = x.node_count;
        xnnpack["nodes_by_name"] = nodes;
        xnnpack["value_count"] = x.value_count;
        xnnpack["earliest_loading_version"] = x.earliest_version ? json(*x.earliest_version) : json(nullptr);
        xnnpack["earliest_loading_release"] = x.earliest_version ? json(x.earliest_release) : json(nullptr);
      }
      entry["xnnpack"] = xnnpack;
    }
    delegates.push_back(entry);
  }
  const json document{{"file", in.file},           {"size", in.file_size},     {"program_version", in.version},
                      {"flatbuffer_size", in.flatbuffer_size}, {"extended_header", header},
                      {"execution_plans", in.plan_names}, {"delegates", delegates}};
  // Plan names and backend ids are the file's bytes: not always UTF-8.
  return document.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace fbcompat
