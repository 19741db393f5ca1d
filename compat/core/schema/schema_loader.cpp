#include "fbcompat/core/schema_loader.h"

#include <flatbuffers/idl.h>
#include <flatbuffers/util.h>
#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include <climits>

#include <filesystem>

#include <algorithm>
#include <cerrno>
#include <memory>
#include <mutex>
#include <regex>
#include <unordered_map>

#include "fbcompat/core/repository_path.h"
#include "schema/parser_languages.h"
#include "schema/source_locator.h"
#include "schema/text_checks.h"

namespace fbcompat {
namespace {

// flatbuffers reads includes through two global hooks. They are installed once and consult the
// loading thread's context, so that includes come from the same SourceReader as the root file and
// several schemas can load on different threads at once.
struct LoadedFile {
  std::string parser_name;  // the name the Parser gave it (what its definitions' `file` says)
  std::string path;         // the file read: the reader's path, an absolute include resolved
  std::string text;
};

// Why an include the Parser asked for could not be loaded, kept for the error the Parser then gives.
struct IncludeFailure {
  std::string path;                      // the file it found (or the last place it looked)
  std::optional<SourceProblem> problem;  // what is there instead of a schema; nullopt: nothing anywhere
  std::vector<std::string> looked_at;    // every place it looked, in order
};

struct LoadContext {
  const SourceReader* reader = nullptr;
  const LoadOptions* options = nullptr;
  std::vector<std::string> search_dirs;  // the root file's directory, then each -I directory
  std::vector<LoadedFile> files;         // in the order read
  std::size_t total_bytes = 0;           // of every file read
  std::vector<std::string> looked_at;    // the places the Parser asked about since the last load
  std::optional<IncludeFailure> include_failure;
  std::optional<Error> error;            // a problem the hooks could not report
};

thread_local LoadContext* current_context = nullptr;

// Reads one schema file, refusing it before it is loaded when the reader knows it is too large, and
// checks its text. nullopt when the file cannot be read: the caller words that.
Expected<std::optional<std::string>> read_schema_text(const SourceReader& reader, const std::string& path,
                                                      const LoadOptions& options) {
  const auto size = reader.size(path);
  if (size && *size > options.max_file_bytes) {
    return Error{reader.display_name(path), 0, 0,
                 limits::exceeded("the file is", *size, "byte", limits::kSchemaFileSizeName, options.max_file_bytes)};
  }
  std::string text;
  if (!reader.read(path, &text)) return std::optional<std::string>();
  if (auto problem = check_schema_text(text, options.max_file_bytes)) {
    return Error{reader.display_name(path), problem->line, 0, problem->message};
  }
  return std::optional<std::string>(std::move(text));
}

// Whether `path` lies inside one of `roots`. On the file system links are resolved first, so that a
// link inside the tree cannot lead out of it; other readers hold repository paths, compared as written.
bool inside_roots(const std::string& path, const std::vector<std::string>& roots, bool on_file_system) {
  namespace fs = std::filesystem;
  std::error_code ignored;
  const auto resolved = [&](const std::string& name) {
    return on_file_system ? fs::weakly_canonical(fs::absolute(name, ignored), ignored) : fs::path(name).lexically_normal();
  };
  const fs::path file = resolved(path);
  return std::any_of(roots.begin(), roots.end(), [&](const std::string& root) {
    const fs::path relative = file.lexically_relative(resolved(root.empty() ? "." : root));
    return !relative.empty() && *relative.begin() != "..";
  });
}

// flatbuffers joins an include's name to each directory it searches ("dir" + "/" + name) even when the
// name is absolute, which makes "dir//abs/x.fbs": a file under dir, or nothing, depending on how the
// root file was spelled. An absolute include names that file, wherever it is included from.
std::string include_target(const LoadContext& context, const std::string& candidate) {
  const auto absolute_after = [&](const std::string& prefix) {
    return !prefix.empty() && candidate.size() > prefix.size() + 1 && candidate.compare(0, prefix.size(), prefix) == 0 &&
           candidate[prefix.size()] == '/';
  };
  const auto target = [&](std::string directory) -> std::optional<std::string> {
    if (directory.empty()) return std::nullopt;
    directory = with_trailing_slash(directory);
    if (absolute_after(directory)) return candidate.substr(directory.size());
    // The Parser drops a leading "./" from what it joined.
    if (directory.rfind("./", 0) == 0 && absolute_after(directory.substr(2))) return candidate.substr(directory.size() - 2);
    return std::nullopt;
  };
  for (const std::string& directory : context.search_dirs) {
    if (auto found = target(directory)) return *found;
  }
  for (const LoadedFile& file : context.files) {
    if (auto found = target(flatbuffers::StripFileName(file.parser_name))) return *found;
  }
  return candidate;
}

Error outside_error(const LoadContext& context, const std::string& path) {
  std::vector<std::string> allowed;
  for (const std::string& root : context.options->confine_to) allowed.push_back(root.empty() ? "the repository's root" : root);
  if (allowed.empty()) allowed.push_back("the repository's root");
  return Error{context.reader->display_name(path), 0, 0,
               fmt::format("is reached by an include from {} but lies outside the directories includes may read ({}); "
                           "it was not read. Keep included schemas inside the repository, or name the directory with -I",
                           context.reader->display_name(context.files.front().path), fmt::join(allowed, ", "))};
}

bool load_file_hook(const char* name, bool /*binary*/, std::string* contents) {
  LoadContext* context = current_context;
  if (context == nullptr) return FileSystemReader().read(name, contents);
  if (context->error) return false;
  for (const LoadedFile& file : context->files) {
    if (file.parser_name == name) {
      *contents = file.text;
      return true;
    }
  }
  const std::string path = include_target(*context, name);
  std::vector<std::string> looked_at = std::move(context->looked_at);
  context->looked_at.clear();
  const LoadOptions& options = *context->options;
  const auto problem = context->reader->problem(path);
  if ((!options.confine_to.empty() && !inside_roots(path, options.confine_to, options.reader == nullptr)) ||
      (problem && problem->leads_outside)) {
    context->error = outside_error(*context, path);
    return false;
  }
  if (context->files.size() >= options.max_files) {
    context->error = Error{context->reader->display_name(path), 0, 0,
                           limits::exceeded("the schema with its includes reads", context->files.size() + 1, "file",
                                            limits::kSchemaFilesName, options.max_files) +
                               " (the limit also bounds how deep includes nest)"};
    return false;
  }
  auto read = read_schema_text(*context->reader, path, options);
  if (!read.ok()) {
    context->error = read.error();
    return false;
  }
  if (!read.value()) {  // the Parser then says "unable to load include file", at the include: its cause is kept
    context->include_failure = IncludeFailure{path, problem, std::move(looked_at)};
    return false;
  }
  std::string text = std::move(*read.value());
  context->total_bytes += text.size();
  if (context->total_bytes > options.max_total_bytes) {
    context->error = Error{context->reader->display_name(path), 0, 0,
                           limits::exceeded("the schema with its includes is", context->total_bytes, "byte",
                                            limits::kSchemaTotalSizeName, options.max_total_bytes)};
    return false;
  }
  context->files.push_back({name, path, text});
  *contents = std::move(text);
  return true;
}

// The Parser takes the first place where an include exists, in any form: a directory, a FIFO or a
// dangling link there is the include, refused with its cause, not passed over for a file further on.
bool file_exists_hook(const char* name) {
  LoadContext* context = current_context;
  if (context == nullptr) return FileSystemReader().exists(name);
  const std::string path = include_target(*context, name);
  context->looked_at.push_back(path);
  return context->reader->exists(path) || context->reader->problem(path).has_value();
}

void install_hooks() {
  static std::once_flag once;
  std::call_once(once, [] {
    flatbuffers::SetLoadFileFunction(load_file_hook);
    flatbuffers::SetFileExistsFunction(file_exists_hook);
  });
}

// The Parser cannot tell a mistake from a construct of a newer schema language than its own (enum value
// attributes, 64-bit offsets): a syntax error says which parser read it, and what follows if the schema
// is newer than it.
std::string newer_language_hint() {
  return fmt::format(" (read by the schema parser of flatbuffers {}: if the schema is written for a newer "
                     "flatbuffers, fbcompat must be built with that one)",
                     schema_parser_version());
}

// An include the Parser could not load, in the words of its real cause, at the include statement.
std::string include_failure_message(const std::string& include, const IncludeFailure& failure, const SourceReader& reader,
                                    const std::vector<LoadedFile>& loaded) {
  if (failure.problem) {
    return fmt::format("cannot include \"{}\": {} {}", include, reader.display_name(failure.path), failure.problem->cause);
  }
  std::vector<std::string> places;
  for (const std::string& place : failure.looked_at) {  // the including files are asked about too: left out
    if (std::any_of(loaded.begin(), loaded.end(), [&](const LoadedFile& file) { return file.path == place; })) continue;
    const std::string shown = reader.display_name(place);
    if (std::find(places.begin(), places.end(), shown) == places.end()) places.push_back(shown);
  }
  if (places.empty()) places.push_back(reader.display_name(failure.path));
  return fmt::format("cannot include \"{}\": no such file (looked for {}; an include is found beside the including "
                     "file or in a -I directory)",
                     include, fmt::join(places, ", "));
}

// The reader of files named as they are on the file system, when LoadOptions names none.
const SourceReader& file_system_reader() {
  static const FileSystemReader reader;
  return reader;
}

// The Parser reports "file:line: column: error: message"; split it so it reads like our errors.
Error parser_error(const std::string& text, const std::string& root_path, const LoadContext& context) {
  const SourceReader& reader = *context.reader;
  static const std::regex located(R"(^(.*):(\d+): ?(\d+): error: (.*)$)");
  std::string last_error_line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (line.find("error:") != std::string::npos) last_error_line = line;
    start = end + 1;
  }
  std::smatch match;
  if (!std::regex_match(last_error_line, match, located)) {
    return Error{reader.display_name(root_path), 0, 0,
                 (text.empty() ? std::string("the schema could not be parsed") : text) + newer_language_hint()};
  }
  std::string file = match[1].str();
  // The Parser names a file by an absolute path it makes from the current directory; a reader's file
  // (a repository path) is shown by the name fbcompat gave it, wherever the command runs.
  char cwd[PATH_MAX];
  if (&reader != &file_system_reader() && !file.empty() && file.front() == '/' && ::getcwd(cwd, sizeof cwd) != nullptr) {
    const std::string prefix = with_trailing_slash(cwd);
    if (file.compare(0, prefix.size(), prefix) == 0) file = file.substr(prefix.size());
  }
  // The Parser may name a file by the absolute path it made: shown as it was named.
  namespace fs = std::filesystem;
  std::error_code ignored;
  const fs::path reported = fs::path(file).lexically_normal();
  for (const LoadedFile& loaded : context.files) {
    if (loaded.parser_name == file ||
        (&reader == &file_system_reader() && fs::absolute(loaded.parser_name, ignored).lexically_normal() == reported)) {
      file = loaded.path;
      break;
    }
  }
  const auto line = static_cast<std::uint32_t>(std::stoul(match[2].str()));
  const auto column = static_cast<std::uint32_t>(std::stoul(match[3].str()));
  // An include the Parser could not find or load: the cause the hooks found, not a syntax error.
  static const std::regex include_failed(R"(^unable to (?:load|locate) include file: (.*)$)");
  std::smatch include;
  const std::string message = match[4].str();
  if (std::regex_match(message, include, include_failed)) {
    const IncludeFailure failure = context.include_failure.value_or(IncludeFailure{include[1].str(), std::nullopt, {}});
    return Error{reader.display_name(file), line, column, include_failure_message(include[1].str(), failure, reader, context.files)};
  }
  // The Parser's messages quote the text they stopped at: of an included file that is not a schema
  // (a key, a password file) nothing but the place is shown.
  const bool schema_file = file == root_path || (file.size() > 4 && file.compare(file.size() - 4, 4, ".fbs") == 0);
  return Error{reader.display_name(file), line, column,
               schema_file ? message + newer_language_hint()
                           : "is included as a schema but does not parse as one; it is not named *.fbs, so its text is not shown"};
}

// LoadOptions::keep_parser_until_exit: Parsers held by a list that is never destroyed, so that no
// destructor frees them at exit either.
void keep_until_exit(std::unique_ptr<flatbuffers::Parser> parser) {
  static std::mutex guard;
  static auto* const kept = new std::vector<std::unique_ptr<flatbuffers::Parser>>();
  const std::lock_guard<std::mutex> lock(guard);
  kept->push_back(std::move(parser));
}

std::string qualified_name(const flatbuffers::Definition& definition) {
  if (definition.defined_namespace == nullptr) return definition.name;
  return definition.defined_namespace->GetFullyQualifiedName(definition.name);
}

BaseType convert_base_type(flatbuffers::BaseType type) {
  switch (type) {
    case flatbuffers::BASE_TYPE_NONE: return BaseType::None;
    case flatbuffers::BASE_TYPE_UTYPE: return BaseType::UType;
    case flatbuffers::BASE_TYPE_BOOL: return BaseType::Bool;
    case flatbuffers::BASE_TYPE_CHAR: return BaseType::Byte;
    case flatbuffers::BASE_TYPE_UCHAR: return BaseType::UByte;
    case flatbuffers::BASE_TYPE_SHORT: return BaseType::Short;
    case flatbuffers::BASE_TYPE_USHORT: return BaseType::UShort;
    case flatbuffers::BASE_TYPE_INT: return BaseType::Int;
    case flatbuffers::BASE_TYPE_UINT: return BaseType::UInt;
    case flatbuffers::BASE_TYPE_LONG: return BaseType::Long;
    case flatbuffers::BASE_TYPE_ULONG: return BaseType::ULong;
    case flatbuffers::BASE_TYPE_FLOAT: return BaseType::Float;
    case flatbuffers::BASE_TYPE_DOUBLE: return BaseType::Double;
    case flatbuffers::BASE_TYPE_STRING: return BaseType::String;
    case flatbuffers::BASE_TYPE_VECTOR: return BaseType::Vector;
    case flatbuffers::BASE_TYPE_STRUCT: return BaseType::Struct;
    case flatbuffers::BASE_TYPE_UNION: return BaseType::Union;
    case flatbuffers::BASE_TYPE_ARRAY: return BaseType::Array;
    // Types that only newer parsers declare, so they cannot be named here: flatbuffers 23.5's
    // BASE_TYPE_VECTOR64 is mapped by convert_type, through flatbuffers::IsVector.
    default: break;
  }
  return BaseType::None;
}

std::map<std::string, std::string> convert_attributes(const flatbuffers::SymbolTable<flatbuffers::Value>& attributes) {
  std::map<std::string, std::string> result;
  for (const auto& [key, value] : attributes.dict) result.emplace(key, value->constant);
  return result;
}

bool is_hidden_union_type_field(const flatbuffers::FieldDef& field) {
  const auto& type = field.value.type;
  return type.base_type == flatbuffers::BASE_TYPE_UTYPE ||
         (type.base_type == flatbuffers::BASE_TYPE_VECTOR && type.element == flatbuffers::BASE_TYPE_UTYPE);
}

class ModelBuilder {
 public:
  ModelBuilder(const flatbuffers::Parser& parser, const LoadContext& context, const std::string& root_path)
      : parser_(parser) {
    // Files by the Parser's names for them (its definitions' `file`), shown as read.
    schema_.files.push_back(context.reader->display_name(root_path));
    schema_.file_texts.push_back(context.files.front().text);
    file_index_.emplace(root_path, 0);
    for (const LoadedFile& file : context.files) {
      if (file.parser_name == root_path || file_index_.count(file.parser_name)) continue;
      file_index_.emplace(file.parser_name, static_cast<std::uint32_t>(schema_.files.size()));
      schema_.files.push_back(context.reader->display_name(file.path));
      schema_.file_texts.push_back(file.text);
    }
    // Root file last: for keys declared in several files (root_type), the root file's wins, as in the Parser.
    for (const LoadedFile& file : context.files) {
      if (file.parser_name != root_path) locator_.scan(file.text, file_index_.at(file.parser_name));
    }
    for (const LoadedFile& file : context.files) {
      if (file.parser_name == root_path) locator_.scan(file.text, 0);
    }
  }

