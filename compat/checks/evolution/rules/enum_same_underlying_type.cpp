// ENUM_SAME_UNDERLYING_TYPE: an enum field is stored as its underlying integer. One finding for the
// enum, naming the fields that store it, rather than one type change per field.
#include <fmt/format.h>

#include "evolution/declaration_uses.h"
#include "evolution/evolution_context.h"

namespace fbcompat {

const RuleInfo kEnumSameUnderlyingType{"ENUM_SAME_UNDERLYING_TYPE", Category::Wire, Severity::Error,
                                       RuleScope::Evolution,
                                       "An enum must keep its underlying type: fields store it at that width."};

namespace {

bool is_unsigned(BaseType type) {
  return type == BaseType::UByte || type == BaseType::UShort || type == BaseType::UInt || type == BaseType::ULong;
}

// A change of signedness at the same width reads each stored value's bytes at that width: the values the
// enum declares that mean the same either way keep their meaning. True when every one of them does.
bool every_value_reads_the_same(const Enum& old_enum, BaseType new_underlying) {
  if (scalar_size(old_enum.underlying) != scalar_size(new_underlying) || !is_integer(new_underlying) ||
      new_underlying == BaseType::Bool || old_enum.underlying == BaseType::Bool) {
    return false;
  }
  const std::size_t bits = scalar_size(new_underlying) * 8;
  for (const EnumValue& value : old_enum.values) {
    // Signed to unsigned: negative values change. Unsigned to signed: values from 2^(bits-1) up change
    // (a ulong's bits are held in the int64, so past 2^63 it is negative).
    if (value.value < 0) return false;
    if (is_unsigned(old_enum.underlying) && bits < 64 && value.value >= (std::int64_t{1} << (bits - 1))) return false;
  }
  return true;
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const EnumPair& pair : context.enums) {
    if (pair.old_enum.underlying == pair.new_enum.underlying) continue;
    const std::string name = unqualified_name(pair.new_enum.name);
    if (every_value_reads_the_same(pair.old_enum, pair.new_enum.underlying)) {
      // Honest about the bytes: nothing old data holds changes meaning, only the generated code's type.
      Finding& reported = sink.report(
                  kEnumSameUnderlyingType, pair.new_enum.name, context.new_schema, pair.new_enum.location,
                  fmt::format("{} changed from {} to {}, the same width. Every value {} declares reads the same "
                              "either way, so old data keeps its meaning; generated code's type for it changes, and "
                              "a value outside the {} range can no longer be added.",
                              name, base_type_name(pair.old_enum.underlying), base_type_name(pair.new_enum.underlying),
                              name, base_type_name(pair.new_enum.underlying)),
                  fmt::format("keep `enum {} : {}`", name, base_type_name(pair.old_enum.underlying)));
      reported.severity = Severity::Warning;
      reported.category = Category::Source;
      continue;
    }
    const std::vector<std::string> uses = context.old_uses_of(pair.old_enum.name);
    const std::string where = uses.empty() ? std::string("Every field of type " + name)
                                           : fmt::format("Every field of type {} ({})", name, list_uses(uses));
    sink.report(kEnumSameUnderlyingType, pair.new_enum.name, context.new_schema, pair.new_enum.location,
                fmt::format("{} changed from {} to {}. {} in old data holds a {}-byte {}, which readers now read as a "
                            "{}-byte {}{}.",
                            name, base_type_name(pair.old_enum.underlying), base_type_name(pair.new_enum.underlying),
                            where, scalar_size(pair.old_enum.underlying), base_type_name(pair.old_enum.underlying),
                            scalar_size(pair.new_enum.underlying), base_type_name(pair.new_enum.underlying),
                            scalar_size(pair.old_enum.underlying) != scalar_size(pair.new_enum.underlying)
                                ? "; structs that contain it change layout"
                                : ""),
                fmt::format("keep `enum {} : {}`", name, base_type_name(pair.old_enum.underlying)));
  }
}

}  // namespace

extern const EvolutionRule kEnumSameUnderlyingTypeRule{kEnumSameUnderlyingType, check};

}  // namespace fbcompat
