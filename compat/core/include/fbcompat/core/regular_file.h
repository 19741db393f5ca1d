// A regular file read whole with one open, one fstat and one read of the size it has when opened: the
// schemas a family loads, golden programs, their descriptions and manifest. A stream's buffering and
// copies cost more than the reading for files this small. What is not a regular file is never opened.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fbcompat {

struct RegularFileRead {
  enum class Outcome {
    Read,        // the bytes are in the container
    CannotOpen,  // `error` says why (errno)
    NotRegular,  // a directory, a FIFO, a device: not opened
    TooLarge,    // larger than the limit; `size` says how large
    ShortRead,   // `read` of `size` bytes could be read
  };
  Outcome outcome = Outcome::Read;
  int error = 0;
  std::uint64_t size = 0;
  std::size_t read = 0;
};

// Reads the file at `path` into `bytes` (replaced only when the outcome is Read): as many bytes as its
// size when it was opened (a file that grows meanwhile is cut there), or, for one that says it is empty
// as the kernel's files do, up to its end. A file past `max_bytes` is TooLarge, and nothing is read of
// one that says so before reading.
RegularFileRead read_regular_file(const std::string& path, std::uint64_t max_bytes, std::vector<std::uint8_t>& bytes);
RegularFileRead read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& text);

}  // namespace fbcompat
