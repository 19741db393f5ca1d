// Writing fixes: each file replaced the way every output is (core/files/output_file.cpp), and only while
// it still holds the text that was checked and planned on.
#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include "fbcompat/checks/fix.h"
#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/output_file.h"
#include "fbcompat/core/regular_file.h"

namespace fbcompat {
namespace {

// A file no one may write (or this user may not) is one its author keeps from editors (a vendored copy,
// a file checked out read-only): never replaced, though the directory would let a rename through.
bool read_only(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && ((info.st_mode & 0222) == 0 || ::access(path.c_str(), W_OK) != 0);
}

}  // namespace

FixesWritten write_fixes(std::vector<Finding>& findings, const std::vector<FileRewrite>& rewrites,
                         const std::string& root, const std::string& differs) {
  FixesWritten written;
  for (const FileRewrite& rewrite : rewrites) {
    const std::string path = root + rewrite.file;
    std::string current;
    const RegularFileRead read = read_regular_file(path, limits::kSchemaFileSize, current);
    std::optional<Error> problem;
    if (read.outcome != RegularFileRead::Outcome::Read) {
      problem = Error{path, 0, 0, regular_file_problem(read, limits::kSchemaFileSizeName, limits::kSchemaFileSize)};
    } else if (current != rewrite.before) {
      problem = Error{path, 0, 0, differs};
    } else if (read_only(path)) {
      problem = Error{path, 0, 0, "it is read-only: make it writable for --fix to change it"};
    } else {
      problem = write_output_file(path, rewrite.after);
    }
    const bool ok = !problem;
    for (Finding& finding : findings) {
      const bool here = std::any_of(finding.edits.begin(), finding.edits.end(),
                                    [&](const TextEdit& edit) { return edit.file == rewrite.file; });
      if (!here) continue;
      finding.fix_status = ok ? FixStatus::Fixed : FixStatus::NotFixed;
      if (!ok) finding.fix_note = fmt::format("{} was not written: {}", path, problem->message);
    }
    if (ok) {
      written.files.push_back(rewrite.file);
    } else {
      problem->message = "not fixed: " + problem->message;
      written.refused.push_back(*problem);
    }
  }
  return written;
}

FixOutcome fix_findings(std::vector<Finding>& findings, const FixRequest& request) {
  FixOutcome outcome;
  CheckedFixes checked = plan_checked_fixes(findings, request.texts, request.recheck);
  outcome.rewrites = std::move(checked.rewrites);
  if (request.write) {
    outcome.written = write_fixes(findings, outcome.rewrites, request.root, request.differs);
    const std::vector<std::string>& files = outcome.written.files;
    for (Finding& finding : checked.appeared) {
      if (std::find(files.begin(), files.end(), finding.file) != files.end()) findings.push_back(std::move(finding));
    }
    return outcome;
  }
  for (Finding& finding : findings) {
    if (finding.fix_status != FixStatus::NotFixed) continue;
    finding.fix_status = FixStatus::None;
    finding.fix_note.clear();
  }
  return outcome;
}

}  // namespace fbcompat
