#include "fbcompat/executorch/recorded_fields.h"

#include <nlohmann/json.hpp>

#include "golden/parsed_description.h"
#include "golden/recorded_fields.h"

namespace fbcompat {

Expected<std::unique_ptr<RecordedDescription>> parse_recorded_description(std::string text) {
  auto parsed = ParsedDescription::parse(std::move(text));
  if (!parsed) return parsed.error();
  return std::unique_ptr<RecordedDescription>(std::move(parsed.value()));
}

Expected<RecordedFields> compare_recorded_fields(const RecordedDescription& description, const std::uint8_t* flatbuffer,
                                                 const ReflectedSchema& reader, RecordedComparison how) {
  // parse_recorded_description made it: no other RecordedDescription reaches here.
  const auto& recorded = static_cast<const ParsedDescription&>(description);
  if (how == RecordedComparison::BufferFirst) {
    if (auto same = recorded_fields_unchanged(recorded.document(), flatbuffer, reader)) return std::move(*same);
  }
  const nlohmann::json* tree = recorded.tree();
  if (tree == nullptr) return Error{"", 0, 0, "the description holds a value nlohmann's JSON parser refuses"};
  auto decoded_text = reader.to_json(flatbuffer);
  if (!decoded_text) return decoded_text.error();
  const nlohmann::json decoded = nlohmann::json::parse(*decoded_text, nullptr, false);
  if (decoded.is_discarded()) return Error{reader.path(), 0, 0, "the payload decoded by this reader is not JSON"};
  return compare_recorded_trees(*tree, decoded, reader);
}

}  // namespace fbcompat
