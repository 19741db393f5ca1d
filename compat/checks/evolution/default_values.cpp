#include "evolution/default_values.h"

#include <cmath>
#include <cstdlib>

namespace fbcompat {
namespace {

bool is_null(const Field& field) { return field.optional || field.default_value == "null"; }

}  // namespace

bool same_default(const Field& old_field, const Field& new_field) {
  if (is_null(old_field) || is_null(new_field)) return is_null(old_field) == is_null(new_field);
  if (old_field.default_value == new_field.default_value) return true;
  const char* old_text = old_field.default_value.c_str();
  const char* new_text = new_field.default_value.c_str();
  char* old_end = nullptr;
  char* new_end = nullptr;
  const double old_value = std::strtod(old_text, &old_end);
  const double new_value = std::strtod(new_text, &new_end);
  if (old_end == old_text || new_end == new_text) return false;
  if (std::isnan(old_value) && std::isnan(new_value)) return true;
  // Integers beyond 2^53 lose precision as doubles: compare them exactly as integers.
  if (is_integer(old_field.type.base) && is_integer(new_field.type.base)) {
    return std::strtoull(old_text, nullptr, 0) == std::strtoull(new_text, nullptr, 0) &&
           std::strtoll(old_text, nullptr, 0) == std::strtoll(new_text, nullptr, 0);
  }
  return old_value == new_value;
}

}  // namespace fbcompat
