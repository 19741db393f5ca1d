// A .fbs schema loaded once with flatbuffers' Parser and kept in both of flatbuffers' forms: the
// binary reflection schema (bfbs), which verifies and reads buffers of that schema, and the Parser,
// which turns buffers into JSON (GenerateText). Buffers of any version are read this way, against
// that version's own schema, without generated code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <flatbuffers/reflection.h>

#include "fbcompat/core/error.h"
#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/union_members.h"

namespace flatbuffers {
class Parser;
}

namespace fbcompat {

class BufferWalkPlan;

// The Verifier's limits, and how many elements a vector fbcompat walks (nodes, values) may have.
struct BufferLimits {
  std::uint32_t max_depth = limits::kNestingDepth;
  std::uint32_t max_tables = 0;  // 0: limits::table_count_limit for the buffer's size
  std::uint32_t max_vector_length = limits::kVectorLength;
};

class ReflectedSchema {
 public:
  ~ReflectedSchema();
  ReflectedSchema(const ReflectedSchema&) = delete;
  ReflectedSchema& operator=(const ReflectedSchema&) = delete;

  static Expected<std::shared_ptr<const ReflectedSchema>> load(const std::string& fbs_path);

  const std::string& path() const { return path_; }
  const reflection::Schema& schema() const { return *reflection::GetSchema(bfbs_.data()); }
  const reflection::Object& root() const { return *schema().root_table(); }
  const std::string& file_identifier() const { return file_identifier_; }

  const reflection::Object* find_object(std::string_view qualified_name) const;
  const reflection::Enum* find_enum(std::string_view qualified_name) const;
  // Each union's members by type id, as buffers of this schema are read (union_members.h).
  const UnionMembers& union_members() const { return *union_members_; }
  // The object a union value of this member refers to, or nullptr.
  const reflection::Object* union_member_object(const reflection::EnumVal& member) const;

  // flatbuffers' reflection Verify of a buffer whose root is the schema's root type, after a check of
  // the unions Verify itself would crash on or misread: vectors of unions without their types, type ids
  // of unions with gaps in their values (buffer_walk_plan.h). The identifier is not checked here:
  // readers accept more than one.
  bool verify(const std::uint8_t* buffer, std::size_t size, const BufferLimits& limits = {}) const;

  enum class Defaults { Written, Omitted };

  // The buffer as strict JSON on one line, enums by name; scalars equal to their default are written
  // or left out. The buffer must have passed verify() against this schema. Deprecated fields are
  // never written: the schema does not read them. A schema with a nested flatbuffer or a FlexBuffer
  // field is refused (an Error): flatbuffers' text generator would read those bytes unverified.
  Expected<std::string> to_json(const std::uint8_t* verified_buffer, Defaults defaults = Defaults::Written) const;

  // Whether to_json would succeed and hold every value as itself: the schema has no nested flatbuffer
  // or FlexBuffer field, every union value has a known type, every float is finite and every string
  // printable ASCII. Comparisons that read the buffer instead
  // of the text (the golden programs' recorded fields) use it to know they see what the text would.
  bool renders_plainly(const std::uint8_t* verified_buffer) const;

  // JSON text encoded with this schema; the schema's identifier is stamped on the buffer.
  Expected<std::vector<std::uint8_t>> encode_json(const std::string& json, const std::string& json_name) const;

 private:
  ReflectedSchema() = default;

  std::string path_;
  std::string text_;
  std::vector<std::uint8_t> bfbs_;
  std::string file_identifier_;
  // For to_json, one per Defaults; only read after loading.
  std::unique_ptr<flatbuffers::Parser> parser_;
  std::unique_ptr<flatbuffers::Parser> sparse_parser_;
  std::unique_ptr<const UnionMembers> union_members_;
  std::string unverified_rendering_;  // a nested flatbuffer or FlexBuffer field, which to_json refuses
  // What verify, renders_plainly and to_json's check visit in a buffer, worked out from the bfbs once.
  std::unique_ptr<const BufferWalkPlan> walk_plan_;
};

// One ReflectedSchema per file, loaded on first use; safe to share between threads.
class ReflectedSchemaCache {
 public:
  Expected<std::shared_ptr<const ReflectedSchema>> get(const std::string& fbs_path);

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const ReflectedSchema>> schemas_;
};

}  // namespace fbcompat
