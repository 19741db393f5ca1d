// The pre-merge gate, as `fbcompat diff` runs it: one library call per kind of diff. Each loads both sides,
// reads the configuration of what it judges (not of the current directory), checks the configured root
// tables and the lock, and returns the findings with every file it read:
//
//   diff_schema_files(OLD, NEW)            two schema files, each with its includes from the file system;
//   diff_schema_directories(BASE, NEW)     a directory of released copies against another, file by file;
//   diff_against_ref(REF, side, paths)     the module (module_diff.h) against a git ref, from the work tree
//                                          or the index.
//
// The findings are as the rules report them; gate_report() judges them by the returned configuration, and
// the configuration's own findings (CONFIG_LOOSENED) by the base's, so that a change cannot accept its own
// breaks unseen. Every path in the findings is relative to `root`. A result also carries what the fix
// engine needs to fix its findings (new_texts, recheck): `fbcompat diff --fix` hands them to fix_findings.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "fbcompat/checks/fix.h"
#include "fbcompat/core/config.h"
#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/git_changes.h"
#include "fbcompat/core/memory_reader.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/rule.h"

namespace fbcompat {

struct GateOptions {
  // Every rule (release/rule_catalogue.h's all_rules()): the configuration names rules by id.
  std::vector<RuleInfo> rules;
  // A configuration file given (--config), read as it is; empty: the judged side's own fbcompat.toml (the
  // repository root's, as the index or the work tree has it; for two files or directories, the nearest
  // one above the new side, inside its repository).
  std::string config;
  // A lock file given (--lock); empty: the lock of the configured family whose directory holds each schema.
  std::string lock;
  std::vector<std::string> include_dirs;   // -I: after [module] include; for two files, after the file's own directory
  std::size_t union_capacity_warning = 0;  // 0: the configuration's (default 200)
  // Two files: includes only from each file's repository (or directory) and the include directories.
  // A module's includes are always confined to its tree.
  bool confine_includes = false;
  // The caller exits after the call (the CLI): two files' Parsers are left to the end of the process
  // (schema_loader.h's keep_parser_until_exit).
  bool keep_parsers_until_exit = false;
};

struct GateResult {
  // Bad input (exit 2): what could not be judged. `findings` is then empty, and `files_read` lists what
  // was read before, so that a report written on the error replaces none of it.
  std::optional<Error> error;
  std::vector<Finding> findings;  // as the rules report them, before any configuration judges them
  Config config;                  // the configuration that judges them: the judged side's
  // Findings about the configuration itself (CONFIG_LOOSENED), and the policy of the base's configuration
  // that judges them.
  std::vector<Finding> configuration_findings;
  Policy base_policy;
  // What was checked, for the summary line: "3 schema files (1 added) in schemas against origin/main".
  std::string checked;
  // What the findings' paths are relative to: the repository's root ("" for paths as the caller gave them).
  std::string root;
  std::vector<FileChange> files;  // the module's schema files (none for two files)
  // Every file read from the file system (schemas, includes, the configuration, the lock, family
  // manifests), and the directories the diff read whole: what `-o` must not replace.
  std::vector<std::string> files_read;
  // What a fix (fbcompat/checks/fix.h) needs: the new side's files as they were checked, by the names
  // findings carry (under `root`), and the same check run again with some of them rewritten.
  SchemaTexts new_texts;
  Recheck recheck;
};

GateResult diff_schema_files(const std::string& old_path, const std::string& new_path, const GateOptions& options);

GateResult diff_schema_directories(const std::string& base_directory, const std::string& new_directory,
                                   const GateOptions& options);

// `paths`: files, directories or globs in the repository, as the caller names them (relative to the
// current directory); none: the configured [module] roots, else every schema file under the current
// directory (the summary then says that the module was narrowed to it).
GateResult diff_against_ref(const std::string& ref, NewSide side, const std::vector<std::string>& paths,
                            const GateOptions& options);

// The report of a gate run: its findings judged by its configuration (made strict by `strict`), then the
// configuration's own findings, judged by the base's configuration.
std::unique_ptr<Report> gate_report(GateResult result, bool strict);

}  // namespace fbcompat