  Schema build() && {
    for (const flatbuffers::Namespace* name_space : parser_.namespaces_) {
      std::string dotted;
      for (const std::string& component : name_space->components) dotted += (dotted.empty() ? "" : ".") + component;
      if (!dotted.empty() && std::find(schema_.namespaces.begin(), schema_.namespaces.end(), dotted) == schema_.namespaces.end()) {
        schema_.namespaces.push_back(dotted);
      }
    }
    schema_.composites.reserve(parser_.structs_.vec.size());
    schema_.enums.reserve(parser_.enums_.vec.size());
    for (const flatbuffers::StructDef* definition : parser_.structs_.vec) add_composite(*definition);
    for (const flatbuffers::EnumDef* definition : parser_.enums_.vec) add_enum(*definition);
    for (const flatbuffers::ServiceDef* definition : parser_.services_.vec) add_service(*definition);
    schema_.file_identifier = parser_.file_identifier_;
    schema_.file_identifier_location = or_unknown(locator_.file_identifier(), 0);
    if (parser_.root_struct_def_ != nullptr) {
      schema_.root_type = qualified_name(*parser_.root_struct_def_);
      schema_.root_type_location = or_unknown(locator_.root_type(), 0);
    }
    schema_.build_index();
    return std::move(schema_);
  }

