// Which languages flatbuffers' Parser judges a schema for. Asked for none, as fbcompat and
// `flatc --conform` ask, flatbuffers through 23.5.26 refuses union members that are not tables
// (`union U { T, S: string }`), which `flatc --cpp` and `flatc -b` accept; asked for binary schemas, it
// refuses defaults for vectors and strings, which Rust and Swift accept. fbcompat generates no code, so
// it reads a schema that either reading accepts.
#pragma once

#include <functional>
#include <memory>

#include <flatbuffers/idl.h>

namespace fbcompat {

struct LanguageParse {
  std::unique_ptr<flatbuffers::Parser> parser;
  bool parsed = false;
};

// Runs `parse` on a Parser made with `options` (no language), and when that fails, on one made for
// binary schemas. Gives the Parser that read the schema; when neither did, the one whose error is not
// about a language, or, when both are, the second with the first's message added.
LanguageParse parse_for_any_language(const flatbuffers::IDLOptions& options,
                                     const std::function<bool(flatbuffers::Parser&)>& parse);

}  // namespace fbcompat
