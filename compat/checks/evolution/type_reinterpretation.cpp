#include "evolution/type_reinterpretation.h"

#include <fmt/format.h>

namespace fbcompat {
namespace {

bool is_signed(BaseType type) {
  return type == BaseType::Byte || type == BaseType::Short || type == BaseType::Int || type == BaseType::Long;
}

bool is_byte(BaseType type) { return type == BaseType::Byte || type == BaseType::UByte; }

TypeReinterpretation scalars(BaseType old_base, BaseType new_base) {
  if (old_base == new_base || !is_scalar(old_base) || !is_scalar(new_base)) return {};
  const std::size_t bits = scalar_size(old_base) * 8;
  if (is_integer(old_base) && is_integer(new_base) && scalar_size(old_base) == scalar_size(new_base) &&
      old_base != BaseType::Bool && new_base != BaseType::Bool) {
    if (is_signed(old_base)) {
      return {Reinterpretation::SameWidth,
              fmt::format("a negative {} reads as a {} of 2^{} more (-1 as {})", base_type_name(old_base),
                          base_type_name(new_base), bits, bits == 64 ? std::string("18446744073709551615")
                                                                     : fmt::format("{}", (std::uint64_t{1} << bits) - 1))};
    }
    return {Reinterpretation::SameWidth,
            fmt::format("a {} from 2^{} up reads as a negative {} ({} as -1)", base_type_name(old_base), bits - 1,
                        base_type_name(new_base),
                        bits == 64 ? std::string("18446744073709551615") : fmt::format("{}", (std::uint64_t{1} << bits) - 1))};
  }
  if (old_base == BaseType::Bool && is_byte(new_base)) return {Reinterpretation::SameBytes, ""};
  if (is_byte(old_base) && new_base == BaseType::Bool) {
    return {Reinterpretation::SameWidth, fmt::format("a {} other than 0 and 1 reads as true", base_type_name(old_base))};
  }
  return {};
}

}  // namespace

TypeReinterpretation reinterpretation(const Type& old_type, const Type& new_type) {
  if (old_type.offset != new_type.offset) return {};
  if (is_scalar(old_type.base) && is_scalar(new_type.base)) return scalars(old_type.base, new_type.base);
  if (old_type.base == BaseType::Vector && new_type.base == BaseType::Vector) {
    TypeReinterpretation elements = scalars(old_type.element, new_type.element);
    if (!elements.values.empty()) elements.values = "in each element, " + elements.values;
    return elements;
  }
  // A string is its bytes and a terminating zero after them: read as bytes, it is the same bytes.
  if (old_type.base == BaseType::String && new_type.base == BaseType::Vector && is_byte(new_type.element)) {
    return {Reinterpretation::SameBytes, ""};
  }
  return {};
}

std::string wire_break(const Type& old_type, const Type& new_type) {
  const bool bytes = old_type.base == BaseType::Vector && is_byte(old_type.element);
  if (bytes && new_type.base == BaseType::String) {
    return "old data's byte vectors end without the zero byte a string must end with, so the Verifier rejects old "
           "buffers (and bytes that are not UTF-8 are no string either)";
  }
  if (is_scalar(old_type.base) && is_scalar(new_type.base) && scalar_size(old_type.base) != scalar_size(new_type.base)) {
    return fmt::format("reading {} bytes where old data stored {}: the value is garbage", scalar_size(new_type.base),
                       scalar_size(old_type.base));
  }
  if (is_scalar(old_type.base) && is_scalar(new_type.base)) {
    return "reading an integer's bytes as a floating-point number (or the reverse): the value is garbage";
  }
  return "reading garbage or failing verification";
}

}  // namespace fbcompat
