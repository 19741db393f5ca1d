// One side of the module (the base, or what is about to land): every schema file as it loads with its
// includes, or why it does not, and where each declaration is declared. Compatibility belongs to
// declarations, not to the file that happens to hold them: the module diff asks this model where a
// declaration that left a file went.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/schema.h"
#include "fbcompat/core/schema_loader.h"
#include "fbcompat/core/source_reader.h"

namespace fbcompat {

// A schema file loaded with its includes: the unit a consumer gets by including it, or flatc by compiling
// it.
struct ModuleFile {
  std::string path;               // repository path (for a directory base: relative to the directory)
  std::optional<Schema> schema;   // its declarations and its includes'
  std::optional<Error> error;     // why it does not load
  std::set<std::string> files;    // repository paths of it and every include it read
  std::set<std::string> own;      // qualified names declared in the file itself
  bool ok() const { return schema.has_value(); }
};

// Where a declaration is declared: the file, and a unit that holds it (to copy it from).
struct DeclarationHome {
  std::string file;
  const Schema* unit = nullptr;
};

class ModuleModel {
 public:
  // `options`: include directories and confinement; its reader is `reader`.
  ModuleModel(const SourceReader& reader, LoadOptions options);
  ModuleModel(const ModuleModel&) = delete;
  ModuleModel& operator=(const ModuleModel&) = delete;

  // Loads `path` once; later calls give the same file. Every declaration it holds joins the index.
  const ModuleFile& load(const std::string& path);
  const ModuleFile* loaded(const std::string& path) const;

  // The files that declare `name` among everything loaded so far (module files and their includes).
  std::vector<DeclarationHome> homes_of(const std::string& name) const;
  // Whether the file `path` declares `name` itself, as far as the files loaded so far show.
  bool declares(const std::string& path, const std::string& name) const;
  // The file whose own text says `root_type name;` among those loaded; empty when none.
  std::string root_type_file(const std::string& name) const;

  // A repository path from a name the reader shows ("git:main:schemas/a.fbs" -> "schemas/a.fbs").
  std::string path_of(const std::string& shown) const;
  const SourceReader& reader() const { return reader_; }

 private:
  void index(const ModuleFile& file);

  const SourceReader& reader_;
  LoadOptions options_;
  std::string shown_prefix_;
  std::map<std::string, std::unique_ptr<ModuleFile>> files_;
  std::map<std::string, std::vector<DeclarationHome>> homes_;  // qualified name -> declaring files
  std::map<std::string, std::string> root_types_;             // root table -> the file that names it
};

}  // namespace fbcompat
