#include "module/schema_lock.h"

#include <filesystem>

#include <fmt/format.h>

#include "fbcompat/core/manifest.h"

namespace fbcompat {
namespace {

namespace fs = std::filesystem;

bool inside(const std::string& file, const std::string& directory) {
  std::error_code error;
  const std::string dir = fs::weakly_canonical(directory, error).string() + "/";
  const std::string path = fs::weakly_canonical(file, error).string();
  return path.compare(0, dir.size(), dir) == 0;
}

// A copy of a version the family has moved past (schemas/xnnpack/v0.1.0/schema.fbs) is history: the
// lock, built from every release, guards only the newest version's files and files outside version
// directories.
bool older_version_copy(const std::string& file, const HistoryConfig& family, std::vector<std::string>& files_read) {
  std::error_code error;
  if (!fs::is_regular_file(family.manifest_path(), error)) return false;
  files_read.push_back(family.manifest_path());
  auto manifest = load_manifest(family.manifest_path());
  if (!manifest || manifest->versions.empty()) return false;
  for (std::size_t i = 0; i + 1 < manifest->versions.size(); ++i) {
    if (inside(file, family.directory + "/" + manifest->versions[i].name)) return true;
  }
  return false;
}

}  // namespace

Expected<std::optional<LockGuard>> lock_for_schema(const Config& config, const std::string& schema_path,
                                                   const std::string& explicit_lock, std::vector<std::string>& files_read) {
  std::string lock_path = explicit_lock;
  if (lock_path.empty()) {
    for (const HistoryConfig& family : config.histories) {
      if (!family.lock.empty() && inside(schema_path, family.directory) &&
          !older_version_copy(schema_path, family, files_read)) {
        lock_path = family.lock;
      }
    }
  }
  if (lock_path.empty()) return std::optional<LockGuard>{};
  files_read.push_back(lock_path);
  auto lock = read_lock(lock_path);
  if (!lock) return lock.error();
  const std::string file_name = fs::path(schema_path).filename().string();
  const LockSection* section = lock->section_for_file(file_name);
  if (section == nullptr) {
    if (!explicit_lock.empty()) {
      return Error{lock_path, 0, 0, fmt::format("has no section for {} (its sections name their file)", file_name)};
    }
    return std::optional<LockGuard>{};
  }
  LockGuard guard{lock_path, *lock, *section};
  return std::optional<LockGuard>{std::move(guard)};
}

}  // namespace fbcompat
