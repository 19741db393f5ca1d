#include "evolution/enum_messages.h"

#include <fmt/format.h>

namespace fbcompat {

std::string old_value_now_reads_as(const EnumPair& pair, std::int64_t number) {
  const EnumValue* old_value = pair.old_enum.find_number(number);
  const std::string shown = pair.old_enum.number_to_string(number);
  const std::string old_name = old_value != nullptr ? old_value->name : "?";
  if (const EnumValue* now = pair.new_enum.find_number(number)) {
    return fmt::format("Old data holding {} ({}) now reads as {}.", shown, old_name, now->name);
  }
  return fmt::format("Old data holding {} ({}) now holds a value the new schema does not name: generated code has "
                     "no name for it (EnumName returns \"\"), switches over the enum miss it, and JSON shows a bare "
                     "number instead of a name.",
                     shown, old_name);
}

}  // namespace fbcompat
