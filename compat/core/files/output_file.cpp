#include "fbcompat/core/output_file.h"

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <fmt/format.h>

#include "fbcompat/support/inputs_read.h"

namespace fbcompat {
namespace {

std::string system_error(int error = errno) { return std::strerror(error); }

bool write_all(int fd, std::string_view contents) {
  while (!contents.empty()) {
    const ssize_t written = ::write(fd, contents.data(), contents.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {  // a non-blocking pipe the caller gave: wait for room
        pollfd ready{fd, POLLOUT, 0};
        if (::poll(&ready, 1, -1) >= 0 || errno == EINTR) continue;
      }
      return false;
    }
    contents.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

std::string directory_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_name_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The permissions a new file gets from open(2): 0666 less the umask. umask(2) can only be read by
// setting it, so it is set back at once, under a lock against other writers in this process.
mode_t new_file_mode() {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  const mode_t mask = ::umask(022);
  ::umask(mask);
  return 0666 & ~mask;
}

// A link's final target, followed hop by hop so that a dangling link names the file to create.
Expected<std::string> final_target(const std::string& path) {
  std::string current = path;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat info {};
    if (::lstat(current.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return current;
    char target[PATH_MAX];
    const ssize_t length = ::readlink(current.c_str(), target, sizeof target - 1);
    if (length < 0) return Error{path, 0, 0, fmt::format("cannot read the link: {}", system_error())};
    const std::string link(target, static_cast<std::size_t>(length));
    const bool relative_here = !link.empty() && link.front() != '/' && current.find('/') == std::string::npos;
    current = relative_here || link.empty() || link.front() == '/' ? link : directory_of(current) + "/" + link;
  }
  return Error{path, 0, 0, "is a symlink loop (too many levels of symbolic links)"};
}

void sync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);  // some file systems refuse to sync a directory; the rename is done either way
  ::close(fd);
}

// Contents to a new temporary file beside `target`, synced, with `mode`; its path.
Expected<std::string> write_temporary(const std::string& target, std::string_view contents, mode_t mode,
                                      const struct stat* owner) {
  const std::string dir = directory_of(target);
  std::string temporary = dir + "/." + base_name_of(target) + ".tmp-XXXXXX";
  const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) return Error{target, 0, 0, fmt::format("cannot create a temporary file in {}: {}", dir, system_error())};
  // As root, a replaced file keeps its owner too; for anyone else fchown fails and the writer owns it.
  if (owner != nullptr && ::geteuid() == 0 && ::fchown(fd, owner->st_uid, owner->st_gid) != 0) {
    // not fatal: the contents matter more than the owner
  }
  // Every step is checked, close included: a file system may report a failed write only there.
  bool written = ::fchmod(fd, mode) == 0 && write_all(fd, contents) && ::fsync(fd) == 0;
  int write_errno = errno;
  if (::close(fd) != 0 && written) {
    written = false;
    write_errno = errno;
  }
  if (!written) {
    ::unlink(temporary.c_str());
    return Error{target, 0, 0, fmt::format("cannot write: {}", system_error(write_errno))};
  }
  return temporary;
}

std::optional<Error> replace_regular_file(const std::string& target, std::string_view contents,
                                          const struct stat* existing) {
  const mode_t mode = existing != nullptr ? (existing->st_mode & 07777) : new_file_mode();
  auto temporary = write_temporary(target, contents, mode, existing);
  if (!temporary) return temporary.error();
  if (::rename(temporary->c_str(), target.c_str()) != 0) {
    const std::string rename_error = system_error();
    ::unlink(temporary->c_str());
    return Error{target, 0, 0, fmt::format("cannot replace: {}", rename_error)};
  }
  sync_directory(directory_of(target));
  return std::nullopt;
}

std::optional<Error> create_new_file(const std::string& path, std::string_view contents) {
  auto temporary = write_temporary(path, contents, new_file_mode(), nullptr);
  if (!temporary) return temporary.error();
  // link() fails when the target exists: no window between checking and creating.
  const int linked = ::link(temporary->c_str(), path.c_str());
  const int link_errno = errno;
  ::unlink(temporary->c_str());
  if (linked != 0) {
    return Error{path, 0, 0,
                 link_errno == EEXIST ? std::string("already exists, and is never overwritten")
                                      : fmt::format("cannot create: {}", system_error(link_errno))};
  }
  sync_directory(directory_of(path));
  return std::nullopt;
}

// A FIFO, a terminal, /dev/null or an open descriptor: written as `cat > path` would, never replaced.
std::optional<Error> write_in_place(const std::string& path, std::string_view contents) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return Error{path, 0, 0, fmt::format("cannot open for writing: {}", system_error())};
  bool written = write_all(fd, contents);
  int write_errno = errno;
  if (::close(fd) != 0 && written) {
    written = false;
    write_errno = errno;
  }
  if (!written) return Error{path, 0, 0, fmt::format("cannot write: {}", system_error(write_errno))};
  return std::nullopt;
}

std::optional<Error> refuse_kind(const std::string& path, mode_t mode) {
  if (S_ISDIR(mode)) return Error{path, 0, 0, "is a directory: give a file name for the output"};
  if (S_ISBLK(mode)) return Error{path, 0, 0, "is a block device: fbcompat never writes to one"};
  if (S_ISSOCK(mode)) return Error{path, 0, 0, "is a socket: give a file, a FIFO or a terminal"};
  return std::nullopt;
}

bool written_in_place(mode_t mode) { return S_ISFIFO(mode) || S_ISCHR(mode); }

// /dev/stdout, /dev/fd/N and /proc/self/fd/N name descriptors this process already holds: the report
// goes to the descriptor itself, so a shell's `> file` or `>> file` gets it at its own offset rather
// than losing it to a renamed-over inode or a reopened file.
std::optional<int> descriptor_named(const std::string& path) {
  if (path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string_view start(prefix);
    if (path.rfind(start, 0) != 0 || path.size() == start.size() || path.size() > start.size() + 6) continue;
    int fd = 0;
    for (char digit : path.substr(start.size())) {
      if (digit < '0' || digit > '9') return std::nullopt;
      fd = fd * 10 + (digit - '0');
    }
    return fd;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Error> write_output_file(const std::string& path, std::string_view contents, Overwrite overwrite) {
  if (path.empty()) return Error{"", 0, 0, "the output path is empty"};
  if (overwrite == Overwrite::Refused) return create_new_file(path, contents);

  struct stat followed {};
  if (::stat(path.c_str(), &followed) == 0) {
    if (auto refused = refuse_kind(path, followed.st_mode)) return refused;
    if (const auto fd = descriptor_named(path)) {
      if (!write_all(*fd, contents)) return Error{path, 0, 0, fmt::format("cannot write: {}", system_error())};
      return std::nullopt;
    }
    if (written_in_place(followed.st_mode)) return write_in_place(path, contents);
    char resolved[PATH_MAX];
    if (::realpath(path.c_str(), resolved) == nullptr) {
      return Error{path, 0, 0, fmt::format("cannot resolve the path: {}", system_error())};
    }
    return replace_regular_file(resolved, contents, &followed);
  }
  if (errno == ELOOP) return Error{path, 0, 0, "is a symlink loop (too many levels of symbolic links)"};
  if (errno != ENOENT) return Error{path, 0, 0, fmt::format("cannot write: {}", system_error())};
  // Nothing there yet, or a dangling link: create the file the link names.
  auto target = final_target(path);
  if (!target) return target.error();
  auto problem = replace_regular_file(*target, contents, nullptr);
  if (problem && *target != path) problem->message += fmt::format(" (the file {} links to)", path);
  return problem;
}

void remember_inputs_read() { support::keep_inputs_read(); }

std::optional<Error> write_standard_output(std::string_view contents) {
  // What stdio holds goes first, so that the two keep their order.
  if (std::fflush(stdout) != 0) return Error{"", 0, 0, fmt::format("cannot write to standard output: {}", system_error())};
  if (!write_all(STDOUT_FILENO, contents)) {
    return Error{"", 0, 0, fmt::format("cannot write to standard output: {}", system_error())};
  }
  return std::nullopt;
}

std::optional<Error> refuse_output_over_inputs(const std::string& output, const std::vector<std::string>& inputs) {
  struct stat out {};
  if (::stat(output.c_str(), &out) != 0 || !S_ISREG(out.st_mode)) return std::nullopt;
  const auto same_file = [&](const std::string& input) {
    return Error{output, 0, 0,
                 fmt::format("is {}, an input of this command: writing the report there would destroy it; "
                             "choose another output file",
                             input)};
  };
  const auto inside = [&](const std::string& input) {
    return Error{output, 0, 0,
                 fmt::format("is inside {}, which this command reads: writing the report there would replace "
                             "one of its files; choose a file outside it",
                             input)};
  };
  // Every file the command has read so far, by identity (the readers note them: inputs_read.h).
  if (auto read = support::input_read(out.st_dev, out.st_ino)) return same_file(read->path);
  char resolved[PATH_MAX];
  const std::string output_real = ::realpath(output.c_str(), resolved) != nullptr ? resolved : output;
  std::vector<struct stat> parents;
  for (std::string dir = directory_of(output_real);; dir = directory_of(dir)) {
    struct stat parent {};
    if (::stat(dir.c_str(), &parent) == 0) {
      if (auto read = support::input_read(parent.st_dev, parent.st_ino); read && read->directory) return inside(read->path);
      parents.push_back(parent);
    }
    if (dir == "/" || dir == ".") break;
  }
  // And the files and directories it was given, which it may not have opened yet.
  for (const std::string& input : inputs) {
    struct stat in {};
    if (::stat(input.c_str(), &in) != 0) continue;
    if (in.st_dev == out.st_dev && in.st_ino == out.st_ino) return same_file(input);
    if (!S_ISDIR(in.st_mode)) continue;
    for (const struct stat& parent : parents) {
      if (parent.st_dev == in.st_dev && parent.st_ino == in.st_ino) return inside(input);
    }
  }
  return std::nullopt;
}

}  // namespace fbcompat
