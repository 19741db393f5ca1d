#include <algorithm>
#include <cctype>

#include <nlohmann/json.hpp>

#include "fbcompat/core/report.h"
#include "fbcompat/core/report_json.h"

namespace fbcompat {

const std::vector<std::pair<std::string_view, Format>>& format_names() {
  static const std::vector<std::pair<std::string_view, Format>> names{
      {"text", Format::Text},   {"json", Format::Json},     {"markdown", Format::Markdown},
      {"sarif", Format::Sarif}, {"github", Format::Github}, {"junit", Format::Junit}, {"patch", Format::Patch}};
  return names;
}

std::optional<Format> parse_format(std::string_view name) {
  for (const auto& [known, format] : format_names()) {
    const bool same = known.size() == name.size() &&
                      std::equal(known.begin(), known.end(), name.begin(), [](char a, char b) {
                        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
                      });
    if (same) return format;
  }
  return std::nullopt;
}

std::string_view format_name(Format format) {
  for (const auto& [name, known] : format_names()) {
    if (known == format) return name;
  }
  return "text";
}

std::string Report::text(const RenderOptions& options) const {
  return format_text_report(findings_, options.what, options.style, judgement_.findings);
}
std::string Report::json(const RenderOptions&) const { return format_json_report(findings_); }
std::string Report::markdown(const RenderOptions& options) const {
  return format_markdown_report(findings_, options.what, judgement_.findings);
}
std::string Report::junit(const RenderOptions& options) const {
  return format_junit_report(findings_, options.what, judgement_);
}

namespace {

// Every JSON report is one object: the judgement joins it as "configuration", and its verdict is the
// report's, which counts the judgement's own errors (--strict on a stale ignore).
std::string with_judgement_json(const Report& report, const RenderOptions& options) {
  nlohmann::json document = nlohmann::json::parse(report.json(options));
  document["configuration"] = judgement_to_json(report.judgement());
  document["compatible"] = report.compatible();
  return json_text(document);
}

}  // namespace

std::string render(const Report& report, Format format, const RenderOptions& options) {
  const Judgement& judgement = report.judgement();
  switch (format) {
    case Format::Text: return report.text(options) + format_judgement_text(judgement, options.style);
    case Format::Json: return with_judgement_json(report, options);
    case Format::Markdown: return report.markdown(options) + format_judgement_markdown(judgement);
    case Format::Junit: return report.junit(options);
    case Format::Sarif: return format_sarif_report(report.findings(), options.rules, judgement);
    case Format::Github: return format_github_report(report.findings(), options.what, judgement);
    case Format::Patch: return format_patch(report.rewrites());
  }
  return report.text(options);
}

std::string render_error(const Error& error, Format format, const RenderOptions& options) {
  switch (format) {
    case Format::Text: return format_text_error(error);
    case Format::Json: return format_json_error(error);
    case Format::Markdown: return format_markdown_error(error, options.what);
    case Format::Junit: return format_junit_error(error, options.what.empty() ? "fbcompat" : options.what);
    case Format::Sarif: return format_sarif_error(error, options.rules);
    case Format::Github: return format_github_error(error);
    case Format::Patch: return "";  // nothing to apply: the error is on stderr
  }
  return format_text_error(error);
}

}  // namespace fbcompat
