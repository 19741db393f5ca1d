// Text from inputs (a file name, a program's plan name, a payload's identifier) made safe to print on a
// line of a terminal or a log: control characters are shown escaped rather than acted on, so that an
// input cannot start a new line that looks like fbcompat's, move the cursor or recolour the rest.
#pragma once

#include <string>
#include <string_view>

namespace fbcompat {

// `text` with each control character (C0, DEL, and C1 in UTF-8) written as an escape: \n, \r, \t,
// \x1b, \u009b; bytes that are not UTF-8 as \xNN. Everything else, UTF-8 included, is kept.
std::string printable(std::string_view text);

}  // namespace fbcompat
