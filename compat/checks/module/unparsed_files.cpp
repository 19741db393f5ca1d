#include "module/unparsed_files.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>

#include "fbcompat/core/schema_loader.h"
#include "fbcompat/core/word_list.h"
#include "module/module_rules.h"

namespace fbcompat {
namespace {

bool mentions(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

// What to do about a file that does not parse, by what the parser (or the loader) said. Each cause has its
// own remedy: a newer schema language is one cause among several, not the explanation of every error.
std::string remedy(const Error& error) {
  const std::string& said = error.message;
  const std::string fixture = "; if it is a fixture that fails on purpose, leave it out with [module] exclude";
  // An include that leaves the repository is never read: no include directory brings it in.
  if (mentions(said, "lies outside the directories includes may read") || mentions(said, "leads outside the repository")) {
    return "includes are read only inside the repository (a schema's includes come from the same tree as it): "
           "keep the included schema in the repository" + fixture;
  }
  if ((mentions(said, "cannot include") && mentions(said, "no such file")) || mentions(said, "unable to load include file") ||
      mentions(said, "unable to locate include")) {
    return "name the directory the include is in with [module] include in fbcompat.toml (flatc's -I), or correct "
           "the include's path" + fixture;
  }
  if (mentions(said, "cannot include")) return "make the include name a schema file (the message says what it is)" + fixture;
  if (mentions(said, "already exists") || mentions(said, "already defined") || mentions(said, "declared twice")) {
    return "declare each name once among the file and its includes: flatc refuses it too" + fixture;
  }
  if (mentions(said, "referenced but not defined") || mentions(said, "type referenced")) {
    return "declare the type, or include the file that declares it (flatc compiles each file with only what it "
           "includes)" + fixture;
  }
  if (mentions(said, "the file is empty")) return "give it a declaration, or delete it" + fixture;
  if (mentions(said, "binary data")) return "it is not a schema: rename it, or leave it out with [module] exclude";
  if (mentions(said, "limit")) return "split the schema, or raise the limit the message names";
  return fmt::format("correct the syntax the parser names; only if the file uses syntax newer than flatbuffers {} "
                     "reads, build fbcompat with a newer flatbuffers{}",
                     schema_parser_version(), fixture);
}

// The parser's own words, without a hint the loader adds that suits only some causes (this finding's
// fix gives the hint for its cause).
std::string parser_said(const std::string& message) {
  const std::size_t hint = message.find(" (read by the schema parser of flatbuffers ");
  return hint == std::string::npos ? message : message.substr(0, hint);
}

std::string where(const UnparsedFile& file) {
  if (file.error.line == 0) return file.error_file;
  return fmt::format("{}:{}", file.error_file, file.error.line);
}

Finding finding_for(const std::vector<UnparsedFile>& group, const std::string& base_name) {
  const UnparsedFile& first = group.front();
  std::vector<std::string> paths;
  for (const UnparsedFile& file : group) paths.push_back(file.path);
  // The file at fault first: the others fail because they include it.
  std::stable_partition(paths.begin(), paths.end(), [&](const std::string& path) { return path == first.error_file; });
  const bool several = paths.size() > 1;
  const std::string listed = word_list(paths);
  // Where the parser stopped, when that is not the first file named.
  const std::string cause = paths.front() == first.error_file
                                ? parser_said(first.error.message)
                                : fmt::format("{} (at {})", parser_said(first.error.message), where(first));
  Finding finding;
  switch (first.state) {
    case ParseState::Broke: {
      const auto added = std::count_if(group.begin(), group.end(), [](const UnparsedFile& file) { return file.added; });
      const std::string history = added == 0 ? fmt::format("{} at {}", several ? "they parsed" : "it parsed", base_name)
                                  : static_cast<std::size_t>(added) == group.size()
                                      ? std::string(several ? "they are new" : "it is new")
                                      : fmt::format("they are new or parsed at {}", base_name);
      finding = finding_of(kFileParses, first.error_file,
                           fmt::format("{} {} not parse ({}): {}. Nothing in {} is checked, and flatc refuses {}.",
                                       listed, several ? "do" : "does", history, cause, several ? "them" : "it",
                                       several ? "them" : "it"),
                           remedy(first.error));
      break;
    }
    case ParseState::Never:
      finding = finding_of(kFileNotChecked, first.error_file,
                           fmt::format("{} {} not checked: {} neither here nor at {}: {}.", listed,
                                       several ? "are" : "is", several ? "they parse" : "it parses", base_name, cause),
                           remedy(first.error));
      break;
    case ParseState::BaseOnly:
      finding = finding_of(kFileNotChecked, first.path,
                           fmt::format("{} did not parse at {} ({}), so what changed in {} is not checked; {} now.",
                                       listed, base_name, cause, several ? "them" : "it",
                                       several ? "they parse" : "it parses"),
                           "nothing to do: the next change is checked against this one");
      break;
  }
  if (first.state == ParseState::BaseOnly) {
    finding.file = first.path;  // the base's lines are not the new side's
  } else {
    finding.file = first.error_file;
    finding.line = first.error.line;
    finding.column = first.error.column;
  }
  return finding;
}


// An error in a file outside the repository (an include that leads out, never read) is placed at the
// module file whose include it is: findings point at files of the repository.
void place_inside(UnparsedFile& file) {
  const std::filesystem::path named = std::filesystem::path(file.error_file).lexically_normal();
  if (!named.is_absolute() && (named.empty() || *named.begin() != "..")) return;
  file.error.message += fmt::format(" ({})", file.error_file);
  file.error_file = file.path;
  file.error.line = 0;
  file.error.column = 0;
}

}  // namespace

std::vector<Finding> unparsed_file_findings(std::vector<UnparsedFile> files, const std::string& base_name) {
  // One finding per state and cause: the same error, at the same place, of the same side.
  using Key = std::tuple<int, std::string, std::uint32_t, std::uint32_t, std::string>;
  std::map<Key, std::vector<UnparsedFile>> groups;
  for (UnparsedFile& file : files) {
    place_inside(file);
    Key key{static_cast<int>(file.state), file.error_file, file.error.line, file.error.column, file.error.message};
    groups[key].push_back(std::move(file));
  }
  std::vector<Finding> findings;
  for (auto& [key, group] : groups) {
    std::sort(group.begin(), group.end(), [](const UnparsedFile& a, const UnparsedFile& b) { return a.path < b.path; });
    findings.push_back(finding_for(group, base_name));
  }
  return findings;
}

}  // namespace fbcompat
