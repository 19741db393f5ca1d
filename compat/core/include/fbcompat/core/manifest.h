// A schema family's version history (schemas/<family>/manifest.toml): versions oldest first, the
// releases each shipped in, the identifier its writer stamps and the identifiers its reader accepts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"

namespace fbcompat {

struct ManifestVersion {
  std::string name;                             // directory name, such as "v1.1.0"
  std::vector<std::string> releases;            // empty: not released yet
  std::string writer_identifier;                // file_identifier of the writer schema; empty: it declares none
  std::vector<std::string> reader_identifiers;  // empty: this version has no reader schema

  bool released() const { return !releases.empty(); }
  bool has_reader() const { return !reader_identifiers.empty(); }
  // "1.1.0" for a released version, else the version's name.
  std::string first_release() const { return releases.empty() ? name : releases.front(); }
  std::string last_release() const { return releases.empty() ? name : releases.back(); }
};

struct Manifest {
  std::string family;
  std::string directory;  // the directory holding manifest.toml and the version directories
  std::vector<ManifestVersion> versions;

  const ManifestVersion* find(const std::string& version_name) const;
  // Index of a version in `versions`, or nullopt.
  std::optional<std::size_t> index_of(const std::string& version_name) const;
};

// Reads and validates a manifest: unknown keys, missing keys, duplicate versions and identifiers that
// are not 4 characters are errors naming the file, line and key.
Expected<Manifest> load_manifest(const std::string& path);

}  // namespace fbcompat
