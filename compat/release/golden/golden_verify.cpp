#include "fbcompat/release/golden_verify.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "fbcompat/core/source_reader.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/release/delegate_families.h"
#include "fbcompat/release/golden_manifest.h"
#include "golden/golden_rules.h"
#include "golden/sha256.h"

namespace fbcompat {
namespace {


constexpr std::size_t kListed = 3;  // differences quoted in one finding

// A program's loads, one for each set of loader rules (runtime_release.h): releases between two
// rule changes load a program alike, so golden verify loads it once for them all rather than once
// for each of up to twenty releases. Releases older than the rules describe are loaded as themselves.
class LoadsByRules {
 public:
  template <typename Load>
  const ProgramLoad& at(const RuntimeRelease& release, Load load) {
    const RuntimeRelease rules = rules_of(release);
    for (const auto& [known, loaded] : loads_) {
      if (known == rules) return loaded;
    }
    loads_.emplace_back(rules, load());
    return loads_.back().second;
  }

 private:
  static RuntimeRelease rules_of(const RuntimeRelease& release) {
    if (release < RuntimeRelease::oldest_described()) return release;
    RuntimeRelease rules = RuntimeRelease::oldest_described();
    for (const RuntimeRelease& change : rule_change_releases()) {
      if (!(release < change)) rules = change;
    }
    return rules;
  }

  std::deque<std::pair<RuntimeRelease, ProgramLoad>> loads_;
};

std::string listed(const std::vector<std::string>& items) {
  std::string text;
  for (std::size_t i = 0; i < items.size() && i < kListed; ++i) text += (i == 0 ? "" : "; ") + items[i];
  if (items.size() > kListed) text += fmt::format("; and {} more", items.size() - kListed);
  return text;
}

// The names of `entry` below `root`, where a directory iterator from `root` found it: its path is the
// root's followed by them, so no file system call is needed (std::filesystem::relative resolves both
// paths, a few system calls for each file).
std::string names_below(const std::filesystem::path& root, const std::filesystem::path& entry) {
  std::string names = entry.generic_string().substr(root.generic_string().size());
  names.erase(0, names.find_first_not_of('/'));
  return names;
}

class GoldenChecker {
 public:
  GoldenChecker(const GoldenVerifyOptions& options, const DelegateFamily& family, GoldenVerifyReport& report)
      : options_(options), family_(family), report_(report) {}

