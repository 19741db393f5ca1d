#include <algorithm>
#include <cctype>

#include "fbcompat/core/report.h"

namespace fbcompat {

const std::vector<std::pair<std::string_view, Format>>& format_names() {
  static const std::vector<std::pair<std::string_view, Format>> names{
      {"text", Format::Text},   {"json", Format::Json},     {"markdown", Format::Markdown},
      {"sarif", Format::Sarif}, {"github", Format::Github}, {"junit", Format::Junit}};
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
  return format_text_report(findings_, options.what, options.style);
}
std::string Report::json(const RenderOptions&) const { return format_json_report(findings_); }
std::string Report::markdown(const RenderOptions& options) const { return format_markdown_report(findings_, options.what); }
std::string Report::junit(const RenderOptions& options) const { return format_junit_report(findings_, options.what); }

std::string render(const Report& report, Format format, const RenderOptions& options) {
  switch (format) {
    case Format::Text: return report.text(options);
    case Format::Json: return report.json(options);
    case Format::Markdown: return report.markdown(options);
    case Format::Junit: return report.junit(options);
    case Format::Sarif: return format_sarif_report(report.findings(), options.rules);
    case Format::Github: return format_github_report(report.findings(), options.what);
  }
  return report.text(options);
}

}  // namespace fbcompat
