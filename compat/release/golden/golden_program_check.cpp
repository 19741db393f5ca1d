#include "golden/golden_program_check.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "fbcompat/core/input_limits.h"
#include "fbcompat/core/regular_file.h"
#include "golden/golden_rules.h"
#include "golden/sha256.h"

namespace fbcompat {
namespace {

// A program's loads, one for each set of release rules (release_rules.h, with the family's backend's):
// releases between two rule changes load a program alike, so golden verify loads it once for them all
// rather than once for each of up to twenty releases. Releases older than the rules describe are loaded
// as themselves.
class LoadsByRules {
 public:
  explicit LoadsByRules(BackendRuleTables tables) : tables_(std::move(tables)) {}

  template <typename Load>
  const ProgramLoad& at(const RuntimeRelease& release, Load load) {
    // The development head loads by the newest rules but knows more node types: a load of its own.
    const std::pair<RuntimeRelease, bool> key{rules_release(release, tables_), release.is_development_head()};
    for (const auto& [known, loaded] : loads_) {
      if (known == key) return loaded;
    }
    loads_.emplace_back(key, load());
    return loads_.back().second;
  }

 private:
  BackendRuleTables tables_;
  std::deque<std::pair<std::pair<RuntimeRelease, bool>, ProgramLoad>> loads_;
};

class ProgramChecker {
 public:
  ProgramChecker(const GoldenVerifyOptions& options, const DelegateFamily& family, const std::vector<std::string>& listed)
      : options_(options), family_(family), listed_(listed) {}

  GoldenProgramCheck check(const GoldenEntry& entry) {
    check_program(entry);
    return std::move(result_);
  }

