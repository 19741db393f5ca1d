// Never lose or clobber a user's file (docs/reliability.md), through the CLI as a user runs it: -o
// never replaces an input, a link, a FIFO or a device; golden freezes and lock writes are
// transactions under a directory lock, also when run side by side; golden verify refuses unrecorded
// files; the configuration search stops at the repository; includes stay inside the repository when
// confined, and a non-schema include's text is never echoed; options are validated.
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

using namespace fbcompat::test;
namespace fs = std::filesystem;

namespace {

const std::string kSchema = "namespace fb;\ntable A { x: int; }\nunion U { A }\ntable Root { u: U; }\nroot_type Root;\n";
const std::string kBreaking = "namespace fb;\ntable A { x: long; }\nunion U { A }\ntable Root { u: U; }\nroot_type Root;\n";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string oldest_version() { return xnnpack_manifest().versions.front().name; }

std::size_t manifest_entries(const std::string& golden) {
  return nlohmann::json::parse(read_file(golden + "/MANIFEST.json")).at("programs").size();
}

std::size_t files_with_extension(const std::string& dir, const std::string& extension) {
  std::size_t count = 0;
  if (!fs::exists(dir)) return 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) count += entry.path().extension() == extension ? 1 : 0;
  return count;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reliability_cli)

BOOST_AUTO_TEST_CASE(output_refuses_an_input_by_any_name) {
  const TempDir dir;
  const std::string old_path = dir.write("old.fbs", kSchema);
  const std::string new_path = dir.write("new.fbs", kSchema);
  fs::create_symlink(new_path, dir.path() + "/link.fbs");
  fs::create_hard_link(new_path, dir.path() + "/hard.fbs");
  for (const std::string& output : {new_path, dir.path() + "/link.fbs", dir.path() + "/hard.fbs", old_path}) {
    const auto result = run_cli({"diff", old_path, new_path, "-o", output});
    BOOST_TEST(result.exit_code == 2, output << ": " << result.err);
    BOOST_TEST(contains(result.err, "an input of this command"), result.err);
  }
  BOOST_TEST(read_file(new_path) == kSchema);
  BOOST_TEST(read_file(old_path) == kSchema);
  BOOST_TEST(fs::is_symlink(dir.path() + "/link.fbs"));
}

BOOST_AUTO_TEST_CASE(output_through_a_symlink_replaces_its_target_and_keeps_the_link) {
  const TempDir dir;
  const std::string old_path = dir.write("old.fbs", kSchema);
  const std::string target = dir.write("reports/report.txt", "previous report\n");
  ::chmod(target.c_str(), 0640);
  const std::string link = dir.path() + "/report.lnk";
  fs::create_symlink("reports/report.txt", link);
  const auto result = run_cli({"diff", old_path, old_path, "-o", link});
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(fs::is_symlink(link));
  BOOST_TEST(contains(read_file(target), "no findings"));
  struct stat info {};
  BOOST_REQUIRE(::stat(target.c_str(), &info) == 0);
  BOOST_TEST((info.st_mode & 07777) == 0640u);  // the replaced file keeps its permissions
  // A dangling link creates the file it names.
  fs::create_symlink("made.txt", dir.path() + "/dangling.lnk");
  BOOST_TEST(run_cli({"diff", old_path, old_path, "-o", dir.path() + "/dangling.lnk"}).exit_code == 0);
  BOOST_TEST(contains(read_file(dir.path() + "/made.txt"), "no findings"));
  BOOST_TEST(fs::is_symlink(dir.path() + "/dangling.lnk"));
  // No temporary file is left beside the target.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path() + "/reports")) ++entries;
  BOOST_TEST(entries == 1u);
}

