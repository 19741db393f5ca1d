#include "fbcompat/checks/module_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/finding_sink.h"
#include "fbcompat/core/schema_loader.h"
#include "module/finding_relocation.h"
#include "module/module_rules.h"

namespace fbcompat {
namespace {

// Whether either side of the change lies under `path` (a repository path of a file or directory).
bool touches(const FileChange& change, const std::string& path) {
  return (!change.old_path.empty() && path_is_under(change.old_path, path)) ||
         (!change.new_path.empty() && path_is_under(change.new_path, path));
}

// The two sides' readers and how each loads a file: includes from the file's directory, then the -I
// directories, never leaving the tree of its side.
class Sides {
 public:
  Sides(std::unique_ptr<SourceReader> base, std::string base_name, std::string deleted_prefix,
        std::unique_ptr<SourceReader> head, const ModuleDiffRequest& request)
      : base_(std::move(base)),
        base_name_(std::move(base_name)),
        deleted_prefix_(std::move(deleted_prefix)),
        head_(std::move(head)) {
    for (const std::string& dir : request.include_dirs) {
      include_dirs_.push_back(with_trailing_slash(normalize_repository_path(dir)));
    }
  }

  Expected<Schema> load_old(const std::string& path) const { return load(path, *base_); }
  Expected<Schema> load_new(const std::string& path) const { return load(path, *head_); }
  const SourceReader& base() const { return *base_; }
  const SourceReader& head() const { return *head_; }
  const std::string& base_name() const { return base_name_; }  // "origin/main", "released/"
  // How a deleted file is named: by its repository path (a git base), or where the base directory has it.
  std::string deleted_file(const std::string& path) const { return deleted_prefix_ + path; }
  bool against_git() const { return deleted_prefix_.empty(); }

 private:
  Expected<Schema> load(const std::string& path, const SourceReader& reader) const {
    LoadOptions options;
    options.reader = &reader;
    options.include_dirs = include_dirs_;
    options.confine_to = include_dirs_;
    options.confine_to.push_back("");
    return load_schema(path, options);
  }