 private:
  void check_program(const GoldenEntry& entry) {
    const std::string file = options_.golden_dir + "/" + entry.path;
    const auto own_index = family_.manifest().index_of(entry.version);
    if (!own_index) {
      add(kGoldenUnknownVersion, entry.path, file,
          fmt::format("{} is recorded as version {}, which {}/manifest.toml does not list, so no reader can be chosen",
                      entry.path, entry.version, options_.family_dir),
          "add the version back to manifest.toml (versions are never removed) or correct the manifest entry");
      return;
    }
    ProgramReadOptions read_options;
    read_options.source_name = file;
    read_options.identifier_first_from = UINT64_MAX;  // its digest judges the whole file
    auto read = read_program_file(file, read_options, known(entry.path));
    if (!read) {
      add(kGoldenFileMissing, entry.path, file, fmt::format("{} cannot be read: {}", entry.path, read.error().message),
          "restore the file from version control: golden programs are never regenerated");
      return;
    }
    const std::vector<std::uint8_t>& bytes = *read;
    auto hashed = sha256_hex(bytes.data(), bytes.size());
    if (!hashed) {  // no libcrypto: nothing can be verified, which is the run's error, not a finding
      result_.problem = hashed.error();
      return;
    }
    const std::string& digest = *hashed;
    if (digest != entry.sha256) {
      add(kGoldenSha256Changed, entry.path, file,
          fmt::format("{} changed: sha256 {} differs from the recorded {}. A golden program is what a released exporter "
                      "wrote; a changed one no longer proves that old programs load.",
                      entry.path, digest, entry.sha256),
          "restore the original bytes from version control; to add programs, freeze a new version instead");
    }
    // Every release that must load it: its own version's first release and every later one. The
    // newest must load it; older releases that refuse it are named once per reason (the file is history).
    read_options.backends.push_back(&family_.load_checks());
    read_options.libraries = options_.libraries;
    VerifiedBuffers verified(bytes.data(), bytes.size());  // loaded at several releases, verified once
    read_options.verified = &verified;
    const std::vector<RuntimeRelease> releases = runtime_releases_from(family_.manifest(), *own_index);
    if (releases.empty()) {
      add(kGoldenProgramUnreadable, entry.path, file,
          fmt::format("{} is version {}, which no ExecuTorch release reads", entry.path, entry.version),
          "record the program under a version that has releases");
      return;
    }
    std::optional<ProgramView> program;
    LoadsByRules loads(backend_rule_tables(read_options.backends));
    bool refused_by_own_release = false;
    for (const RuntimeRelease& release : releases) {
      read_options.runtime = release;
      const ProgramLoad& load = loads.at(release, [&] { return load_program(bytes.data(), bytes.size(), read_options); });
      note_definitions(load.view);
      if (!entry.exported_as.empty()) {
        // Shaped as its release exported it: that release and every later one load it and can run it.
        if (load.verdict() != ProgramVerdict::Loads) {
          refuse_exported(entry, file, release, bytes, read_options);
          return;
        }
        if (!program) program = load.view;
        continue;
      }
      // A frozen program its own release refuses is coverage-only: judged against the schemas, and noted.
      // So is a coverage program (a distinct value in every field slot, not a meaningful graph) that its
      // delegate's own checks refuse at any release. Its container, segments and method must still load.
      if (load.refusal && release == releases.front()) refused_by_own_release = true;
      const bool coverage_only =
          load.refusal && (refused_by_own_release ||
                           (!entry.runnable && (load.refusal->stage == LoadStage::DelegateChecks ||
                                                load.refusal->stage == LoadStage::LibraryDefinition)));
      const bool newest = release == releases.back();
      if (load.refusal && newest && !(coverage_only && !entry.runnable)) {
        // Worded with the release itself, which the load that stood for it may not be.
        const ProgramLoad own = load_program(bytes.data(), bytes.size(), read_options);
        add(kGoldenProgramUnreadable, entry.path, file,
            fmt::format("{} does not load: {}", entry.path, describe_refusal(*own.refusal, own.view.release)),
            "restore the original bytes from version control; if they are the original, the newest runtime no "
            "longer loads programs of this version, which is the break to fix");
        return;
      }
      if (newest && load.run_crash && entry.runnable) {
        crashes_when_run(entry, file, *load.run_crash, load.view.release);
        return;
      }
      if (load.refusal) {
        result_.refusals.push_back({release, *load.refusal, coverage_only});
        if (!program && coverage_only) program = schema_only_view(bytes, read_options);
        continue;
      }
      if (!program) program = load.view;
    }
    if (!program) {
      add(kGoldenProgramUnreadable, entry.path, file,
          fmt::format("{} does not load at any release, even without its delegate's checks", entry.path),
          "restore the original bytes from version control");
      return;
    }
    const ProgramDelegate* delegate = nullptr;
    for (const ProgramPlan& plan : program->plans) {
      for (const ProgramDelegate& candidate : plan.delegates) {
        if (candidate.backend_id == family_.backend_id() && delegate == nullptr) delegate = &candidate;
      }
    }
    if (delegate == nullptr) {
      add(kGoldenProgramUnreadable, entry.path, file, fmt::format("{} has no {} delegate", entry.path, family_.backend_id()),
          "restore the original bytes from version control");
      return;
    }
    const std::unique_ptr<RecordedDescription> description = load_description(entry);
    std::map<std::string, std::vector<std::string>> ignoring_readers;  // field -> readers that deprecated it
    std::optional<EarlierComparison> earlier;
    // Read by every reader at once: what does not depend on the reader is worked out once.
    auto readings = family_.read_payload_from(*own_index, delegate->data, delegate->size, options_.limits);
    for (std::size_t r = *own_index; r < family_.manifest().versions.size(); ++r) {
      const std::size_t at = r - *own_index;
      Expected<PayloadReading> reading = !readings                   ? Expected<PayloadReading>(readings.error())
                                         : at < readings->size()     ? Expected<PayloadReading>(std::move((*readings)[at]))
                                                                     : Expected<PayloadReading>(Error{"", 0, 0, "not read"});
      earlier = check_reading(entry, file, *delegate, r, reading, description.get(), ignoring_readers, earlier);
    }
    // One warning per field the program sets and later readers ignore, naming the field and the readers.
    for (const auto& [field, readers] : ignoring_readers) {
      add(kGoldenFieldNoLongerRead, field, file,
          fmt::format("{} (written by {}) sets {}, which the {} reader{} deprecated: {} ignore{} the value", entry.path,
                      entry.version, field, fmt::join(readers, ", "), readers.size() == 1 ? "" : "s",
                      readers.size() == 1 ? "that runtime" : "those runtimes", readers.size() == 1 ? "s" : ""),
          fmt::format("make sure runtimes from {} on no longer need {} (or read it another way) for programs of {}",
                      readers.front(), field, entry.version));
    }
  }

  // The program as its delegate's checks leave it aside: what the schemas are held to for a coverage program.
  static std::optional<ProgramView> schema_only_view(const std::vector<std::uint8_t>& bytes, const ProgramReadOptions& options) {
    ProgramReadOptions schema_only = options;
    schema_only.backends.clear();
    ProgramLoad unchecked = load_program(bytes.data(), bytes.size(), schema_only);
    if (unchecked.refusal) return std::nullopt;
    return std::move(unchecked.view);
  }

