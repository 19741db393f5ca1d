#include "fbcompat/release/golden_freeze.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include <fmt/format.h>

#include "fbcompat/core/directory_lock.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/output_file.h"
#include "fbcompat/release/delegate_families.h"
#include "fbcompat/release/golden_manifest.h"
#include "golden/sha256.h"

namespace fbcompat {
namespace {

bool path_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

struct PendingFile {
  std::string relative;
  std::string contents;
  bool replace = false;  // only the manifest
};

// What a freeze has added so far, removed again unless the freeze completes: a freeze writes every
// file and its manifest entries, or nothing.
class FreezeTransaction {
 public:
  explicit FreezeTransaction(std::string root) : root_(std::move(root)) {}
  FreezeTransaction(const FreezeTransaction&) = delete;
  FreezeTransaction& operator=(const FreezeTransaction&) = delete;
  ~FreezeTransaction() {
    if (committed_) return;
    for (auto file = added_files_.rbegin(); file != added_files_.rend(); ++file) ::unlink(file->c_str());
    for (auto dir = added_dirs_.rbegin(); dir != added_dirs_.rend(); ++dir) ::rmdir(dir->c_str());
  }

  // Each file complete or absent; a program is created, never replaced (only the manifest is).
  std::optional<Error> write(const PendingFile& file) {
    const std::string target = root_ + "/" + file.relative;
    if (auto problem = create_parents(target)) return problem;
    if (auto problem =
            write_output_file(target, file.contents, file.replace ? Overwrite::Allowed : Overwrite::Refused)) {
      return problem;
    }
    if (!file.replace) added_files_.push_back(target);
    return std::nullopt;
  }

  void commit() { committed_ = true; }

 private:
  std::optional<Error> create_parents(const std::string& target) {
    std::vector<std::string> missing;
    for (auto dir = std::filesystem::path(target).parent_path(); !dir.empty() && !path_exists(dir.string());
         dir = dir.parent_path()) {
      missing.push_back(dir.string());
    }
    for (auto dir = missing.rbegin(); dir != missing.rend(); ++dir) {
      if (::mkdir(dir->c_str(), 0777) != 0 && errno != EEXIST) {
        return Error{*dir, 0, 0, fmt::format("cannot create the directory: {}", std::strerror(errno))};
      }
      added_dirs_.push_back(*dir);
    }
    return std::nullopt;
  }

