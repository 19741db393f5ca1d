#include "module/module_model.h"

#include <algorithm>

namespace fbcompat {

ModuleModel::ModuleModel(const SourceReader& reader, LoadOptions options)
    : reader_(reader), options_(std::move(options)), shown_prefix_(reader.display_name("")) {
  options_.reader = &reader_;
}

std::string ModuleModel::path_of(const std::string& shown) const {
  if (shown.compare(0, shown_prefix_.size(), shown_prefix_) == 0) return shown.substr(shown_prefix_.size());
  return shown;
}

const ModuleFile* ModuleModel::loaded(const std::string& path) const {
  const auto found = files_.find(path);
  return found == files_.end() ? nullptr : found->second.get();
}

const ModuleFile& ModuleModel::load(const std::string& path) {
  if (const ModuleFile* file = loaded(path)) return *file;
  auto file = std::make_unique<ModuleFile>();
  file->path = path;
  auto schema = load_schema(path, options_);
  if (schema) {
    file->schema = std::move(schema.value());
    for (const std::string& shown : file->schema->files) file->files.insert(path_of(shown));
    const auto own = [&](const SourceLocation& location) { return location.file == 0; };
    for (const Composite& composite : file->schema->composites) {
      if (own(composite.location)) file->own.insert(composite.name);
    }
    for (const Enum& enumeration : file->schema->enums) {
      if (own(enumeration.location)) file->own.insert(enumeration.name);
    }
    for (const Service& service : file->schema->services) {
      if (own(service.location)) file->own.insert(service.name);
    }
  } else {
    file->error = schema.error();
    file->files.insert(path);
  }
  const ModuleFile& stored = *file;
  files_.emplace(path, std::move(file));
  if (stored.ok()) index(stored);
  return stored;
}

void ModuleModel::index(const ModuleFile& file) {
  const Schema& unit = *file.schema;
  const auto note = [&](const std::string& name, const SourceLocation& location) {
    const std::string declared_in = path_of(unit.file_of(location));
    std::vector<DeclarationHome>& homes = homes_[name];
    const bool known = std::any_of(homes.begin(), homes.end(),
                                   [&](const DeclarationHome& home) { return home.file == declared_in; });
    if (!known) homes.push_back({declared_in, &unit});
  };
  for (const Composite& composite : unit.composites) note(composite.name, composite.location);
  for (const Enum& enumeration : unit.enums) note(enumeration.name, enumeration.location);
  for (const Service& service : unit.services) note(service.name, service.location);
  // The root file's own root_type: an include's is not the unit's (the Parser keeps the root file's).
  if (!unit.root_type.empty() && unit.root_type_location.file == 0) root_types_.emplace(unit.root_type, file.path);
}

std::vector<DeclarationHome> ModuleModel::homes_of(const std::string& name) const {
  const auto found = homes_.find(name);
  return found == homes_.end() ? std::vector<DeclarationHome>{} : found->second;
}

bool ModuleModel::declares(const std::string& path, const std::string& name) const {
  const auto found = homes_.find(name);
  if (found == homes_.end()) return false;
  return std::any_of(found->second.begin(), found->second.end(),
                     [&](const DeclarationHome& home) { return home.file == path; });
}

std::string ModuleModel::root_type_file(const std::string& name) const {
  const auto found = root_types_.find(name);
  return found == root_types_.end() ? std::string() : found->second;
}

}  // namespace fbcompat