 private:
  // Qualified names, built once per definition: every field that refers to a type asks for its name.
  const std::string& name_of(const flatbuffers::Definition& definition) {
    auto found = names_.find(&definition);
    if (found == names_.end()) found = names_.emplace(&definition, qualified_name(definition)).first;
    return found->second;
  }

  Type convert_type(const flatbuffers::Type& type) {
    Type result;
    // IsVector covers flatbuffers 23.5's BASE_TYPE_VECTOR64 too, which older parsers do not declare.
    result.base = flatbuffers::IsVector(type) ? BaseType::Vector : convert_base_type(type.base_type);
    result.element = convert_base_type(type.element);
    result.fixed_length = type.fixed_length;
    if (type.struct_def != nullptr) {
      result.ref = name_of(*type.struct_def);
      result.ref_is_table = !type.struct_def->fixed;
    } else if (type.enum_def != nullptr) {
      result.ref = name_of(*type.enum_def);
    }
    return result;
  }

  std::uint32_t file_of(const flatbuffers::Definition& definition) const {
    const auto found = file_index_.find(definition.file);
    return found == file_index_.end() ? 0 : found->second;
  }

  static SourceLocation or_unknown(const std::optional<SourceLocation>& location, std::uint32_t fallback_file) {
    return location ? *location : SourceLocation{fallback_file, 0, 0};
  }

