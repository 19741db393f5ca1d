// Schema files of the module that do not load: one finding per cause, not per file. A file that parses on
// neither side is FILE_NOT_CHECKED (a note: test fixtures that fail on purpose are common); one the change
// broke (it parsed at the base, or it is new) is FILE_PARSES, an error. Files that fail because an include
// of theirs fails are named in that include's finding.
#pragma once

#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"

namespace fbcompat {

enum class ParseState {
  Broke,      // it does not parse now, and parsed at the base or did not exist there
  Never,      // it parses on neither side
  BaseOnly,   // it did not parse at the base, and parses now: its changes cannot be judged
};

struct UnparsedFile {
  std::string path;      // the module file (repository path)
  ParseState state = ParseState::Broke;
  Error error;           // the side's error that decides: the new side's, unless only the base failed
  std::string error_file;  // the error's file as a repository path
  bool added = false;      // the change adds the file: it was not at the base
};

// `base_name`: "origin/main", "released/".
std::vector<Finding> unparsed_file_findings(std::vector<UnparsedFile> files, const std::string& base_name);

}  // namespace fbcompat
