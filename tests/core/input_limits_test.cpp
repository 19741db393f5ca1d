#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <string>

#include <fmt/format.h>

#include "fbcompat/core/input_limits.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/checks/runtime_check.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/xnnpack/graph.h"
#include "support/golden_support.h"

using namespace fbcompat;
using namespace fbcompat::test;

namespace {

std::vector<std::uint8_t> golden_program(const std::string& path) {
  const GoldenEntry* entry = golden_manifest().find(path);
  BOOST_TEST_REQUIRE(entry != nullptr, path);
  return golden_bytes(*entry);
}

// The error a golden program gets under `options`; the test fails when it reads.
std::string program_error(const std::string& path, const ProgramReadOptions& options) {
  const auto bytes = golden_program(path);
  const auto program = read_program(bytes.data(), bytes.size(), options);
  BOOST_TEST_REQUIRE(!program.ok(), path << " read within lowered limits");
  return program.error().message;
}

// The error the first XNNPACK payload of a golden program gets from the newest reader under `limits`.
std::string graph_error(const std::string& path, const BufferLimits& limits) {
  const auto bytes = golden_program(path);
  const auto program = read_program(bytes.data(), bytes.size());
  BOOST_TEST_REQUIRE(program.ok());
  const ProgramDelegate delegate = xnnpack_delegate(*program);
  const auto graph = read_xnnpack_graph(*xnnpack_family().newest().reader, delegate.data, delegate.size, limits);
  BOOST_TEST_REQUIRE(!graph.ok(), path << " read within lowered limits");
  return graph.error().message;
}

bool names(const std::string& message, std::string_view limit) {
  return message.find(std::string(limit) + " limit") != std::string::npos;
}

constexpr const char* kProgram = "xnnpack/v1.1.0/conv_pool_fc.pte";

}  // namespace

BOOST_AUTO_TEST_SUITE(input_limits)

BOOST_AUTO_TEST_CASE(the_table_count_limit_grows_with_the_buffer_and_never_falls_below_its_minimum) {
  BOOST_TEST(limits::table_count_limit(0, 100) == limits::kMinimumTableCount);
  BOOST_TEST(limits::table_count_limit(0, std::size_t{40} << 20) == (std::size_t{40} << 20) / 4);
  BOOST_TEST(limits::table_count_limit(7, std::size_t{40} << 20) == 7u);
  BOOST_TEST(limits::exceeded("the program is", 5, "byte", "program-size", 4) ==
             "the program is 5 bytes, above the program-size limit of 4");
  BOOST_TEST(limits::exceeded("the vector holds", 1, "element", "vector-length", 0) ==
             "the vector holds 1 element, above the vector-length limit of 0");
}