  void add_composite(const flatbuffers::StructDef& definition) {
    Composite composite;
    composite.name = name_of(definition);
    composite.is_struct = definition.fixed;
    composite.byte_size = definition.fixed ? definition.bytesize : 0;
    composite.alignment = definition.fixed ? definition.minalign : 1;
    composite.attributes = convert_attributes(definition.attributes);
    composite.location = or_unknown(locator_.declaration(composite.name), file_of(definition));
    composite.fields.reserve(definition.fields.vec.size());
    for (const flatbuffers::FieldDef* field_definition : definition.fields.vec) {
      if (is_hidden_union_type_field(*field_definition)) continue;
      Field field;
      field.name = field_definition->name;
      field.type = convert_type(field_definition->value.type);
      if (definition.fixed) {
        field.offset = field_definition->value.offset;
      } else {
        field.slot = static_cast<std::uint16_t>((field_definition->value.offset - 4) / 2);
      }
      if (is_scalar(field.type.base)) field.default_value = field_definition->value.constant;
      field.deprecated = field_definition->deprecated;
      field.required = field_definition->IsRequired();
      field.optional = field_definition->IsOptional() && is_scalar(field.type.base);
      field.key = field_definition->key;
      field.attributes = convert_attributes(field_definition->attributes);
      // The attributes, not the parser's own flags: read the same way by every parser that accepts them.
      if (field.attributes.count("vector64")) {
        field.type.offset = OffsetWidth::Vector64;
      } else if (field.attributes.count("offset64")) {
        field.type.offset = OffsetWidth::Offset64;
      }
      field.explicit_id = field.attributes.count("id") != 0;
      field.location = or_unknown(locator_.member(composite.name, field.name), composite.location.file);
      composite.fields.push_back(std::move(field));
    }
    auto by_slot = [](const Field& a, const Field& b) { return a.slot < b.slot; };
    if (!composite.is_struct && !std::is_sorted(composite.fields.begin(), composite.fields.end(), by_slot)) {
      std::stable_sort(composite.fields.begin(), composite.fields.end(), by_slot);
    }
    schema_.composites.push_back(std::move(composite));
  }

