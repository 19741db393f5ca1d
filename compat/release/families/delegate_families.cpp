#include "fbcompat/release/delegate_families.h"

#include <fmt/format.h>

#include "fbcompat/xnnpack/delegate.h"

namespace fbcompat {
namespace {

struct KnownFamily {
  const char* name;
  Expected<std::unique_ptr<DelegateFamily>> (*load)(const std::string& family_dir);
  std::unique_ptr<DelegateFamily> (*without_schemas)();
};

const std::vector<KnownFamily>& known_families() {
  static const std::vector<KnownFamily> families{
      {xnnpack::kFamilyName, xnnpack::load_delegate_family, xnnpack::delegate_family_without_schemas},
  };
  return families;
}

}  // namespace

std::vector<std::string> delegate_family_names() {
  std::vector<std::string> names;
  for (const KnownFamily& family : known_families()) names.emplace_back(family.name);
  return names;
}

Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& name, const std::string& family_dir) {
  for (const KnownFamily& family : known_families()) {
    if (name == family.name) return family.load(family_dir);
  }
  return Error{family_dir, 0, 0,
               fmt::format("no delegate family named '{}' (fbcompat knows {})", name, fmt::join(delegate_family_names(), ", "))};
}

std::vector<std::unique_ptr<DelegateFamily>> delegate_families_without_schemas() {
  std::vector<std::unique_ptr<DelegateFamily>> families;
  for (const KnownFamily& family : known_families()) families.push_back(family.without_schemas());
  return families;
}

}  // namespace fbcompat
