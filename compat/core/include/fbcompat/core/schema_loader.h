// Loads a .fbs file (and its includes) with flatbuffers' own Parser and normalises it into a Schema.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/memory_reader.h"
#include "fbcompat/core/schema.h"
#include "fbcompat/core/source_reader.h"

namespace fbcompat {

struct LoadOptions {
  // Searched for includes after the directory of the root file, in order (like flatc's -I).
  std::vector<std::string> include_dirs;
  // Where files are read from; the file system when null.
  const SourceReader* reader = nullptr;
  // Files larger than this are refused before they are read (limits::kSchemaFileSizeName).
  std::size_t max_file_bytes = limits::kSchemaFileSize;
  // A schema and its includes together larger than this are refused (limits::kSchemaTotalSizeName).
  std::size_t max_total_bytes = limits::kSchemaTotalSize;
  // A schema that reads more files than this, itself included, is refused (limits::kSchemaFilesName).
  // The Parser reads includes recursively, so this also bounds the include depth.
  std::size_t max_files = limits::kSchemaFiles;
  // When not empty, every included file must lie inside one of these directories (links resolved, on
  // the file system): an include that reaches outside the repository, such as "/etc/passwd" or
  // "../../secrets.fbs", is refused naming the path, and the file is never read. The root file is the
  // caller's choice and is not checked.
  std::vector<std::string> confine_to;
  // A program about to exit (the CLI's diff) can leave the Parser's memory to the end of the process, as
  // compilers leave their syntax trees: taking a large schema's Parser apart is about 5% of loading it,
  // on the diff's critical path (docs/benchmarks.md). The Parser stays reachable, so a leak checker sees
  // no leak, and is never destroyed. Not for a long-running program: each load keeps its Parser.
  bool keep_parser_until_exit = false;
};

// The version of the flatbuffers whose Parser reads schemas ("23.5.26"): what fbcompat was built with. A
// newer schema language (attributes on enum values, 64-bit offsets) needs a newer one.
std::string schema_parser_version();

// Bad input (missing file, empty or binary file, syntax error, include not found) comes back as an
// Error naming the file and, where the Parser reports one, the line and column. A syntax error in an
// included file not named *.fbs is reported without the Parser's message, which quotes the file's text:
// an include of a file that is not a schema must not print what is in it. A message of the Parser's own
// names the parser's version: the schema may be written for a newer flatbuffers.
Expected<Schema> load_schema(const std::string& path, const LoadOptions& options = {});

// Loads `root` and its includes from `texts` (file name to text), reading no file: includes resolve
// among the names as they would among files. options.reader is ignored; the other options apply.
Expected<Schema> load_schema_from_texts(const std::string& root, const SchemaTexts& texts, LoadOptions options = {});

}  // namespace fbcompat
