// Every version of the XNNPACK schema family (schemas/xnnpack/manifest.toml), each with its writer
// and reader schema loaded for reflection, and which versions' runtimes can load a given payload.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/core/reflected_schema.h"

namespace fbcompat {

struct CompiledReader;
struct ReaderPlan;

struct XnnpackVersion {
  ManifestVersion info;
  std::shared_ptr<const ReflectedSchema> writer;  // schema.fbs
  // runtime_schema.fbs; for a version without one (v0.1.0), its runtime read with schema.fbs.
  std::shared_ptr<const ReflectedSchema> reader;
  // Identifiers the runtime accepts; the writer's own identifier for a version without a reader.
  std::vector<std::string> accepted_identifiers;
  // flatc's code for `reader`, when the family reads payloads the fast way and fbcompat was built with
  // this very schema (same fingerprint); nullptr: read by reflection.
  const CompiledReader* compiled = nullptr;
  // What the fast way works out about `reader` once (compat/xnnpack/payload/reader_plan.h); nullptr
  // when the family reads payloads by reflection only.
  std::shared_ptr<const ReaderPlan> plan;
  // Whether `reader` reads everything the previous version's reader reads, the same way, and may read
  // more (compat/xnnpack/payload/reader_extension.h); and if not, the previous reader's types it does
  // not keep ("" when the root changed). Worked out only for the fast way.
  bool extends_previous_reader = false;
  std::vector<std::string> changed_from_previous;

  // Whether `reader` reads alike what the previous version's reads through `types` (sorted qualified
  // names): it keeps each of them. False when the family reads by reflection only.
  bool reads_as_previous(const std::vector<std::string>& types) const;

  bool accepts(const std::string& identifier) const;
  // Whether the flatbuffer verifies against `reader`, as reflection's Verify answers (the identifier
  // is not checked): by the compiled code when there is one.
  bool verify(const std::uint8_t* buffer, std::size_t size, const BufferLimits& limits = {}) const;
};

// How a family reads payloads. Fast: a version whose reader schema is the one flatc compiled into
// fbcompat is verified by that code, and "does an older runtime read every field" reads the buffer
// rather than JSON text when it can; any other reader schema is read by reflection. Reflection: by
// reflection and JSON text only, as before there was a fast way (tests compare the two).
enum class PayloadReadingPath { Fast, Reflection };

class XnnpackFamily {
 public:
  // Loads manifest.toml in `family_dir` and every version's schemas.
  static Expected<XnnpackFamily> load(const std::string& family_dir, PayloadReadingPath path = PayloadReadingPath::Fast);

  PayloadReadingPath reading_path() const { return path_; }

  const Manifest& manifest() const { return manifest_; }
  const std::vector<XnnpackVersion>& versions() const { return versions_; }  // oldest first
  const XnnpackVersion* find(const std::string& name) const;
  std::optional<std::size_t> index_of(const std::string& name) const { return manifest_.index_of(name); }
  const XnnpackVersion& newest() const { return versions_.back(); }

 private:
  Manifest manifest_;
  std::vector<XnnpackVersion> versions_;
  PayloadReadingPath path_ = PayloadReadingPath::Fast;
};

// Why one version's runtime can or cannot load a payload.
struct LoadVerdict {
  bool loads = false;
  std::string reason;  // when it does not: identifier, verification, unknown node, or ignored data
};

// Whether `version`'s runtime loads the payload: it accepts the identifier, the flatbuffer verifies
// against its reader schema (so every node type id is a member it knows), and it reads every field
// the payload sets (compared with the newest reader). Bad payloads come back as an Error.
Expected<LoadVerdict> runtime_loads(const XnnpackFamily& family, const XnnpackVersion& version,
                                    const std::uint8_t* payload, std::size_t size, const BufferLimits& limits = {});

// The oldest version whose runtime loads the payload; nullopt when none does.
Expected<std::optional<std::size_t>> earliest_loading_version(const XnnpackFamily& family, const std::uint8_t* payload,
                                                              std::size_t size, const BufferLimits& limits = {});

}  // namespace fbcompat