BOOST_AUTO_TEST_CASE(output_to_a_fifo_or_a_device_writes_to_it_and_never_replaces_it) {
  const TempDir dir;
  const std::string old_path = dir.write("old.fbs", kSchema);
  const std::string fifo = dir.path() + "/report.fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::string received;
  std::thread reader([&] { received = read_file(fifo); });
  const auto result = run_cli({"diff", old_path, old_path, "-o", fifo});
  reader.join();
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(contains(received, "no findings"), received);
  BOOST_TEST(fs::is_fifo(fifo));

  // A character device: the system's null device, made under the temporary directory (root only).
  if (::geteuid() == 0) {
    const std::string null_device = dir.path() + "/null";
    BOOST_REQUIRE(::mknod(null_device.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0);
    const auto to_device = run_cli({"diff", old_path, old_path, "-o", null_device});
    BOOST_TEST(to_device.exit_code == 0, to_device.err);
    BOOST_TEST(fs::is_character_file(null_device));
  } else {
    BOOST_TEST_MESSAGE("not root: the device node case needs mknod");
  }
  const auto to_directory = run_cli({"diff", old_path, old_path, "-o", dir.path()});
  BOOST_TEST(to_directory.exit_code == 2);
  BOOST_TEST(contains(to_directory.err, "is a directory"), to_directory.err);
  fs::create_symlink("loop.b", dir.path() + "/loop.a");
  fs::create_symlink("loop.a", dir.path() + "/loop.b");
  const auto to_loop = run_cli({"diff", old_path, old_path, "-o", dir.path() + "/loop.a"});
  BOOST_TEST(to_loop.exit_code == 2);
  BOOST_TEST(contains(to_loop.err, "symlink loop"), to_loop.err);
}

BOOST_AUTO_TEST_CASE(options_are_validated) {
  const TempDir dir;
  const std::string old_path = dir.write("old.fbs", kSchema);
  const std::string new_path = dir.write("new.fbs", kBreaking);
  const auto negative = run_cli({"diff", old_path, new_path, "--union-capacity-warning", "-5"});
  BOOST_TEST(negative.exit_code == 2);
  BOOST_TEST(contains(negative.err, "--union-capacity-warning"), negative.err);
  // -I takes one directory: the schemas after it stay schemas.
  const auto include = run_cli({"diff", "-I", dir.path(), old_path, new_path});
  BOOST_TEST(include.exit_code == 1, include.err);
  const auto help = run_cli({"diff", "--help"});
  BOOST_TEST(!contains(help.out, "->"), help.out);  // no internal enum maps
  BOOST_TEST(contains(help.out, "text, json, markdown, sarif, github, junit"), help.out);
}

// A run builds only the options of the command it names; help and mistakes still see every command.
BOOST_AUTO_TEST_CASE(commands_are_found_by_name) {
  const auto overview = run_cli({"--help"});
  BOOST_TEST(overview.exit_code == 0);
  for (const char* command : {"diff", "rules", "explain", "pair", "audit", "lock", "inspect", "golden", "runtime-check",
                              "load-check"}) {
    BOOST_TEST(contains(overview.out, std::string("\n  ") + command + " "), command << " missing from:\n" << overview.out);
  }
  const auto misspelt = run_cli({"dif", "a.fbs", "b.fbs"});
  BOOST_TEST(misspelt.exit_code == 2);
  BOOST_TEST(contains(misspelt.err, "'dif' is not a command; the commands are diff, rules,"), misspelt.err);
  BOOST_TEST(misspelt.out.empty(), misspelt.out);
  const auto help_anyway = run_cli({"dif", "--help"});  // help asked for is help, as CLI11 gives it
  BOOST_TEST(help_anyway.exit_code == 0, help_anyway.err);
  BOOST_TEST(contains(help_anyway.out, "Subcommands:"), help_anyway.out);
  const auto none = run_cli({});
  BOOST_TEST(none.exit_code == 2);
  BOOST_TEST(contains(none.err, "A subcommand is required"), none.err);
  const auto golden = run_cli({"golden", "verify", "--help"});
  BOOST_TEST(golden.exit_code == 0, golden.err);
  BOOST_TEST(contains(golden.out, "--family TEXT"), golden.out);
  BOOST_TEST(contains(golden.out, "default: schemas/<family>"), golden.out);
}

BOOST_AUTO_TEST_CASE(lock_refuses_an_output_it_does_not_write) {
  const auto result = run_cli({"lock", "-o", "/tmp/fbcompat-never-written.lock"}, source_path(""));
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(contains(result.err, "--check"), result.err);
  BOOST_TEST(!fs::exists("/tmp/fbcompat-never-written.lock"));
}

BOOST_AUTO_TEST_CASE(configuration_above_the_repository_is_not_used) {
  const TempDir dir;
  // Someone else's configuration accepts every type change above the repository.
  dir.write("fbcompat.toml",
            "[[ignore]]\nrule = \"FIELD_SAME_TYPE\"\nsubject = \"fb.A.x\"\nreason = \"not this project's\"\n");
  const std::string old_path = dir.write("repo/old.fbs", kSchema);
  const std::string new_path = dir.write("repo/new.fbs", kBreaking);
  fs::create_directory(dir.path() + "/repo/.git");
  const auto inside = run_cli({"diff", "old.fbs", "new.fbs"}, dir.path() + "/repo");
  BOOST_TEST(inside.exit_code == 1, inside.out << inside.err);
  // Without the repository boundary, the same directory does use it (so the case above tests the boundary).
  fs::remove(dir.path() + "/repo/.git");
  const auto outside = run_cli({"diff", "old.fbs", "new.fbs"}, dir.path() + "/repo");
  BOOST_TEST(outside.exit_code == 0, outside.out << outside.err);
}

BOOST_AUTO_TEST_CASE(parallel_freezes_lose_nothing) {
  for (int round = 0; round < 5; ++round) {
    const TempDir dir;
    const std::string golden = dir.path() + "/golden";
    CommandResult first;
    CommandResult second;
    std::thread racer([&] {
      first = run_cli({"golden", "freeze", golden, "--version", oldest_version(), "--schemas", source_path("schemas/xnnpack")});
    });
    second = run_cli({"golden", "freeze", golden, "--version", oldest_version(), "--schemas", source_path("schemas/xnnpack")});
    racer.join();
    // Exactly one writes; the other waits for it and then refuses: the version is frozen.
    BOOST_TEST((first.exit_code == 0) != (second.exit_code == 0), first.err << second.err);
    BOOST_TEST(contains(first.err + second.err, "already frozen"), first.err << second.err);
    BOOST_TEST(manifest_entries(golden) == files_with_extension(golden, ".pte"));
    BOOST_TEST(files_with_extension(golden, ".json") == files_with_extension(golden, ".pte") + 1);
  }
}

BOOST_AUTO_TEST_CASE(parallel_lock_writes_leave_a_complete_lock) {
  const TempDir dir;
  fs::create_directories(dir.path() + "/schemas/xnnpack");
  fs::copy(source_path("schemas/xnnpack"), dir.path() + "/schemas/xnnpack", fs::copy_options::recursive);
  fs::remove(dir.path() + "/schemas/xnnpack/fbcompat.lock");
  fs::create_directory(dir.path() + "/.git");
  dir.write("fbcompat.toml", "[[history]]\nname = \"xnnpack\"\ndirectory = \"schemas/xnnpack\"\n"
                             "lock = \"schemas/xnnpack/fbcompat.lock\"\n");
  for (int round = 0; round < 5; ++round) {
    std::vector<CommandResult> results(3);
    std::vector<std::thread> writers;
    for (CommandResult& result : results) writers.emplace_back([&] { result = run_cli({"lock"}, dir.path()); });
    for (std::thread& writer : writers) writer.join();
    for (const CommandResult& result : results) BOOST_TEST(result.exit_code == 0, result.err);
    const auto check = run_cli({"lock", "--check"}, dir.path());
    BOOST_TEST(check.exit_code == 0, check.out << check.err);
  }
  for (const auto& entry : fs::directory_iterator(dir.path() + "/schemas/xnnpack")) {
    BOOST_TEST(entry.path().filename().string().find(".tmp-") == std::string::npos, entry.path());
  }
}

BOOST_AUTO_TEST_CASE(a_failed_freeze_leaves_nothing_behind) {
  const TempDir dir;
  const std::string golden = dir.path() + "/golden";
  fs::create_directory(golden);
  // The manifest is a link into a directory that does not exist: its write fails after the programs'.
  fs::create_symlink(dir.path() + "/missing/MANIFEST.json", golden + "/MANIFEST.json");
  const auto result =
      run_cli({"golden", "freeze", golden, "--version", oldest_version(), "--schemas", source_path("schemas/xnnpack")});
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(contains(result.err, "the freeze wrote nothing"), result.err);
  BOOST_TEST(files_with_extension(golden, ".pte") == 0u);
  BOOST_TEST(!fs::exists(golden + "/xnnpack"));
  // Once the manifest can be written, the retry succeeds.
  fs::remove(golden + "/MANIFEST.json");
  const auto retry =
      run_cli({"golden", "freeze", golden, "--version", oldest_version(), "--schemas", source_path("schemas/xnnpack")});
  BOOST_TEST(retry.exit_code == 0, retry.err);
}

BOOST_AUTO_TEST_CASE(golden_verify_refuses_unrecorded_and_missing_files) {
  const TempDir dir;
  const std::string golden = dir.path() + "/golden";
  const std::vector<std::string> freeze{"golden", "freeze", golden, "--version", oldest_version(), "--schemas",
                                        source_path("schemas/xnnpack")};
  BOOST_REQUIRE(run_cli(freeze).exit_code == 0);
  const std::vector<std::string> verify{"golden", "verify", golden, "--schemas", source_path("schemas/xnnpack")};
  BOOST_TEST(run_cli(verify).exit_code == 0);
  std::string program;
  for (const auto& entry : fs::recursive_directory_iterator(golden)) {
    if (entry.path().extension() == ".pte") program = entry.path().string();
  }
  BOOST_REQUIRE(!program.empty());
  fs::copy_file(program, golden + "/stray.pte");
  const auto stray = run_cli(verify);
  BOOST_TEST(stray.exit_code == 1, stray.out);
  BOOST_TEST(contains(stray.out, "error: [GOLDEN_FILE_UNRECORDED]"), stray.out);
  fs::remove(golden + "/stray.pte");
  fs::remove(program);
  const auto missing = run_cli(verify);
  BOOST_TEST(missing.exit_code == 1, missing.out);
  BOOST_TEST(contains(missing.out, "[GOLDEN_FILE_MISSING]"), missing.out);
}

BOOST_AUTO_TEST_CASE(errors_name_the_real_cause) {
  const TempDir dir;
  const std::string old_path = dir.write("old.fbs", kSchema);
  fs::create_directory(dir.path() + "/schemas");
  fs::create_symlink("loop.b", dir.path() + "/loop.a");
  fs::create_symlink("loop.a", dir.path() + "/loop.b");
  fs::create_symlink("gone.fbs", dir.path() + "/dangling.fbs");
  const std::vector<std::pair<std::string, std::string>> cases{
      {dir.path() + "/schemas", "is a directory"},
      {dir.path() + "/loop.a", "symlink loop"},
      {dir.path() + "/dangling.fbs", "dangling symlink"},
      {dir.path() + "/absent.fbs", "no such file"},
  };
  for (const auto& [path, cause] : cases) {
    const auto result = run_cli({"diff", old_path, path});
    BOOST_TEST(result.exit_code == 2, path);
    BOOST_TEST(contains(result.err, cause), path << ": " << result.err);
  }
}

// Is `text` well-formed UTF-8, as an XML document must be?
bool valid_utf8(const std::string& text) {
  for (std::size_t at = 0; at < text.size();) {
    const auto lead = static_cast<unsigned char>(text[at]);
    const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || at + length > text.size()) return false;
    for (std::size_t i = 1; i < length; ++i) {
      if ((static_cast<unsigned char>(text[at + i]) & 0xC0) != 0x80) return false;
    }
    at += length;
  }
  return true;
}

