#include "fbcompat/core/schema_text.h"

#include <algorithm>

#include "schema/source_locator.h"

namespace fbcompat {
namespace {

constexpr std::size_t kNone = SourceLocator::kNone;

std::optional<SchemaText::Span> span_of(std::size_t begin, std::size_t end) {
  if (begin == kNone || end == kNone) return std::nullopt;
  return SchemaText::Span{begin, end};
}

SchemaText::Member member_of(const SourceLocator::Member& found) {
  SchemaText::Member member;
  member.name = std::string(found.name);
  member.whole = {found.begin, found.end};
  member.terminated = found.terminated;
  if (found.type_end != kNone) member.type_end = found.type_end;
  member.value = span_of(found.value_begin, found.value_end);
  member.attributes = span_of(found.attributes_begin, found.attributes_end);
  return member;
}

std::optional<SchemaText::Statement> statement_of(const std::optional<SourceLocator::Statement>& found) {
  if (!found || found->end == kNone || found->value_begin == kNone) return std::nullopt;
  return SchemaText::Statement{{found->begin, found->end}, {found->value_begin, found->value_end}};
}

}  // namespace

struct SchemaText::Impl {
  std::string text;
  SourceLocator locator;
  std::vector<std::size_t> line_starts;
};

SchemaText::SchemaText(std::string text) : impl_(std::make_unique<Impl>()) {
  impl_->text = std::move(text);
  impl_->locator.scan(impl_->text, 0);
  impl_->line_starts.push_back(0);
  for (std::size_t at = impl_->text.find('\n'); at != std::string::npos; at = impl_->text.find('\n', at + 1)) {
    impl_->line_starts.push_back(at + 1);
  }
}

SchemaText::~SchemaText() = default;
SchemaText::SchemaText(SchemaText&&) noexcept = default;
SchemaText& SchemaText::operator=(SchemaText&&) noexcept = default;

const std::string& SchemaText::text() const { return impl_->text; }

std::optional<SchemaText::Declaration> SchemaText::declaration(const std::string& qualified_name) const {
  const SourceLocator::Declaration* found = impl_->locator.find_declaration(qualified_name);
  if (found == nullptr || found->open == kNone || found->close == kNone) return std::nullopt;
  Declaration declaration;
  declaration.keyword = found->begin;
  declaration.open = found->open;
  declaration.close = found->close;
  for (const SourceLocator::Member& member : found->members) {
    if (member.end != kNone) declaration.members.push_back(member_of(member));
  }
  return declaration;
}

std::optional<SchemaText::Member> SchemaText::member(const std::string& qualified_declaration,
                                                     std::string_view name) const {
  const SourceLocator::Declaration* declaration = impl_->locator.find_declaration(qualified_declaration);
  if (declaration == nullptr) return std::nullopt;
  const SourceLocator::Member* found = impl_->locator.find_member(*declaration, name);
  if (found == nullptr || found->end == kNone) return std::nullopt;
  return member_of(*found);
}

std::optional<SchemaText::Statement> SchemaText::root_type() const {
  return statement_of(impl_->locator.root_type_statement());
}

std::optional<SchemaText::Statement> SchemaText::file_identifier() const {
  return statement_of(impl_->locator.file_identifier_statement());
}

std::optional<SchemaText::Attribute> SchemaText::attribute(const Member& member, std::string_view name) const {
  if (!member.attributes) return std::nullopt;
  const auto found = SourceLocator::attribute_span(impl_->text, member.attributes->begin, member.attributes->end, name);
  if (!found) return std::nullopt;
  Attribute attribute{{found->entry.first, found->entry.second}, {}};
  for (const auto& [begin, end] : found->removal) attribute.removal.push_back({begin, end});
  return attribute;
}

std::pair<std::uint32_t, std::uint32_t> SchemaText::line_column(std::size_t offset) const {
  const auto& starts = impl_->line_starts;
  const auto line = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin());
  return {static_cast<std::uint32_t>(line), SourceLocator::column_of(impl_->text, starts[line - 1], offset)};
}

}  // namespace fbcompat
