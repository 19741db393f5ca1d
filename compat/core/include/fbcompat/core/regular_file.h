// A regular file read whole with one open, one fstat and one read of the size it has when opened: the
// schemas a family loads, golden programs, their descriptions and manifest. A stream's buffering and
// copies cost more than the reading for files this small. What is not a regular file is never opened.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fbcompat {

struct RegularFileRead {
  enum class Outcome {
    Read,        // the bytes are in the container
    CannotOpen,  // `error` says why (errno)
    NotRegular,  // a directory, a FIFO, a device: not opened
    TooLarge,    // larger than the limit; `size` says how large
    ShortRead,   // `read` of `size` bytes could be read
    Refused,     // the leading bytes' check refused the file (`refusal` says why); the rest was not read
  };
  Outcome outcome = Outcome::Read;
  int error = 0;
  std::uint64_t size = 0;
  std::size_t read = 0;
  std::string refusal{};
};

// A look at a file's first `length` bytes before the rest is read, so that a large file of the wrong
// kind (a program whose identifier is wrong) is refused without reading a gigabyte of it: the reason it
// is refused, or empty. Asked of files of `from_size` bytes or more; a smaller one is read whole and
// judged by its reader.
struct LeadingBytesCheck {
  std::size_t length = 0;
  std::uint64_t from_size = 0;
  std::function<std::string(const std::uint8_t* bytes, std::size_t length)> refusal;
};

// What the caller knows of the path. ListedRegular: a directory listing made moments before showed a
// regular file there (its entry's type), so it is opened without asking stat first, a system call and
// a walk of the path fewer; fstat after opening still refuses anything else, which only a file
// replaced in between can be.
enum class FileKnown : bool { Unknown, ListedRegular };

// Reads the file at `path` into `bytes` (replaced only when the outcome is Read): as many bytes as its
// size when it was opened (a file that grows meanwhile is cut there), or, for one that says it is empty
// as the kernel's files do, up to its end. A file past `max_bytes` is TooLarge, and nothing is read of
// one that says so before reading.
RegularFileRead read_regular_file(const std::string& path, std::uint64_t max_bytes, std::vector<std::uint8_t>& bytes,
                                  FileKnown known = FileKnown::Unknown, const LeadingBytesCheck* check = nullptr);
RegularFileRead read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& text,
                                  FileKnown known = FileKnown::Unknown);

// Why a read did not give the file, for an error message: "cannot open: No such file or directory",
// "not a regular file", the limit (named `limit_name`, of `max_bytes`) it is past, "read 10 of 20
// bytes", the leading bytes' refusal. Empty when the outcome is Read.
std::string regular_file_problem(const RegularFileRead& read, std::string_view limit_name, std::uint64_t max_bytes);

}  // namespace fbcompat