// A repository whose schema includes a file beside the repository, not in it.
struct RepositoryIncludingOutside {
  TempDir dir;
  std::string repo = dir.path() + "/repo";
  RepositoryIncludingOutside(const std::string &include = "../../outside/common.fbs") {
    dir.write("outside/common.fbs", "namespace fb;\ntable Common { c: int; }\n");
    dir.write("outside/passwd", "root:SECRET-HASH:0:0:root:/root:/bin/bash\n");
    const std::string schema = "include \"" + include + "\";\n" + kSchema;
    dir.write("repo/s/old.fbs", schema);
    dir.write("repo/s/new.fbs", schema);
    BOOST_TEST_REQUIRE(std::system(("git -C " + repo + " init -q . && git -C " + repo + " add -A && git -C " + repo +
                                    " -c user.name=t -c user.email=t@t commit -qm one")
                                       .c_str()) == 0);
  }
  CommandResult diff(std::vector<std::string> extra = {}) const {
    std::vector<std::string> arguments{"diff", "s/old.fbs", "s/new.fbs"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return run_cli(arguments, repo);
  }
};

BOOST_AUTO_TEST_CASE(includes_outside_the_repository_are_refused_when_confined) {
  const RepositoryIncludingOutside repository;
  const ScopedEnvironment not_ci("CI", "false");
  // Run by hand, a schema may include what it likes (flatc does).
  BOOST_TEST(repository.diff().exit_code == 0, repository.diff().err);

  const auto confined = repository.diff({"--confine-includes"});
  BOOST_TEST(confined.exit_code == 2);
  BOOST_TEST(confined.out.empty(), confined.out);
  BOOST_TEST(contains(confined.err,
                      "outside/common.fbs: error: is reached by an include from "
                      "s/old.fbs but lies outside the directories"),
             confined.err);
  BOOST_TEST(contains(confined.err, "it was not read"), confined.err);

  // Named with -I, the directory is allowed.
  BOOST_TEST(repository.diff({"--confine-includes", "-I", repository.dir.path() + "/outside"}).exit_code == 0);

  // A link inside the repository does not lead out of it.
  const RepositoryIncludingOutside linked("link.fbs");
  fs::create_symlink("../../outside/common.fbs", linked.repo + "/s/link.fbs");
  BOOST_TEST(linked.diff().exit_code == 0);
  const auto through_link = linked.diff({"--confine-includes"});
  BOOST_TEST(through_link.exit_code == 2);
  BOOST_TEST(contains(through_link.err, "s/link.fbs: error: is reached by an include from s/old.fbs but lies outside"),
             through_link.err);
}

BOOST_AUTO_TEST_CASE(a_ci_run_and_against_are_always_confined) {
  const RepositoryIncludingOutside repository;
  {
    const ScopedEnvironment ci("CI", "true");
    const auto in_ci = repository.diff();
    BOOST_TEST(in_ci.exit_code == 2);
    BOOST_TEST(contains(in_ci.err, "lies outside the directories includes may read"), in_ci.err);
  }
  // The module gate gives a verdict: the file whose include leads out is a finding at that file, and the
  // file outside is never read.
  const ScopedEnvironment not_ci("CI", "false");
  const auto against = run_cli({"diff", "s/new.fbs", "--against", "git:HEAD"}, repository.repo);
  BOOST_TEST(against.exit_code == 0, against.out + against.err);
  BOOST_TEST(contains(against.out, "s/new.fbs: info: [FILE_NOT_CHECKED] s/new.fbs is not checked"), against.out);
  BOOST_TEST(contains(against.out, "lies outside the directories includes may read"), against.out);
  BOOST_TEST(!contains(against.out, "Common { c: int; }"), against.out);
}

BOOST_AUTO_TEST_CASE(an_included_file_that_is_not_a_schema_is_never_echoed) {
  const RepositoryIncludingOutside repository("../../outside/passwd");
  const ScopedEnvironment not_ci("CI", "false");
  const auto result = repository.diff();
  BOOST_TEST(result.exit_code == 2);
  BOOST_TEST(contains(result.err, "outside/passwd:1:"), result.err);
  BOOST_TEST(contains(result.err, "is included as a schema but does not parse as one"), result.err);
  BOOST_TEST(!contains(result.err, "SECRET"), result.err);
  BOOST_TEST(!contains(result.err, "root"), result.err);
  // A schema's own syntax error still quotes the Parser, which names what it
  // found.
  const TempDir dir;
  const auto own = run_cli({"diff", dir.write("old.fbs", kSchema), dir.write("new.fbs", "table T { a: int }\n")});
  BOOST_TEST(own.exit_code == 2);
  BOOST_TEST(contains(own.err, "new.fbs:1:"), own.err);
  BOOST_TEST(contains(own.err, "expecting: ;"), own.err);
}

BOOST_AUTO_TEST_CASE(junit_stays_well_formed_with_a_file_name_that_is_not_utf8) {
  const TempDir dir;
  const std::string old_path = dir.write("old.fbs", kSchema);
  const std::string new_path = dir.write("new\xfe.fbs", kBreaking);
  const auto result = run_cli({"diff", old_path, new_path, "--format", "junit"});
  BOOST_TEST(result.exit_code == 1, result.err);
  BOOST_TEST(contains(result.out, "<failure"), result.out);
  BOOST_TEST(valid_utf8(result.out));
  BOOST_TEST(contains(result.out, "new\xEF\xBF\xBD.fbs"));
}

BOOST_AUTO_TEST_SUITE_END()