  void add_enum(const flatbuffers::EnumDef& definition) {
    Enum result;
    result.name = name_of(definition);
    result.is_union = definition.is_union;
    result.underlying = convert_base_type(definition.underlying_type.base_type);
    result.attributes = convert_attributes(definition.attributes);
    result.bit_flags = result.attributes.count("bit_flags") != 0;
    result.location = or_unknown(locator_.declaration(result.name), file_of(definition));
    result.values.reserve(definition.size());
    for (const flatbuffers::EnumVal* value : definition.Vals()) {
      if (definition.is_union && value->IsZero()) continue;  // the implicit NONE
      EnumValue converted;
      converted.name = value->name;
      converted.value = value->GetAsInt64();
      if (definition.is_union) {
        if (value->union_type.struct_def != nullptr) {
          converted.table = name_of(*value->union_type.struct_def);
        } else {
          converted.table = base_type_name(convert_base_type(value->union_type.base_type));
        }
      }
      converted.location = or_unknown(locator_.member(result.name, converted.name), result.location.file);
      result.values.push_back(std::move(converted));
    }
    schema_.enums.push_back(std::move(result));
  }

  void add_service(const flatbuffers::ServiceDef& definition) {
    Service service;
    service.name = name_of(definition);
    service.attributes = convert_attributes(definition.attributes);
    service.location = or_unknown(locator_.declaration(service.name), file_of(definition));
    for (const flatbuffers::RPCCall* call : definition.calls.vec) {
      RpcMethod method;
      method.name = call->name;
      method.request = call->request != nullptr ? name_of(*call->request) : std::string();
      method.response = call->response != nullptr ? name_of(*call->response) : std::string();
      method.attributes = convert_attributes(call->attributes);
      // The Parser keeps the attribute's string without its quotes, and accepts only these four values.
      const auto streaming = method.attributes.find("streaming");
      method.streaming = streaming == method.attributes.end() ? "none" : streaming->second;
      method.location = or_unknown(locator_.member(service.name, method.name), service.location.file);
      service.methods.push_back(std::move(method));
    }
    schema_.services.push_back(std::move(service));
  }

