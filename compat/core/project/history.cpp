#include "fbcompat/core/history.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "fbcompat/core/git_changes.h"
#include "fbcompat/core/git_source.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/support/parallel_for.h"
#include "fbcompat/core/schema_numbers.h"
#include "project/version_order.h"

namespace fbcompat {

std::optional<std::size_t> History::role_index(const std::string& role) const {
  for (std::size_t i = 0; i < roles.size(); ++i) {
    if (roles[i] == role) return i;
  }
  return std::nullopt;
}

const Schema* History::schema(std::size_t version, std::size_t role) const {
  if (version >= versions.size() || role >= versions[version].schemas.size()) return nullptr;
  const auto& schema = versions[version].schemas[role];
  return schema ? &*schema : nullptr;
}

namespace {

struct LoadJob {
  std::size_t version;
  std::size_t role;
  std::string path;
  LoadOptions options;
};

// Parses every file once, on every core: versions are independent.
std::optional<Error> load_all(const std::vector<LoadJob>& jobs, History& history, unsigned threads) {
  std::vector<std::optional<Expected<Schema>>> results(jobs.size());
  parallel_for(jobs.size(), threads, [&](std::size_t j) { results[j].emplace(load_schema(jobs[j].path, jobs[j].options)); });
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    Expected<Schema>& result = *results[j];
    if (!result) return result.error();
    history.versions[jobs[j].version].schemas[jobs[j].role] = std::move(result.value());
  }
  return std::nullopt;
}

}  // namespace

Expected<History> load_history(const HistoryConfig& family, unsigned threads) {
  auto manifest = load_manifest(family.manifest_path());
  if (!manifest) return manifest.error();
  History history;
  history.family = family.name;
  history.roles = {"writer", "reader"};
  history.role_files = {family.writer, family.reader};
  std::vector<LoadJob> jobs;
  for (std::size_t i = 0; i < manifest->versions.size(); ++i) {
    const ManifestVersion& entry = manifest->versions[i];
    HistoryVersion version;
    version.name = entry.name;
    version.releases = entry.releases;
    version.shipped = entry.released() || i + 1 == manifest->versions.size();
    version.writer_identifier = entry.writer_identifier;
    version.reader_identifiers = entry.reader_identifiers;
    for (const std::string& identifier : family.accept_identifiers) {
      if (entry.has_reader() && std::find(version.reader_identifiers.begin(), version.reader_identifiers.end(),
                                          identifier) == version.reader_identifiers.end()) {
        version.reader_identifiers.push_back(identifier);
      }
    }
    version.schemas.resize(2);
    history.versions.push_back(std::move(version));
    jobs.push_back({i, 0, family.writer_path(entry.name), {}});
    if (entry.has_reader()) jobs.push_back({i, 1, family.reader_path(entry.name), {}});
  }
  LoadOptions options;
  options.include_dirs = family.include_dirs;
  for (LoadJob& job : jobs) job.options = options;
  if (auto error = load_all(jobs, history, threads)) return *error;
  return history;
}

