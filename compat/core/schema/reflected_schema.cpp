#include "fbcompat/core/reflected_schema.h"

#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/regular_file.h"
#include "schema/buffer_walk_plan.h"
#include "schema/parser_languages.h"

#include <flatbuffers/idl.h>
#include <flatbuffers/util.h>
#include <fmt/format.h>


namespace fbcompat {
namespace {

// `languages`: those the schema was read for (parser_languages.h), so that every Parser reads it alike.
flatbuffers::IDLOptions json_options(bool write_defaults, unsigned long languages = 0) {
  flatbuffers::IDLOptions options;
  options.lang_to_generate = languages;
  options.strict_json = true;
  options.output_default_scalars_in_json = write_defaults;
  options.output_enum_identifiers = true;
  options.indent_step = -1;  // one line
  return options;
}

// flatbuffers 23.5 replaced GenerateText (true on success) with GenText (the error, or null). The call
// is found by argument-dependent lookup, so whichever the linked flatbuffers declares is the one chosen.
template <typename Parser>
auto buffer_to_json(const Parser& parser, const void* buffer, std::string* json, int)
    -> decltype(GenText(parser, buffer, json), bool()) {
  return GenText(parser, buffer, json) == nullptr;
}
template <typename Parser>
bool buffer_to_json(const Parser& parser, const void* buffer, std::string* json, long) {
  return GenerateText(parser, buffer, json);
}

Expected<std::string> read_text(const std::string& path) {
  std::string text;
  const RegularFileRead read = read_regular_file(path, limits::kSchemaFileSize, text);
  if (read.outcome != RegularFileRead::Outcome::Read) {
    return Error{path, 0, 0, "cannot read the schema: " + regular_file_problem(read, limits::kSchemaFileSizeName, limits::kSchemaFileSize)};
  }
  return text;
}

// The first field whose bytes flatbuffers' text generator reads as a buffer of their own, a nested
// flatbuffer or a FlexBuffer, without verifying them: empty when there is none. (Binary schemas leave
// these built-in attributes out, so the parser is asked.)
std::string field_rendered_unverified(const flatbuffers::Parser& parser) {
  for (const flatbuffers::StructDef* object : parser.structs_.vec) {
    for (const flatbuffers::FieldDef* field : object->fields.vec) {
      if (field->nested_flatbuffer != nullptr || field->flexbuffer) {
        return object->defined_namespace->GetFullyQualifiedName(object->name) + "." + field->name;
      }
    }
  }
  return {};
}

}  // namespace

ReflectedSchema::~ReflectedSchema() = default;

Expected<std::shared_ptr<const ReflectedSchema>> ReflectedSchema::load(const std::string& fbs_path) {
  auto text = read_text(fbs_path);
  if (!text) return text.error();
  std::shared_ptr<ReflectedSchema> loaded(new ReflectedSchema());
  loaded->path_ = fbs_path;
  loaded->text_ = std::move(text.value());
  const std::string directory = flatbuffers::StripFileName(fbs_path);
  const char* include_paths[] = {directory.c_str(), nullptr};
  const auto parse = [&](flatbuffers::Parser& parser) {
    return parser.Parse(loaded->text_.c_str(), include_paths, fbs_path.c_str());
  };
  auto [parser, parsed] = parse_for_any_language(json_options(true), parse);
  if (!parsed) return Error{fbs_path, 0, 0, "schema does not parse: " + parser->error_};
  loaded->parser_ = std::move(parser);
  loaded->sparse_parser_ = std::make_unique<flatbuffers::Parser>(json_options(false, loaded->parser_->opts.lang_to_generate));
  if (!parse(*loaded->sparse_parser_)) return Error{fbs_path, 0, 0, "schema does not parse: " + loaded->sparse_parser_->error_};
  if (loaded->parser_->root_struct_def_ == nullptr) return Error{fbs_path, 0, 0, "schema declares no root_type"};
  loaded->unverified_rendering_ = field_rendered_unverified(*loaded->parser_);
  loaded->parser_->Serialize();
  const auto& builder = loaded->parser_->builder_;
  loaded->bfbs_.assign(builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize());
  loaded->file_identifier_ = loaded->parser_->file_identifier_;
  loaded->union_members_ = std::make_unique<const UnionMembers>(loaded->schema());
  loaded->walk_plan_ = std::make_unique<const BufferWalkPlan>(loaded->schema(), *loaded->union_members_);
  return std::shared_ptr<const ReflectedSchema>(std::move(loaded));
}

const reflection::Object* ReflectedSchema::find_object(std::string_view qualified_name) const {
  return schema().objects()->LookupByKey(std::string(qualified_name).c_str());
}

const reflection::Enum* ReflectedSchema::find_enum(std::string_view qualified_name) const {
  return schema().enums()->LookupByKey(std::string(qualified_name).c_str());
}

const reflection::Object* ReflectedSchema::union_member_object(const reflection::EnumVal& member) const {
  const reflection::Type* type = member.union_type();
  if (type == nullptr || type->base_type() != reflection::Obj) return nullptr;
  const auto* objects = schema().objects();
  if (type->index() < 0 || static_cast<flatbuffers::uoffset_t>(type->index()) >= objects->size()) return nullptr;
  return objects->Get(static_cast<flatbuffers::uoffset_t>(type->index()));
}

bool ReflectedSchema::verify(const std::uint8_t* buffer, std::size_t size, const BufferLimits& limits) const {
  if (buffer == nullptr || size < 8 || size > FLATBUFFERS_MAX_BUFFER_SIZE) return false;
  const auto max_tables = limits::table_count_limit(limits.max_tables, size);
  return walk_plan_->fit_for_reflection_verify(buffer, size, limits.max_depth, max_tables) &&
         flatbuffers::Verify(schema(), root(), buffer, size, limits.max_depth, max_tables);
}

Expected<std::string> ReflectedSchema::to_json(const std::uint8_t* verified_buffer, Defaults defaults) const {
  if (!unverified_rendering_.empty()) {
    return Error{path_, 0, 0,
                 fmt::format("{} holds a nested flatbuffer or a FlexBuffer, whose bytes flatbuffers' text generator "
                             "reads without verifying them: fbcompat does not turn buffers of this schema into JSON",
                             unverified_rendering_)};
  }
  if (!walk_plan_->unions_have_types(verified_buffer, /*plain=*/false)) {
    return Error{path_, 0, 0, "corrupt buffer: a union value has no type (NONE), one its union does not have, or one "
                          "naming a member whose value is not its position (which reflection reads as another member)"};
  }
  std::string json;
  const flatbuffers::Parser& parser = defaults == Defaults::Written ? *parser_ : *sparse_parser_;
  if (!buffer_to_json(parser, verified_buffer, &json, 0)) {
    return Error{path_, 0, 0, "the buffer could not be turned into JSON"};
  }
  return json;
}

bool ReflectedSchema::renders_plainly(const std::uint8_t* verified_buffer) const {
  return unverified_rendering_.empty() && walk_plan_->unions_have_types(verified_buffer, /*plain=*/true);
}

Expected<std::vector<std::uint8_t>> ReflectedSchema::encode_json(const std::string& json, const std::string& json_name) const {
  // A fresh Parser: parsing JSON fills the Parser's builder, and this object is shared.
  flatbuffers::Parser parser(json_options(true, parser_->opts.lang_to_generate));
  const std::string directory = flatbuffers::StripFileName(path_);
  const char* include_paths[] = {directory.c_str(), nullptr};
  if (!parser.Parse(text_.c_str(), include_paths, path_.c_str())) return Error{path_, 0, 0, parser.error_};
  if (!parser.ParseJson(json.c_str(), json_name.c_str())) return Error{json_name, 0, 0, parser.error_};
  const auto& builder = parser.builder_;
  return std::vector<std::uint8_t>(builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize());
}

Expected<std::shared_ptr<const ReflectedSchema>> ReflectedSchemaCache::get(const std::string& fbs_path) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = schemas_.find(fbs_path);
  if (found != schemas_.end()) return found->second;
  auto loaded = ReflectedSchema::load(fbs_path);
  if (!loaded) return loaded.error();
  schemas_.emplace(fbs_path, loaded.value());
  return loaded.value();
}

}  // namespace fbcompat
