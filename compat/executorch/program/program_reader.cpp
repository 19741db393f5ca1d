// read_program: the loader's verdict as an Error; read_program_file: a file's bytes, aligned as the
// runtime's loader aligns them.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>

#include <fmt/format.h>

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

Expected<std::vector<std::uint8_t>> read_program_file(const std::string& path, const ProgramReadOptions& options) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return Error{path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno))};
  if (!S_ISREG(info.st_mode)) return Error{path, 0, 0, "not a regular file"};
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > options.max_program_bytes) {
    return Error{path, 0, 0, limits::exceeded("the file is", size, "byte", limits::kProgramSizeName, options.max_program_bytes)};
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return Error{path, 0, 0, fmt::format("cannot open: {}", std::strerror(errno))};
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  const std::size_t read = bytes.empty() ? 0 : std::fread(bytes.data(), 1, bytes.size(), file.get());
  if (read != bytes.size()) return Error{path, 0, 0, fmt::format("read {} of {} bytes", read, bytes.size())};
  return bytes;
}

}  // namespace fbcompat