  void check(const GoldenEntry& entry) {
    ++report_.programs;
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
    auto bytes = read_program_file(file, read_options);
    if (!bytes) {
      add(kGoldenFileMissing, entry.path, file, fmt::format("{} cannot be read: {}", entry.path, bytes.error().message),
          "restore the file from version control: golden programs are never regenerated");
      return;
    }
    auto hashed = sha256_hex(bytes->data(), bytes->size());
    if (!hashed) {  // no libcrypto: nothing can be verified, which is the run's error, not a finding
      problem_ = hashed.error();
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
    const std::vector<RuntimeRelease> releases = runtime_releases_from(family_.manifest(), *own_index);
    if (releases.empty()) {
      add(kGoldenProgramUnreadable, entry.path, file,
          fmt::format("{} is version {}, which no ExecuTorch release reads", entry.path, entry.version),
          "record the program under a version that has releases");
      return;
    }
    std::optional<ProgramView> program;
    LoadsByRules loads;
    for (const RuntimeRelease& release : releases) {
      read_options.runtime = release;
      const ProgramLoad& load = loads.at(release, [&] { return load_program(bytes->data(), bytes->size(), read_options); });
      // A coverage program holds a distinct value in every field slot, not a meaningful graph, so
      // the delegate's own semantic checks (buffer indices and the like) may refuse it by design. It
      // is judged against the schemas only, and the refusal is a note; its container, segments and
      // method must still load.
      const bool coverage_only = !entry.runnable && load.refusal && load.refusal->stage == LoadStage::DelegateChecks;
      if (coverage_only) {
        note_refusal(entry, file, release, *load.refusal, /*coverage=*/true);
        if (!program) {
          ProgramReadOptions schema_only = read_options;
          schema_only.backends.clear();
          ProgramLoad unchecked = load_program(bytes->data(), bytes->size(), schema_only);
          if (!unchecked.refusal) program = std::move(unchecked.view);
        }
        continue;
      }
      if (load.refusal && release == releases.back()) {
        // Worded with the release itself, which the load that stood for it may not be.
        const ProgramLoad own = load_program(bytes->data(), bytes->size(), read_options);
        add(kGoldenProgramUnreadable, entry.path, file,
            fmt::format("{} does not load: {}", entry.path, describe_refusal(*own.refusal, own.view.release)),
            "restore the original bytes from version control; if they are the original, the newest runtime no "
            "longer loads programs of this version, which is the break to fix");
        return;
      }
      if (load.refusal) {
        note_refusal(entry, file, release, *load.refusal, /*coverage=*/false);
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
    for (std::size_t r = *own_index; r < family_.manifest().versions.size(); ++r) {
      earlier = check_reading(entry, file, *delegate, r, description.get(), ignoring_readers, earlier);
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

  // Why the check could not be made at all, if it could not.
  const std::optional<Error>& problem() const { return problem_; }

  void note_refusal(const GoldenEntry& entry, const std::string& file, const RuntimeRelease& release,
                    const LoadRefusal& refusal, bool coverage) {
    RefusedBy& group = refused_[{refusal.message, refusal.error, coverage}];
    group.refusal = refusal;
    group.coverage = coverage;
    if (std::find(group.versions.begin(), group.versions.end(), entry.version) == group.versions.end()) {
      group.versions.push_back(entry.version);
    }
    if (std::find(group.programs.begin(), group.programs.end(), entry.path) == group.programs.end()) {
      group.programs.push_back(entry.path);
      group.files.push_back(file);
    }
    if (std::find(group.releases.begin(), group.releases.end(), release) == group.releases.end()) {
      group.releases.push_back(release);
    }
  }

  // One note per reason: which frozen programs of which versions which releases refuse, and why.
  void report_refusals() {
    for (const auto& [key, group] : refused_) {
      std::vector<RuntimeRelease> releases = group.releases;
      std::sort(releases.begin(), releases.end());
      std::vector<std::string> names;
      for (const RuntimeRelease& release : releases) names.push_back(release.text());
      const std::string stage = load_stage_name(group.refusal.stage, group.refusal.backend);
      const bool one = group.programs.size() == 1;
      add(kGoldenProgramRefusedByRelease, fmt::format("{}", fmt::join(group.versions, ", ")), group.files.front(),
          fmt::format("{} golden program{} of {} ({}) {} refused by ExecuTorch {} (each by those from its own version's "
                      "first release on) in {}: {} ({}). {}",
                      group.programs.size(), one ? "" : "s", fmt::join(group.versions, ", "), listed(group.programs),
                      one ? "is" : "are", fmt::join(names, ", "), stage, group.refusal.message,
                      group.refusal.runtime_crashes() ? "the runtime would crash" : runtime_error_name(group.refusal.error),
                      group.coverage ? "A coverage program holds a distinct value in every field slot rather than a "
                                       "valid graph, so its payload is judged against the schemas only."
                                     : "Each loads on every other release from its own version on, the newest "
                                       "included."),
          group.coverage ? "none: the frozen coverage program is history; runnable programs of the version are held to "
                           "every check"
                         : "none for the frozen files (golden programs are history); programs exported for those "
                           "releases must not have this shape");
    }
  }

  // Versions without golden programs, and frozen versions whose programs miss some node.
  void check_coverage(const GoldenManifest& manifest) {
    const std::string family(family_.name());
    const auto& versions = family_.manifest().versions;
    for (std::size_t v = 0; v < versions.size(); ++v) {
      const std::string& version = versions[v].name;
      std::set<std::string> seen;
      bool frozen = false;
      for (const GoldenEntry& entry : manifest.entries) {
        if (entry.family != family || entry.version != version) continue;
        frozen = true;
        seen.insert(entry.nodes.begin(), entry.nodes.end());
      }
      const std::string version_dir = options_.golden_dir + "/" + family + "/" + version;
      if (!frozen) {
        add(kGoldenVersionNotFrozen, family + "/" + version, version_dir,
            fmt::format("{} has no golden programs, so nothing proves that its programs keep loading on later runtimes",
                        version),
            fmt::format("fbcompat golden freeze --version {}", version));
        continue;
      }
      std::vector<std::string> missing;
      for (const std::string& node : family_.node_types(v)) {
        if (seen.count(node) == 0) missing.push_back(node);
      }
      if (!missing.empty()) {
        add(kGoldenNodeNotCovered, family + "/" + version, version_dir,
            fmt::format("no golden program of {} uses {} ({} of its {} members), so a change to their type ids "
                        "or tables is not caught by golden verification",
                        version, listed(missing), missing.size(), family_.node_union()),
            "a frozen version is history: cover these nodes in the next version's golden programs");
      }
    }
  }

  void check_unrecorded(const GoldenManifest& manifest) {
    std::error_code error;
    const std::filesystem::path root(options_.golden_dir);
    for (auto it = std::filesystem::recursive_directory_iterator(root, error);
         !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
      if (!it->is_regular_file()) continue;
      const std::string extension = it->path().extension().string();
      if (extension != ".pte" && extension != ".json") continue;
      // The entry's path is the root's followed by its own names; only a symbolic link needs the file
      // system (relative() resolves it, as the entry's own name would not).
      const std::string relative = it->is_symlink() ? std::filesystem::relative(it->path(), root).generic_string()
                                                    : names_below(root, it->path());
      if (relative == "MANIFEST.json") continue;
      const bool recorded = extension == ".pte" ? manifest.find(relative) != nullptr
                                                : std::any_of(manifest.entries.begin(), manifest.entries.end(),
                                                              [&](const GoldenEntry& entry) { return entry.description == relative; });
      if (!recorded) {
        add(kGoldenFileUnrecorded, relative, it->path().string(),
            fmt::format("{} is not in MANIFEST.json, so nothing checks it", relative),
            "golden files are written only by `fbcompat golden freeze`, which records them: remove this file, or "
            "restore MANIFEST.json from version control if its entry was lost");
      }
    }
  }

 private:
  std::unique_ptr<RecordedDescription> load_description(const GoldenEntry& entry) {
    const std::string path = options_.golden_dir + "/" + entry.description;
    std::string text;
    if (entry.description.empty() || !FileSystemReader().read(path, &text)) {
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
                                                 const RecordedDescription* description,
                                                 std::map<std::string, std::vector<std::string>>& ignoring_readers,
                                                 const std::optional<EarlierComparison>& previous) {
    ++report_.readings;
    const std::string reader_name = family_.manifest().versions[reader].name;
    auto reading = family_.read_payload(reader, delegate.data, delegate.size, options_.limits);
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
        previous && family_.reads_recorded_fields_alike(previous->reader, reader, delegate.data, delegate.size);
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
                      family_.node_union()));
    }
    return all_same;
  }

  void add(const RuleInfo& rule, std::string subject, std::string file, std::string message, std::string fix) {
    Finding finding = finding_of(rule, std::move(subject), std::move(message), std::move(fix));
    finding.file = std::move(file);
    report_.findings.push_back(std::move(finding));
  }

  struct RefusedBy {
    LoadRefusal refusal;
    std::vector<std::string> versions;
    std::vector<std::string> programs;  // manifest paths
    std::vector<std::string> files;
    std::vector<RuntimeRelease> releases;
    bool coverage = false;  // coverage programs, refused by their delegate's checks at any release
  };

  const GoldenVerifyOptions& options_;
  const DelegateFamily& family_;
  GoldenVerifyReport& report_;
  std::map<std::tuple<std::string, RuntimeError, bool>, RefusedBy> refused_;  // message, error, coverage
  std::optional<Error> problem_;
};

}  // namespace

Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options, const DelegateFamily& family) {
  auto manifest = load_golden_manifest(options.golden_dir + "/MANIFEST.json");
  if (!manifest) return manifest.error();
  GoldenVerifyReport report;
  GoldenChecker checker(options, family, report);
  for (const GoldenEntry& entry : manifest->entries) {
    if (entry.family == family.name()) checker.check(entry);
    if (checker.problem()) return *checker.problem();
  }
  checker.report_refusals();
  checker.check_coverage(*manifest);
  checker.check_unrecorded(*manifest);
  return report;
}

Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options) {
  auto family = load_delegate_family(options.family, options.family_dir);
  if (!family) return family.error();
  return verify_golden(options, **family);
}

}  // namespace fbcompat