  std::string root_;
  std::vector<std::string> added_files_;
  std::vector<std::string> added_dirs_;  // outermost first
  bool committed_ = false;
};

Expected<GoldenEntry> entry_for(const GoldenProgram& program, const std::string& family, const std::string& version) {
  const std::string stem = fmt::format("{}/{}/{}", family, version, program.name);
  auto digest = sha256_hex(program.pte.data(), program.pte.size());
  if (!digest) return digest.error();
  GoldenEntry entry;
  entry.path = stem + ".pte";
  entry.family = family;
  entry.version = version;
  entry.sha256 = std::move(digest.value());
  entry.size = program.pte.size();
  entry.description = stem + ".json";
  entry.purpose = program.purpose;
  entry.storage = program.storage;
  entry.payload_header_name = program.header_name;
  entry.payload_header = program.payload_header;
  entry.extended_header = program.extended_header;
  entry.nodes = program.nodes;
  entry.runnable = program.reference.has_value();
  if (program.reference) {
    entry.inputs = program.reference->inputs;
    entry.expected_outputs = program.reference->expected_outputs;
  }
  entry.exported_as = program.exported_as;
  return entry;
}

// The family and schema directory a freeze writes: as given, or the one family whose manifest lists the
// version.
Expected<FreezeOptions> resolved(const FreezeOptions& options) {
  FreezeOptions out = options;
  if (!out.family.empty()) {
    if (out.family_dir.empty()) out.family_dir = out.schemas_root + "/" + out.family;
    return out;
  }
  if (!out.family_dir.empty()) {
    auto manifest = load_manifest(out.family_dir + "/manifest.toml");
    if (!manifest) return manifest.error();
    out.family = manifest->family;
    return out;
  }
  std::vector<std::string> listing;
  for (const std::string& name : delegate_family_names()) {
    const std::string dir = out.schemas_root + "/" + name;
    if (!path_exists(dir + "/manifest.toml")) continue;
    auto manifest = load_manifest(dir + "/manifest.toml");
    if (!manifest) return manifest.error();
    if (manifest->index_of(out.version)) listing.push_back(name);
  }
  if (listing.size() != 1) {
    return Error{out.schemas_root, 0, 0,
                 listing.empty()
                     ? fmt::format("no family's manifest.toml under {} lists version {}: name the family with --family",
                                   out.schemas_root, out.version)
                     : fmt::format("version {} is a version of {}: name the one to freeze with --family", out.version,
                                   fmt::join(listing, " and "))};
  }
  out.family = listing.front();
  out.family_dir = out.schemas_root + "/" + out.family;
  return out;
}

}  // namespace

Expected<FreezeResult> freeze_golden(const FreezeOptions& given) {
  auto chosen = resolved(given);
  if (!chosen) return chosen.error();
  const FreezeOptions& options = *chosen;
  auto family = load_delegate_family(options.family, options.family_dir);
  if (!family) return family.error();
  const auto version = (*family)->manifest().index_of(options.version);
  if (!version) return Error{options.family_dir + "/manifest.toml", 0, 0, fmt::format("has no version {}", options.version)};
  // Held from reading the manifest to writing it back: a second freeze waits, then reads the
  // entries this one added.
  if (::mkdir(options.golden_dir.c_str(), 0777) != 0 && errno != EEXIST) {
    return Error{options.golden_dir, 0, 0, fmt::format("cannot create the directory: {}", std::strerror(errno))};
  }
  auto lock = DirectoryLock::acquire(options.golden_dir, "golden freeze", options.lock_patience);
  if (!lock) return lock.error();
  // A freeze adds to the family's own manifest (golden/<family>/MANIFEST.json, paths relative to it) when
  // the family has one, else to the top-level one: a manifest that is frozen history stays as it was.
  const std::string top_manifest = options.golden_dir + "/MANIFEST.json";
  const std::string family_manifest = options.golden_dir + "/" + options.family + "/MANIFEST.json";
  const bool into_family = path_exists(family_manifest);
  const std::string manifest_path = into_family ? family_manifest : top_manifest;
  const std::string prefix = into_family ? options.family + "/" : "";
  GoldenManifest manifest;
  if (path_exists(manifest_path)) {
    auto loaded = load_golden_manifest(manifest_path);
    if (!loaded) return loaded.error();
    manifest = std::move(loaded.value());
  }
  // A version already frozen gets only the programs its freeze did not write (such as those shaped as
  // its release exported them), whichever manifest lists them; what is frozen is never rewritten.
  auto listed = path_exists(top_manifest) ? load_golden_manifests(options.golden_dir) : Expected<GoldenManifest>(GoldenManifest{});
  if (!listed) return listed.error();
  std::set<std::string> frozen;
  for (const GoldenEntry& entry : listed->entries) {
    if (entry.family == options.family && entry.version == options.version) frozen.insert(entry.path);
  }

  auto programs = (*family)->golden_programs(*version);
  if (!programs) return programs.error();
  std::vector<PendingFile> pending;
  for (GoldenProgram& program : *programs) {
    auto made = entry_for(program, options.family, options.version);
    if (!made) return made.error();
    GoldenEntry entry = std::move(made.value());
    if (frozen.count(entry.path) != 0) continue;
    pending.push_back({entry.description, std::move(program.description)});
    pending.push_back({entry.path, std::string(program.pte.begin(), program.pte.end())});
    entry.path.erase(0, prefix.size());
    entry.description.erase(0, prefix.size());
    manifest.entries.push_back(std::move(entry));
  }
  if (pending.empty()) {
    return Error{manifest_path, 0, 0, fmt::format("{} is already frozen, every program of it: golden programs are never "
                                                  "rewritten",
                                                  options.version)};
  }
  for (const PendingFile& file : pending) {
    const std::string target = options.golden_dir + "/" + file.relative;
    if (path_exists(target)) return Error{target, 0, 0, "exists: golden files are history and freeze never overwrites them"};
  }
  std::sort(manifest.entries.begin(), manifest.entries.end(),
            [](const GoldenEntry& a, const GoldenEntry& b) { return a.path < b.path; });
  pending.push_back({prefix + "MANIFEST.json", golden_manifest_json(manifest), true});

  FreezeResult result;
  result.family = options.family;
  FreezeTransaction transaction(options.golden_dir);
  for (const PendingFile& file : pending) {
    if (auto problem = transaction.write(file)) {
      return Error{problem->file, problem->line, problem->column,
                   problem->message + "; the freeze wrote nothing (every file it had added is removed)"};
    }
    result.written.push_back(file.relative);
  }
  transaction.commit();
  return result;
}

}  // namespace fbcompat
