// A golden program's JSON description as every family reads it: parsed by RapidJSON, whose
// document the comparison on the buffer walks (recorded_fields_in_buffer.cpp). Reading the descriptions
// with nlohmann took most of golden verify's time; its tree, which words each difference
// (recorded_fields.cpp), is parsed from the same text only when a comparison on the buffer does not
// prove every value the same.
#pragma once

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "fbcompat/core/error.h"
#include "fbcompat/executorch/delegate_family.h"
#include "fbcompat/support/json_document.h"

namespace fbcompat {

class ParsedDescription final : public RecordedDescription {
 public:
  // An Error when `text` is not JSON (the line and column where it stops being JSON, and why), or when
  // its root is not an object.
  static Expected<std::unique_ptr<ParsedDescription>> parse(std::string text);

  const rapidjson::Document& document() const { return document_; }
  // nlohmann's tree of the same text, parsed on first use. Null where nlohmann refuses what RapidJSON
  // read (a number beyond a double's range, say).
  const nlohmann::json* tree() const;

 private:
  explicit ParsedDescription(std::string text)
      : text_(std::move(text)), allocator_(std::max<std::size_t>(text_.size(), 1024)), document_(&allocator_) {}

  std::string text_;
  // The document's values in blocks the size of the text, which holds them with room to spare (an
  // indented description is larger than its values), rather than RapidJSON's 64 KiB: freeing a block
  // that large makes glibc's malloc sweep all its small free blocks, a tenth of golden verify's time.
  rapidjson::MemoryPoolAllocator<> allocator_;
  rapidjson::Document document_;
  mutable std::once_flag tree_parsed_;
  mutable std::optional<nlohmann::json> tree_;
};

}  // namespace fbcompat