  // A runnable program the newest release loads but would abort on when run: as broken as a refusal.
  void crashes_when_run(const GoldenEntry& entry, const std::string& file, const RunCrash& crash,
                        const RuntimeRelease& release) {
    add(kGoldenProgramUnreadable, entry.path, file,
        fmt::format("{}: {}", entry.path, describe_run_crash(crash, release)),
        "restore the original bytes from version control; if they are the original, the newest runtime no longer "
        "runs programs of this version, which is the break to fix");
  }

  void refuse_exported(const GoldenEntry& entry, const std::string& file, const RuntimeRelease& release,
                       const std::vector<std::uint8_t>& bytes, ProgramReadOptions options) {
    options.runtime = release;
    const ProgramLoad own = load_program(bytes.data(), bytes.size(), options);
    add(kGoldenProgramUnreadable, entry.path, file,
        fmt::format("{} is shaped as ExecuTorch {} exported it, and {}", entry.path, entry.exported_as, own.describe()),
        "restore the original bytes from version control; if they are the original, the runtime no longer loads or "
        "runs what that release exported, which is the break to fix");
  }

  void note_definitions(const ProgramView& view) {
    for (const std::string& note : view.definitions_not_checked) {
      auto& notes = result_.definitions_not_checked;
      if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
    }
  }

  std::unique_ptr<RecordedDescription> load_description(const GoldenEntry& entry) {
    const std::string path = options_.golden_dir + "/" + entry.description;
    std::string text;
    const RegularFileRead read = entry.description.empty() ? RegularFileRead{RegularFileRead::Outcome::CannotOpen}
                                                           : read_regular_file(path, options_.max_golden_file_bytes, text,
                                                                               known(entry.description));
    if (read.outcome == RegularFileRead::Outcome::TooLarge) {
      add(kGoldenFileMissing, entry.path, path,
          fmt::format("the JSON description {} cannot be read: {}", entry.description,
                      limits::exceeded("the file is", read.size, "byte", limits::kGoldenFileSizeName,
                                       options_.max_golden_file_bytes)),
          "restore the file from version control");
      return nullptr;
    }
    if (read.outcome != RegularFileRead::Outcome::Read) {
      add(kGoldenFileMissing, entry.path, path,
          fmt::format("the JSON description of {} ({}) is missing, so its field values cannot be checked", entry.path,
                      entry.description.empty() ? "none recorded" : entry.description),
          "restore the file from version control");
      return nullptr;
    }
    auto parsed = family_.read_description(std::move(text));
    if (!parsed) {
      add(kGoldenFileMissing, entry.path, path,
          fmt::format("the JSON description {} cannot be read: {}", entry.description, parsed.error().message),
          "restore the file from version control");
      return nullptr;
    }
    return std::move(parsed.value());
  }

  // The recorded fields as the last reader read them, when that comparison holds for readers that
  // extend it.
  struct EarlierComparison {
    std::size_t reader = 0;
    RecordedFields fields;
  };