  const flatbuffers::Parser& parser_;
  Schema schema_;
  SourceLocator locator_;
  std::map<std::string, std::uint32_t> file_index_;
  std::unordered_map<const flatbuffers::Definition*, std::string> names_;
};

}  // namespace

Expected<Schema> load_schema(const std::string& path, const LoadOptions& options) {
  const SourceReader& reader = options.reader != nullptr ? *options.reader : file_system_reader();

  auto read = read_schema_text(reader, path, options);
  if (!read.ok()) return read.error();
  if (!read.value()) {
    const auto problem = reader.problem(path);
    return Error{reader.display_name(path), 0, 0,
                 problem ? problem->cause : reader.exists(path) ? std::string("cannot read the file") : std::string("no such file")};
  }
  const std::string text = std::move(*read.value());

  LoadContext context;
  context.reader = &reader;
  context.options = &options;
  context.total_bytes = text.size();
  context.files.push_back({path, path, text});
  context.search_dirs.push_back(flatbuffers::StripFileName(path));
  context.search_dirs.insert(context.search_dirs.end(), options.include_dirs.begin(), options.include_dirs.end());
  install_hooks();

  std::vector<const char*> include_pointers;
  for (const std::string& dir : context.search_dirs) include_pointers.push_back(dir.c_str());
  include_pointers.push_back(nullptr);

  flatbuffers::IDLOptions parser_options;
  parser_options.no_warnings = true;
  auto [parser, parsed] = parse_for_any_language(parser_options, [&](flatbuffers::Parser& attempt) {
    if (context.error) return false;  // a limit or a confinement, the same on every attempt
    context.files.resize(1);          // includes are read again
    context.total_bytes = text.size();
    context.looked_at.clear();
    context.include_failure.reset();
    current_context = &context;
    const bool accepted = attempt.Parse(text.c_str(), include_pointers.data(), path.c_str());
    current_context = nullptr;
    return accepted;
  });
  if (context.error) return *context.error;
  if (!parsed) return parser_error(parser->error_, path, context);
  if (parser->structs_.vec.empty() && parser->enums_.vec.empty()) {
    return Error{reader.display_name(path), 0, 0, "the schema declares no table, struct, enum or union"};
  }
  Expected<Schema> schema = ModelBuilder(*parser, context, path).build();
  if (options.keep_parser_until_exit) keep_until_exit(std::move(parser));
  return schema;
}

std::string schema_parser_version() {
  return fmt::format("{}.{}.{}", FLATBUFFERS_VERSION_MAJOR, FLATBUFFERS_VERSION_MINOR, FLATBUFFERS_VERSION_REVISION);
}

Expected<Schema> load_schema_from_texts(const std::string& root, const SchemaTexts& texts, LoadOptions options) {
  const MemoryReader reader(texts);
  options.reader = &reader;
  return load_schema(root, options);
}

}  // namespace fbcompat
