// Reports: what a command found, rendered in one of the output formats. One Format enum, one table of
// its names, one render() that every command calls. A report is its findings; a command whose report
// shows more than findings (the audit's matrix, load-check's delegates) overrides the formats that
// show it, and every other format renders its findings. A new format is one renderer below, one enum
// value and one case in render().
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fbcompat/core/error.h"
#include "fbcompat/core/finding.h"
#include "fbcompat/core/policy.h"
#include "fbcompat/core/rule.h"

namespace fbcompat {

enum class Format { Text, Json, Markdown, Sarif, Github, Junit, Patch };

// Every format with its --format name, in the order help texts list them.
const std::vector<std::pair<std::string_view, Format>>& format_names();
std::optional<Format> parse_format(std::string_view name);  // case-insensitive
std::string_view format_name(Format format);

struct TextStyle {
  bool color = false;  // ANSI colours, for a terminal
};

struct RenderOptions {
  std::string what;  // what was checked: the summary line, the JUnit suite
  TextStyle style;
  // The rules SARIF describes, so that results refer to them by index: the catalogue of every rule
  // (fbcompat/release/rule_catalogue.h). Empty: only the rules of the findings, by id.
  std::vector<RuleInfo> rules;
};

// A file a fix rewrites (fbcompat/checks/fix.h): its name as findings carry it, its text before and after.
struct FileRewrite {
  std::string file;
  std::string before;
  std::string after;
};

class Report {
 public:
  explicit Report(std::vector<Finding> findings) : findings_(std::move(findings)) {}
  virtual ~Report() = default;

  const std::vector<Finding>& findings() const { return findings_; }
  // For a step after judging that adds to each finding (its fix: fbcompat/checks/fix.h).
  std::vector<Finding>& mutable_findings() { return findings_; }
  // Judges the findings by the project's policy: severities, accepted findings, --strict.
  virtual void apply(const Policy& policy) { apply_policy(policy, findings_, &judgement_); }
  // The files the findings' fixes rewrite (planned or written): what the patch format prints.
  const std::vector<FileRewrite>& rewrites() const { return rewrites_; }
  void set_rewrites(std::vector<FileRewrite> rewrites) { rewrites_ = std::move(rewrites); }
  // Which configuration judged the findings and what it accepted; every format shows it.
  const Judgement& judgement() const { return judgement_; }
  // The verdict: the report's own (findings_compatible) and no error about its configuration.
  bool compatible() const { return findings_compatible() && fbcompat::compatible(judgement_.findings); }

  // The formats a report may show more in; by default each renders the findings.
  virtual std::string text(const RenderOptions& options) const;
  virtual std::string json(const RenderOptions& options) const;
  virtual std::string markdown(const RenderOptions& options) const;
  virtual std::string junit(const RenderOptions& options) const;

 protected:
  Report(const Report&) = default;
  Report& operator=(const Report&) = default;
  // For reports whose findings are derived from parts of their own.
  void replace_findings(std::vector<Finding> findings) { findings_ = std::move(findings); }
  // For reports that judge their parts themselves.
  Judgement& judgement_record() { return judgement_; }
  // The verdict on the report's own findings: by default, none is an error. A report whose verdict
  // depends on its parts (each pair, each family's shipped transitions) says so here.
  virtual bool findings_compatible() const { return fbcompat::compatible(findings_); }

 private:
  std::vector<Finding> findings_;
  std::vector<FileRewrite> rewrites_;
  Judgement judgement_;
};

// The one entry point: `report` in `format`, followed in every format by its judgement: which
// configuration judged it, what that accepted and why (JUnit documents hold it as a suite of their own).
std::string render(const Report& report, Format format, const RenderOptions& options);

// A run that could not judge (bad input, exit 2) still gives a well-formed report in the format asked
// for, carrying the error where each format's readers look: SARIF's invocations[].
// toolExecutionNotifications (the invocation not successful), JSON's "error", a failing JUnit test case,
// a GitHub ::error annotation, a Markdown verdict line, the text error line.
std::string render_error(const Error& error, Format format, const RenderOptions& options);

// The renderers of findings, one per format.

// One finding: "file:line:col: error: [RULE] message", then its subject and fix.
std::string format_finding_text(const Finding& finding, const TextStyle& style = {});

// Every finding, then a summary line: "2 errors, 1 warning: NEW is not backward compatible with OLD".
// `also_counted`: findings shown elsewhere (the judgement's) that the summary's counts and verdict include.
std::string format_text_report(const std::vector<Finding>& findings, const std::string& what, const TextStyle& style = {},
                               const std::vector<Finding>& also_counted = {});

// A Markdown summary for a pull request comment: a verdict line, then a table of findings.
std::string format_markdown_report(const std::vector<Finding>& findings, const std::string& what,
                                   const std::vector<Finding>& also_counted = {});

// SARIF 2.1.0 for code scanning: one run of the fbcompat tool, the rules it describes, one result per
// finding. The judgement's findings are results too, and each accepted finding is a result with an
// external suppression that gives its reason.
std::string format_sarif_report(const std::vector<Finding>& findings, const std::vector<RuleInfo>& rules = {},
                                const Judgement& judgement = {});

// GitHub Actions workflow commands (::error file=...,line=...::message) that annotate a pull request's
// lines, then a ::notice with the summary and one with the judgement. GitHub shows at most 10 annotations
// of each level per step: beyond that, the last one shown says how many more there are (the job summary,
// the Markdown report, lists them all).
std::string format_github_report(const std::vector<Finding>& findings, const std::string& what,
                                 const Judgement& judgement = {});

// JUnit XML for CI dashboards: one test suite, one failing test case per error (warnings are
// reported as passing cases with system-out), and one passing case when there are no findings.
// With a judgement, a suite of its own follows (junit.h).
std::string format_junit_report(const std::vector<Finding>& findings, const std::string& suite,
                                const Judgement& judgement = {});

// How each format shows a judgement (policy.h), after the report itself: the configuration used, what
// it accepted and why, and the findings about the configuration. Nothing when fbcompat's defaults
// judged and accepted nothing. render() adds these to every report.
std::string format_judgement_text(const Judgement& judgement, const TextStyle& style = {});
std::string format_judgement_markdown(const Judgement& judgement);
std::string format_judgement_github(const Judgement& judgement);

// A unified diff of the rewritten files (`git apply` takes it; paths as the findings name them, under a/
// and b/); empty when nothing is rewritten.
std::string format_patch(const std::vector<FileRewrite>& rewrites);

// {"compatible": bool, "findings": [{"rule", "category", "severity", "subject", "message", "fix", "file", "line", "column"}]}
std::string format_json_report(const std::vector<Finding>& findings);

// Each format's report of an error (render_error).
std::string format_text_error(const Error& error);
std::string format_json_error(const Error& error);
std::string format_markdown_error(const Error& error, const std::string& what);
std::string format_sarif_error(const Error& error, const std::vector<RuleInfo>& rules = {});
std::string format_github_error(const Error& error);
std::string format_junit_error(const Error& error, const std::string& suite);

}  // namespace fbcompat
