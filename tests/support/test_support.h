// Helpers the test suites share: schemas written to temporary files, and the CLI run as a process.
#pragma once

#include <cstdlib>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/schema.h"
#include "fbcompat/core/schema_loader.h"

namespace fbcompat {

// So that BOOST_TEST can print what it compares.
inline std::ostream& operator<<(std::ostream& out, Severity severity) { return out << severity_name(severity); }
inline std::ostream& operator<<(std::ostream& out, Category category) { return out << category_name(category); }

}  // namespace fbcompat

namespace fbcompat::test {

// Sets an environment variable for one scope, which the CLI inherits, and puts back what was there
// (CI sets CI=true: a test of behaviour outside CI says CI=false rather than depend on where it runs).
struct ScopedEnvironment {
  std::string name;
  std::optional<std::string> previous;
  ScopedEnvironment(std::string variable, const char* value) : name(std::move(variable)) {
    if (const char* was = std::getenv(name.c_str())) previous = was;
    ::setenv(name.c_str(), value, 1);
  }
  ~ScopedEnvironment() {
    if (previous) {
      ::setenv(name.c_str(), previous->c_str(), 1);
    } else {
      ::unsetenv(name.c_str());
    }
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;
};

// A fresh directory under the system temporary directory, removed when the object goes.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  // Writes `contents` to path()/name (creating subdirectories) and returns the full path.
  std::string write(const std::string& name, const std::string& contents) const;

 private:
  std::string path_;
};

// Loads schema text; the test fails (with the loader's error) when it does not load.
Schema load_text(const std::string& fbs, const std::string& name = "schema.fbs");

// Loads both texts and diffs them.
std::vector<Finding> diff_texts(const std::string& old_fbs, const std::string& new_fbs, const DiffOptions& options = {});

// Findings of one rule.
std::vector<Finding> with_rule(const std::vector<Finding>& findings, const std::string& rule);

// A path inside the source tree, and inside the facts directory.
std::string source_path(const std::string& relative);
std::string facts_path(const std::string& relative);

// The XNNPACK family's manifest (schemas/xnnpack/manifest.toml), loaded once per test run.
const Manifest& xnnpack_manifest();

// The newest XNNPACK version: the manifest's last [[version]]. Tests name it through these, so that
// renaming it at its release changes no test.
const ManifestVersion& newest_manifest_version();
const std::string& newest_version();
// One of its schema files, relative to the source tree: "schemas/xnnpack/<newest>/<file>".
std::string newest_schema(const std::string& file);
// One of its golden programs, as golden/MANIFEST.json keys it (relative to golden/): "xnnpack/<newest>/<name>".
std::string newest_golden(const std::string& name);

// The newest version in the load-time check's words (load_check.h), with its release status:
// "added in <newest>, not released yet" or "added in <newest>, first release <first>";
// "<newest> (not released yet)", "<newest> (release <first>)" or "<newest> (releases <first>..<last>)".
std::string newest_added_in();
std::string newest_with_releases();

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs build/fbcompat with the arguments (no shell), in `working_dir` when given.
CommandResult run_cli(const std::vector<std::string>& arguments, const std::string& working_dir = "");
// Runs any program by its path, the same way (NO_COLOR set).
CommandResult run_program(const std::string& program_path, const std::vector<std::string>& arguments,
                          const std::string& working_dir = "");

// Runs git in `dir` with a configuration of its own (no user's or system's), its output discarded;
// returns its exit status.
int run_git(const std::string& dir, const std::vector<std::string>& arguments);

// Reads a whole file.
std::string read_file(const std::string& path);

}  // namespace fbcompat::test
