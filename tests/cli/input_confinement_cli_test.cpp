// What fbcompat reads, through the CLI as a user runs it (docs/reliability.md): names and paths from
// manifests stay inside their family's directory, refused by name as the manifest is read by every
// command; golden files are read under a shared lock that a freeze excludes; includes resolve one way
// however the schema is named, and each failure names its real cause; names from inputs are printed
// escaped; a file that is not a program is refused before it is read whole.
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>
#include <tuple>

#include "support/test_support.h"

using namespace fbcompat::test;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string oldest_version() { return xnnpack_manifest().versions.front().name; }

const std::string kCommon = "namespace fb;\ntable Common { c: int; }\n";
const std::string kIncluding = "include \"common.fbs\";\nnamespace fb;\ntable Root { c: Common; }\nroot_type Root;\n";

// A copy of the bundled project (configuration, the XNNPACK and MLX histories, golden programs) in a directory of
// its own, one level below a temporary directory (so that "../elsewhere" stays in the test's tree).
struct ProjectCopy {
  TempDir dir;
  std::string root = dir.path() + "/project";
  ProjectCopy() {
    fs::create_directories(root);
    fs::create_directories(root + "/schemas/xnnpack");
    fs::copy(source_path("schemas/xnnpack"), root + "/schemas/xnnpack", fs::copy_options::recursive);
    fs::create_directories(root + "/schemas/mlx");  // the configuration's other history
    fs::copy(source_path("schemas/mlx"), root + "/schemas/mlx", fs::copy_options::recursive);
    fs::create_directories(root + "/golden");
    fs::copy(source_path("golden"), root + "/golden", fs::copy_options::recursive);
    fs::copy_file(source_path("fbcompat.toml"), root + "/fbcompat.toml");
    fs::create_directory(root + "/.git");  // the configuration search stops here
  }
  std::string path(const std::string& relative) const { return root + "/" + relative; }
  void replace(const std::string& relative, const std::string& from, const std::string& to) const {
    std::string text = read_file(path(relative));
    const auto at = text.find(from);
    BOOST_TEST_REQUIRE(at != std::string::npos, from << " not in " << relative);
    text.replace(at, from.size(), to);
    std::ofstream(path(relative), std::ios::binary | std::ios::trunc) << text;
  }
};

// An exclusive or shared flock on a directory, held by the test as another run would hold it.
struct HeldLock {
  int fd;
  // Close-on-exec: the commands the test starts meanwhile must not inherit (and so hold) the lock.
  HeldLock(const std::string& directory, int operation) : fd(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    BOOST_TEST_REQUIRE(fd >= 0);
    BOOST_TEST_REQUIRE(::flock(fd, operation) == 0);
  }
  void release() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
  ~HeldLock() { release(); }
};

std::size_t files_with_extension(const std::string& dir, const std::string& extension) {
  std::size_t count = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) count += entry.path().extension() == extension ? 1 : 0;
  return count;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(input_confinement_cli)

BOOST_AUTO_TEST_CASE(a_version_name_that_leaves_the_family_is_refused_by_every_command) {
  const ProjectCopy project;
  fs::create_directories(project.dir.path() + "/elsewhere");
  fs::copy(project.path("schemas/xnnpack/" + oldest_version()), project.dir.path() + "/elsewhere",
           fs::copy_options::recursive);
  std::ofstream(project.path("schemas/xnnpack/manifest.toml"), std::ios::app)
      << "\n[[version]]\nname = \"../../../elsewhere\"\nreleases = []\nwriter_identifier = \"XN01\"\n"
         "reader_identifiers = [\"XN00\", \"XN01\"]\n";
  const std::vector<std::vector<std::string>> commands{
      {"golden", "freeze", "--version", "../../../elsewhere"}, {"golden", "verify"}, {"audit"}, {"lock", "--check"},
      {"lock"}, {"pair"}, {"inspect", "golden/" + newest_golden("mlp.pte")}};
  for (const std::vector<std::string>& command : commands) {
    const auto result = run_cli(command, project.root);
    BOOST_TEST(result.exit_code == 2, command.front() << ": " << result.out << result.err);
    BOOST_TEST(contains(result.err, "version name '../../../elsewhere' is not one directory name"),
               command.front() << ": " << result.err);
  }
  // Nothing was written beside the project, and the golden manifest records nothing new.
  BOOST_TEST(files_with_extension(project.dir.path() + "/elsewhere", ".pte") == 0u);
  BOOST_TEST(!contains(read_file(project.path("golden/MANIFEST.json")), "elsewhere"));
}

