#include "fix/remedy_edits.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace fbcompat {
namespace {

using Member = SchemaText::Member;
using Declaration = SchemaText::Declaration;

// Moved members sort after every restored one at the same place (restorations are ordered by their
// old position, which is far smaller).
constexpr std::size_t kMovedOrder = std::size_t{1} << 40;

std::string short_name(const std::string& qualified) { return qualified.substr(qualified.rfind('.') + 1); }

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::size_t line_start(const std::string& text, std::size_t at) {
  if (at == 0) return 0;
  const std::size_t newline = text.rfind('\n', at - 1);
  return newline == std::string::npos ? 0 : newline + 1;
}

// Past the end of the line holding `at` (past its newline).
std::size_t line_after(const std::string& text, std::size_t at) {
  const std::size_t newline = text.find('\n', at);
  return newline == std::string::npos ? text.size() : newline + 1;
}

bool blank_between(const std::string& text, std::size_t begin, std::size_t end) {
  return std::all_of(text.begin() + static_cast<std::ptrdiff_t>(begin), text.begin() + static_cast<std::ptrdiff_t>(end),
                     is_blank);
}

// Only blanks, or blanks and a `//` comment, from `at` to the end of its line.
bool rest_of_line_is_comment(const std::string& text, std::size_t at) {
  const std::size_t end = text.find('\n', at) == std::string::npos ? text.size() : text.find('\n', at);
  std::size_t i = at;
  while (i < end && is_blank(text[i])) ++i;
  return i == end || text.compare(i, 2, "//") == 0;
}

// The line ending of the line holding `at` ("\r\n" in a file written on Windows), which a line added
// beside it takes.
std::string newline_at(const std::string& text, std::size_t at) {
  const std::size_t newline = text.find('\n', at);
  return newline != std::string::npos && newline > 0 && text[newline - 1] == '\r' ? "\r\n" : "\n";
}

std::string indentation_of(const std::string& text, std::size_t at) {
  const std::size_t start = line_start(text, at);
  std::size_t end = start;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  return text.substr(start, end - start);
}

// A member's text as it is moved or removed: its whole lines when it has them to itself (with the `///`
// documentation above it and the comment after it), else just its own text and the blanks after it (or,
// for the last on its line, before it: no line is left ending in blanks).
struct Block {
  std::size_t begin = 0;
  std::size_t end = 0;
  bool lines = false;
};

Block block_of(const std::string& text, const Member& member) {
  const std::size_t start = line_start(text, member.whole.begin);
  if (blank_between(text, start, member.whole.begin) && rest_of_line_is_comment(text, member.whole.end)) {
    Block block{start, line_after(text, member.whole.end), true};
    while (block.begin > 0) {
      const std::size_t above = line_start(text, block.begin - 1);
      std::size_t first = above;
      while (first < block.begin && is_blank(text[first])) ++first;
      if (text.compare(first, 3, "///") != 0) break;
      block.begin = above;
    }
    return block;
  }
  std::size_t begin = member.whole.begin;
  std::size_t end = member.whole.end;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  if (end == text.size() || text[end] == '\n' || text[end] == '\r') {
    end = member.whole.end;
    while (begin > 0 && (text[begin - 1] == ' ' || text[begin - 1] == '\t')) --begin;
  }
  return {begin, end, false};
}

bool declares_fields(const std::string& text, const Declaration& declaration) {
  return text.compare(declaration.keyword, 5, "table") == 0 || text.compare(declaration.keyword, 6, "struct") == 0;
}

Expected<Declaration> locate_declaration(const SchemaText& text, const std::string& name) {
  auto declaration = text.declaration(name);
  if (!declaration) return Error{"", 0, 0, fmt::format("{} is not declared in this file", short_name(name))};
  return std::move(*declaration);
}

Expected<Member> locate_member(const SchemaText& text, const std::string& declaration, const std::string& name) {
  auto member = text.member(declaration, name);
  if (!member) return Error{"", 0, 0, fmt::format("{} has no {} in this file", short_name(declaration), name)};
  return std::move(*member);
}

const Member& last_member(const Declaration& declaration) {
  return *std::max_element(declaration.members.begin(), declaration.members.end(),
                           [](const Member& a, const Member& b) { return a.whole.begin < b.whole.begin; });
}

// A member's own text from `begin` to `end`, its explicit number (`= 3`) replaced by `number` when given.
std::string renumbered_text(const std::string& text, std::size_t begin, std::size_t end, const Member& member,
                            std::int64_t number) {
  if (number < 0 || !member.value) return text.substr(begin, end - begin);
  return text.substr(begin, member.value->begin - begin) + std::to_string(number) +
         text.substr(member.value->end, end - member.value->end);
}

// Where a member's text ends before its terminator (and the blanks before that).
std::size_t without_terminator(const std::string& text, const Member& member) {
  std::size_t end = member.terminated ? member.whole.end - 1 : member.whole.end;
  while (end > member.whole.begin && is_blank(text[end - 1])) --end;
  return end;
}

// The `,` an enum's or union's last member may lack, once another member follows it.
std::optional<PlannedEdit> comma_after(const std::string& text, const Declaration& declaration, const Member& member) {
  if (member.terminated || declares_fields(text, declaration)) return std::nullopt;
  return PlannedEdit{member.whole.end, 0, ",", 0};
}

// The span of the number in a field's `id: N` attribute, or of an enum value's or union member's `= N`
// (a field's `= N` is its default, never its number).
std::optional<SchemaText::Span> number_span(const SchemaText& schema, const Declaration& declaration,
                                            const Member& member) {
  const std::string& text = schema.text();
  if (!declares_fields(text, declaration)) return member.value;
  if (auto attribute = schema.attribute(member, "id")) {
    const SchemaText::Span id = attribute->entry;
    std::size_t at = text.find(':', id.begin);
    if (at == std::string::npos || at >= id.end) return std::nullopt;
    ++at;
    while (at < id.end && is_blank(text[at])) ++at;
    std::size_t end = at;
    while (end < id.end && (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '"')) ++end;
    if (end == at) return std::nullopt;
    return SchemaText::Span{at, end};
  }
  return std::nullopt;
}

// The edit that sets a member's explicit number (quoted when it was: `id: "3"`); nullopt when it has none.
std::optional<PlannedEdit> number_edit(const SchemaText& schema, const Declaration& declaration, const Member& member,
                                       std::int64_t number) {
  const auto span = number_span(schema, declaration, member);
  if (!span) return std::nullopt;
  const bool quoted = schema.text()[span->begin] == '"';
  return PlannedEdit{span->begin, span->end - span->begin,
                     quoted ? fmt::format("\"{}\"", number) : std::to_string(number), 0};
}

Expected<RemedyEdits> edit_move_to_end(const Remedy& remedy, const SchemaText& schema) {
  const std::string& text = schema.text();
  auto declaration = locate_declaration(schema, remedy.declaration);
  if (!declaration) return declaration.error();
  auto member = locate_member(schema, remedy.declaration, remedy.member);
  if (!member) return member.error();
  const Member& last = last_member(*declaration);
  if (last.whole.begin == member->whole.begin) {
    return Error{"", 0, 0, fmt::format("{} is already the last of {}", remedy.member, short_name(remedy.declaration))};
  }
  RemedyEdits result;
  const Block moved = block_of(text, *member);
  result.edits.push_back({moved.begin, moved.end - moved.begin, "", 0});
  const Block end = block_of(text, last);
  const std::size_t order = kMovedOrder + member->whole.begin;
  const auto comma = comma_after(text, *declaration, last);
  if (comma && !end.lines) {
    // `{ A, B }`: the member goes after a comma of its own, without its own terminator.
    result.edits.push_back({last.whole.end, 0,
                            ", " + renumbered_text(text, member->whole.begin, without_terminator(text, *member),
                                                   *member, remedy.number),
                            order});
  } else if (end.lines) {
    if (comma) result.edits.push_back(*comma);
    const std::string newline = newline_at(text, last.whole.end);
    std::string lines = moved.lines ? renumbered_text(text, moved.begin, moved.end, *member, remedy.number)
                                    : indentation_of(text, last.whole.begin) +
                                          renumbered_text(text, member->whole.begin, member->whole.end, *member,
                                                          remedy.number) +
                                          newline;
    if (lines.back() != '\n') lines += newline;
    result.edits.push_back({end.end, 0, std::move(lines), order});
  } else {
    result.edits.push_back(
        {last.whole.end, 0,
         " " + renumbered_text(text, member->whole.begin, member->whole.end, *member, remedy.number), order});
  }
  // The members it displaced get back the explicit numbers the insertion made them change.
  for (const auto& [name, number] : remedy.renumbered) {
    auto displaced = locate_member(schema, remedy.declaration, name);
    if (!displaced) return displaced.error();
    if (auto edit = number_edit(schema, *declaration, *displaced, number)) result.edits.push_back(std::move(*edit));
  }
  result.note = fmt::format("{} moved to the end of {}", remedy.member, short_name(remedy.declaration));
  if (remedy.number >= 0) {
    const bool union_member = text.compare(declaration->keyword, 5, "union") == 0;
    result.note += fmt::format(", as {}{}", union_member ? "type id " : "", remedy.number);
  }
  return result;
}

Expected<RemedyEdits> edit_renumber(const Remedy& remedy, const SchemaText& schema) {
  auto declaration = locate_declaration(schema, remedy.declaration);
  if (!declaration) return declaration.error();
  std::vector<std::pair<std::string, std::int64_t>> numbers{{remedy.member, remedy.number}};
  numbers.insert(numbers.end(), remedy.renumbered.begin(), remedy.renumbered.end());
  RemedyEdits result;
  std::string list;
  for (const auto& [name, number] : numbers) {
    auto member = locate_member(schema, remedy.declaration, name);
    if (!member) return member.error();
    auto edit = number_edit(schema, *declaration, *member, number);
    if (!edit) {
      return Error{"", 0, 0, fmt::format("{} has no explicit number to set back: the order was changed, and restoring "
                                         "it moves other members too, which is not guessed",
                                         name)};
    }
    result.edits.push_back(std::move(*edit));
    list += fmt::format("{}{} to {}", list.empty() ? "" : ", ", name, number);
  }
  result.note = fmt::format("numbers in {} set: {}", short_name(remedy.declaration), list);
  return result;
}

// A restored member's line (or, in a declaration written on one line, its text) before or after `at`.
Expected<RemedyEdits> edit_restore(const Remedy& remedy, const SchemaText& schema) {
  const std::string& text = schema.text();
  auto declaration = locate_declaration(schema, remedy.declaration);
  if (!declaration) return declaration.error();
  const bool field = declares_fields(text, *declaration);
  const std::string declared = remedy.text + (field ? ";" : ",");
  const std::string line_comment = remedy.comment.empty() ? "" : "  // " + remedy.comment;
  const std::string inline_comment = remedy.comment.empty() ? "" : " /* " + remedy.comment + " */";
  RemedyEdits result;
  // What the comment says it is: a member added (a reader catching up with its writer) or restored.
  const char* const verb = remedy.comment.rfind("added", 0) == 0 ? "added" : "restored";
  result.note = remedy.after.empty()
                    ? fmt::format("{} {} at the start of {}", remedy.member, verb, short_name(remedy.declaration))
                    : fmt::format("{} {} after {}", remedy.member, verb, remedy.after);
  if (!remedy.after.empty()) {
    auto anchor = locate_member(schema, remedy.declaration, remedy.after);
    if (!anchor) return anchor.error();
    const auto comma = comma_after(text, *declaration, *anchor);
    const Block block = block_of(text, *anchor);
    if (comma && !block.lines) {
      result.edits.push_back({anchor->whole.end, 0, fmt::format(", {}{}", remedy.text, inline_comment), remedy.order});
      return result;
    }
    if (comma) result.edits.push_back(*comma);
    if (block.lines) {
      result.edits.push_back({block.end, 0,
                              fmt::format("{}{}{}{}", indentation_of(text, anchor->whole.begin), declared, line_comment,
                                          newline_at(text, anchor->whole.end)),
                              remedy.order});
    } else {
      result.edits.push_back({anchor->whole.end, 0, fmt::format(" {}{}", declared, inline_comment), remedy.order});
    }
    return result;
  }
  if (declaration->members.empty()) {
    result.edits.push_back({declaration->open + 1, 0, fmt::format(" {}{} ", declared, inline_comment), remedy.order});
    return result;
  }
  const Member& first = *std::min_element(declaration->members.begin(), declaration->members.end(),
                                          [](const Member& a, const Member& b) { return a.whole.begin < b.whole.begin; });
  const Block block = block_of(text, first);
  if (block.lines) {
    result.edits.push_back({block.begin, 0,
                            fmt::format("{}{}{}{}", indentation_of(text, first.whole.begin), declared, line_comment,
                                        newline_at(text, first.whole.end)),
                            remedy.order});
  } else {
    result.edits.push_back({first.whole.begin, 0, fmt::format("{}{} ", declared, inline_comment), remedy.order});
  }
  return result;
}

Expected<RemedyEdits> edit_drop_attribute(const Remedy& remedy, const SchemaText& schema) {
  const std::string& text = schema.text();
  auto member = locate_member(schema, remedy.declaration, remedy.member);
  if (!member) return member.error();
  auto attribute = schema.attribute(*member, remedy.text);
  if (!attribute) return Error{"", 0, 0, fmt::format("{} has no `{}` in this file", remedy.member, remedy.text)};
  RemedyEdits result;
  for (const SchemaText::Span& span : attribute->removal) {
    std::size_t begin = span.begin;
    // The whole list goes with the blanks before it.
    if (member->attributes && span.begin == member->attributes->begin) {
      while (begin > 0 && is_blank(text[begin - 1])) --begin;
    }
    result.edits.push_back({begin, span.end - begin, "", 0});
  }
  result.note = fmt::format("`{}` removed from {}", remedy.text, remedy.member);
  return result;
}

Expected<RemedyEdits> edit_set_default(const Remedy& remedy, const SchemaText& schema) {
  auto member = locate_member(schema, remedy.declaration, remedy.member);
  if (!member) return member.error();
  RemedyEdits result;
  if (member->value) {
    result.edits.push_back({member->value->begin, member->value->end - member->value->begin, remedy.text, 0});
  } else if (member->type_end) {
    result.edits.push_back({*member->type_end, 0, " = " + remedy.text, 0});
  } else {
    return Error{"", 0, 0, fmt::format("the declaration of {} was not understood", remedy.member)};
  }
  result.note = fmt::format("the default of {} restored to {}", remedy.member, remedy.text);
  return result;
}

// `root_type X;` or `file_identifier "X";`: its value replaced, or the statement restored (an
// identifier before the root_type, else at the end of the file).
Expected<RemedyEdits> edit_set_statement(const Remedy& remedy, const SchemaText& schema) {
  const std::string& text = schema.text();
  const bool identifier = remedy.kind == Remedy::Kind::SetIdentifier;
  const std::string keyword = identifier ? "file_identifier" : "root_type";
  const std::string value = identifier ? fmt::format("\"{}\"", remedy.text) : remedy.text;
  RemedyEdits result;
  result.note = fmt::format("{} restored to {}", keyword, value);
  if (auto statement = identifier ? schema.file_identifier() : schema.root_type()) {
    result.edits.push_back({statement->value.begin, statement->value.end - statement->value.begin, value, 0});
    return result;
  }
  const std::string newline = newline_at(text, 0);
  const std::string line = fmt::format("{} {};{}", keyword, value, newline);
  const auto root_type = schema.root_type();
  if (identifier && root_type) {
    result.edits.push_back({line_start(text, root_type->whole.begin), 0, line, 0});
  } else {
    result.edits.push_back({text.size(), 0, (text.empty() || text.back() == '\n' ? "" : newline) + line, 0});
  }
  return result;
}

}  // namespace

Expected<RemedyEdits> remedy_edits(const Remedy& remedy, const SchemaText& text) {
  switch (remedy.kind) {
    case Remedy::Kind::MoveToEnd: return edit_move_to_end(remedy, text);
    case Remedy::Kind::Renumber: return edit_renumber(remedy, text);
    case Remedy::Kind::Restore: return edit_restore(remedy, text);
    case Remedy::Kind::DropAttribute: return edit_drop_attribute(remedy, text);
    case Remedy::Kind::SetDefault: return edit_set_default(remedy, text);
    case Remedy::Kind::SetIdentifier:
    case Remedy::Kind::SetRootType: return edit_set_statement(remedy, text);
    case Remedy::Kind::None: break;
  }
  return Error{"", 0, 0, remedy.reason.empty() ? std::string("no mechanical fix") : remedy.reason};
}

}  // namespace fbcompat
