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
#include "fbcompat/core/memory_reader.h"
#include "fbcompat/core/repository_path.h"
#include "fbcompat/core/word_list.h"
#include "module/finding_relocation.h"
#include "module/module_model.h"
#include "module/module_rules.h"
#include "module/module_sides.h"
#include "module/surviving_declarations.h"
#include "module/unparsed_files.h"

namespace fbcompat {
namespace {

// Includes come from the file's directory, then the include directories, never leaving the tree of the
// side.
LoadOptions side_options(const ModuleDiffRequest& request) {
  LoadOptions options;
  for (const std::string& dir : request.include_dirs) {
    options.include_dirs.push_back(with_trailing_slash(normalize_repository_path(dir)));
  }
  options.confine_to = options.include_dirs;
  options.confine_to.push_back("");
  return options;
}

std::vector<std::string> short_names(const std::vector<std::string>& names) {
  std::vector<std::string> shown;
  for (const std::string& name : names) {
    shown.push_back(name.rfind("root_type ", 0) == 0 ? name : unqualified_name(name));
  }
  return shown;
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

// The module's files on both sides, paired and compared declaration by declaration.
class ModuleComparison {
 public:
  ModuleComparison(ModuleSides& sides, const ModuleDiffRequest& request)
      : sides_(sides),
        request_(request),
        old_side_(*sides.base, side_options(request)),
        new_side_(*sides.head, side_options(request)) {}

  ModuleDiff run() {
    for (const FileChange& change : sides_.changes) {
      if (!change.new_path.empty()) new_side_.load(change.new_path);
    }
    for (const FileChange& change : sides_.changes) {
      if (needs_old_side(change)) old_side_.load(change.old_path);
    }
    pair_successors();
    for (const FileChange& change : sides_.changes) {
      result_.files.push_back(change);
      compare(change);
    }
    for (Finding& finding : unparsed_file_findings(std::move(unparsed_), sides_.base_name)) {
      result_.findings.push_back(std::move(finding));
    }
    for (const std::string& submodule : sides_.unread_submodules) unread_submodule_finding(submodule);
    check_new_side();
    result_.left_out = sides_.left_out;
    keep_once(result_.findings);
    note_tables();
    return std::move(result_);
  }

 private:
  const ModuleFile* new_file(const FileChange& change) const {
    return change.new_path.empty() ? nullptr : new_side_.loaded(change.new_path);
  }
  const ModuleFile* old_file(const FileChange& change) const {
    return change.old_path.empty() ? nullptr : old_side_.loaded(change.old_path);
  }

  // A file whose text and includes are the same on both sides has nothing to report: it is loaded only
  // on the new side, to learn its includes and declarations.
  bool needs_old_side(const FileChange& change) const {
    switch (change.kind) {
      case FileChangeKind::Added: return false;
      case FileChangeKind::Unchanged: {
        const ModuleFile* file = new_file(change);
        return file == nullptr || !file->ok() ||
               std::any_of(file->files.begin(), file->files.end(),
                           [&](const std::string& path) { return sides_.changed_files.count(path) != 0; });
      }
      default: return true;
    }
  }

  // Whether `path` declared `name` at the base, as far as the base can be asked: an unchanged file
  // declares what it declares now; a new one declared nothing.
  bool declared_at_base(const std::string& name, const std::string& path) {
    if (sides_.changed_files.count(path) == 0) return new_side_.declares(path, name);
    if (!sides_.base->exists(path)) return false;
    old_side_.load(path);
    return old_side_.declares(path, name);
  }

  // Renames by content: a new file that declares at least half of what a deleted one declared is its successor,
  // whatever git's similarity (a file rewritten as it moved). A deleted file with no such successor names
  // the file that declares the most of it, if any, as the likely one.
  void pair_successors() {
    std::set<std::string> taken;
    std::vector<FileChange>& changes = sides_.changes;
    for (std::size_t i = 0; i < changes.size(); ++i) {
      if (changes[i].kind != FileChangeKind::Deleted) continue;
      const ModuleFile* gone = old_file(changes[i]);
      if (gone == nullptr || !gone->ok() || gone->own.empty()) continue;
      const FileChange* best = nullptr;
      std::size_t best_count = 0;
      for (const FileChange& candidate : changes) {
        const ModuleFile* added = new_file(candidate);
        if (candidate.kind != FileChangeKind::Added || added == nullptr || !added->ok() ||
            taken.count(candidate.new_path) != 0) {
          continue;
        }
        const auto count = static_cast<std::size_t>(std::count_if(
            gone->own.begin(), gone->own.end(), [&](const std::string& name) { return added->own.count(name) != 0; }));
        if (count > best_count) {
          best = &candidate;
          best_count = count;
        }
      }
      if (best == nullptr || best_count * 2 < gone->own.size()) continue;
      taken.insert(best->new_path);
      FileChange& successor = changes[static_cast<std::size_t>(best - changes.data())];
      successor.kind = FileChangeKind::Renamed;
      successor.old_path = changes[i].old_path;
      changes.erase(changes.begin() + static_cast<std::ptrdiff_t>(i));
      --i;
    }
  }

  void compare(const FileChange& change) {
    const ModuleFile* now = new_file(change);
    const ModuleFile* before = old_file(change);
    if (now != nullptr && !now->ok()) {
      const bool never = before != nullptr && !before->ok();
      note_unparsed(change.new_path, never ? ParseState::Never : ParseState::Broke, *now->error, new_side_,
                    change.kind == FileChangeKind::Added);
      return;
    }
    if (before != nullptr && !before->ok()) {
      if (now != nullptr) {
        note_unparsed(change.new_path, ParseState::BaseOnly, *before->error, old_side_, false);
      } else {
        result_.findings.push_back(deleted_file_finding(change, nullptr));
      }
      return;
    }
    if (before == nullptr) return;  // added: nothing to compare with
    const Schema* new_unit = now != nullptr ? &*now->schema : nullptr;
    const Counterpart counterpart =
        counterpart_of(*before->schema, old_side_, new_unit, new_side_,
                       [&](const std::string& name, const std::string& was_in, const std::string& now_in) {
                         // A deleted file's declarations may live on anywhere; another file's only where
                         // they were, or where they are new.
                         return new_unit == nullptr || now_in == was_in || !declared_at_base(name, now_in);
                       });
    const std::string shown_new = now != nullptr ? sides_.head->display_name(change.new_path)
                                                 : sides_.deleted_prefix + change.old_path;
    const OldSide old_side{*before->schema, sides_.base->display_name(""), sides_.base_name};
    const Schema nothing;
    for (Finding& finding : diff_schemas(*before->schema, counterpart.schema, request_.diff)) {
      // A deleted file's root_type goes with it: FILE_NO_DELETE says so, and TYPE_NO_DELETE what data loses.
      if (now == nullptr && finding.rule == "FILE_SAME_ROOT_TYPE") continue;
      if (located_on_old_side(finding, old_side)) {
        relocate_to_new_side(finding, old_side, new_unit != nullptr ? counterpart.schema : nothing, shown_new);
      }
      result_.findings.push_back(std::move(finding));
    }
    if (now == nullptr) {
      result_.findings.push_back(deleted_file_finding(change, &counterpart));
    } else {
      moved_declaration_findings(change, counterpart);
    }
  }

  void note_unparsed(const std::string& path, ParseState state, const Error& error, const ModuleModel& side, bool added) {
    unparsed_.push_back({path, state, error, side.path_of(error.file), added});
  }

  // FILE_SAME_DECLARATIONS: one finding per file the declarations left and file they went to.
  void moved_declaration_findings(const FileChange& change, const Counterpart& counterpart) {
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> groups;
    for (const MovedDeclaration& moved : counterpart.moved) groups[{moved.old_file, moved.new_file}].push_back(moved.name);
    const std::string& file = change.new_path;
    for (const auto& [places, names] : groups) {
      const auto& [from, to] = places;
      const std::string what = word_list(short_names(names));
      const bool was_here = from == change.old_path;
      Finding finding = finding_of(
          kFileSameDeclarations, sides_.head->display_name(file),
          was_here ? fmt::format("{} moved from {} to {}, which {} does not include. Code that includes {} (or what "
                                 "flatc generates from it) for {} must include {} instead. Buffers are unaffected: "
                                 "the declarations are compared where they are now.",
                                 what, file, to, file, file, names.size() == 1 ? "it" : "them", to)
                   : fmt::format("{} no longer includes {} ({}, declared in {}; now in {}). Code that includes {} "
                                 "for {} must include {} itself. Buffers are unaffected.",
                                 file, what, names.size() == 1 ? "it was" : "they were", from, to, file,
                                 names.size() == 1 ? "it" : "them", to),
          fmt::format("add `include \"{}\";` to {} if its users rely on it, or point them at {}",
                      std::filesystem::path(to).lexically_relative(std::filesystem::path(file).parent_path()).string(),
                      file, to));
      finding.file = sides_.head->display_name(file);
      result_.findings.push_back(std::move(finding));
    }
  }

  // FILE_NO_DELETE, saying where the file's declarations went (and which went nowhere), and the likely
  // successor. `counterpart`: null when the file did not parse at the base.
  Finding deleted_file_finding(const FileChange& change, const Counterpart* counterpart) {
    const std::string shown = sides_.deleted_prefix + change.old_path;
    const ModuleFile* gone = old_file(change);
    std::map<std::string, std::vector<std::string>> went;  // new file -> its own declarations that went there
    std::vector<std::string> lost;
    if (counterpart != nullptr && gone != nullptr) {
      for (const std::string& name : gone->own) {
        const auto moved = std::find_if(counterpart->moved.begin(), counterpart->moved.end(),
                                        [&](const MovedDeclaration& item) { return item.name == name; });
        if (moved != counterpart->moved.end()) {
          went[moved->new_file].push_back(name);
        } else {
          lost.push_back(name);
        }
      }
    }
    std::string message = fmt::format("{}, which {} has, was deleted: code that includes it, or compiles it by name, "
                                      "breaks.",
                                      shown, sides_.base_name);
    std::string likely;
    std::size_t most = 0;
    std::vector<std::string> places;
    for (const auto& [file, names] : went) {
      places.push_back(fmt::format("{} in {}", word_list(short_names(names)), sides_.head->display_name(file)));
      if (names.size() > most) {
        most = names.size();
        likely = sides_.head->display_name(file);
      }
    }
    if (!places.empty()) message += fmt::format(" Its declarations live on ({}), and are compared there.", word_list(places, 4));
    if (!lost.empty()) {
      message += fmt::format(" {} went with it: what data needs of {} is reported on its own (TYPE_NO_DELETE).",
                             word_list(short_names(lost)), lost.size() == 1 ? "it" : "them");
    }
    if (!likely.empty()) message += fmt::format(" Its likely successor is {}.", likely);
    const std::string mapping =
        fmt::format("map the move in fbcompat.toml: [module] renames = {{ \"{}\" = \"NEW/PATH.fbs\" }}", change.old_path);
    const std::string fix =
        likely.empty()
            ? (sides_.deleted_prefix.empty()
                   ? fmt::format("restore {}; if it moved, move it with git mv (or {})", shown, mapping)
                   : fmt::format("restore {}; if it moved, {}", shown, mapping))
            : fmt::format("point includes of {} at {} (or keep {} as a file that includes it)", change.old_path, likely,
                          change.old_path);
    Finding finding = finding_of(kFileNoDelete, change.old_path, message, fix);
    finding.file = shown;
    return finding;
  }

  // A submodule left where it was, and not checked out: nothing in it changed, but it is said, not skipped.
  void unread_submodule_finding(const std::string& submodule) {
    Finding finding = finding_of(
        kFileNotChecked, submodule,
        fmt::format("{} is a submodule that is not checked out here, so its schema files are not read. {} and this "
                    "side record it at the same commit, so nothing in it changed; a file of the module that includes "
                    "one of its files is not checked either.",
                    submodule, sides_.base_name),
        fmt::format("run `git submodule update --init {}` (in CI, check out with submodules) to check it too", submodule));
    finding.file = submodule;
    result_.findings.push_back(std::move(finding));
  }

  // The caller's checks of each new schema that loads (the lock).
  void check_new_side() {
    for (const FileChange& change : sides_.changes) {
      const ModuleFile* now = new_file(change);
      if (now == nullptr) continue;
      for (const std::string& file : now->files) result_.files_read.push_back(sides_.head->display_name(file));
      if (now->ok()) {
        const Schema& unit = *now->schema;
        for (std::size_t i = 0; i < unit.files.size() && i < unit.file_texts.size(); ++i) {
          result_.new_texts.emplace(unit.files[i], unit.file_texts[i]);
        }
      }
      if (now->ok() && request_.check_new) request_.check_new(change.new_path, *now->schema, result_.findings);
    }
    std::sort(result_.files_read.begin(), result_.files_read.end());
    result_.files_read.erase(std::unique(result_.files_read.begin(), result_.files_read.end()), result_.files_read.end());
  }

  void note_tables() {
    std::set<std::string> tables;
    for (const FileChange& change : sides_.changes) {
      for (const ModuleFile* file : {new_file(change), old_file(change)}) {
        if (file == nullptr || !file->ok()) continue;
        for (const Composite& composite : file->schema->composites) {
          if (!composite.is_struct) tables.insert(composite.name);
        }
      }
    }
    result_.tables.assign(tables.begin(), tables.end());
  }

  ModuleSides& sides_;
  const ModuleDiffRequest& request_;
  ModuleModel old_side_;
  ModuleModel new_side_;
  std::vector<UnparsedFile> unparsed_;
  ModuleDiff result_;
};

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

}  // namespace

Expected<ModuleDiff> diff_module(const ModuleDiffRequest& request) {
  auto sides = module_sides(request);
  if (!sides) return sides.error();
  apply_renames(sides->changes, request);
  if (!request.rewritten.empty()) sides->head = std::make_unique<RewrittenSide>(std::move(sides->head), request.rewritten);
  return ModuleComparison(*sides, request).run();
}

}  // namespace fbcompat
