#include "fbcompat/core/schema.h"
#include "golden_programs/recorded_fields.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace fbcompat {
namespace {

using nlohmann::json;

bool same_number(const json& a, const json& b) {
  const double x = a.get<double>();
  const double y = b.get<double>();
  return std::fabs(x - y) <= 1e-6 || std::fabs(x - y) <= 1e-6 * std::max(std::fabs(x), std::fabs(y));
}

bool same_leaf(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) return same_number(a, b);
  return a == b;
}


class Comparer {
 public:
  explicit Comparer(const ReflectedSchema& reader) : reader_(reader) {}

  void table(const json& recorded, const json& decoded, const reflection::Object& object, const std::string& path) {
    if (!recorded.is_object()) return;
    if (!decoded.is_object()) {
      changed(path, recorded, decoded);
      return;
    }
    for (const auto& [key, value] : recorded.items()) {
      const std::string here = path + "." + key;
      const reflection::Field* field = object.fields()->LookupByKey(key.c_str());
      if (field == nullptr) {
        result_.changed.push_back(fmt::format("{}: the reader has no field {}.{}, so the recorded value is lost", here,
                                              unqualified_name(object.name()->str()), key));
        continue;
      }
      if (field->deprecated()) {
        note_no_longer_read(fmt::format("{}.{}", object.name()->str(), key));
        continue;
      }
      const auto found = decoded.find(key);
      if (found == decoded.end()) {
        changed(here, value, json());
        continue;
      }
      this->field(value, *found, *field, decoded, here);
    }
  }

  RecordedFields take() { return std::move(result_); }

 private:
  void field(const json& recorded, const json& decoded, const reflection::Field& field, const json& decoded_table,
             const std::string& path) {
    const reflection::Type& type = *field.type();
    switch (type.base_type()) {
      case reflection::Obj:
        table(recorded, decoded, *object_at(type.index()), path);
        return;
      case reflection::Union: {
        const auto type_key = decoded_table.find(field.name()->str() + "_type");
        const reflection::Object* member = nullptr;
        if (type_key != decoded_table.end() && type_key->is_string()) {
          const reflection::Enum& e = *reader_.schema().enums()->Get(static_cast<flatbuffers::uoffset_t>(type.index()));
          for (const reflection::EnumVal* value : *e.values()) {
            if (value->name()->str() == type_key->get<std::string>()) member = reader_.union_member_object(*value);
          }
        }
        if (member == nullptr) {
          changed(path, recorded, decoded);
        } else {
          table(recorded, decoded, *member, path);
        }
        return;
      }
      case reflection::Vector:
        if (!recorded.is_array() || !decoded.is_array() || recorded.size() != decoded.size()) {
          changed(path, recorded, decoded);
          return;
        }
        for (std::size_t i = 0; i < recorded.size(); ++i) {
          const std::string here = fmt::format("{}[{}]", path, i);
          if (type.element() == reflection::Obj) {
            table(recorded[i], decoded[i], *object_at(type.index()), here);
          } else if (!same_leaf(recorded[i], decoded[i])) {
            changed(here, recorded[i], decoded[i]);
          }
        }
        return;
      default:
        if (!same_leaf(recorded, decoded)) changed(path, recorded, decoded);
        return;
    }
  }

  const reflection::Object* object_at(std::int32_t index) const {
    return reader_.schema().objects()->Get(static_cast<flatbuffers::uoffset_t>(index));
  }

  void changed(const std::string& path, const json& recorded, const json& decoded) {
    result_.changed.push_back(fmt::format("{}: recorded {}, reads {}", path, recorded.dump(-1, ' ', false, json::error_handler_t::replace),
                                          decoded.is_null() ? std::string("nothing") : decoded.dump(-1, ' ', false, json::error_handler_t::replace)));
  }

  void note_no_longer_read(const std::string& field) {
    if (std::find(result_.no_longer_read.begin(), result_.no_longer_read.end(), field) == result_.no_longer_read.end()) {
      result_.no_longer_read.push_back(field);
    }
  }

  const ReflectedSchema& reader_;
  RecordedFields result_;
};

}  // namespace

RecordedFields compare_recorded_fields(const nlohmann::json& recorded, const nlohmann::json& decoded,
                                        const ReflectedSchema& reader) {
  Comparer comparer(reader);
  comparer.table(recorded, decoded, reader.root(), unqualified_name(reader.root().name()->str()));
  return comparer.take();
}

}  // namespace fbcompat
