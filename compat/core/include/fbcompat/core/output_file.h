// Writes what fbcompat produces (a report, a lock file, a golden program) so that it is either complete
// or not there at all: the contents go to a temporary file beside it, which is then renamed over the
// target. An interrupt or an error never leaves half a lock file, report or golden program behind.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "fbcompat/core/error.h"

namespace fbcompat {

enum class Overwrite { Allowed, Refused };

// Refused: fails (and writes nothing) when `path` already exists; the check and the rename are one
// atomic step (link(2)), so two writers cannot both succeed.
std::optional<Error> write_output_file(const std::string& path, std::string_view contents,
                                           Overwrite overwrite = Overwrite::Allowed);

}  // namespace fbcompat