  // `previous` is the reader before's comparison, when it holds; what is returned is this reader's.
  std::optional<EarlierComparison> check_reading(const GoldenEntry& entry, const std::string& file,
                                                 const ProgramDelegate& delegate, std::size_t reader,
                                                 const Expected<PayloadReading>& reading,
                                                 const RecordedDescription* description,
                                                 std::map<std::string, std::vector<std::string>>& ignoring_readers,
                                                 const std::optional<EarlierComparison>& previous) {
    ++result_.readings;
    const std::string reader_name = family_.manifest().versions[reader].name;
    if (!reading) {
      add(kGoldenProgramUnreadable, entry.path, file, fmt::format("{}: {}", entry.path, reading.error().message),
          "restore the original bytes from version control");
      return std::nullopt;
    }
    if (!reading->identifier_accepted) {
      add(kGoldenIdentifierRejected, entry.path, file,
          fmt::format("the {} runtime accepts identifiers {} but {} carries '{}': every program of {} now fails to load",
                      reader_name, fmt::join(reading->accepted_identifiers, ", "), entry.path, reading->identifier,
                      entry.version),
          fmt::format("keep accepting '{}' in {}'s runtime (reader_identifiers in manifest.toml)", reading->identifier,
                      reader_name));
    }
    if (reading->refused) {
      add(kGoldenVerifyFailed, entry.path, file,
          fmt::format("{} (written by {}) fails to load with the {} reader schema: {}", entry.path, entry.version,
                      reader_name, *reading->refused),
          "restore the removed or changed member, field or type in the reader schema; add new things only at the end");
      return std::nullopt;
    }
    if (!check_nodes(entry, file, reader_name, reading->nodes)) return std::nullopt;
    if (!description) return std::nullopt;
    // A reader that extends the one before it reads the recorded fields as that one did: the comparison
    // is made again only where that is not proven.
    const bool same_as_previous =
        previous && family_.reads_recorded_fields_alike(previous->reader, reader, previous->fields, delegate.data, delegate.size);
    auto comparison = same_as_previous
                          ? Expected<RecordedFields>(previous->fields)
                          : family_.compare_recorded_fields(reader, delegate.data, delegate.size, *description);
    if (!comparison) {
      add(kGoldenFieldValueChanged, entry.path, file, fmt::format("{}: {}", entry.path, comparison.error().message), "");
      return std::nullopt;
    }
    if (!comparison->changed.empty()) {
      add(kGoldenFieldValueChanged, entry.path, file,
          fmt::format("{} (written by {}) reads differently with the {} reader schema, {} field value(s): {}", entry.path,
                      entry.version, reader_name, comparison->changed.size(), listed(comparison->changed)),
          "keep every field's slot, type and default in the reader schema; add fields only at the end of a table");
    }
    for (const std::string& field : comparison->no_longer_read) ignoring_readers[field].push_back(reader_name);
    if (!comparison->changed.empty() || !comparison->holds_for_extending_readers) return std::nullopt;
    return EarlierComparison{reader, std::move(*comparison)};
  }

  bool check_nodes(const GoldenEntry& entry, const std::string& file, const std::string& reader_name,
                   const std::vector<PayloadNode>& nodes) {
    bool all_same = nodes.size() == entry.nodes.size();
    if (!all_same) {
      add(kGoldenNodeDecodesDifferently, entry.path, file,
          fmt::format("{} decodes to {} nodes with the {} reader schema; {} were recorded", entry.path, nodes.size(),
                      reader_name, entry.nodes.size()),
          "restore the original program bytes");
      return false;
    }
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const PayloadNode& node = nodes[i];
      if (node.name == entry.nodes[i]) continue;
      all_same = false;
      add(kGoldenNodeDecodesDifferently, family_.node_subject(entry.nodes[i]), file,
          fmt::format("node {} of {} (written by {} as {}) has type id {}, which the {} reader schema decodes as {}: the "
                      "runtime builds the wrong operator",
                      i, entry.path, entry.version, entry.nodes[i], node.type_id, reader_name,
                      node.name.empty() ? "no member at all" : node.name),
          fmt::format("give {} back type id {} in {}; add new members only at the end", entry.nodes[i], node.type_id,
                      family_.node_declaration()));
    }
    return all_same;
  }

  FileKnown known(const std::string& manifest_path) const {
    return std::binary_search(listed_.begin(), listed_.end(), manifest_path) ? FileKnown::ListedRegular : FileKnown::Unknown;
  }

  void add(const RuleInfo& rule, std::string subject, std::string file, std::string message, std::string fix) {
    result_.findings.push_back(golden_finding(rule, std::move(subject), std::move(file), std::move(message), std::move(fix)));
  }

  const GoldenVerifyOptions& options_;
  const DelegateFamily& family_;
  const std::vector<std::string>& listed_;
  GoldenProgramCheck result_;
};

}  // namespace

GoldenProgramCheck check_golden_program(const GoldenEntry& entry, const GoldenVerifyOptions& options,
                                        const DelegateFamily& family, const std::vector<std::string>& listed) {
  return ProgramChecker(options, family, listed).check(entry);
}

std::string listed(const std::vector<std::string>& items) {
  constexpr std::size_t kListed = 3;
  std::string text;
  for (std::size_t i = 0; i < items.size() && i < kListed; ++i) text += (i == 0 ? "" : "; ") + items[i];
  if (items.size() > kListed) text += fmt::format("; and {} more", items.size() - kListed);
  return text;
}

Finding golden_finding(const RuleInfo& rule, std::string subject, std::string file, std::string message, std::string fix) {
  Finding finding = finding_of(rule, std::move(subject), std::move(message), std::move(fix));
  finding.file = std::move(file);
  return finding;
}

}  // namespace fbcompat
