// A reader schema of the XNNPACK family compiled by flatc into fbcompat, one per version in
// schemas/xnnpack/manifest.toml (compat/xnnpack/CMakeLists.txt generates each from
// compiled_reader.cpp.in, in a namespace of its own). A family loaded from a directory uses a
// version's compiled reader only when the reader schema it loaded is structurally the one compiled
// (schema_fingerprint.h); any other schema is read by reflection.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fbcompat/core/reflected_schema.h"

namespace fbcompat {

struct CompiledReader {
  const char* version;  // the manifest's name: "v1.1.0"
  // flatc's binary schema of the reader schema, for the fingerprint.
  const std::uint8_t* binary_schema;
  std::size_t binary_schema_size;
  // flatc's generated Verifier of the root table, with the Verifier's limits. Deprecated fields are
  // verified as reflection verifies them (the code is generated from the schema without that
  // attribute); the identifier is not checked.
  bool (*verify)(const std::uint8_t* buffer, std::size_t size, std::uint32_t max_depth, std::uint32_t max_tables);
};

// Every compiled reader, oldest version first (generated: compiled_readers.cpp).
const std::vector<CompiledReader>& compiled_readers();

// The compiled reader of a schema with this fingerprint (schema_fingerprint.h), or nullptr.
const CompiledReader* compiled_reader_for(const std::string& fingerprint);

}  // namespace fbcompat
