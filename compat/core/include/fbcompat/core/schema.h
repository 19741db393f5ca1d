// The normalised schema model: what fbcompat compares. Built from flatbuffers' own Parser by
// schema_loader.h; independent of it afterwards, so a Parser never has to outlive loading.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/source_location.h"

namespace fbcompat {

// Mirrors flatbuffers' BaseType, with names that read well in messages.
enum class BaseType : std::uint8_t {
  None,
  UType,  // a union's hidden type field
  Bool,
  Byte,
  UByte,
  Short,
  UShort,
  Int,
  UInt,
  Long,
  ULong,
  Float,
  Double,
  String,
  Vector,
  Struct,  // a struct or a table: see Type::is_table
  Union,
  Array,
};

const char* base_type_name(BaseType type);
bool is_scalar(BaseType type);
bool is_integer(BaseType type);
std::size_t scalar_size(BaseType type);

// A field's type, with named types referred to by qualified name so that two schemas compare by text.
// How a string's, vector's or table's offset is written: flatbuffers 23.5's 64-bit offsets are another
// wire format, so an offset that changes width is a changed type.
enum class OffsetWidth : std::uint8_t {
  Standard,  // 32-bit offset
  Offset64,  // (offset64): a 64-bit offset to the value
  Vector64,  // (vector64): a 64-bit offset to a vector with a 64-bit length
};

struct Type {
  BaseType base = BaseType::None;
  BaseType element = BaseType::None;  // for Vector and Array
  std::string ref;                    // qualified name of the struct, table, enum or union used
  bool ref_is_table = false;          // ref names a table (not a struct)
  std::uint16_t fixed_length = 0;     // for Array
  OffsetWidth offset = OffsetWidth::Standard;

  bool operator==(const Type& other) const {
    return base == other.base && element == other.element && ref == other.ref &&
           ref_is_table == other.ref_is_table && fixed_length == other.fixed_length && offset == other.offset;
  }
  bool operator!=(const Type& other) const { return !(*this == other); }
};

// The last component of a qualified name: "fb_xnnpack.XNodeUnion" -> "XNodeUnion".
std::string unqualified_name(const std::string& qualified_name);

// The type as a schema author writes it: `int`, `[XNode]`, `XNodeUnion`, `[short:3]`, `[ubyte] (vector64)`.
std::string type_to_string(const Type& type);

struct Field {
  std::string name;
  std::uint16_t slot = 0;  // vtable slot id; for a union field, the value's slot (its type is slot - 1)
  std::uint32_t offset = 0;  // struct fields: byte offset inside the struct
  Type type;
  std::string default_value;  // as flatbuffers normalised it: "0", "0.5", "null", an enum's number
  bool deprecated = false;
  bool required = false;
  bool optional = false;  // `= null` scalars
  bool key = false;
  bool explicit_id = false;
  std::map<std::string, std::string> attributes;  // every attribute, including the ones above
  SourceLocation location;
};

// Same declaration text, ignoring where it is written: nothing a rule could report differs.
bool same_content(const Field& a, const Field& b);

// A table or a struct.
struct Composite {
  std::string name;  // qualified
  bool is_struct = false;
  std::size_t byte_size = 0;   // structs only
  std::size_t alignment = 1;   // structs only
  std::vector<Field> fields;   // tables: by slot; structs: by offset (declaration order)
  std::map<std::string, std::string> attributes;
  SourceLocation location;

  const Field* find_field(const std::string& field_name) const;
};

struct EnumValue {
  std::string name;
  std::int64_t value = 0;  // for ulong enums, the bits of the uint64 value
  std::string table;       // unions: qualified name of the member's table
  SourceLocation location;
};

// An enum or a union (a union is an enum of type ids whose values name tables).
struct Enum {
  std::string name;  // qualified
  bool is_union = false;
  bool bit_flags = false;
  BaseType underlying = BaseType::Int;
  std::vector<EnumValue> values;  // declaration order; unions omit the implicit NONE (0)
  std::map<std::string, std::string> attributes;
  SourceLocation location;

  const EnumValue* find_value(const std::string& value_name) const;
  const EnumValue* find_number(std::int64_t number) const;
  std::string number_to_string(std::int64_t number) const;
};

bool same_content(const Composite& a, const Composite& b);
bool same_content(const Enum& a, const Enum& b);

// A method of an rpc_service. gRPC calls it by "/<namespace>.<Service>/<Method>", sending a buffer of the
// request table and receiving one of the response table.
struct RpcMethod {
  std::string name;
  std::string request;    // qualified table name
  std::string response;   // qualified table name
  std::string streaming;  // "none", "client", "server" or "bidi" (the `streaming` attribute; none when absent)
  std::map<std::string, std::string> attributes;
  SourceLocation location;
};

// An rpc_service: the methods a gRPC server offers.
struct Service {
  std::string name;  // qualified
  std::vector<RpcMethod> methods;  // declaration order
  std::map<std::string, std::string> attributes;
  SourceLocation location;

  const RpcMethod* find_method(const std::string& method_name) const;
};

struct Schema {
  std::vector<std::string> files;        // files[0] is the root file, then its includes
  std::vector<std::string> file_texts;   // each file's text as it was read, in the order of files
  std::vector<std::string> namespaces;  // every namespace declared, dotted
  std::vector<Composite> composites;     // tables and structs
  std::vector<Enum> enums;               // enums and unions
  std::vector<Service> services;         // rpc_services
  std::string file_identifier;
  SourceLocation file_identifier_location;
  std::string root_type;  // qualified; empty when the schema declares none
  SourceLocation root_type_location;

  const Composite* find_composite(const std::string& qualified_name) const;
  const Enum* find_enum(const std::string& qualified_name) const;
  const Service* find_service(const std::string& qualified_name) const;
  const std::string& file_of(const SourceLocation& location) const;

  // Lookup indexes, built by the loader (and by tests that assemble a Schema by hand).
  void build_index();

 private:
  std::map<std::string, std::size_t> composite_index_;
  std::map<std::string, std::size_t> enum_index_;
};

}  // namespace fbcompat