BOOST_AUTO_TEST_CASE(a_golden_path_that_leaves_the_golden_directory_is_refused) {
  const ProjectCopy project;
  fs::create_directories(project.dir.path() + "/outside");
  const std::string entry = newest_golden("mlp");
  fs::copy_file(project.path("golden/" + entry + ".json"), project.dir.path() + "/outside/mlp.json");
  project.replace("golden/MANIFEST.json", "\"description\":\"" + entry + ".json\"",
                  "\"description\":\"../outside/mlp.json\"");
  for (const std::vector<std::string>& command : {std::vector<std::string>{"golden", "verify"},
                                                  std::vector<std::string>{"audit"}}) {
    const auto result = run_cli(command, project.root);
    BOOST_TEST(result.exit_code == 2, command.front() << ": " << result.out << result.err);
    BOOST_TEST(contains(result.err, "its description ../outside/mlp.json leads outside the golden directory"),
               command.front() << ": " << result.err);
  }
  // An absolute program path too.
  const ProjectCopy absolute;
  absolute.replace("golden/MANIFEST.json", "\"" + entry + ".pte\"", "\"/etc/" + entry + ".pte\"");
  const auto verify = run_cli({"golden", "verify"}, absolute.root);
  BOOST_TEST(verify.exit_code == 2, verify.out << verify.err);
  BOOST_TEST(contains(verify.err, "its path is absolute"), verify.err);
}

