#include "fbcompat/release/golden_verify.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>

#include <fmt/format.h>

#include "fbcompat/core/directory_lock.h"
#include "fbcompat/core/manifest.h"
#include "fbcompat/release/delegate_families.h"
#include "fbcompat/release/golden_manifest.h"
#include "fbcompat/support/parallel_for.h"
#include "golden/golden_program_check.h"
#include "golden/golden_rules.h"

namespace fbcompat {
namespace {

// The names of `entry` below `root`, where a directory iterator from `root` found it: its path is the
// root's followed by them, so no file system call is needed (std::filesystem::relative resolves both
// paths, a few system calls for each file).
std::string names_below(const std::filesystem::path& root, const std::filesystem::path& entry) {
  std::string names = entry.generic_string().substr(root.generic_string().size());
  names.erase(0, names.find_first_not_of('/'));
  return names;
}

// A golden file the directory holds: its manifest path ("xnnpack/v1.1.0/mlp.pte") and its path on disk.
struct FoundFile {
  std::string relative;
  std::string path;
  bool program = false;  // named .pte in the directory (a link is judged by its own name)
};

// The programs and descriptions under the golden directory, found without the manifest, so that the
// search runs while the manifest is read. An entry whose type or target cannot be told (a link that
// loops, say) is passed over rather than thrown about: the manifest's own error, if it has one, is the
// one to report.
std::vector<FoundFile> golden_files(const std::string& golden_dir) {
  std::vector<FoundFile> found;
  std::error_code error;
  const std::filesystem::path root(golden_dir);
  for (auto it = std::filesystem::recursive_directory_iterator(root, error);
       !error && it != std::filesystem::recursive_directory_iterator(); it.increment(error)) {
    std::error_code unknown;
    if (!it->is_regular_file(unknown)) continue;
    const std::string extension = it->path().extension().string();
    if (extension != ".pte" && extension != ".json") continue;
    // The entry's path is the root's followed by its own names; only a symbolic link needs the file
    // system (relative() resolves it, as the entry's own name would not).
    const bool link = it->is_symlink(unknown);
    std::string relative = link ? std::filesystem::relative(it->path(), root, unknown).generic_string()
                                : names_below(root, it->path());
    // The manifest, and a family directory's own (golden/mlx/MANIFEST.json), list the programs.
    const bool manifest = relative == "MANIFEST.json" ||
                          (relative.size() > 14 && relative.compare(relative.size() - 14, 14, "/MANIFEST.json") == 0 &&
                           relative.find('/') == relative.size() - 14);
    if (unknown || manifest) continue;
    found.push_back({std::move(relative), it->path().string(), extension == ".pte"});
  }
  return found;
}

// Files under the golden directory that the manifest does not record, which nothing checks.
std::vector<Finding> unrecorded_files(const std::vector<FoundFile>& found, const GoldenManifest& manifest) {
  std::vector<Finding> findings;
  for (const FoundFile& file : found) {
    const bool recorded = file.program ? manifest.find(file.relative) != nullptr
                                       : std::any_of(manifest.entries.begin(), manifest.entries.end(),
                                            [&](const GoldenEntry& entry) { return entry.description == file.relative; });
    if (!recorded) {
      findings.push_back(golden_finding(
          kGoldenFileUnrecorded, file.relative, file.path,
          fmt::format("{} is not in MANIFEST.json, so nothing checks it", file.relative),
          "golden files are written only by `fbcompat golden freeze`, which records them: remove this file, or "
          "restore MANIFEST.json from version control if its entry was lost"));
    }
  }
  return findings;
}

// Versions without golden programs, and frozen versions whose programs miss some node.
std::vector<Finding> coverage_findings(const GoldenVerifyOptions& options, const DelegateFamily& family,
                                       const GoldenManifest& manifest) {
  std::vector<Finding> findings;
  const std::string name(family.name());
  // The nodes each version's programs use, sorted (views of the manifest's names).
  std::map<std::string_view, std::vector<std::string_view>> used_by_version;
  for (const GoldenEntry& entry : manifest.entries) {
    if (entry.family != name) continue;
    std::vector<std::string_view>& used = used_by_version[entry.version];
    used.insert(used.end(), entry.nodes.begin(), entry.nodes.end());
  }
  for (auto& [version, used] : used_by_version) std::sort(used.begin(), used.end());
  const auto& versions = family.manifest().versions;
  for (std::size_t v = 0; v < versions.size(); ++v) {
    const std::string& version = versions[v].name;
    const auto frozen = used_by_version.find(version);
    const std::string version_dir = options.golden_dir + "/" + name + "/" + version;
    if (frozen == used_by_version.end()) {
      findings.push_back(golden_finding(
          kGoldenVersionNotFrozen, name + "/" + version, version_dir,
          fmt::format("{} has no golden programs, so nothing proves that its programs keep loading on later runtimes",
                      version),
          fmt::format("fbcompat golden freeze --version {}", version)));
      continue;
    }
    const std::vector<std::string_view>& used = frozen->second;
    std::vector<std::string> missing;
    for (const std::string& node : family.node_types(v)) {
      if (!std::binary_search(used.begin(), used.end(), std::string_view(node))) missing.push_back(node);
    }
    if (!missing.empty()) {
      findings.push_back(golden_finding(
          kGoldenNodeNotCovered, name + "/" + version, version_dir,
          fmt::format("no golden program of {} uses {} ({} of its {} members), so a change to their type ids or tables "
                      "is not caught by golden verification",
                      version, listed(missing), missing.size(), family.node_declaration()),
          "a frozen version is history: cover these nodes in the next version's golden programs"));
    }
  }
  return findings;
}

// The report of a manifest: each program's check (golden_program_check.h), merged in manifest order so
// that the report is the same however the programs were shared among threads; then what concerns the
// manifest as a whole.
class GoldenChecker {
 public:
  GoldenChecker(const GoldenVerifyOptions& options, const DelegateFamily& family, GoldenVerifyReport& report)
      : options_(options), family_(family), report_(report) {}

