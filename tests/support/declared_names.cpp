#include "support/declared_names.h"

namespace fbcompat::test {

std::set<std::string> declared_names(const Schema& schema) {
  std::set<std::string> names;
  for (const Composite& composite : schema.composites) {
    names.insert(composite.name);
    for (const Field& field : composite.fields) names.insert(composite.name + "." + field.name);
  }
  for (const Enum& enumeration : schema.enums) {
    names.insert(enumeration.name);
    for (const EnumValue& value : enumeration.values) names.insert(enumeration.name + "." + value.name);
  }
  return names;
}

}  // namespace fbcompat::test
