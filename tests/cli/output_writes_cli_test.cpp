// What fbcompat writes, through the CLI as a user runs it (docs/reliability.md): every report, help
// and listing is written to the last byte or the run is exit 2 naming the cause (a full disk, a closed
// standard output); -o refuses every file the command read, by any name; option values are one plain
// sentence when wrong.
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "support/test_support.h"

using namespace fbcompat::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Runs `script` under sh with $FBCOMPAT naming the CLI, in `working_dir`.
CommandResult shell(const std::string& script, const std::string& working_dir = "") {
  return run_program("/bin/sh", {"-c", "FBCOMPAT=\"$0\"; " + script, FBCOMPAT_CLI}, working_dir);
}

// A full file system for the report: a tmpfs of 16 KiB, filled, mounted in a mount namespace of the
// command's own (it goes with the command), where the machine allows it (root, or user namespaces);
// else /dev/full, which fails every write with the same ENOSPC. Says which was used.
struct FullDisk {
  TempDir dir;
  bool mounted = false;

  FullDisk() {
    for (const char* unshare : {"unshare -m", "unshare -rm"}) {
      if (in_namespace(unshare, "true").exit_code == 0) {
        prefix = unshare;
        mounted = true;
        break;
      }
    }
    BOOST_TEST_MESSAGE((mounted ? "full disk: a 16 KiB tmpfs (" + prefix + ")" : std::string("full disk: /dev/full")));
  }

  // `command` (with $FBCOMPAT) with its standard output sent to a file on the full disk; prints its exit
  // status.
  CommandResult run_to_file(const std::string& command, const std::string& working_dir = "") const {
    if (!mounted) return shell(command + " > /dev/full; echo \"exit $?\"", working_dir);
    return in_namespace(prefix, command + " > \"$DISK/report\"; echo \"exit $?\"", working_dir);
  }

  // The same with -o naming a file on the full disk; lists what is left on it.
  CommandResult run_with_output(const std::string& command, const std::string& working_dir = "") const {
    if (!mounted) return shell(command + " -o /dev/full; echo \"exit $?\"", working_dir);
    return in_namespace(prefix, command + " -o \"$DISK/report\"; echo \"exit $?\"; ls -A \"$DISK\"", working_dir);
  }

 private:
  // `script` run after mounting the tmpfs at $DISK and filling it, in a mount namespace of its own.
  CommandResult in_namespace(const std::string& unshare, const std::string& script, const std::string& working_dir = "") const {
    const std::string inner = "FBCOMPAT=\"$1\"; DISK=\"$2\"; mount -t tmpfs -o size=16k tmpfs \"$DISK\" || exit 99; "
                              "head -c 20000 /dev/zero > \"$DISK/fill\" 2>/dev/null; " + script;
    return run_program("/bin/sh", {"-c", unshare + " sh -c \"$1\" inner \"$0\" \"$2\"", FBCOMPAT_CLI, inner, dir.path()},
                       working_dir);
  }

  std::string prefix;
};