  std::unique_ptr<SourceReader> base_;
  std::string base_name_;
  std::string deleted_prefix_;
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
  const std::string old_file = sides.deleted_file(change.old_path);
  Finding finding = finding_of(
      kFileNoDelete, change.old_path,
      fmt::format("{}, which {} has, was deleted{}. Buffers written with it can no longer be read by code generated "
                  "from the module's schemas, and every schema that includes it stops compiling.",
                  old_file, sides.base_name(), declared),
      sides.against_git()
          ? fmt::format("restore {}; to move it, move it with git mv in the same change (or map the move in "
                        "fbcompat.toml: [module] renames = {{ \"{}\" = \"NEW/PATH.fbs\" }})",
                        old_file, change.old_path)
          : fmt::format("restore {}; if it moved, map the move in fbcompat.toml: [module] renames = {{ \"{}\" = "
                        "\"NEW/PATH.fbs\" }}",
                        old_file, change.old_path));
  finding.file = old_file;
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

// A declaration in a file that several module files include is compared once per including file: the
// same finding at the same place is kept once. Each file judges uses by its own roots, so a deletion one
// file finds used and another unused is what the one that uses it says: breaking.
void keep_once(std::vector<Finding>& findings) {
  sort_findings(findings);
  const auto same = [](const Finding& a, const Finding& b) {
    return std::tie(a.rule, a.subject, a.file, a.line, a.column) ==
           std::tie(b.rule, b.subject, b.file, b.line, b.column);
  };
  findings.erase(std::unique(findings.begin(), findings.end(), same), findings.end());
  std::set<std::string> deleted_and_used;
  for (const Finding& finding : findings) {
    if (finding.rule == "TYPE_NO_DELETE") deleted_and_used.insert(finding.subject);
  }
  findings.erase(std::remove_if(findings.begin(), findings.end(),
                                [&](const Finding& finding) {
                                  return finding.rule == "TYPE_NO_DELETE_UNUSED" &&
                                         deleted_and_used.count(finding.subject) != 0;
                                }),
                 findings.end());
}

// The schema files under `dir`, by path relative to it: hidden directories (.git) and the directory
// `skip` (the released copies, when they lie inside the current directory) are not walked.
std::map<std::string, std::string> schema_files_under(const std::string& dir, const std::string& skip) {
  namespace fs = std::filesystem;
  std::map<std::string, std::string> files;  // relative path -> path to read
  std::error_code error;
  const fs::path skipped = fs::weakly_canonical(skip, error);
  fs::recursive_directory_iterator it(dir, error), end;
  for (; !error && it != end; it.increment(error)) {
    const fs::path& path = it->path();
    if (it->is_directory(error) &&
        (path.filename().string().rfind('.', 0) == 0 || fs::weakly_canonical(path, error) == skipped)) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(error) && path.extension() == ".fbs") {
      files[path.lexically_relative(dir).generic_string()] = path.string();
    }
  }
  return files;
}

// A directory of released copies against the current one: the same relative path is the same file.
Expected<std::vector<FileChange>> directory_changes(const std::string& base_dir, const std::string& new_dir) {
  std::error_code error;
  for (const std::string& dir : {base_dir, new_dir}) {
    if (!std::filesystem::is_directory(dir, error)) return Error{dir, 0, 0, "no such directory"};
  }
  const auto old_files = schema_files_under(base_dir, "");
  const auto new_files = schema_files_under(new_dir, base_dir);
  const FileSystemReader reader;
  std::vector<FileChange> changes;
  for (const auto& [path, full] : new_files) {
    const auto old_file = old_files.find(path);
    if (old_file == old_files.end()) {
      changes.push_back({FileChangeKind::Added, "", path});
      continue;
    }
    std::string old_text;
    std::string new_text;
    const bool same = reader.read(old_file->second, &old_text) && reader.read(full, &new_text) && old_text == new_text;
    changes.push_back({same ? FileChangeKind::Unchanged : FileChangeKind::Modified, path, path});
  }
  for (const auto& [path, full] : old_files) {
    if (new_files.count(path) == 0) changes.push_back({FileChangeKind::Deleted, path, ""});
  }
  return changes;
}

// The files of the module and the readers of its two sides: a git ref against the work tree or the
// index, or a directory of released copies against another.
struct ModuleSides {
  std::vector<FileChange> changes;
  std::set<std::string> changed_files;  // new-side names of every schema file not unchanged, in the module or not
  std::unique_ptr<SourceReader> base;
  std::string base_name;
  std::string deleted_prefix;
  std::unique_ptr<SourceReader> head;
};

Expected<ModuleSides> directory_sides(const ModuleDiffRequest& request) {
  auto changes = directory_changes(request.base_directory, request.new_directory);
  if (!changes) return changes.error();
  ModuleSides sides;
  sides.changes = std::move(changes.value());
  sides.base_name = with_trailing_slash(request.base_directory);
  for (const FileChange& change : sides.changes) {
    if (change.kind != FileChangeKind::Unchanged)
      sides.changed_files.insert(with_trailing_slash(request.new_directory) + change.new_path);
  }
  sides.base = std::make_unique<DirectoryReader>(request.base_directory, sides.base_name);
  sides.deleted_prefix = sides.base_name;
  sides.head = std::make_unique<DirectoryReader>(request.new_directory, with_trailing_slash(request.new_directory));
  return sides;
}

Expected<ModuleSides> git_sides(const ModuleDiffRequest& request) {
  auto base = GitTreeReader::open(request.repository, request.base_ref);
  if (!base) return base.error();
  std::unique_ptr<GitIndexReader> index;
  if (request.side == NewSide::Index) {
    auto opened = GitIndexReader::open(request.repository);
    if (!opened) return opened.error();
    index = std::move(opened.value());
  } else if (request.repository->workdir().empty()) {
    return Error{"git:" + request.base_ref, 0, 0, "the repository is bare: it has no work tree to check"};
  }
  std::vector<std::string> paths;
  for (const std::string& path : request.paths) paths.push_back(normalize_repository_path(path));
  // Every schema file's change, the module's and the rest: a module file may include a file outside it.
  auto all_changes = file_changes(**base, index.get(), ".fbs");
  if (!all_changes) return all_changes.error();
  ModuleSides sides;
  std::vector<FileChange> module_changes;
  for (const FileChange& change : *all_changes) {
    if (change.kind != FileChangeKind::Unchanged) sides.changed_files.insert(change.new_path);
    // A file moved across the module's edge is still the same schema, compared with its old self
    // (pre-commit names a moved file by its new path alone).
    const bool in_module = paths.empty() || std::any_of(paths.begin(), paths.end(),
                                                        [&](const std::string& path) { return touches(change, path); });
    if (in_module) module_changes.push_back(change);
  }
  // A path given that names no schema is a mistake; a module with none (a project's first schema is still
  // to come) has nothing to break.
  for (const std::string& path : request.explicit_paths ? paths : std::vector<std::string>{}) {
    const bool found = std::any_of(module_changes.begin(), module_changes.end(),
                                   [&](const FileChange& change) { return touches(change, path); });
    if (!found) {
      return Error{path.empty() ? "." : path, 0, 0,
                   fmt::format("no tracked schema file (.fbs) here, {} or at {}",
                               request.side == NewSide::Index ? "staged" : "in the work tree", request.base_ref)};
    }
  }
  sides.changes = std::move(module_changes);
  sides.base = std::move(base.value());
  sides.base_name = request.base_ref;
  if (index) {
    sides.head = std::move(index);
  } else {
    sides.head = std::make_unique<DirectoryReader>(request.repository->workdir());
  }
  return sides;
}

// The new side's reader with a fix's rewritten files over it (OverlayReader, owning the reader beneath).
class RewrittenSide final : public SourceReader {
 public:
  RewrittenSide(std::unique_ptr<SourceReader> base, const SchemaTexts& rewritten)
      : base_(std::move(base)), overlay_(*base_, rewritten) {}
  bool read(const std::string& path, std::string* contents) const override { return overlay_.read(path, contents); }
  bool exists(const std::string& path) const override { return overlay_.exists(path); }
  std::optional<std::uint64_t> size(const std::string& path) const override { return overlay_.size(path); }
  std::string display_name(const std::string& path) const override { return overlay_.display_name(path); }

