// Loads a .fbs file (and its includes) with flatbuffers' own Parser and normalises it into a Schema.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fbcompat/error.h"
#include "fbcompat/schema.h"
#include "fbcompat/source_reader.h"

namespace fbcompat {

struct LoadOptions {
  // Searched for includes after the directory of the root file, in order (like flatc's -I).
  std::vector<std::string> include_dirs;
  // Where files are read from; the file system when null.
  const SourceReader* reader = nullptr;
  // Files larger than this are refused before parsing.
  std::size_t max_file_bytes = 64u << 20;
  // A schema with more includes than this (counting every file read) is refused.
  std::size_t max_files = 1024;
};

// Bad input (missing file, empty or binary file, syntax error, include not found) comes back as an
// Error naming the file and, where the Parser reports one, the line and column.
Expected<Schema> load_schema(const std::string& path, const LoadOptions& options = {});

}  // namespace fbcompat
