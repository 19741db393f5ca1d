// The delegate families fbcompat knows, by name (a family's schemas in schemas/<name>/, its golden
// programs in golden/<name>/, `--family <name>`) and by the backend id its programs' delegates carry.
// A family registers in one line (delegate_families.cpp); commands find it from a program's delegates
// or from --family, never by a name written into them.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/rule.h"
#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat {

std::vector<std::string> delegate_family_names();

// The family whose programs' delegates carry `backend_id`; empty when no family does.
std::string delegate_family_for_backend(std::string_view backend_id);

// Loads the family `name` from its schema directory (manifest.toml and every version's schemas). An
// Error naming the known families when there is no such family.
Expected<std::unique_ptr<DelegateFamily>> load_delegate_family(const std::string& name, const std::string& family_dir);

// The family `name` without schemas: payloads are split, not decoded; its load checks and load check
// are the ones compiled into fbcompat.
Expected<std::unique_ptr<DelegateFamily>> delegate_family_without_schemas(const std::string& name);

// What a command opens: the families named with --family (empty: every family), each from its
// schema directory when it has one.
struct FamilySelection {
  std::vector<std::string> names;
  // --schemas: one family's schema directory, which must exist; its manifest.toml names the family
  // when `names` is empty.
  std::string schemas_dir;
  // Otherwise each family's schemas are looked for in <schemas_root>/<name>, and the family is opened
  // without them where that directory does not exist.
  std::string schemas_root = "schemas";
};
Expected<std::vector<std::unique_ptr<DelegateFamily>>> open_delegate_families(const FamilySelection& selection);

// How the runtime of family `name` dispatches on node types (runtime-check); with `name` empty, of the
// one family whose node union `schema` declares. An Error naming the families when there is none.
Expected<RuntimeDispatch> runtime_dispatch_for(const Schema& schema, const std::string& name);

// Each family's own rules, with its display name, in registration order (the rule catalogue).
struct FamilyRules {
  std::string name;          // "xnnpack"
  std::string display_name;  // "XNNPACK"
  std::vector<const RuleInfo*> rules;
};
const std::vector<FamilyRules>& delegate_family_rules();

}  // namespace fbcompat
