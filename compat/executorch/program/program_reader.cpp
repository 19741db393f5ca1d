// read_program: the loader's verdict as an Error; read_program_file: a file's bytes, aligned as the
// runtime's loader aligns them.
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "fbcompat/core/printable.h"
#include "fbcompat/core/regular_file.h"
#include "fbcompat/executorch/program.h"

namespace fbcompat {

const char* delegate_location_name(DelegateLocation location) {
  return location == DelegateLocation::Inline ? "INLINE" : "SEGMENT";
}

Expected<ProgramView> read_program(const std::uint8_t* data, std::size_t size, const ProgramReadOptions& options) {
  ProgramLoad load = load_program(data, size, options);
  if (load.refusal) return Error{options.source_name, 0, 0, describe_refusal(*load.refusal, load.view.release)};
  return std::move(load.view);
}

Expected<std::vector<std::uint8_t>> read_program_file(const std::string& path, const ProgramReadOptions& options,
                                                      FileKnown known) {
  // Every release's loader accepts one identifier, at bytes 4..7 (loader-rules.md, step 7).
  const LeadingBytesCheck identifier{8, options.identifier_first_from, [](const std::uint8_t* bytes, std::size_t) -> std::string {
    if (std::memcmp(bytes + 4, "ET12", 4) == 0) return "";
    return fmt::format("is not an ExecuTorch program: its identifier (bytes 4..7) is '{}', and every release's "
                       "loader accepts only 'ET12'; the rest of the file was not read",
                       printable(std::string_view(reinterpret_cast<const char*>(bytes + 4), 4)));
  }};
  std::vector<std::uint8_t> bytes;
  const RegularFileRead read = read_regular_file(path, options.max_program_bytes, bytes, known,
                                                 &identifier);
  if (read.outcome == RegularFileRead::Outcome::Read) return bytes;
  return Error{path, 0, 0, regular_file_problem(read, limits::kProgramSizeName, options.max_program_bytes)};
}

}  // namespace fbcompat
