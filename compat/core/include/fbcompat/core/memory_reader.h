// Schema text held in memory, as a SourceReader: a schema registry, a code generator or a test loads a
// schema and its includes from strings, with no file written. Names are paths relative to one root
// ("schema.fbs", "common/types.fbs"); an include resolves against the including file's directory, as
// on disk. load_schema_from_texts() (schema_loader.h) is the one-call form.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "fbcompat/core/source_reader.h"

namespace fbcompat {

// File name to schema text.
using SchemaTexts = std::map<std::string, std::string>;

class MemoryReader final : public SourceReader {
 public:
  // Names are normalised ("./a/../b.fbs" is "b.fbs").
  explicit MemoryReader(const SchemaTexts& texts);

  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  std::optional<std::uint64_t> size(const std::string& path) const override;

 private:
  const std::string* find(const std::string& path) const;
  SchemaTexts texts_;
};

// Another reader's files with some of them replaced by texts in memory, named as that reader shows them
// (display_name): a fix's rewritten files read as the rest of their side.
class OverlayReader final : public SourceReader {
 public:
  // Both must outlive the reader.
  OverlayReader(const SourceReader& base, const SchemaTexts& replaced) : base_(base), replaced_(replaced) {}

  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  std::optional<std::uint64_t> size(const std::string& path) const override;
  std::string display_name(const std::string& path) const override { return base_.display_name(path); }

 private:
  const std::string* find(const std::string& path) const;
  const SourceReader& base_;
  const SchemaTexts& replaced_;
};

}  // namespace fbcompat
