#include "fbcompat/checks/module_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/finding_sink.h"
#include "fbcompat/core/schema_loader.h"
#include "module/finding_relocation.h"
#include "module/module_rules.h"

namespace fbcompat {
namespace {

bool covers(const std::string& root, const std::string& path) {
  return root.empty() || path == root ||
         (path.size() > root.size() && path.compare(0, root.size(), root) == 0 &&
          (root.back() == '/' || path[root.size()] == '/'));
}

// The two sides' readers and how each loads a file: includes from the file's directory, then the -I
// directories, never leaving the tree of its side.
class Sides {
 public:
  Sides(std::unique_ptr<GitTreeReader> base, std::unique_ptr<SourceReader> head, const ModuleDiffRequest& request)
      : base_(std::move(base)), head_(std::move(head)) {
    for (const std::string& dir : request.include_dirs) {
      std::string with_slash = normalize_repository_path(dir);
      if (!with_slash.empty()) with_slash += '/';
      include_dirs_.push_back(with_slash);
    }
  }

  Expected<Schema> load_old(const std::string& path) const { return load(path, *base_); }
  Expected<Schema> load_new(const std::string& path) const { return load(path, *head_); }
  const GitTreeReader& base() const { return *base_; }

 private:
  Expected<Schema> load(const std::string& path, const SourceReader& reader) const {
    LoadOptions options;
    options.reader = &reader;
    options.include_dirs = include_dirs_;
    options.confine_to = include_dirs_;
    options.confine_to.push_back("");
    return load_schema(path, options);
  }

  std::unique_ptr<GitTreeReader> base_;
  std::unique_ptr<SourceReader> head_;
  std::vector<std::string> include_dirs_;
};

std::string declaration_list(const Schema& schema) {
  std::vector<std::string> names;
  for (const Composite& composite : schema.composites) {
    if (composite.location.file == 0) names.push_back(unqualified_name(composite.name));
  }
  for (const Enum& enumeration : schema.enums) {
    if (enumeration.location.file == 0) names.push_back(unqualified_name(enumeration.name));
  }
  if (names.empty()) return "";
  std::string text;
  for (std::size_t i = 0; i < names.size() && i < 5; ++i) text += (i == 0 ? "" : ", ") + names[i];
  if (names.size() > 5) text += fmt::format(" and {} more", names.size() - 5);
  return fmt::format(" (it declared {})", text);
}

Finding deleted_file_finding(const FileChange& change, const Sides& sides) {
  auto old_schema = sides.load_old(change.old_path);
  const std::string declared = old_schema ? declaration_list(*old_schema) : "";
  Finding finding = finding_of(
      kFileNoDelete, change.old_path,
      fmt::format("{}, which {} has, was deleted{}. Buffers written with it can no longer be read by code generated "
                  "from the module's schemas, and every schema that includes it stops compiling.",
                  change.old_path, sides.base().ref(), declared),
      fmt::format("restore {}; to move it, move it with git mv in the same change (or map the move in "
                  "fbcompat.toml: [module] renames = {{ \"{}\" = \"NEW/PATH.fbs\" }})",
                  change.old_path, change.old_path));
  finding.file = change.old_path;
  return finding;
}

// Pairs a deleted file with an added one when the request maps the move; a mapping that does not apply
// (the move has landed, and the base already has the new file) is left alone.
void apply_renames(std::vector<FileChange>& changes, const ModuleDiffRequest& request) {
  for (const auto& [from, to] : request.renames) {
    const std::string old_path = normalize_repository_path(from);
    const std::string new_path = normalize_repository_path(to);
    auto deleted = std::find_if(changes.begin(), changes.end(), [&](const FileChange& change) {
      return change.kind == FileChangeKind::Deleted && change.old_path == old_path;
    });
    auto added = std::find_if(changes.begin(), changes.end(), [&](const FileChange& change) {
      return change.kind == FileChangeKind::Added && change.new_path == new_path;
    });
    if (deleted == changes.end() || added == changes.end()) continue;
    added->kind = FileChangeKind::Renamed;
    added->old_path = old_path;
    changes.erase(deleted);
  }
}

Expected<std::unique_ptr<SourceReader>> new_side_reader(const ModuleDiffRequest& request) {
  if (request.side == NewSide::Index) {
    auto index = GitIndexReader::open(request.repository);
    if (!index) return index.error();
    return std::unique_ptr<SourceReader>(std::move(index.value()));
  }
  const std::string workdir = request.repository->workdir();
  if (workdir.empty())
    return Error{"git:" + request.base_ref, 0, 0, "the repository is bare: it has no work tree to check"};
  return std::unique_ptr<SourceReader>(std::make_unique<DirectoryReader>(workdir));
}

void keep_once(std::vector<Finding>& findings) {
  sort_findings(findings);
  const auto same = [](const Finding& a, const Finding& b) {
    return std::tie(a.rule, a.subject, a.file, a.line, a.column, a.message) ==
           std::tie(b.rule, b.subject, b.file, b.line, b.column, b.message);
  };
  findings.erase(std::unique(findings.begin(), findings.end(), same), findings.end());
}

}  // namespace

Expected<ModuleDiff> diff_module(const ModuleDiffRequest& request) {
  auto base = GitTreeReader::open(request.repository, request.base_ref);
  if (!base) return base.error();
  auto head = new_side_reader(request);
  if (!head) return head.error();
  std::vector<std::string> paths;
  for (const std::string& path : request.paths) paths.push_back(normalize_repository_path(path));
  auto changes = file_changes(**base, request.side, paths, ".fbs");
  if (!changes) return changes.error();
  for (const std::string& path : paths) {
    const bool found = std::any_of(changes->begin(), changes->end(), [&](const FileChange& change) {
      return covers(path, change.old_path) || covers(path, change.new_path);
    });
    if (!found) {
      return Error{path.empty() ? "." : path, 0, 0,
                   fmt::format("no tracked schema file (.fbs) here, {} or at {}",
                               request.side == NewSide::Index ? "staged" : "in the work tree", request.base_ref)};
    }
  }
  apply_renames(*changes, request);
  const Sides sides(std::move(base.value()), std::move(head.value()), request);
  const std::string old_prefix = sides.base().display_name("");  // "git:REF:"

  ModuleDiff result;
  for (const FileChange& change : *changes) {
    result.files.push_back(change);
    if (change.kind == FileChangeKind::Deleted) {
      result.findings.push_back(deleted_file_finding(change, sides));
      continue;
    }
    auto new_schema = sides.load_new(change.new_path);
    if (!new_schema) return new_schema.error();
    if (request.check_new) request.check_new(change.new_path, *new_schema, result.findings);
    if (change.kind == FileChangeKind::Added) continue;  // nothing to compare with
    auto old_schema = sides.load_old(change.old_path);
    if (!old_schema) return old_schema.error();
    const OldSide old_side{*old_schema, old_prefix, request.base_ref};
    for (Finding& finding : diff_schemas(*old_schema, *new_schema, request.diff)) {
      if (located_on_old_side(finding, old_side)) relocate_to_new_side(finding, old_side, *new_schema, change.new_path);
      result.findings.push_back(std::move(finding));
    }
  }
  keep_once(result.findings);
  return result;
}

}  // namespace fbcompat
