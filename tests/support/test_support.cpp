#include "support/test_support.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <boost/test/unit_test.hpp>

namespace fbcompat::test {

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "fbcompat-test-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::write(const std::string& name, const std::string& contents) const {
  const std::filesystem::path full = std::filesystem::path(path_) / name;
  std::filesystem::create_directories(full.parent_path());
  std::ofstream out(full, std::ios::binary);
  out << contents;
  return full.string();
}

Schema load_text(const std::string& fbs, const std::string& name) {
  TempDir dir;
  const std::string path = dir.write(name, fbs);
  Expected<Schema> schema = load_schema(path);
  BOOST_TEST_REQUIRE(schema.ok(), "schema did not load: " << (schema.ok() ? "" : schema.error().to_string()));
  return std::move(schema).value();
}

std::vector<Finding> diff_texts(const std::string& old_fbs, const std::string& new_fbs, const DiffOptions& options) {
  return diff_schemas(load_text(old_fbs, "old.fbs"), load_text(new_fbs, "new.fbs"), options);
}

std::vector<Finding> with_rule(const std::vector<Finding>& findings, const std::string& rule) {
  std::vector<Finding> selected;
  for (const Finding& finding : findings) {
    if (finding.rule == rule) selected.push_back(finding);
  }
  return selected;
}

std::string source_path(const std::string& relative) { return std::string(FBCOMPAT_SOURCE_DIR) + "/" + relative; }

std::string facts_path(const std::string& relative) { return std::string(FBCOMPAT_FACTS_DIR) + "/" + relative; }

const Manifest& xnnpack_manifest() {
  static const Manifest manifest = [] {
    auto loaded = load_manifest(source_path("schemas/xnnpack/manifest.toml"));
    if (!loaded.ok()) throw std::runtime_error(loaded.error().to_string());
    if (loaded->versions.empty()) throw std::runtime_error("schemas/xnnpack/manifest.toml lists no version");
    return std::move(loaded).value();
  }();
  return manifest;
}

const ManifestVersion& newest_manifest_version() { return xnnpack_manifest().versions.back(); }

const std::string& newest_version() { return newest_manifest_version().name; }

std::string newest_schema(const std::string& file) { return "schemas/xnnpack/" + newest_version() + "/" + file; }

std::string newest_golden(const std::string& name) { return "xnnpack/" + newest_version() + "/" + name; }

std::string newest_added_in() {
  const ManifestVersion& version = newest_manifest_version();
  return version.released() ? "added in " + version.name + ", first release " + version.first_release()
                            : "added in " + version.name + ", not released yet";
}

std::string newest_with_releases() {
  const ManifestVersion& version = newest_manifest_version();
  if (!version.released()) return version.name + " (not released yet)";
  if (version.first_release() == version.last_release()) return version.name + " (release " + version.first_release() + ")";
  return version.name + " (releases " + version.first_release() + ".." + version.last_release() + ")";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

namespace {

std::string drain(int fd) {
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
  return text;
}

}  // namespace

CommandResult run_cli(const std::vector<std::string>& arguments, const std::string& working_dir) {
  return run_program(FBCOMPAT_CLI, arguments, working_dir);
}

CommandResult run_program(const std::string& program_path, const std::vector<std::string>& arguments,
                          const std::string& working_dir) {
  TempDir capture;
  const std::string out_path = capture.path() + "/out";
  const std::string err_path = capture.path() + "/err";
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(out, STDOUT_FILENO);
    ::dup2(err, STDERR_FILENO);
    if (!working_dir.empty() && ::chdir(working_dir.c_str()) != 0) ::_exit(127);
    std::vector<char*> argv;
    std::string program = program_path;
    argv.push_back(program.data());
    std::vector<std::string> copies = arguments;
    for (std::string& argument : copies) argv.push_back(argument.data());
    argv.push_back(nullptr);
    ::setenv("NO_COLOR", "1", 1);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  const int out = ::open(out_path.c_str(), O_RDONLY);
  const int err = ::open(err_path.c_str(), O_RDONLY);
  result.out = drain(out);
  result.err = drain(err);
  ::close(out);
  ::close(err);
  return result;
}

// Runs git in `dir` with a configuration of its own, so that the user's or system's cannot interfere.
int run_git(const std::string& dir, const std::vector<std::string>& arguments) {
  std::vector<std::string> command{"git", "-c", "user.email=tests@fbcompat.invalid", "-c", "user.name=fbcompat tests",
                                   "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"};
  command.insert(command.end(), arguments.begin(), arguments.end());
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    if (::chdir(dir.c_str()) != 0) ::_exit(127);
    ::setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
    ::setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
    std::vector<char*> argv;
    for (std::string& argument : command) argv.push_back(argument.data());
    argv.push_back(nullptr);
    ::execvp("git", argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace fbcompat::test