 private:
  std::unique_ptr<SourceReader> base_;
  OverlayReader overlay_;
};

// The configured root tables must name tables of the module: a misspelt one would otherwise quietly
// turn "every table is a root" off.
std::optional<Error> unknown_root_table(const std::vector<std::string>& root_tables,
                                        const std::set<std::string>& declared) {
  for (const std::string& table : root_tables) {
    if (declared.count(table) == 0) {
      return Error{
          "fbcompat.toml", 0, 0,
          fmt::format(
              "[diff] root_tables: '{}' is no table of the module's schemas on either side (give its qualified name, "
              "with its namespace)",
              table)};
    }
  }
  return std::nullopt;
}

}  // namespace

Expected<ModuleDiff> diff_module(const ModuleDiffRequest& request) {
  auto module = request.base_directory.empty() ? git_sides(request) : directory_sides(request);
  if (!module) return module.error();
  std::vector<FileChange>& changes = module->changes;
  apply_renames(changes, request);
  std::unique_ptr<SourceReader> head = std::move(module->head);
  if (!request.rewritten.empty()) head = std::make_unique<RewrittenSide>(std::move(head), request.rewritten);
  const Sides sides(std::move(module->base), module->base_name, module->deleted_prefix, std::move(head), request);
  const std::string old_prefix = sides.base().display_name("");  // "git:REF:", "released/"

  // A file whose text and includes are the same on both sides has nothing to report: it is loaded once,
  // to learn its includes, and not compared.
  const std::set<std::string>& changed = module->changed_files;
  std::set<std::string> declared;
  const auto note_tables = [&declared](const Schema& schema) {
    for (const Composite& composite : schema.composites) declared.insert(composite.name);
  };

  ModuleDiff result;
  for (const FileChange& change : changes) {
    result.files.push_back(change);
    if (change.kind == FileChangeKind::Deleted) {
      result.findings.push_back(deleted_file_finding(change, sides));
      continue;
    }
    auto new_schema = sides.load_new(change.new_path);
    if (!new_schema) return new_schema.error();
    note_tables(*new_schema);
    result.files_read.insert(result.files_read.end(), new_schema->files.begin(), new_schema->files.end());
    for (std::size_t i = 0; i < new_schema->files.size() && i < new_schema->file_texts.size(); ++i) {
      result.new_texts.emplace(new_schema->files[i], new_schema->file_texts[i]);
    }
    if (request.check_new) request.check_new(change.new_path, *new_schema, result.findings);
    if (change.kind == FileChangeKind::Added) continue;  // nothing to compare with
    if (change.kind == FileChangeKind::Unchanged &&
        std::none_of(new_schema->files.begin(), new_schema->files.end(),
                     [&](const std::string& file) { return changed.count(file) != 0; })) {
      continue;
    }
    auto old_schema = sides.load_old(change.old_path);
    if (!old_schema) return old_schema.error();
    note_tables(*old_schema);
    const OldSide old_side{*old_schema, old_prefix, sides.base_name()};
    for (Finding& finding : diff_schemas(*old_schema, *new_schema, request.diff)) {
      if (located_on_old_side(finding, old_side)) {
        relocate_to_new_side(finding, old_side, *new_schema, sides.head().display_name(change.new_path));
      }
      result.findings.push_back(std::move(finding));
    }
  }
  if (auto problem = unknown_root_table(request.diff.root_tables, declared)) return *problem;
  keep_once(result.findings);
  std::sort(result.files_read.begin(), result.files_read.end());
  result.files_read.erase(std::unique(result.files_read.begin(), result.files_read.end()), result.files_read.end());
  return result;
}

}  // namespace fbcompat
