// A program that compiles fmt and toml++ into itself, as programs that vendor them do, and also links
// libfbcompat, which compiles its own: it must link (no symbol defined twice) and each must use its
// own copy. Prints what it read with each, then fbcompat's verdict on an in-memory schema change.
#include <fmt/format-inl.h>  // the program's own fmt, compiled here

FMT_BEGIN_NAMESPACE
namespace detail {
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
}  // namespace detail
FMT_END_NAMESPACE

#define TOML_IMPLEMENTATION  // the program's own toml++, compiled here
#include <toml++/toml.h>

#include <cstdio>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/schema_loader.h"

int main() {
  const toml::table settings = toml::parse("name = \"consumer\"\nlevel = 3\n");
  fmt::print("{} at level {}\n", settings["name"].value_or(""), settings["level"].value_or(0));

  const auto old_schema = fbcompat::load_schema_from_texts("a.fbs", {{"a.fbs", "table T { a: int; b: int; }\n"}});
  const auto new_schema = fbcompat::load_schema_from_texts("a.fbs", {{"a.fbs", "table T { b: int; a: int; }\n"}});
  if (!old_schema.ok() || !new_schema.ok()) return 2;
  const auto findings = fbcompat::diff_schemas(*old_schema, *new_schema);
  fmt::print("{} findings, compatible: {}\n", findings.size(), fbcompat::compatible(findings));
  return fbcompat::compatible(findings) ? 1 : 0;  // swapping two fields must be breaking
}