  void merge(const GoldenEntry& entry, GoldenProgramCheck&& check) {
    ++report_.programs;
    report_.readings += check.readings;
    std::move(check.findings.begin(), check.findings.end(), std::back_inserter(report_.findings));
    const std::string file = options_.golden_dir + "/" + entry.path;
    for (const GoldenRefusal& refused : check.refusals) note_refusal(entry, file, refused.release, refused.refusal, refused.coverage);
    for (std::string& note : check.definitions_not_checked) {
      if (std::find(not_defined_.begin(), not_defined_.end(), note) == not_defined_.end()) not_defined_.push_back(std::move(note));
    }
  }

  // Said once: the delegates' own definitions the programs were not checked with (a lean build, or a
  // backend whose library no build links).
  void report_definitions_not_checked() {
    for (const std::string& note : not_defined_) {
      add(kEnvironmentLimit, "golden programs", options_.golden_dir + "/MANIFEST.json",
          fmt::format("{}, in any golden program", note),
          "a build of fbcompat that links the backend's library checks them (the default build links every one it can)");
    }
  }

  // One note per reason: which frozen programs of which versions which releases refuse, and why.
  void report_refusals() {
    for (const auto& [key, group] : refused_) {
      std::vector<RuntimeRelease> releases = group.releases;
      std::sort(releases.begin(), releases.end());
      std::vector<std::string> names;
      for (const RuntimeRelease& release : releases) {
        names.push_back(release.is_development_head() ? "the development head" : release.text());
      }
      const std::string stage = group.refusal.stage_name();
      const bool one = group.programs.size() == 1;
      add(kGoldenProgramRefusedByRelease, fmt::format("{}", fmt::join(group.versions, ", ")), group.files.front(),
          fmt::format("{} golden program{} of {} ({}) {} refused by ExecuTorch {} (each by those from its own version's "
                      "first release on) in {}: {} ({}). {}",
                      group.programs.size(), one ? "" : "s", fmt::join(group.versions, ", "), listed(group.programs),
                      one ? "is" : "are", fmt::join(names, ", "), stage, group.refusal.message,
                      group.refusal.runtime_crashes() ? "the runtime would crash" : runtime_error_name(group.refusal.error),
                      group.coverage
                          ? "Coverage-only: frozen before golden programs were shaped as their release exported "
                            "them (or holding a distinct value in every field slot rather than a valid graph), it is "
                            "judged against the schemas; its version's *_exported programs load on its own release."
                          : "Each loads on every other release from its own version on, the newest included."),
          group.coverage ? "none: the frozen coverage program is history; runnable programs of the version are held to "
                           "every check"
                         : "none for the frozen files (golden programs are history); programs exported for those "
                           "releases must not have this shape");
    }
  }

  void add(std::vector<Finding>&& findings) {
    std::move(findings.begin(), findings.end(), std::back_inserter(report_.findings));
  }

 private:
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

