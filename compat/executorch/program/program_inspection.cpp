#include "fbcompat/executorch/program_inspection.h"

#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "fbcompat/core/printable.h"

namespace fbcompat {
namespace {

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The release asked for, as the verdict names it: the development head and a release older than the rules
// describe say whose rules stood for them.
std::string release_wording(const RuntimeRelease& release) {
  const RuntimeRelease rules = release.described();
  if (release.is_development_head()) return fmt::format("the development head after {}", rules.text());
  return rules == release ? release.text() : fmt::format("{} (by the rules of {})", release.text(), rules.text());
}

bool has_delegate_of(const ProgramView& program, std::string_view backend_id) {
  for (const ProgramPlan& plan : program.plans) {
    for (const ProgramDelegate& delegate : plan.delegates) {
      if (delegate.backend_id == backend_id) return true;
    }
  }
  return false;
}

}  // namespace

Expected<ProgramInspection> inspect_program(const std::uint8_t* data, std::size_t size,
                                            const std::vector<const DelegateFamily*>& families,
                                            const ProgramReadOptions& options) {
  ProgramReadOptions with_checks = options;
  for (const DelegateFamily* family : families) with_checks.backends.push_back(&family->load_checks());
  ProgramLoad load = load_program(data, size, with_checks);
  if (load.refusal) return Error{options.source_name, 0, 0, describe_refusal(*load.refusal, load.view.release)};
  const ProgramView* program = &load.view;
  ProgramInspection out;
  out.runtime = release_wording(options.runtime);
  out.warnings = program->warnings;
  out.unchecked_backends = program->unchecked_backends;
  out.run_crash = load.run_crash;
  if (load.run_crash) out.run_crash_text = describe_run_crash(*load.run_crash, load.view.release);
  out.definitions_not_checked = program->definitions_not_checked;
  // A library is named only where the program has a delegate it defined.
  for (const DelegateFamily* family : families) {
    const BackendLibrary* library = options.libraries.find(family->backend_id());
    if (library != nullptr && has_delegate_of(*program, family->backend_id())) out.defined_on.push_back(library->description());
  }
  out.file = options.source_name;
  out.version = program->version;
  out.file_size = program->file_size;
  out.flatbuffer_size = program->flatbuffer_size;
  out.extended_header = program->extended_header;
  const BufferLimits limits{options.max_depth, options.max_tables, options.max_vector_length};
  for (std::size_t p = 0; p < program->plans.size(); ++p) {
    const ProgramPlan& plan = program->plans[p];
    out.plan_names.push_back(plan.name);
    for (std::size_t d = 0; d < plan.delegates.size(); ++d) {
      const ProgramDelegate& delegate = plan.delegates[d];
      DelegateInspection entry{p, d, delegate.backend_id, delegate.location, delegate.index, delegate.file_offset,
                               delegate.size, "", "", std::nullopt};
      for (const DelegateFamily* family : families) {
        if (family->backend_id() != delegate.backend_id) continue;
        auto payload = family->inspect_payload(delegate.data, delegate.size, limits);
        if (!payload) {  // the runtime loads it: what fbcompat cannot decode is the reader's to know, not a refusal
          out.warnings.push_back(fmt::format("plan '{}' delegate {}: fbcompat cannot decode the {} payload: {}",
                                             plan.name, d, family->display_name(), payload.error().message));
          break;
        }
        entry.family = std::string(family->name());
        entry.family_label = std::string(family->display_name());
        entry.payload = std::move(payload.value());
        break;
      }
      out.delegates.push_back(std::move(entry));
    }
  }
  return out;
}

std::string format_inspection_text(const ProgramInspection& in) {
  std::string text = fmt::format("{}: ExecuTorch program, {} bytes, program version {}\n", in.file.empty() ? "<program>" : printable(in.file),
                                 in.file_size, in.version);
  if (in.extended_header) {
    const ExtendedHeader& h = *in.extended_header;
    text += fmt::format("  extended header: {} bytes; program flatbuffer {} bytes; segment data {} bytes at offset {}\n",
                        h.length, h.program_size, h.segment_data_size, h.segment_base_offset);
  } else {
    text += fmt::format("  no extended header; program flatbuffer {} bytes\n", in.flatbuffer_size);
  }
  // Names and identifiers come from the program: shown escaped, so that none can forge a line.
  std::vector<std::string> plan_names;
  for (const std::string& name : in.plan_names) plan_names.push_back(printable(name));
  text += fmt::format("  execution plans: {}\n", plan_names.empty() ? std::string("none") : fmt::format("{}", fmt::join(plan_names, ", ")));
  for (const DelegateInspection& d : in.delegates) {
    text += fmt::format("  plan '{}' delegate {}: {}, {} {} ({} bytes at offset {})\n", plan_names[d.plan], d.index,
                        d.backend_id.empty() ? "<no backend id>" : printable(d.backend_id), delegate_location_name(d.location),
                        d.data_index, d.size, d.file_offset);
    if (!d.payload) continue;
    const PayloadInspection& x = *d.payload;
    text += fmt::format("    {} payload: {}, {}, flatbuffer {} bytes, {} {} bytes", d.family_label,
                        x.identifier.empty() ? std::string("no identifier") : "identifier " + printable(x.identifier),
                        x.has_header ? x.header_name + " header" : "no header", x.flatbuffer_size, x.data_name,
                        x.constant_data_size);
    if (x.constant_buffer_bytes != 0) text += fmt::format(", constant_buffer {} bytes", x.constant_buffer_bytes);
    text += "\n";
    if (!x.decoded) {
      text += "    (graph not decoded: no schemas; pass --schemas DIR)\n";
      continue;
    }
    text += fmt::format("    {} nodes, {} values (named by the {} reader schema)\n", x.node_count, x.value_count, x.decoded_with);
    for (const auto& [name, count] : x.nodes_by_name) text += fmt::format("      {:>4} x {}\n", count, printable(name));
    for (const PayloadFact& fact : x.facts) text += fmt::format("    {}: {}\n", fact.label, printable(fact.value));
    if (x.earliest_version) {
      text += fmt::format("    loads on runtimes from {} (release {}) on\n", *x.earliest_version, x.earliest_release);
    } else {
      text += "    no known runtime loads it\n";
    }
  }
  text += fmt::format("  loads on ExecuTorch {}", in.runtime);
  if (!in.unchecked_backends.empty()) {
    text += fmt::format(" if it registers {} (whose own checks fbcompat does not model)", printable(fmt::format("{}", fmt::join(in.unchecked_backends, ", "))));
  }
  if (!in.defined_on.empty()) text += fmt::format(" (its payloads defined on {})", fmt::join(in.defined_on, ", "));
  text += "\n";
  if (in.run_crash) text += fmt::format("  error: {}\n", printable(in.run_crash_text));
  for (const std::string& note : in.definitions_not_checked) text += fmt::format("  note: {}\n", printable(note));
  for (const std::string& warning : in.warnings) text += fmt::format("  warning: {}\n", printable(warning));
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
    if (d.payload) {
      const PayloadInspection& x = *d.payload;
      json payload{{"identifier", x.identifier},
                   {x.header_name.empty() ? std::string("header") : fmt::format("{}_header", lowercase(x.header_name)),
                    x.has_header},
                   {"flatbuffer_size", x.flatbuffer_size},
                   {"constant_data_size", x.constant_data_size},
                   {"data_name", x.data_name},
                   {"constant_buffer_bytes", x.constant_buffer_bytes},
                   {"decoded", x.decoded}};
      if (x.decoded) {
        json nodes = json::array();
        for (const auto& [name, count] : x.nodes_by_name) nodes.push_back({{"name", name}, {"count", count}});
        payload["decoded_with"] = x.decoded_with;
        payload["node_count"] = x.node_count;
        payload["nodes_by_name"] = nodes;
        payload["value_count"] = x.value_count;
        json facts = json::object();
        for (const PayloadFact& fact : x.facts) facts[fact.label] = fact.value;
        payload["facts"] = facts;
        payload["earliest_loading_version"] = x.earliest_version ? json(*x.earliest_version) : json(nullptr);
        payload["earliest_loading_release"] = x.earliest_version ? json(x.earliest_release) : json(nullptr);
      }
      entry[d.family] = payload;
    }
    delegates.push_back(entry);
  }
  const json document{{"file", in.file},           {"size", in.file_size},     {"program_version", in.version},
                      {"flatbuffer_size", in.flatbuffer_size}, {"extended_header", header},
                      {"execution_plans", in.plan_names}, {"delegates", delegates},
                      {"runtime", in.runtime}, {"warnings", in.warnings}, {"unchecked_backends", in.unchecked_backends},
                      {"verdict", in.run_crash ? "loads, then crashes when run" : "loads"},
                      {"run_crash", in.run_crash ? json(in.run_crash_text) : json(nullptr)},
                      {"defined_on", in.defined_on}, {"definitions_not_checked", in.definitions_not_checked}};
  // Plan names and backend ids are the file's bytes: not always UTF-8.
  return document.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace fbcompat