BOOST_AUTO_TEST_CASE(programs_past_each_limit_are_refused_naming_it) {
  ProgramReadOptions options;
  options.max_program_bytes = 100;
  std::string message = program_error(kProgram, options);
  BOOST_TEST(names(message, limits::kProgramSizeName), message);

  options = {};
  options.max_depth = 2;
  message = program_error(kProgram, options);
  BOOST_TEST(names(message, limits::kNestingDepthName), message);

  options = {};
  options.max_tables = 2;
  message = program_error(kProgram, options);
  BOOST_TEST(names(message, limits::kTableCountName), message);

  options = {};
  options.max_vector_length = 0;
  message = program_error(kProgram, options);
  BOOST_TEST(names(message, limits::kVectorLengthName), message);
  BOOST_TEST(message.find("vector holds 1 element,") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(xnnpack_graphs_past_each_limit_are_refused_naming_it) {
  std::string message = graph_error(kProgram, BufferLimits{2, 0});
  BOOST_TEST(names(message, limits::kNestingDepthName), message);
  message = graph_error(kProgram, BufferLimits{limits::kNestingDepth, 3});
  BOOST_TEST(names(message, limits::kTableCountName), message);
  message = graph_error(kProgram, BufferLimits{limits::kNestingDepth, 0, 2});
  BOOST_TEST(names(message, limits::kVectorLengthName), message);
  BOOST_TEST(message.find("xnodes") != std::string::npos, message);
}

BOOST_AUTO_TEST_CASE(a_malformed_buffer_is_not_blamed_on_a_limit) {
  auto bytes = golden_program(kProgram);
  bytes[3] = 0x7f;  // the root table's offset now points far past the end
  const auto program = read_program(bytes.data(), bytes.size());
  BOOST_TEST_REQUIRE(!program.ok());
  BOOST_TEST(program.error().message.find("refuses it in the program container: the root offset") != std::string::npos,
             program.error().message);
  BOOST_TEST(program.error().message.find(" limit") == std::string::npos, program.error().message);
}

BOOST_AUTO_TEST_CASE(schemas_past_each_limit_are_refused_naming_it) {
  TempDir dir;
  const std::string common = dir.write("common.fbs", "namespace a;\nenum E : byte { A, B }\n");
  const std::string root = dir.write("root.fbs", "include \"common.fbs\";\nnamespace a;\ntable T { e: E; }\n");

  LoadOptions options;
  options.max_file_bytes = 10;
  auto schema = load_schema(root, options);
  BOOST_TEST_REQUIRE(!schema.ok());
  BOOST_TEST(names(schema.error().message, limits::kSchemaFileSizeName), schema.error().message);

  options = {};
  options.max_total_bytes = 80;
  schema = load_schema(root, options);
  BOOST_TEST_REQUIRE(!schema.ok());
  BOOST_TEST(names(schema.error().message, limits::kSchemaTotalSizeName), schema.error().message);
  BOOST_TEST(schema.error().file == common);

  options = {};
  options.max_files = 1;
  schema = load_schema(root, options);
  BOOST_TEST_REQUIRE(!schema.ok());
  BOOST_TEST(names(schema.error().message, limits::kSchemaFilesName), schema.error().message);

  BOOST_TEST(load_schema(root).ok());
}

BOOST_AUTO_TEST_CASE(runtime_sources_past_their_limit_are_refused_naming_it) {
  TempDir dir;
  const std::string source = dir.write("runtime.cpp", "switch (type) { case XNodeUnion::XNNAdd: break; }\n");
  SourceScanOptions options;
  options.case_prefixes = {"XNodeUnion::"};
  options.max_file_bytes = 8;
  const auto definitions = scan_runtime_sources({source}, options);
  BOOST_TEST_REQUIRE(!definitions.ok());
  BOOST_TEST(names(definitions.error().message, limits::kSourceFileSizeName), definitions.error().message);
}

// The defaults, through the CLI: exit 2 and the limit named, without loading the input.
BOOST_AUTO_TEST_CASE(a_program_past_two_gib_is_refused_before_it_is_read) {
  TempDir dir;
  const std::string path = dir.path() + "/huge.pte";
  const int fd = ::open(path.c_str(), O_CREAT | O_WRONLY, 0644);
  BOOST_TEST_REQUIRE(fd >= 0);
  BOOST_TEST_REQUIRE(::ftruncate(fd, static_cast<off_t>(limits::kProgramSize + 1)) == 0);  // sparse: no disk used
  ::close(fd);
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"inspect", path}, std::vector<std::string>{"load-check", path, "--runtime", "v1.1.0"}}) {
    const CommandResult result = run_cli(command);
    BOOST_TEST(result.exit_code == 2, command[0]);
    BOOST_TEST(result.err.find("program-size limit of 2147483648") != std::string::npos, result.err);
  }
}

BOOST_AUTO_TEST_CASE(a_schema_file_past_64_mib_is_refused) {
  TempDir dir;
  const std::string big = dir.write("big.fbs", std::string(limits::kSchemaFileSize + 1, ' '));
  const CommandResult result = run_cli({"diff", big, big});
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(result.err.find("schema-file-size limit") != std::string::npos, result.err);
}

// Includes nest 1,025 deep: one file more than the limit, refused without exhausting the stack.
BOOST_AUTO_TEST_CASE(an_include_chain_past_the_file_limit_is_refused) {
  TempDir dir;
  const std::size_t depth = limits::kSchemaFiles + 1;
  for (std::size_t i = 0; i + 1 < depth; ++i) {
    dir.write(fmt::format("f{}.fbs", i), fmt::format("include \"f{}.fbs\";\nnamespace n{};\ntable T {{ x: int; }}\n", i + 1, i));
  }
  dir.write(fmt::format("f{}.fbs", depth - 1), "namespace last;\ntable T { x: int; }\n");
  const std::string root = dir.path() + "/f0.fbs";
  const CommandResult result = run_cli({"diff", root, root});
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(result.err.find("schema-files limit of 1024") != std::string::npos, result.err);
}

BOOST_AUTO_TEST_SUITE_END()
