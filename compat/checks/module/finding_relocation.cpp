#include "module/finding_relocation.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace fbcompat {
namespace {

// A named place of the old schema: a declaration (top level) or a field or value inside one.
struct Place {
  std::string name;
  SourceLocation location;
  bool top_level = false;
};

std::vector<Place> places_of(const Schema& schema) {
  std::vector<Place> places;
  for (const Composite& composite : schema.composites) {
    places.push_back({composite.name, composite.location, true});
    for (const Field& field : composite.fields)
      places.push_back({composite.name + "." + field.name, field.location, false});
  }
  for (const Enum& enumeration : schema.enums) {
    places.push_back({enumeration.name, enumeration.location, true});
    for (const EnumValue& value : enumeration.values) {
      places.push_back({enumeration.name + "." + value.name, value.location, false});
    }
  }
  return places;
}

// Where a place of the old schema is in the new one, when it is still there under its name.
std::optional<SourceLocation> new_location_of(const std::string& name, const Schema& new_schema) {
  if (const Composite* composite = new_schema.find_composite(name)) return composite->location;
  if (const Enum* enumeration = new_schema.find_enum(name)) return enumeration->location;
  const auto dot = name.rfind('.');
  if (dot == std::string::npos) return std::nullopt;
  const std::string parent = name.substr(0, dot);
  const std::string member = name.substr(dot + 1);
  if (const Composite* composite = new_schema.find_composite(parent)) {
    if (const Field* field = composite->find_field(member)) return field->location;
  }
  if (const Enum* enumeration = new_schema.find_enum(parent)) {
    if (const EnumValue* value = enumeration->find_value(member)) return value->location;
  }
  return std::nullopt;
}

bool is_declaration(const std::string& name, const Schema& schema) {
  return schema.find_composite(name) != nullptr || schema.find_enum(name) != nullptr;
}

}  // namespace

bool located_on_old_side(const Finding& finding, const OldSide& old_side) {
  return !finding.file.empty() && finding.file.rfind(old_side.display_prefix, 0) == 0 &&
         std::find(old_side.schema.files.begin(), old_side.schema.files.end(), finding.file) !=
             old_side.schema.files.end();
}

void relocate_to_new_side(Finding& finding, const OldSide& old_side, const Schema& new_schema,
                          const std::string& new_file) {
  const std::string old_path = finding.file.substr(old_side.display_prefix.size());
  const auto old_file_index =
      static_cast<std::uint32_t>(std::find(old_side.schema.files.begin(), old_side.schema.files.end(), finding.file) -
                                 old_side.schema.files.begin());
  // A deleted declaration is placed beside the declarations around it; a deleted field or value beside
  // the fields or values around it, or its own declaration.
  const bool top_level = is_declaration(finding.subject, old_side.schema);
  const Place* before = nullptr;
  const Place* after = nullptr;
  std::optional<SourceLocation> before_at;
  std::optional<SourceLocation> after_at;
  const std::vector<Place> places = places_of(old_side.schema);
  for (const Place& place : places) {
    if (place.location.file != old_file_index || !place.location.known() || place.name == finding.subject) continue;
    if (top_level && !place.top_level) continue;
    const auto survives = new_location_of(place.name, new_schema);
    if (!survives || !survives->known()) continue;
    if (place.location.line <= finding.line && (before == nullptr || place.location.line >= before->location.line)) {
      before = &place;
      before_at = survives;
    }
    if (place.location.line > finding.line && (after == nullptr || place.location.line < after->location.line)) {
      after = &place;
      after_at = survives;
    }
  }
  const std::string was = finding.line != 0 ? fmt::format("{}:{}", old_path, finding.line) : old_path;
  finding.message += fmt::format(" At {} it was at {}.", old_side.ref, was);
  const std::optional<SourceLocation>& nearest = before_at ? before_at : after_at;
  if (nearest) {
    finding.file = new_schema.file_of(*nearest);
    finding.line = nearest->line;
    finding.column = nearest->column;
  } else {
    finding.file = new_file;
    finding.line = 0;
    finding.column = 0;
  }
}

}  // namespace fbcompat
