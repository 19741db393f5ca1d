// Writes the inputs of the command-line benchmarks (bench/run_cli_benchmarks.sh):
//   big/old.fbs, big/new.fbs      ~125,000 lines: 5,000 tables of 20 fields, 20 unions of 250 members,
//                                  50 enums of 200 values; new.fbs appends one union member
//   xnnpack/old.fbs, new.fbs      the 1.1.0 runtime schema, and the same plus one appended node
//   history-N/                    a family of N versions: the bundled XNNPACK versions (those of
//                                  schemas/xnnpack/manifest.toml), then synthetic single-change steps (a
//                                  node, a field, an enum value appended), every version released so
//                                  that the audit compares every pair
// Usage: fbcompat_bench_inputs SOURCE_DIR OUTPUT_DIR
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "fbcompat/core/manifest.h"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

std::string big_schema(bool appended) {
  std::string text = "namespace big;\n\n";
  const char* types[] = {"int", "uint", "float", "string", "[ubyte]", "long", "short", "bool", "double", "[int]"};
  for (int e = 0; e < 50; ++e) {
    text += fmt::format("enum E{} : int {{\n", e);
    for (int v = 0; v < 200; ++v) text += fmt::format("  E{}V{},\n", e, v);
    text += "}\n\n";
  }
  for (int t = 0; t < 5000; ++t) {
    text += fmt::format("table T{} {{\n", t);
    for (int f = 0; f < 20; ++f) text += fmt::format("  f{}: {};\n", f, types[(t + f) % 10]);
    text += "}\n\n";
  }
  for (int u = 0; u < 20; ++u) {
    text += fmt::format("union U{} {{\n", u);
    for (int m = 0; m < 250; ++m) text += fmt::format("  M{}: T{},\n", m, (u * 250 + m) % 5000);
    if (appended && u == 19) text += "  Appended: T0,\n";
    text += "}\n\n";
  }
  text += "table Root {\n";
  for (int u = 0; u < 20; ++u) text += fmt::format("  u{}: U{};\n", u, u);
  text += "}\n\nroot_type Root;\n";
  return text;
}

// The schema text with `member` appended to XNodeUnion and its table declared.
std::string append_node(const std::string& schema, const std::string& member) {
  std::string text = schema;
  const auto union_at = text.find("union XNodeUnion");
  const auto close = text.find('}', union_at);
  text.insert(close, "  " + member + ",\n");
  text += fmt::format("\ntable {} {{\n  input_id:uint;\n  output_id:uint;\n  flags:uint;\n}}\n", member);
  return text;
}

std::string append_field(const std::string& schema, const std::string& table, const std::string& field) {
  std::string text = schema;
  const auto table_at = text.find("table " + table + " {");
  const auto close = text.find('}', table_at);
  text.insert(close, "  " + field + ":uint;\n");
  return text;
}

void write_history(const fs::path& source, const fbcompat::Manifest& bundled, const fs::path& out, int count) {
  std::string manifest = "family = \"bench\"\n";
  auto add = [&](const std::string& name, const std::string& writer, const std::string& reader,
                 const std::string& writer_id) {
    write(out / name / "schema.fbs", writer);
    if (!reader.empty()) write(out / name / "runtime_schema.fbs", reader);
    manifest += fmt::format("\n[[version]]\nname = \"{}\"\nreleases = [\"{}\"]\nwriter_identifier = \"{}\"\n"
                            "reader_identifiers = [{}]\n",
                            name, name.substr(1), writer_id, reader.empty() ? "" : "\"XN00\", \"XN01\"");
  };
  std::string writer;
  std::string reader;
  int made = 0;
  for (const fbcompat::ManifestVersion& version : bundled.versions) {
    if (made == count) break;
    const fs::path dir = source / "schemas/xnnpack" / version.name;
    writer = read(dir / "schema.fbs");
    reader = fs::exists(dir / "runtime_schema.fbs") ? read(dir / "runtime_schema.fbs") : std::string();
    // Released here under its name without a pre-release suffix: a "-dev" version as the release it leads to.
    add(version.name.substr(0, version.name.find('-')), writer, reader, version.writer_identifier);
    ++made;
  }
  for (int step = 1; made < count; ++step, ++made) {
    // Each step appends one thing to both files, as a pre-merge change would.
    switch (step % 3) {
      case 0: {
        const std::string member = fmt::format("XNNSynthetic{}", step);
        writer = append_node(writer, member);
        reader = append_node(reader, member);
        break;
      }
      case 1:
        writer = append_field(writer, "XNNGraph", fmt::format("extra{}", step));
        reader = append_field(reader, "XNNGraph", fmt::format("extra{}", step));
        break;
      default:
        writer = append_field(writer, "OutputMinMax", fmt::format("bound{}", step));
        reader = append_field(reader, "OutputMinMax", fmt::format("bound{}", step));
        break;
    }
    add(fmt::format("v2.{}.0", step), writer, reader, "XN01");
  }
  write(out / "manifest.toml", manifest);
  write(out / "fbcompat.toml", fmt::format("[[family]]\nname = \"bench\"\ndirectory = \".\"\naccept_identifiers = "
                                           "[\"XN00\", \"XN01\"]\n"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    fmt::print(stderr, "usage: {} SOURCE_DIR OUTPUT_DIR\n", argv[0]);
    return 2;
  }
  const fs::path source = argv[1];
  const fs::path out = argv[2];
  const auto bundled = fbcompat::load_manifest((source / "schemas/xnnpack/manifest.toml").string());
  if (!bundled.ok()) {
    fmt::print(stderr, "{}\n", bundled.error().to_string());
    return 2;
  }
  write(out / "big/old.fbs", big_schema(false));
  write(out / "big/new.fbs", big_schema(true));
  const std::string runtime = read(source / "schemas/xnnpack/v1.1.0/runtime_schema.fbs");
  write(out / "xnnpack/old.fbs", runtime);
  write(out / "xnnpack/new.fbs", append_node(runtime, "XNNBenchNode"));
  for (int count : {25, 30, 50, 100, 200}) write_history(source, *bundled, out / fmt::format("history-{}", count), count);
  return 0;
}
