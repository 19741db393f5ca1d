#include "fbcompat/release/delegate_families.h"

#include <sys/stat.h>

#include <algorithm>

#include <fmt/format.h>

#include "fbcompat/core/manifest.h"
#include "fbcompat/core/schema.h"

#include "fbcompat/mlx/delegate.h"
#include "fbcompat/xnnpack/delegate.h"

namespace fbcompat {
namespace {

struct KnownFamily {
  const char* name;
  Expected<std::unique_ptr<DelegateFamily>> (*load)(const std::string& family_dir);
  std::unique_ptr<DelegateFamily> (*without_schemas)();
};

// Every delegate family, one line each.
const std::vector<KnownFamily>& known_families() {
  static const std::vector<KnownFamily> families{
      {xnnpack::kFamilyName, xnnpack::load_delegate_family, xnnpack::delegate_family_without_schemas},
      {mlx::kFamilyName, mlx::load_delegate_family, mlx::delegate_family_without_schemas},
  };
  return families;
}

const KnownFamily* find_family(std::string_view name) {
  for (const KnownFamily& family : known_families()) {
    if (name == family.name) return &family;
  }
  return nullptr;
}

Error unknown_family(const std::string& name) {
  return Error{"", 0, 0,
               fmt::format("no delegate family named '{}' (fbcompat knows {})", name, fmt::join(delegate_family_names(), ", "))};
}

bool is_directory(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

// The families without schemas, made once: what every family is, for the questions that need no
// schemas (its backend id, its rules).
const std::vector<std::unique_ptr<DelegateFamily>>& bare_families() {
  static const std::vector<std::unique_ptr<DelegateFamily>> families = [] {
    std::vector<std::unique_ptr<DelegateFamily>> made;
    for (const KnownFamily& family : known_families()) made.push_back(family.without_schemas());
    return made;
  }();
  return families;
}

}  // namespace

std::vector<std::string> delegate_family_names() {
  std::vector<std::string> names;
  for (const KnownFamily& family : known_families()) names.emplace_back(family.name);
  return names;
}

std::string delegate_family_for_backend(std::string_view backend_id) {
  for (const auto& family : bare_families()) {
    if (family->backend_id() == backend_id) return std::string(family->name());
  }
  return {};
}

Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& name, const std::string& family_dir) {
  const KnownFamily* family = find_family(name);
  if (family == nullptr) return Error{family_dir, 0, 0, unknown_family(name).message};
  return family->load(family_dir);
}

Expected<std::unique_ptr<DelegateFamily>> delegate_family_without_schemas(const std::string& name) {
  const KnownFamily* family = find_family(name);
  if (family == nullptr) return unknown_family(name);
  return family->without_schemas();
}

Expected<std::vector<std::unique_ptr<DelegateFamily>>> open_delegate_families(const FamilySelection& selection) {
  std::vector<std::string> names = selection.names;
  if (names.empty() && !selection.schemas_dir.empty()) {
    // A schema directory says whose it is: its manifest names the family.
    auto manifest = load_manifest(selection.schemas_dir + "/manifest.toml");
    if (!manifest) return manifest.error();
    names = {manifest->family};
  }
  if (names.empty()) names = delegate_family_names();
  if (!selection.schemas_dir.empty() && names.size() != 1) {
    return Error{selection.schemas_dir, 0, 0,
                 fmt::format("--schemas names one family's schema directory: name that family with --family ({})",
                             fmt::join(delegate_family_names(), ", "))};
  }
  std::vector<std::unique_ptr<DelegateFamily>> opened;
  for (const std::string& name : names) {
    if (find_family(name) == nullptr) return unknown_family(name);
    const bool given = !selection.schemas_dir.empty();
    const std::string dir = given ? selection.schemas_dir : selection.schemas_root + "/" + name;
    if (given || is_directory(dir)) {
      auto loaded = load_delegate_family(name, dir);
      if (!loaded) return loaded.error();
      opened.push_back(std::move(loaded.value()));
    } else {
      opened.push_back(find_family(name)->without_schemas());
    }
  }
  return opened;
}

Expected<RuntimeDispatch> runtime_dispatch_for(const Schema& schema, const std::string& name) {
  if (!name.empty()) {
    auto family = delegate_family_without_schemas(name);
    if (!family) return family.error();
    RuntimeDispatch dispatch = (*family)->runtime_dispatch();
    if (dispatch.union_name.empty()) {
      return Error{"", 0, 0,
                   fmt::format("the {} family's runtime dispatches on no node union (its operators are named by "
                               "strings): there is no union to check its definitions against",
                               (*family)->display_name())};
    }
    return dispatch;
  }
  std::vector<std::string> unions;
  for (const auto& family : bare_families()) {
    RuntimeDispatch dispatch = family->runtime_dispatch();
    if (dispatch.union_name.empty()) continue;
    unions.push_back(fmt::format("{} ({})", dispatch.union_name, family->name()));
    const bool declared = std::any_of(schema.enums.begin(), schema.enums.end(), [&](const Enum& declaration) {
      return declaration.is_union && unqualified_name(declaration.name) == dispatch.union_name;
    });
    if (declared) return dispatch;
  }
  return Error{schema.files.empty() ? std::string() : schema.files.front(), 0, 0,
               fmt::format("declares no node union of a delegate family fbcompat knows ({}): name the union with "
                           "--union, or the family with --family",
                           fmt::join(unions, ", "))};
}

const std::vector<FamilyRules>& delegate_family_rules() {
  static const std::vector<FamilyRules> rules = [] {
    std::vector<FamilyRules> all;
    for (const auto& family : bare_families()) {
      all.push_back({std::string(family->name()), std::string(family->display_name()), family->rules()});
    }
    return all;
  }();
  return rules;
}

}  // namespace fbcompat
