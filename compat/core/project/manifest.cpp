#include "fbcompat/core/manifest.h"

#include <optional>
#include <set>

#include <fmt/format.h>

#include <toml++/toml.h>

#include "fbcompat/support/toml_file.h"

namespace fbcompat {
namespace {

Error error_at(const std::string& path, const toml::source_region& where, std::string message) {
  return Error{path, static_cast<std::uint32_t>(where.begin.line), static_cast<std::uint32_t>(where.begin.column),
               std::move(message)};
}

std::optional<Error> check_keys(const std::string& path, const toml::table& table, const std::set<std::string>& known,
                                const std::string& where) {
  for (const auto& [key, node] : table) {
    if (known.count(std::string(key.str())) == 0) {
      return error_at(path, node.source(), fmt::format("unknown key '{}' in {}", key.str(), where));
    }
  }
  return std::nullopt;
}

Expected<std::vector<std::string>> string_array(const std::string& path, const toml::table& table, const char* key) {
  const toml::node* node = table.get(key);
  if (node == nullptr) return Error{path, 0, 0, fmt::format("missing key '{}'", key)};
  const toml::array* array = node->as_array();
  if (array == nullptr) return error_at(path, node->source(), fmt::format("'{}' must be an array of strings", key));
  std::vector<std::string> values;
  for (const toml::node& element : *array) {
    const auto value = element.value<std::string>();
    if (!value) return error_at(path, element.source(), fmt::format("'{}' must be an array of strings", key));
    values.push_back(*value);
  }
  return values;
}

// A file_identifier: 4 characters, or (allow_none) "" for a schema that declares none, such as MLX's,
// whose payloads are told apart by a header's magic instead.
Expected<std::string> identifier(const std::string& path, const toml::node& node, const char* key, bool allow_none = false) {
  const auto value = node.value<std::string>();
  if (!value || (value->size() != 4 && !(allow_none && value->empty()))) {
    return error_at(path, node.source(),
                    fmt::format("'{}' must be a 4-character file_identifier{}", key,
                                allow_none ? ", or \"\" for a schema that declares none" : ""));
  }
  return *value;
}

// A version or family name names a directory inside the family's (schemas/xnnpack/<version>/) and the
// golden directory (golden/<family>/<version>/): one plain directory name, never a path that leads
// elsewhere, a hidden name, or one that cannot be shown on a line. Refused as the manifest is read, so
// that no command reads or writes through it.
std::optional<std::string> name_problem(const std::string& name) {
  if (name == "." || name == ".." || name.find('/') != std::string::npos || name.find('\\') != std::string::npos) {
    return "is not one directory name: it would lead outside the family's directory";
  }
  if (name.front() == '.') return "starts with '.': give a plain directory name (v1.5.0)";
  for (const char c : name) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return "holds a control character";
  }
  return std::nullopt;
}

}  // namespace

const ManifestVersion* Manifest::find(const std::string& version_name) const {
  for (const ManifestVersion& version : versions) {
    if (version.name == version_name) return &version;
  }
  return nullptr;
}

std::optional<std::size_t> Manifest::index_of(const std::string& version_name) const {
  for (std::size_t i = 0; i < versions.size(); ++i) {
    if (versions[i].name == version_name) return i;
  }
  return std::nullopt;
}

Expected<Manifest> load_manifest(const std::string& path) {
  auto parsed = support::parse_toml_file(path, "cannot read the file");
  if (const auto* problem = std::get_if<support::TomlProblem>(&parsed)) {
    return Error{path, problem->line, problem->column, problem->message};
  }
  const toml::table& root = std::get<toml::table>(parsed);
  if (auto problem = check_keys(path, root, {"family", "version"}, "the manifest")) return *problem;

  Manifest manifest;
  manifest.directory = path.substr(0, path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/'));
  if (manifest.directory.empty()) manifest.directory = ".";
  const auto family = root["family"].value<std::string>();
  if (!family) return Error{path, 1, 0, "missing key 'family' (the schema family's name)"};
  if (auto problem = family->empty() ? std::optional<std::string>("is empty") : name_problem(*family)) {
    return error_at(path, root["family"].node()->source(), fmt::format("family '{}' {}", *family, *problem));
  }
  manifest.family = *family;

  const toml::array* versions = root["version"].as_array();
  if (versions == nullptr || versions->empty()) return Error{path, 0, 0, "no [[version]] entries"};
  std::set<std::string> seen;
  for (const toml::node& node : *versions) {
    const toml::table* table = node.as_table();
    if (table == nullptr) return error_at(path, node.source(), "each version must be a [[version]] table");
    if (auto problem = check_keys(path, *table, {"name", "releases", "writer_identifier", "reader_identifiers"},
                                  "a [[version]]")) {
      return *problem;
    }
    ManifestVersion version;
    const auto name = (*table)["name"].value<std::string>();
    if (!name || name->empty()) return error_at(path, table->source(), "a [[version]] has no 'name'");
    if (auto problem = name_problem(*name)) {
      return error_at(path, (*table)["name"].node()->source(), fmt::format("version name '{}' {}", *name, *problem));
    }
    version.name = *name;
    if (!seen.insert(version.name).second) {
      return error_at(path, table->source(), fmt::format("version '{}' is listed twice", version.name));
    }
    auto releases = string_array(path, *table, "releases");
    if (!releases) return Error{path, static_cast<std::uint32_t>(table->source().begin.line), 0,
                                fmt::format("version '{}': {}", version.name, releases.error().message)};
    version.releases = std::move(releases.value());
    const toml::node* writer = table->get("writer_identifier");
    if (writer == nullptr) return error_at(path, table->source(), fmt::format("version '{}' has no 'writer_identifier'", version.name));
    auto writer_identifier = identifier(path, *writer, "writer_identifier", /*allow_none=*/true);
    if (!writer_identifier) return writer_identifier.error();
    version.writer_identifier = *writer_identifier;
    auto readers = string_array(path, *table, "reader_identifiers");
    if (!readers) return Error{path, static_cast<std::uint32_t>(table->source().begin.line), 0,
                               fmt::format("version '{}': {}", version.name, readers.error().message)};
    for (const std::string& reader : readers.value()) {
      if (reader.size() != 4) {
        return error_at(path, table->source(), fmt::format("version '{}': reader identifier '{}' is not 4 characters",
                                                           version.name, reader));
      }
    }
    version.reader_identifiers = std::move(readers.value());
    manifest.versions.push_back(std::move(version));
  }
  return manifest;
}

}  // namespace fbcompat