// A copy of the bundled project (configuration, the XNNPACK and MLX histories, golden programs) as a repository.
struct ProjectCopy {
  TempDir dir;
  std::string root = dir.path();
  ProjectCopy() {
    fs::create_directories(root + "/schemas/xnnpack");
    fs::copy(source_path("schemas/xnnpack"), root + "/schemas/xnnpack", fs::copy_options::recursive);
    fs::create_directories(root + "/schemas/mlx");  // the configuration's other history
    fs::copy(source_path("schemas/mlx"), root + "/schemas/mlx", fs::copy_options::recursive);
    fs::create_directories(root + "/golden");
    fs::copy(source_path("golden"), root + "/golden", fs::copy_options::recursive);
    fs::copy_file(source_path("fbcompat.toml"), root + "/fbcompat.toml");
    BOOST_TEST_REQUIRE(run_git(root, {"init", "-q", "."}) == 0);
    BOOST_TEST_REQUIRE(run_git(root, {"add", "-A"}) == 0);
    BOOST_TEST_REQUIRE(run_git(root, {"commit", "-qm", "project"}) == 0);
  }
  std::string path(const std::string& relative) const { return root + "/" + relative; }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(output_writes_cli)

BOOST_AUTO_TEST_CASE(a_report_that_cannot_be_written_whole_is_exit_2) {
  const FullDisk disk;
  const std::string bundled = source_path("");
  // Reports large and small, listings, pages, help: each fails with the cause, never exit 0.
  for (const std::string& command :
       {std::string("\"$FBCOMPAT\" audit --format json"), std::string("\"$FBCOMPAT\" golden verify --format json"),
        std::string("\"$FBCOMPAT\" rules"), std::string("\"$FBCOMPAT\" rules --format json"),
        std::string("\"$FBCOMPAT\" explain FIELD_SAME_SLOT"), std::string("\"$FBCOMPAT\" --help"),
        std::string("\"$FBCOMPAT\" diff --help"),
        "\"$FBCOMPAT\" inspect " + newest_golden("mlp.pte").insert(0, "golden/") + " --format json"}) {
    const auto result = disk.run_to_file(command, bundled);
    BOOST_TEST(contains(result.out, "exit 2"), command << ": " << result.out << result.err);
    BOOST_TEST(contains(result.err, "cannot write to standard output: No space left on device"),
               command << ": " << result.err);
    BOOST_TEST(!contains(result.err, "internal error"), result.err);
  }
  // -o on the full disk: exit 2, and no file, whole or partial, is left there.
  const auto to_file = disk.run_with_output("\"$FBCOMPAT\" audit --format json", bundled);
  BOOST_TEST(contains(to_file.out, "exit 2"), to_file.out << to_file.err);
  BOOST_TEST(contains(to_file.err, "No space left on device"), to_file.err);
  if (disk.mounted) BOOST_TEST(to_file.out == "exit 2\nfill\n", to_file.out);  // nothing of the report is left
}

BOOST_AUTO_TEST_CASE(a_closed_standard_output_is_exit_2) {
  const std::string bundled = source_path("");
  for (const std::string& command : {std::string("\"$FBCOMPAT\" rules"), std::string("\"$FBCOMPAT\" explain FIELD_SAME_SLOT"),
                                     std::string("\"$FBCOMPAT\" --version"), std::string("\"$FBCOMPAT\" lock --check")}) {
    const auto result = shell(command + " >&-; echo \"exit $?\" >&2", bundled);
    BOOST_TEST(contains(result.err, "exit 2"), command << ": " << result.err);
    BOOST_TEST(contains(result.err, "cannot write to standard output: Bad file descriptor"), command << ": " << result.err);
  }
  // A closed standard output is never handed to a file the command opens: -o still gets the report.
  const TempDir dir;
  const std::string report = dir.path() + "/report.txt";
  const auto with_output = shell("\"$FBCOMPAT\" lock --check -o '" + report + "' >&-; echo \"exit $?\" >&2", bundled);
  BOOST_TEST(contains(with_output.err, "exit 0"), with_output.err);
  BOOST_TEST(contains(read_file(report), "no findings"), read_file(report));
}

BOOST_AUTO_TEST_CASE(output_refuses_every_file_a_command_read) {
  const ProjectCopy project;
  const std::string lock = project.path("schemas/xnnpack/fbcompat.lock");
  const std::string manifest = project.path("schemas/xnnpack/manifest.toml");
  const std::string lock_text = read_file(lock);
  const std::string manifest_text = read_file(manifest);
  const std::string config_text = read_file(project.path("fbcompat.toml"));
  // The reported case: diff reads the family's lock and manifest to guard the new schema, and never
  // listed them as inputs. Also by a link from outside, and as a hard link.
  const TempDir elsewhere;
  fs::create_symlink(lock, elsewhere.path() + "/lock.lnk");
  fs::create_hard_link(manifest, elsewhere.path() + "/manifest.hard");
  for (const std::string& output : {lock, manifest, project.path("fbcompat.toml"), elsewhere.path() + "/lock.lnk",
                                    elsewhere.path() + "/manifest.hard"}) {
    const auto result = run_cli({"diff", "--against", "git:HEAD", "-o", output}, project.root);
    BOOST_TEST(result.exit_code == 2, output << ": " << result.out << result.err);
    BOOST_TEST(contains(result.err, "an input of this command"), output << ": " << result.err);
  }
  BOOST_TEST(read_file(lock) == lock_text);
  BOOST_TEST(read_file(manifest) == manifest_text);
  BOOST_TEST(read_file(project.path("fbcompat.toml")) == config_text);
  BOOST_TEST(fs::is_symlink(elsewhere.path() + "/lock.lnk"));

  // The same for the commands that run from the configuration, and by the git directory it read.
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"lock", "--check", "-o", elsewhere.path() + "/lock.lnk"},
        std::vector<std::string>{"pair", "-o", elsewhere.path() + "/manifest.hard"},
        std::vector<std::string>{"diff", "--staged", "-o", project.path(".git/index")}}) {
    const auto result = run_cli(command, project.root);
    BOOST_TEST(result.exit_code == 2, command.front() << ": " << result.out << result.err);
    BOOST_TEST(contains(result.err, "-o: "), command.front() << ": " << result.err);
  }
  BOOST_TEST(read_file(lock) == lock_text);
}