Expected<History> load_git_history(const std::string& repository_path, const std::string& path,
                                   const std::vector<std::string>& ref_specs, const std::vector<std::string>& include_dirs,
                                   unsigned threads) {
  auto repository = GitRepository::open(repository_path, /*search_up=*/false);
  if (!repository) return repository.error();
  std::vector<std::string> refs;
  for (const std::string& spec : ref_specs) {
    if (spec.find_first_of("*?[") == std::string::npos) {
      refs.push_back(spec);
      continue;
    }
    std::vector<std::string> matched = (*repository)->refs_matching(spec);
    if (matched.empty()) return Error{repository_path, 0, 0, fmt::format("no ref matches '{}'", spec)};
    std::sort(matched.begin(), matched.end(), version_less);
    refs.insert(refs.end(), matched.begin(), matched.end());
  }
  if (refs.empty()) return Error{repository_path, 0, 0, "no refs to audit: give --refs A,B,C or a glob such as v*"};

  History history;
  history.family = path;
  history.roles = {"schema"};
  history.role_files = {path.substr(path.find_last_of('/') + 1)};
  std::vector<std::shared_ptr<GitTreeReader>> trees;  // alive while loading, oldest first
  for (const std::string& ref : refs) {
    auto tree = GitTreeReader::open(*repository, ref);
    if (!tree) return tree.error();
    trees.push_back(std::move(tree.value()));
  }
  // The file's path at each ref, followed back from the newest across renames (git's detection between
  // consecutive refs); empty where it did not exist.
  std::vector<std::string> paths_at(trees.size());
  std::string current = path;
  for (std::size_t i = trees.size(); i-- > 0;) {
    if (!current.empty() && !trees[i]->exists(current) && i + 1 < trees.size() && !paths_at[i + 1].empty()) {
      const auto dot = path.find_last_of('.');
      auto changes = file_changes_between(*trees[i], *trees[i + 1], dot == std::string::npos ? "" : path.substr(dot));
      if (!changes) return changes.error();
      for (const FileChange& change : *changes) {
        if (change.kind == FileChangeKind::Renamed && change.new_path == current) {
          history.notes.push_back(fmt::format("{} was {} at {}: followed across the rename", current, change.old_path,
                                              trees[i]->ref()));
          current = change.old_path;
        }
      }
    }
    if (trees[i]->exists(current)) paths_at[i] = current;
  }
  std::vector<std::shared_ptr<GitTreeReader>> kept;
  std::vector<LoadJob> jobs;
  for (std::size_t i = 0; i < trees.size(); ++i) {
    const std::string& ref = trees[i]->ref();
    if (paths_at[i].empty()) {
      history.notes.push_back(fmt::format("{} does not exist at {}: skipped", path, ref));
      continue;
    }
    kept.push_back(trees[i]);
    HistoryVersion version;
    version.name = ref;
    version.releases = {ref};
    version.shipped = true;
    version.schemas.resize(1);
    LoadJob job{history.versions.size(), 0, paths_at[i], {}};
    job.options.reader = kept.back().get();
    for (const std::string& dir : include_dirs) job.options.include_dirs.push_back(dir + "/");
    jobs.push_back(std::move(job));
    history.versions.push_back(std::move(version));
  }
  if (history.versions.empty()) return Error{repository_path, 0, 0, fmt::format("{} exists at none of the refs", path)};
  if (auto error = load_all(jobs, history, threads)) return *error;
  return history;
}

namespace {

}  // namespace

std::vector<HistoryEntry> trace_history(const History& history) {
  return trace_history(history, std::vector<bool>(history.versions.size(), true));
}

std::vector<HistoryEntry> trace_history(const History& history, const std::vector<bool>& included) {
  std::vector<HistoryEntry> entries;
  for (std::size_t role = 0; role < history.roles.size(); ++role) {
    // Open entries by key: the entry currently holding each number.
    std::map<NumberKey, std::size_t> open;
    for (std::size_t v = 0; v < history.versions.size(); ++v) {
      const Schema* schema = history.schema(v, role);
      if (schema == nullptr || !included[v]) continue;
      const std::map<NumberKey, Numbered> seen = numbered_things(*schema);
      for (auto it = open.begin(); it != open.end();) {
        if (seen.count(it->first) == 0) {
          entries[it->second].retired = v;
          it = open.erase(it);
        } else {
          ++it;
        }
      }
      for (const auto& [key, sighting] : seen) {
        auto found = open.find(key);
        if (found != open.end() && entries[found->second].name != sighting.name) {
          // The number now names something else: close the old entry, open a new one.
          entries[found->second].retired = v;
          open.erase(found);
          found = open.end();
        }
        if (found == open.end()) {
          HistoryEntry entry;
          entry.kind = std::get<0>(key);
          entry.role = role;
          entry.owner = std::get<1>(key);
          entry.number = std::get<2>(key);
          entry.name = sighting.name;
          entry.type = sighting.type;
          entry.introduced = v;
          open[key] = entries.size();
          entries.push_back(std::move(entry));
          found = open.find(key);
        }
        HistoryEntry& entry = entries[found->second];
        if (sighting.deprecated && !entry.deprecated) entry.deprecated = v;
      }
    }
  }
  std::stable_sort(entries.begin(), entries.end(), [](const HistoryEntry& a, const HistoryEntry& b) {
    return std::tie(a.role, a.kind, a.owner, a.number) < std::tie(b.role, b.kind, b.owner, b.number);
  });
  return entries;
}

}  // namespace fbcompat
