// Which compiled reader, if any, reads like a loaded reader schema: the one whose binary schema has
// the same fingerprint. The compiled readers' fingerprints are computed once.
#include <string>
#include <utility>

#include "payload/compiled_reader.h"
#include "payload/schema_fingerprint.h"

namespace fbcompat {

const CompiledReader* compiled_reader_for(const std::string& fingerprint) {
  static const std::vector<std::pair<std::string, const CompiledReader*>> fingerprints = [] {
    std::vector<std::pair<std::string, const CompiledReader*>> all;
    for (const CompiledReader& compiled : compiled_readers()) {
      flatbuffers::Verifier verifier(compiled.binary_schema, compiled.binary_schema_size);
      if (!reflection::VerifySchemaBuffer(verifier)) continue;  // flatc's own output: never expected
      all.emplace_back(schema_fingerprint(*reflection::GetSchema(compiled.binary_schema)), &compiled);
    }
    return all;
  }();
  for (const auto& [known, compiled] : fingerprints) {
    if (known == fingerprint) return compiled;
  }
  return nullptr;
}

}  // namespace fbcompat
