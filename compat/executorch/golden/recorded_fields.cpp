#include "fbcompat/core/schema.h"
#include "golden/recorded_fields.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace fbcompat {
namespace {

using nlohmann::json;

constexpr std::size_t kQuotedElements = 8;  // the longest array a difference quotes in full

bool same_number(const json& a, const json& b) {
  const double x = a.get<double>();
  const double y = b.get<double>();
  return std::fabs(x - y) <= 1e-6 || std::fabs(x - y) <= 1e-6 * std::max(std::fabs(x), std::fabs(y));
}

// A recorded key as a finding names it: quoted and escaped when it holds a control character.
std::string printable_key(const std::string& key) {
  const bool plain = std::none_of(key.begin(), key.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
  return plain ? key : fmt::format("{:?}", key);
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
      const std::string here = path + "." + printable_key(key);
      // A key with a NUL in it names no field: LookupByKey would read only up to the NUL.
      const reflection::Field* field = key.find('\0') == std::string::npos ? object.fields()->LookupByKey(key.c_str()) : nullptr;
      if (field == nullptr) {
        result_.changed.push_back(fmt::format("{}: the reader has no field {}.{}, so the recorded value is lost", here,
                                              unqualified_name(object.name()->str()), printable_key(key)));
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

  RecordedFields take() {
    std::sort(result_.no_longer_read.begin(), result_.no_longer_read.end());
    return std::move(result_);
  }

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
    result_.changed.push_back(
        fmt::format("{}: recorded {}, reads {}", path, quoted(recorded), decoded.is_null() ? std::string("nothing") : quoted(decoded)));
  }

  // A value as the finding quotes it: a scalar, or a short array of scalars, as JSON; a larger or nested
  // one by its size, which also keeps a description nested a million deep from recursing in dump().
  static std::string quoted(const json& value) {
    const bool flat_and_short = value.is_array() && value.size() <= kQuotedElements &&
                                std::none_of(value.begin(), value.end(), [](const json& element) { return element.is_structured(); });
    if (value.is_primitive() || flat_and_short) return value.dump(-1, ' ', false, json::error_handler_t::replace);
    const bool one = value.size() == 1;
    return value.is_array() ? fmt::format("an array of {} element{}", value.size(), one ? "" : "s")
                            : fmt::format("an object of {} key{}", value.size(), one ? "" : "s");
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

RecordedFields compare_recorded_trees(const nlohmann::json& recorded, const nlohmann::json& decoded,
                                      const ReflectedSchema& reader) {
  Comparer comparer(reader);
  comparer.table(recorded, decoded, reader.root(), unqualified_name(reader.root().name()->str()));
  return comparer.take();
}

}  // namespace fbcompat
