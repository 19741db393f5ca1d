// What makes two reader schemas read a buffer alike, as text: their tables and structs with every
// field's name, id, slot, type, default and flags, their enums and unions with every value, and the
// root. Computed the same way from the schema a family loads and from the binary schema flatc
// compiled with a version's code (compiled_reader.h), so equal fingerprints mean the compiled code
// reads buffers as reflection on the loaded schema would. Names, not indices, refer to types; comments
// and file names are left out.
#pragma once

#include <string>

#include <flatbuffers/reflection.h>

namespace fbcompat {

std::string schema_fingerprint(const reflection::Schema& schema);

// One table's or struct's part of it (types it refers to by name), and one enum's or union's.
std::string object_fingerprint(const reflection::Schema& schema, const reflection::Object& object);
std::string enum_fingerprint(const reflection::Schema& schema, const reflection::Enum& e);

}  // namespace fbcompat
