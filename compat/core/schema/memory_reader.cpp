#include "fbcompat/core/memory_reader.h"

#include "fbcompat/core/repository_path.h"

namespace fbcompat {

MemoryReader::MemoryReader(const SchemaTexts& texts) {
  for (const auto& [name, text] : texts) texts_[normalize_repository_path(name)] = text;
}

const std::string* MemoryReader::find(const std::string& path) const {
  const auto found = texts_.find(normalize_repository_path(path));
  return found == texts_.end() ? nullptr : &found->second;
}

bool MemoryReader::read(const std::string& path, std::string* contents) const {
  const std::string* text = find(path);
  if (text == nullptr) return false;
  *contents = *text;
  return true;
}

bool MemoryReader::exists(const std::string& path) const { return find(path) != nullptr; }

std::optional<std::uint64_t> MemoryReader::size(const std::string& path) const {
  const std::string* text = find(path);
  if (text == nullptr) return std::nullopt;
  return text->size();
}

const std::string* OverlayReader::find(const std::string& path) const {
  const auto found = replaced_.find(base_.display_name(path));
  return found == replaced_.end() ? nullptr : &found->second;
}

bool OverlayReader::read(const std::string& path, std::string* contents) const {
  if (const std::string* text = find(path)) {
    *contents = *text;
    return true;
  }
  return base_.read(path, contents);
}

bool OverlayReader::exists(const std::string& path) const { return find(path) != nullptr || base_.exists(path); }

std::optional<std::uint64_t> OverlayReader::size(const std::string& path) const {
  if (const std::string* text = find(path)) return text->size();
  return base_.size(path);
}

}  // namespace fbcompat
