#include "fbcompat/support/json_document.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

#include <rapidjson/error/en.h>

namespace fbcompat::support {
namespace {

// Whether every byte is ASCII, and so already valid UTF-8: a reduction the compiler vectorizes, where
// RapidJSON's validation decodes each character of each string.
bool all_ascii(const char* text, std::size_t size) {
  unsigned char bits = 0;
  for (std::size_t i = 0; i < size; ++i) bits |= static_cast<unsigned char>(text[i]);
  return (bits & 0x80) == 0;
}

// RapidJSON's events handed on to the document, with what nlohmann refuses and RapidJSON 1.1 lets
// through stopped where it is met: a number read as infinity, and a lone low surrogate, which RapidJSON
// writes as the three bytes of a UTF-16 surrogate (ED B0..BF ..), not UTF-8.
class Checked {
 public:
  // `surrogates_possible`: whether the text holds a \u escape at all. Only an escape can put a
  // surrogate in a string (RapidJSON refuses one written as UTF-8 bytes), and most descriptions have
  // none, so the look at each string is skipped.
  Checked(rapidjson::Document& document, bool surrogates_possible, unsigned max_depth)
      : document_(document), surrogates_possible_(surrogates_possible), max_depth_(max_depth) {}

  const char* refusal() const { return refusal_; }
  bool too_deep() const { return too_deep_; }

  bool Null() { return document_.Null(); }
  bool Bool(bool value) { return document_.Bool(value); }
  bool Int(int value) { return document_.Int(value); }
  bool Uint(unsigned value) { return document_.Uint(value); }
  bool Int64(std::int64_t value) { return document_.Int64(value); }
  bool Uint64(std::uint64_t value) { return document_.Uint64(value); }
  bool Double(double value) {
    if (!std::isfinite(value)) return refuse("a number beyond a double's range");
    return document_.Double(value);
  }
  bool RawNumber(const char* text, rapidjson::SizeType length, bool copy) { return document_.RawNumber(text, length, copy); }
  bool String(const char* text, rapidjson::SizeType length, bool copy) {
    if (surrogates_possible_ && has_surrogate(text, length)) return refuse("a lone surrogate escape, which is no character");
    return document_.String(text, length, copy);
  }
  bool Key(const char* text, rapidjson::SizeType length, bool copy) {
    if (surrogates_possible_ && has_surrogate(text, length)) return refuse("a lone surrogate escape, which is no character");
    return document_.Key(text, length, copy);
  }
  bool StartObject() { return deeper() && document_.StartObject(); }
  bool EndObject(rapidjson::SizeType members) {
    --depth_;
    return document_.EndObject(members);
  }
  bool StartArray() { return deeper() && document_.StartArray(); }
  bool EndArray(rapidjson::SizeType elements) {
    --depth_;
    return document_.EndArray(elements);
  }

 private:
  static bool has_surrogate(const char* text, std::size_t length) {
    for (const char* at = text; (at = static_cast<const char*>(std::memchr(at, '\xED', length - (at - text)))) != nullptr; ++at) {
      if (at + 1 < text + length && (static_cast<unsigned char>(at[1]) & 0xE0) == 0xA0) return true;
    }
    return false;
  }

  bool refuse(const char* why) {
    refusal_ = why;
    return false;
  }

  bool deeper() {
    if (++depth_ <= max_depth_) return true;
    too_deep_ = true;
    return false;
  }

  rapidjson::Document& document_;
  const bool surrogates_possible_;
  const unsigned max_depth_;
  unsigned depth_ = 0;
  bool too_deep_ = false;
  const char* refusal_ = nullptr;
};

// One parse of `text` into `document` (left as it was when the parse fails).
// Read as a C string, which takes RapidJSON's SIMD paths for whitespace and strings. A NUL ends the
// text, as it does when RapidJSON reads by length and for nlohmann: the three agree.
template <unsigned kFlags>
struct Parse {
  Parse(const char* text_, bool surrogates_possible_, unsigned max_depth_)
      : text(text_), surrogates_possible(surrogates_possible_), max_depth(max_depth_) {}

  const char* text;
  bool surrogates_possible;
  unsigned max_depth;
  rapidjson::ParseResult result;
  const char* refusal = nullptr;
  bool too_deep = false;

  bool operator()(rapidjson::Document& handler) {
    rapidjson::Reader reader;
    rapidjson::StringStream stream(text);
    Checked checked(handler, surrogates_possible, max_depth);
    result = reader.Parse<kFlags>(stream, checked);
    refusal = checked.refusal();
    too_deep = checked.too_deep();
    return !result.IsError();
  }
};

// RapidJSON's recursive parser, faster than its iterative one by a sixth, calls itself for each level
// of nesting: it is trusted with this many levels, whose frames fit any thread's stack. A text nested
// deeper is parsed again, iteratively, which no depth can exhaust.
constexpr unsigned kRecursiveDepth = 64;

// Whether the recursive parser words a refusal of `text` as the iterative one does. They differ only
// where the first byte after any whitespace closes or separates ("]", "}", ",", ":"): "Invalid value."
// for one, "The document is empty." for the other, which parse_json has always said.
bool recursive_words_alike(const char* text) {
  const char* first = text + std::strspn(text, " \t\n\r");
  return std::strchr("]},:", *first) == nullptr || *first == '\0';
}

template <unsigned kFlags>
rapidjson::ParseResult parse_document(const char* text, bool surrogates_possible, rapidjson::Document& document,
                             const char*& refusal) {
  if (recursive_words_alike(text)) {
    Parse<kFlags> recursive(text, surrogates_possible, kRecursiveDepth);
    document.Populate(recursive);
    if (!recursive.too_deep) {
      refusal = recursive.refusal;
      return recursive.result;
    }
  }
  Parse<kFlags | rapidjson::kParseIterativeFlag> iterative(text, surrogates_possible, UINT_MAX);
  document.Populate(iterative);
  refusal = iterative.refusal;
  return iterative.result;
}

}  // namespace

std::optional<JsonProblem> parse_json(const std::string& text, rapidjson::Document& document) {
  // A byte order mark, which nlohmann skips too.
  const std::size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  const char* refusal = nullptr;
  const bool escapes = text.find("\\u", start) != std::string::npos;
  const rapidjson::ParseResult result =
      all_ascii(text.data() + start, text.size() - start)
          ? parse_document<rapidjson::kParseDefaultFlags>(text.c_str() + start, escapes, document, refusal)
          : parse_document<rapidjson::kParseValidateEncodingFlag>(text.c_str() + start, escapes, document, refusal);
  if (!result.IsError()) return std::nullopt;
  const std::size_t offset = std::min(start + result.Offset(), text.size());
  const auto before = text.begin() + static_cast<std::ptrdiff_t>(offset);
  const std::size_t newline = offset == 0 ? std::string::npos : text.rfind('\n', offset - 1);
  JsonProblem problem;
  problem.line = static_cast<std::uint32_t>(1 + std::count(text.begin(), before, '\n'));
  problem.column = static_cast<std::uint32_t>(newline == std::string::npos ? offset + 1 : offset - newline);
  problem.message = refusal != nullptr ? refusal : rapidjson::GetParseError_En(result.Code());
  return problem;
}

const char* repeated_key(const rapidjson::Value& object) {
  if (!object.IsObject()) return nullptr;
  for (auto key = object.MemberBegin(); key != object.MemberEnd(); ++key) {
    for (auto other = object.MemberBegin(); other != key; ++other) {
      if (other->name == key->name) return key->name.GetString();
    }
  }
  return nullptr;
}

}  // namespace fbcompat::support