BOOST_AUTO_TEST_CASE(output_refuses_a_file_reached_only_through_the_inputs) {
  const ScopedEnvironment not_ci("CI", "false");  // includes unconfined, as run by hand (CI confines them)
  // An include and a golden description outside every directory the command was given, each read
  // through a link: -o naming the file itself is refused once the command has read it.
  const TempDir dir;
  const std::string common = dir.write("shared/common.fbs", "namespace fb;\ntable Common { c: int; }\n");
  const std::string schema = "include \"common.fbs\";\nnamespace fb;\ntable Root { c: Common; }\nroot_type Root;\n";
  const std::string old_path = dir.write("s/old.fbs", schema);
  const std::string new_path = dir.write("s/new.fbs", schema);
  fs::create_symlink(common, dir.path() + "/s/common.fbs");
  const auto include = run_cli({"diff", old_path, new_path, "-o", common});
  BOOST_TEST(include.exit_code == 2, include.out << include.err);
  BOOST_TEST(contains(include.err, "an input of this command"), include.err);
  BOOST_TEST(read_file(common) == "namespace fb;\ntable Common { c: int; }\n");

  const ProjectCopy project;
  const std::string description = project.path("golden/" + newest_golden("mlp.json"));
  const std::string moved = dir.path() + "/mlp.json";
  fs::rename(description, moved);
  fs::create_symlink(moved, description);
  const std::string description_text = read_file(moved);
  const auto verify = run_cli({"golden", "verify", "-o", moved}, project.root);
  BOOST_TEST(verify.exit_code == 2, verify.out << verify.err);
  BOOST_TEST(contains(verify.err, "an input of this command"), verify.err);
  BOOST_TEST(read_file(moved) == description_text);
}

BOOST_AUTO_TEST_CASE(an_empty_output_name_is_refused) {
  for (const std::vector<std::string>& command : {std::vector<std::string>{"audit", "-o", ""},
                                                  std::vector<std::string>{"diff", "a.fbs", "b.fbs", "--output", ""}}) {
    const auto result = run_cli(command, source_path(""));
    BOOST_TEST(result.exit_code == 2);
    BOOST_TEST(contains(result.err, "the file name is empty"), result.err);
    BOOST_TEST(result.out.empty(), result.out);
  }
}

BOOST_AUTO_TEST_CASE(option_choices_are_plain_in_help_and_errors) {
  for (const std::vector<std::string>& help : {std::vector<std::string>{"inspect", "--help"},
                                               std::vector<std::string>{"rules", "--help"},
                                               std::vector<std::string>{"audit", "--help"}}) {
    const auto result = run_cli(help);
    BOOST_TEST(result.exit_code == 0, result.err);
    BOOST_TEST(!contains(result.out, "->"), result.out);  // no CLI11 enum map
    BOOST_TEST(!contains(result.out, "{"), result.out);
    BOOST_TEST(contains(result.out, "--format FORMAT (default text)"), result.out);
  }
  BOOST_TEST(contains(run_cli({"inspect", "--help"}).out, "Report format: text, json\n"));
  BOOST_TEST(contains(run_cli({"rules", "--help"}).out, "Report format: text, json, markdown\n"));

  const auto bogus = run_cli({"diff", "a.fbs", "b.fbs", "--format", "bogus"});
  BOOST_TEST(bogus.exit_code == 2);
  BOOST_TEST(bogus.err ==
                 "fbcompat: --format: 'bogus' is not a format this command writes; give text, json, markdown, sarif, "
                 "github, junit, patch\n",
             bogus.err);
  const auto rules = run_cli({"rules", "--format", "sarif"});
  BOOST_TEST(rules.exit_code == 2);
  BOOST_TEST(rules.err == "fbcompat: --format: 'sarif' is not a format this command writes; give text, json, markdown\n",
             rules.err);
  const auto colour = run_cli({"rules", "--format", "JSON"});  // any case
  BOOST_TEST(colour.exit_code == 0, colour.err);
  const auto when = run_cli({"diff", "a.fbs", "b.fbs", "--color", "sometimes"});
  BOOST_TEST(when.err == "fbcompat: --color: 'sometimes' is not a colour setting; give auto, always, never\n", when.err);
}

BOOST_AUTO_TEST_SUITE_END()