BOOST_AUTO_TEST_CASE(golden_verify_waits_for_a_freeze_and_a_freeze_for_verify) {
  const ProjectCopy project;
  const std::string golden = project.path("golden");
  // A freeze holds the golden directory: verify waits for it, then reads what it recorded.
  HeldLock freeze(golden, LOCK_EX);
  std::atomic<bool> verified{false};
  CommandResult verify;
  const auto started = std::chrono::steady_clock::now();
  std::thread reader([&] {
    verify = run_cli({"golden", "verify"}, project.root);
    verified = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  BOOST_TEST(!verified.load());
  freeze.release();
  reader.join();
  BOOST_TEST(verify.exit_code == 0, verify.out << verify.err);
  BOOST_TEST((std::chrono::steady_clock::now() - started >= std::chrono::milliseconds(1500)));

  // A reader holds it: a freeze waits, writing nothing until the reader is done.
  const TempDir dir;
  const std::string fresh = dir.path() + "/golden";
  fs::create_directory(fresh);
  HeldLock reading(fresh, LOCK_SH);
  CommandResult frozen;
  std::thread writer([&] {
    frozen = run_cli({"golden", "freeze", fresh, "--version", oldest_version(), "--schemas", source_path("schemas/xnnpack")});
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  BOOST_TEST(files_with_extension(fresh, ".pte") == 0u);
  reading.release();
  writer.join();
  BOOST_TEST(frozen.exit_code == 0, frozen.err);
  BOOST_TEST(files_with_extension(fresh, ".pte") > 0u);
}

BOOST_AUTO_TEST_CASE(an_absolute_include_resolves_one_way_however_the_schema_is_named) {
  const ScopedEnvironment not_ci("CI", "false");  // includes unconfined, as run by hand (CI confines them)
  const TempDir dir;
  const std::string common = dir.write("common.fbs", kCommon);
  const std::string schema = "include \"" + common + "\";\nnamespace fb;\ntable Root { c: Common; }\nroot_type Root;\n";
  dir.write("s/old.fbs", schema);
  dir.write("s/new.fbs", schema);
  // Where flatbuffers' own search would find the include when the schema is named with a directory:
  // the schema's directory joined to the absolute path. Not a schema: it must never be read.
  dir.write("s/" + common, "this is not the include\n");
  const std::vector<std::tuple<std::string, std::string, std::string>> spellings{
      {dir.path() + "/s", "old.fbs", "new.fbs"},
      {dir.path(), "s/old.fbs", "s/new.fbs"},
      {dir.path(), "./s/old.fbs", dir.path() + "/s/new.fbs"},
      {"/", dir.path() + "/s/old.fbs", "." + dir.path() + "/s/new.fbs"},
      {dir.path() + "/s", "old.fbs", dir.path() + "/s/new.fbs"},
  };
  for (const auto& [where, old_path, new_path] : spellings) {
    const auto result = run_cli({"diff", old_path, new_path}, where);
    BOOST_TEST(result.exit_code == 0, where << ": " << old_path << " " << new_path << ": " << result.out << result.err);
  }
}

BOOST_AUTO_TEST_CASE(an_include_that_is_no_schema_file_names_its_real_cause) {
  const ScopedEnvironment not_ci("CI", "false");  // includes unconfined, as run by hand (CI confines them)
  struct Case {
    std::string name;
    std::function<void(const std::string&)> make;  // makes s/common.fbs
    std::string cause;
  };
  const std::vector<Case> cases{
      {"a directory", [](const std::string& at) { fs::create_directory(at); }, "is a directory"},
      {"a FIFO", [](const std::string& at) { BOOST_TEST_REQUIRE(::mkfifo(at.c_str(), 0600) == 0); }, "is a FIFO"},
      {"a device",
       [](const std::string& at) {
         // A device node of our own where we may make one (root); else a link to the null device.
         if (::geteuid() != 0 || ::mknod(at.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) fs::create_symlink("/dev/null", at);
       },
       "is a device"},
      {"a symlink loop",
       [](const std::string& at) {
         fs::create_symlink("loop.b", at);
         fs::create_symlink("common.fbs", fs::path(at).parent_path() / "loop.b");
       },
       "is a symlink loop"},
      {"a dangling link", [](const std::string& at) { fs::create_symlink("gone.fbs", at); }, "is a dangling symlink"},
      {"nothing", [](const std::string&) {}, "no such file (looked for s/common.fbs, inc/common.fbs"},
  };
  for (const Case& each : cases) {
    const TempDir dir;
    dir.write("s/old.fbs", kIncluding);
    dir.write("s/new.fbs", kIncluding);
    // A schema file of that name further on the search path: what is found first is the include, and
    // is refused with its cause rather than passed over.
    fs::create_directory(dir.path() + "/inc");
    if (each.name != "nothing") dir.write("inc/common.fbs", kCommon);
    each.make(dir.path() + "/s/common.fbs");
    const auto result = run_cli({"diff", "-I", "inc", "s/old.fbs", "s/new.fbs"}, dir.path());
    BOOST_TEST(result.exit_code == 2, each.name << ": " << result.out << result.err);
    BOOST_TEST(contains(result.err, "s/old.fbs:1:"), each.name << ": " << result.err);  // at the include
    BOOST_TEST(contains(result.err, "cannot include \"common.fbs\""), each.name << ": " << result.err);
    BOOST_TEST(contains(result.err, each.cause), each.name << ": " << result.err);
    BOOST_TEST(!contains(result.err, "newer flatbuffers"), each.name << ": " << result.err);
  }
  // Where the include is found in a -I directory after nothing beside the schema, that file is read.
  const TempDir found;
  found.write("s/old.fbs", kIncluding);
  found.write("s/new.fbs", kIncluding);
  found.write("inc/common.fbs", kCommon);
  const auto result = run_cli({"diff", "-I", "inc", "s/old.fbs", "s/new.fbs"}, found.path());
  BOOST_TEST(result.exit_code == 0, result.out << result.err);
}

BOOST_AUTO_TEST_CASE(against_a_ref_an_include_leading_outside_the_repository_is_confined) {
  const TempDir dir;
  const std::string repo = dir.path() + "/repo";
  dir.write("outside/common.fbs", kCommon);
  dir.write("repo/s/schema.fbs", kIncluding);
  fs::create_directories(repo + "/s");
  fs::create_symlink("../../outside/common.fbs", repo + "/s/common.fbs");  // committed: a link out
  BOOST_TEST_REQUIRE(run_git(repo, {"init", "-q", "."}) == 0);
  BOOST_TEST_REQUIRE(run_git(repo, {"add", "-A"}) == 0);
  BOOST_TEST_REQUIRE(run_git(repo, {"commit", "-qm", "one"}) == 0);
  // The work tree's link and the committed one both lead out: the module gate still gives a verdict, and
  // the file it could not check on either side is one note with the real cause (FILE_NOT_CHECKED).
  std::ofstream(repo + "/s/schema.fbs", std::ios::app) << "table Added { a: int; }\n";
  const auto result = run_cli({"diff", "--against", "git:HEAD"}, repo);
  BOOST_TEST(result.exit_code == 0, result.out << result.err);
  BOOST_TEST(contains(result.out, "[FILE_NOT_CHECKED] s/schema.fbs"), result.out);
  BOOST_TEST(contains(result.out, "lies outside the directories includes may read"), result.out);
  BOOST_TEST(!contains(result.out + result.err, "unable to load"), result.out << result.err);
  BOOST_TEST(!contains(result.out + result.err, "newer flatbuffers"), result.out << result.err);
  // The link inside the repository is followed: the same include through a link that stays inside loads.
  fs::remove(repo + "/s/common.fbs");
  dir.write("repo/shared/common.fbs", kCommon);
  fs::create_symlink("../shared/common.fbs", repo + "/s/common.fbs");
  BOOST_TEST_REQUIRE(run_git(repo, {"add", "-A"}) == 0);
  BOOST_TEST_REQUIRE(run_git(repo, {"commit", "-qm", "inside"}) == 0);
  std::ofstream(repo + "/s/schema.fbs", std::ios::app) << "table More { a: int; }\n";
  const auto inside = run_cli({"diff", "--against", "git:HEAD"}, repo);
  BOOST_TEST(inside.exit_code == 0, inside.out << inside.err);
}

BOOST_AUTO_TEST_CASE(names_from_a_program_are_printed_escaped) {
  const TempDir dir;
  std::string program = read_file(source_path("golden/" + newest_golden("mlp.pte")));
  const auto at = program.find("forward");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  program.replace(at, 7, "\nfake!\x1b");  // the same length: the program stays well-formed
  const std::string path = dir.write("forged.pte", program);
  const auto result = run_cli({"inspect", path}, source_path(""));
  BOOST_TEST(result.exit_code == 0, result.err);
  BOOST_TEST(contains(result.out, "execution plans: \\nfake!\\x1b"), result.out);
  BOOST_TEST(!contains(result.out, "\nfake!"), result.out);
  BOOST_TEST(!contains(result.out, "\x1b"), result.out);
}

BOOST_AUTO_TEST_CASE(a_file_that_is_no_program_is_refused_before_it_is_read_whole) {
  const TempDir dir;
  const std::string big = dir.path() + "/big.pte";
  {  // 1 GiB, sparse: no disk is used, and reading it whole would take 1 GiB of memory
    std::ofstream file(big, std::ios::binary);
    file.write("\x10\x00\x00\x00XXXX", 8);
  }
  fs::resize_file(big, std::uint64_t{1} << 30);
  // Under a 512 MiB address space the whole file cannot be held; a real program still loads (control).
  // AddressSanitizer reserves terabytes of address space, so its build runs without the limit: the
  // refusal is still checked there, the memory bound in the plain build.
#if defined(__SANITIZE_ADDRESS__)
  const std::string limited = "exec \"$0\" \"$@\"";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  const std::string limited = "exec \"$0\" \"$@\"";
#else
  const std::string limited = "ulimit -v 524288 && exec \"$0\" \"$@\"";
#endif
#else
  const std::string limited = "ulimit -v 524288 && exec \"$0\" \"$@\"";
#endif
  const auto refused = run_program("/bin/sh", {"-c", limited, FBCOMPAT_CLI, "inspect", big});
  BOOST_TEST(refused.exit_code == 2, refused.out << refused.err);
  BOOST_TEST(contains(refused.err, "is not an ExecuTorch program: its identifier (bytes 4..7) is 'XXXX'"), refused.err);
  const auto control = run_program("/bin/sh", {"-c", limited, FBCOMPAT_CLI, "inspect",
                                               source_path("golden/" + newest_golden("mlp.pte"))});
  BOOST_TEST(control.exit_code == 0, control.err);
  const auto load_check = run_program("/bin/sh", {"-c", limited, FBCOMPAT_CLI, "load-check", big, "--runtime", "1.0.0"});
  BOOST_TEST(load_check.exit_code == 2, load_check.out << load_check.err);
  BOOST_TEST(contains(load_check.err, "is not an ExecuTorch program"), load_check.err);
}

BOOST_AUTO_TEST_SUITE_END()
