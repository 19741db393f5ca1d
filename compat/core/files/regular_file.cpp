#include "fbcompat/core/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "fbcompat/core/input_limits.h"
#include "fbcompat/support/inputs_read.h"

namespace fbcompat {
namespace {

// Closes the descriptor however the read ends.
class OpenFile {
 public:
  explicit OpenFile(int fd) : fd_(fd) {}
  ~OpenFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

// Reads into `bytes` from `filled` until `until` bytes are there or the file ends; false on an error
// (in `result`).
template <typename Bytes>
bool read_until(int fd, Bytes& bytes, std::size_t& filled, std::size_t until, RegularFileRead& result) {
  while (filled < until) {
    const ssize_t got = ::read(fd, bytes.data() + filled, until - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      result.outcome = RegularFileRead::Outcome::CannotOpen;
      result.error = errno;
      return false;
    }
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  return true;
}

template <typename Bytes>
RegularFileRead read_into(const std::string& path, std::uint64_t max_bytes, Bytes& out, FileKnown known,
                          const LeadingBytesCheck* check) {
  RegularFileRead result;
  // Asked before opening: opening a device can act (a watchdog starts counting), and opening a FIFO
  // frees its writer. The descriptor is asked again below, for a file replaced meanwhile.
  struct stat before {};
  if (known != FileKnown::ListedRegular && ::stat(path.c_str(), &before) == 0 && !S_ISREG(before.st_mode)) {
    result.outcome = RegularFileRead::Outcome::NotRegular;
    return result;
  }
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  } while (fd < 0 && errno == EINTR);
  const OpenFile file(fd);
  struct stat info {};
  if (file.fd() < 0 || ::fstat(file.fd(), &info) != 0) {
    result.outcome = RegularFileRead::Outcome::CannotOpen;
    result.error = errno;
    return result;
  }
  if (!S_ISREG(info.st_mode)) {
    result.outcome = RegularFileRead::Outcome::NotRegular;
    return result;
  }
  support::note_input_read(info, path);
  result.size = static_cast<std::uint64_t>(info.st_size);
  if (result.size > max_bytes) {
    result.outcome = RegularFileRead::Outcome::TooLarge;
    return result;
  }
  // A file that says it is empty is read until its end or one byte past the limit, whichever comes first.
  const bool sized = result.size != 0;
  const std::uint64_t past_limit = max_bytes == UINT64_MAX ? UINT64_MAX : max_bytes + 1;
  const auto whole = static_cast<std::size_t>(sized ? result.size : std::min<std::uint64_t>(4096, past_limit));
  // The leading bytes are read and judged before memory for the rest is taken.
  const bool checking = check != nullptr && sized && check->length <= whole && result.size >= check->from_size;
  Bytes bytes(checking ? check->length : whole, typename Bytes::value_type{});
  std::size_t filled = 0;
  if (checking) {
    if (!read_until(file.fd(), bytes, filled, check->length, result)) return result;
    if (filled == check->length) {
      result.refusal = check->refusal(reinterpret_cast<const std::uint8_t*>(bytes.data()), filled);
      if (!result.refusal.empty()) {
        result.outcome = RegularFileRead::Outcome::Refused;
        return result;
      }
    }
    bytes.resize(whole);
  }
  while (!(sized && filled == bytes.size())) {
    if (filled == bytes.size()) {
      if (filled >= past_limit) break;
      bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(std::uint64_t{bytes.size()} * 2, past_limit)));
    }
    const ssize_t got = ::read(file.fd(), bytes.data() + filled, bytes.size() - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      result.outcome = RegularFileRead::Outcome::CannotOpen;
      result.error = errno;
      return result;
    }
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  if (sized && filled != bytes.size()) {
    result.outcome = RegularFileRead::Outcome::ShortRead;
    result.read = filled;
    return result;
  }
  if (!sized && filled > max_bytes) {
    result.outcome = RegularFileRead::Outcome::TooLarge;
    result.size = filled;
    return result;
  }
  bytes.resize(filled);
  out = std::move(bytes);
  return result;
}

}  // namespace

RegularFileRead read_regular_file(const std::string& path, std::uint64_t max_bytes, std::vector<std::uint8_t>& bytes,
                                  FileKnown known, const LeadingBytesCheck* check) {
  return read_into(path, max_bytes, bytes, known, check);
}

RegularFileRead read_regular_file(const std::string& path, std::uint64_t max_bytes, std::string& text, FileKnown known) {
  return read_into(path, max_bytes, text, known, nullptr);
}

std::string regular_file_problem(const RegularFileRead& read, std::string_view limit_name, std::uint64_t max_bytes) {
  switch (read.outcome) {
    case RegularFileRead::Outcome::Read:
      return "";
    case RegularFileRead::Outcome::CannotOpen:
      return fmt::format("cannot open: {}", std::strerror(read.error));
    case RegularFileRead::Outcome::NotRegular:
      return "not a regular file";
    case RegularFileRead::Outcome::TooLarge:
      return limits::exceeded("the file is", read.size, "byte", limit_name, max_bytes);
    case RegularFileRead::Outcome::Refused:
      return read.refusal;
    case RegularFileRead::Outcome::ShortRead:
      break;
  }
  return fmt::format("read {} of {} bytes", read.read, read.size);
}

}  // namespace fbcompat
