// Helpers the test suites share: schemas written to temporary files, and the CLI run as a process.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/schema.h"
#include "fbcompat/core/schema_loader.h"

namespace fbcompat {

// So that BOOST_TEST can print what it compares.
inline std::ostream& operator<<(std::ostream& out, Severity severity) { return out << severity_name(severity); }
inline std::ostream& operator<<(std::ostream& out, Category category) { return out << category_name(category); }

}  // namespace fbcompat

namespace fbcompat::test {

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
std::vector<Finding> diff_texts(const std::string& old_fbs, const std::string& new_fbs);

// Findings of one rule.
std::vector<Finding> with_rule(const std::vector<Finding>& findings, const std::string& rule);

// A path inside the source tree, and inside the facts directory.
std::string source_path(const std::string& relative);
std::string facts_path(const std::string& relative);

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs build/fbcompat with the arguments (no shell), in `working_dir` when given.
CommandResult run_cli(const std::vector<std::string>& arguments, const std::string& working_dir = "");

// Reads a whole file.
std::string read_file(const std::string& path);

}  // namespace fbcompat::test