  void add(const RuleInfo& rule, std::string subject, std::string file, std::string message, std::string fix) {
    report_.findings.push_back(golden_finding(rule, std::move(subject), std::move(file), std::move(message), std::move(fix)));
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
  std::vector<std::string> not_defined_;
};

// The families the manifest holds programs of, in the order registered. A family fbcompat does not know
// is named, so that its programs are not silently left unchecked.
std::vector<std::string> families_with_programs(const GoldenManifest& manifest) {
  std::vector<std::string> families;
  for (const GoldenEntry& entry : manifest.entries) {
    if (std::find(families.begin(), families.end(), entry.family) == families.end()) families.push_back(entry.family);
  }
  const std::vector<std::string> known = delegate_family_names();
  std::stable_sort(families.begin(), families.end(), [&](const std::string& a, const std::string& b) {
    return std::find(known.begin(), known.end(), a) < std::find(known.begin(), known.end(), b);
  });
  return families;
}

}  // namespace

Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options, const DelegateFamily& family) {
  // Read under a shared lock, which a freeze's excludes: never a file placed but not yet recorded.
  auto lock = DirectoryLock::share(options.golden_dir, "golden verify");
  if (!lock) return lock.error();
  // The directory is searched while the manifest is read.
  std::optional<Expected<GoldenManifest>> read;
  std::vector<FoundFile> found;
  parallel_for(2, options.threads, [&](std::size_t job) {
    if (job == 0) {
      read.emplace(load_golden_manifests(options.golden_dir, options.max_golden_file_bytes));
    } else {
      found = golden_files(options.golden_dir);
    }
  });
  Expected<GoldenManifest>& manifest = *read;
  if (!manifest) return manifest.error();
  std::vector<const GoldenEntry*> entries;
  for (const GoldenEntry& entry : manifest->entries) {
    if (entry.family == family.name()) entries.push_back(&entry);
  }
  std::vector<std::string> listed;
  for (const FoundFile& file : found) listed.push_back(file.relative);
  std::sort(listed.begin(), listed.end());
  // The programs are independent: each is checked on its own, on every core, beside the coverage.
  std::vector<GoldenProgramCheck> checks(entries.size());
  std::vector<Finding> coverage;
  parallel_for(entries.size() + 1, options.threads, [&](std::size_t job) {
    if (job == 0) {
      coverage = coverage_findings(options, family, *manifest);
    } else {
      checks[job - 1] = check_golden_program(*entries[job - 1], options, family, listed);
    }
  });
  std::vector<Finding> unrecorded = unrecorded_files(found, *manifest);
  GoldenVerifyReport report;
  GoldenChecker checker(options, family, report);
  for (std::size_t e = 0; e < entries.size(); ++e) {
    if (checks[e].problem) return *checks[e].problem;
    checker.merge(*entries[e], std::move(checks[e]));
  }
  checker.report_refusals();
  checker.report_definitions_not_checked();
  checker.add(std::move(coverage));
  checker.add(std::move(unrecorded));
  return report;
}

Expected<GoldenVerifyReport> verify_golden(const GoldenVerifyOptions& options) {
  std::vector<std::string> families{options.family};
  if (options.family.empty() && !options.family_dir.empty()) {
    // A schema directory is one family's, which its manifest names.
    auto schemas = load_manifest(options.family_dir + "/manifest.toml");
    if (!schemas) return schemas.error();
    families = {schemas->family};
  } else if (options.family.empty()) {
    auto manifest = load_golden_manifests(options.golden_dir, options.max_golden_file_bytes);
    if (!manifest) return manifest.error();
    families = families_with_programs(*manifest);
  }
  GoldenVerifyReport merged;
  for (const std::string& name : families) {
    GoldenVerifyOptions one = options;
    one.family = name;
    if (one.family_dir.empty()) one.family_dir = options.schemas_root + "/" + name;
    auto family = load_delegate_family(name, one.family_dir);
    if (!family) return family.error();
    auto report = verify_golden(one, **family);
    if (!report) return report.error();
    merged.programs += report->programs;
    merged.readings += report->readings;
    for (Finding& finding : report->findings) {
      // Each family's check lists the whole directory: a file no entry records is reported once.
      const bool again = finding.rule == kGoldenFileUnrecorded.id &&
                         std::any_of(merged.findings.begin(), merged.findings.end(), [&](const Finding& seen) {
                           return seen.rule == finding.rule && seen.subject == finding.subject;
                         });
      if (!again) merged.findings.push_back(std::move(finding));
    }
  }
  return merged;
}

}  // namespace fbcompat
