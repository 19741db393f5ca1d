#include "module/surviving_declarations.h"

#include <algorithm>

namespace fbcompat {
namespace {

// Copies declarations from one unit into another, with what they refer to, their locations renumbered
// into the target's files.
class Copier {
 public:
  explicit Copier(Schema& target) : target_(target) {}

  void copy(const std::string& name, const Schema& from) {
    if (target_.find_composite(name) != nullptr || target_.find_enum(name) != nullptr ||
        target_.find_service(name) != nullptr) {
      return;
    }
    std::vector<std::string> references;
    if (const Composite* composite = from.find_composite(name)) {
      Composite copied = *composite;
      renumber(copied.location, from);
      for (Field& field : copied.fields) {
        renumber(field.location, from);
        if (!field.type.ref.empty()) references.push_back(field.type.ref);
        if (const auto nested = field.attributes.find("nested_flatbuffer"); nested != field.attributes.end()) {
          const auto dot = name.rfind('.');
          const std::string scoped = dot == std::string::npos ? nested->second : name.substr(0, dot + 1) + nested->second;
          references.push_back(from.find_composite(scoped) != nullptr ? scoped : nested->second);
        }
      }
      target_.composites.push_back(std::move(copied));
    } else if (const Enum* enumeration = from.find_enum(name)) {
      Enum copied = *enumeration;
      renumber(copied.location, from);
      for (EnumValue& value : copied.values) {
        renumber(value.location, from);
        if (from.find_composite(value.table) != nullptr) references.push_back(value.table);
      }
      target_.enums.push_back(std::move(copied));
    } else if (const Service* service = from.find_service(name)) {
      Service copied = *service;
      renumber(copied.location, from);
      for (RpcMethod& method : copied.methods) {
        renumber(method.location, from);
        references.push_back(method.request);
        references.push_back(method.response);
      }
      target_.services.push_back(std::move(copied));
    } else {
      return;
    }
    target_.build_index();
    for (const std::string& reference : references) copy(reference, from);
  }

 private:
  void renumber(SourceLocation& location, const Schema& from) {
    const std::string& file = from.file_of(location);
    const auto found = std::find(target_.files.begin(), target_.files.end(), file);
    location.file = static_cast<std::uint32_t>(found - target_.files.begin());
    if (found != target_.files.end()) return;
    target_.files.push_back(file);
    // Its text too, as the loader keeps it: what a fix of a finding there edits.
    const auto index = static_cast<std::size_t>(std::find(from.files.begin(), from.files.end(), file) - from.files.begin());
    if (target_.file_texts.size() + 1 == target_.files.size() && index < from.file_texts.size()) {
      target_.file_texts.push_back(from.file_texts[index]);
    }
  }

  Schema& target_;
};

std::vector<std::string> declared_names(const Schema& schema) {
  std::vector<std::string> names;
  for (const Composite& composite : schema.composites) names.push_back(composite.name);
  for (const Enum& enumeration : schema.enums) names.push_back(enumeration.name);
  for (const Service& service : schema.services) names.push_back(service.name);
  return names;
}

bool holds(const Schema& schema, const std::string& name) {
  return schema.find_composite(name) != nullptr || schema.find_enum(name) != nullptr ||
         schema.find_service(name) != nullptr;
}

const SourceLocation& location_in(const Schema& schema, const std::string& name) {
  static const SourceLocation unknown;
  if (const Composite* composite = schema.find_composite(name)) return composite->location;
  if (const Enum* enumeration = schema.find_enum(name)) return enumeration->location;
  if (const Service* service = schema.find_service(name)) return service->location;
  return unknown;
}

}  // namespace

Counterpart counterpart_of(const Schema& old_unit, const ModuleModel& old_side, const Schema* new_unit,
                           const ModuleModel& new_side, const HomeCheck& is_new_home) {
  Counterpart counterpart;
  if (new_unit != nullptr) {
    counterpart.schema = *new_unit;
  } else {
    // A deleted file's identifier goes with it: FILE_NO_DELETE says so, not FILE_SAME_IDENTIFIER.
    counterpart.schema.file_identifier = old_unit.file_identifier;
  }
  counterpart.schema.build_index();
  Copier copier(counterpart.schema);
  for (const std::string& name : declared_names(old_unit)) {
    if (holds(counterpart.schema, name)) continue;
    const std::string old_file = old_side.path_of(old_unit.file_of(location_in(old_unit, name)));
    for (const DeclarationHome& home : new_side.homes_of(name)) {
      if (!is_new_home(name, old_file, home.file)) continue;
      copier.copy(name, *home.unit);
      counterpart.moved.push_back({name, old_file, home.file});
      break;
    }
  }
  // A root is a root wherever it is declared: a root_type statement that left the file for another of
  // the module keeps its buffers readable.
  const std::string& root = old_unit.root_type;
  if (!root.empty() && counterpart.schema.root_type.empty() && holds(counterpart.schema, root)) {
    const std::string moved_to = new_side.root_type_file(root);
    if (!moved_to.empty() || new_unit == nullptr) {
      counterpart.schema.root_type = root;
      counterpart.schema.root_type_location = location_in(counterpart.schema, root);
      if (!moved_to.empty()) {
        counterpart.moved.push_back(
            {"root_type " + root, old_side.path_of(old_unit.file_of(old_unit.root_type_location)), moved_to});
      }
    }
  }
  return counterpart;
}

}  // namespace fbcompat
