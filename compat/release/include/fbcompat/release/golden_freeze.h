// `golden freeze`: writes a version's golden programs once. The delegate family builds them from its
// catalogue with that version's writer schema (for XNNPACK: each graph described in JSON, kept beside
// the program as <name>.json, encoded, wrapped in a payload and a .pte); freeze records each in
// golden/MANIFEST.json with its sha256, node names and, for runnable programs, inputs and reference
// outputs. Existing files are history: freezing refuses to overwrite any of them, and refuses a
// version already in the manifest. A freeze is a transaction: it holds the golden directory's lock
// (directory_lock.h) for its whole run, and on any failure removes every file it added.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"

namespace fbcompat {

struct FreezeOptions {
  std::string golden_dir = "golden";
  // The delegate family (delegate_families.h); empty: the family whose manifest.toml (in family_dir, or
  // else in <schemas_root>/<family> for each family) lists the version, when exactly one does.
  std::string family;
  std::string family_dir;  // holds manifest.toml and <version>/schema.fbs; empty: <schemas_root>/<family>
  std::string schemas_root = "schemas";
  std::string version;
  // How long to wait for another freeze of the same directory before refusing.
  std::chrono::milliseconds lock_patience = std::chrono::seconds(120);
};

struct FreezeResult {
  std::string family;                // the family frozen
  std::vector<std::string> written;  // paths relative to golden_dir, the manifest last
};

Expected<FreezeResult> freeze_golden(const FreezeOptions& options);

}  // namespace fbcompat
