// Where schema text comes from: the file system, a git tree (git_source.h) or memory
// (memory_reader.h). The loader asks the reader for the root file and for every include, so a schema
// and its includes are always read from the same place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace fbcompat {

// What is at a path instead of a schema file a reader can read.
struct SourceProblem {
  std::string cause;           // "is a directory, not a schema file", "is a dangling symlink: ..."
  bool leads_outside = false;  // the path (through a link) leaves the reader's root: refused as confined
};

class SourceReader {
 public:
  virtual ~SourceReader() = default;
  // Reads a whole file; false when it does not exist or cannot be read.
  virtual bool read(const std::string& path, std::string* contents) const = 0;
  virtual bool exists(const std::string& path) const = 0;
  // The file's size in bytes when it can be known without reading it, so that a file past a size
  // limit is refused before it is loaded; nullopt otherwise.
  virtual std::optional<std::uint64_t> size(const std::string& /*path*/) const { return std::nullopt; }
  // How a path is shown in messages ("git:v1.0:schema.fbs" for a git tree).
  virtual std::string display_name(const std::string& path) const { return path; }
  // Why something at `path` cannot be read as a schema file: a directory, a FIFO or a device, a
  // symlink loop, a dangling link, a link out of the reader's root. nullopt when nothing is there, or
  // a file that can be read: an include that finds such a thing is refused with its cause, never
  // passed over for a file further on.
  virtual std::optional<SourceProblem> problem(const std::string& /*path*/) const { return std::nullopt; }
};

// Reads from the local file system.
class FileSystemReader final : public SourceReader {
 public:
  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  std::optional<std::uint64_t> size(const std::string& path) const override;
  std::optional<SourceProblem> problem(const std::string& path) const override;
};

// Reads the files under one directory (a repository's work tree) by their paths relative to it, and shows
// them by those paths, after `shown_as` ("schemas/a.fbs" wherever the command runs; "released/a.fbs" for
// a directory of released copies). A path that leaves the directory, lexically or through a link, is
// never read: its problem() says it leads outside.
class DirectoryReader final : public SourceReader {
 public:
  explicit DirectoryReader(std::string root, std::string shown_as = "");
  bool read(const std::string& path, std::string* contents) const override;
  bool exists(const std::string& path) const override;
  std::optional<std::uint64_t> size(const std::string& path) const override;
  std::string display_name(const std::string& path) const override { return shown_as_ + path; }
  std::optional<SourceProblem> problem(const std::string& path) const override;

 private:
  // The file's path on the file system; empty when it lies outside the root.
  std::string resolve(const std::string& path) const;
  std::string root_;           // with a trailing '/'
  std::string resolved_root_;  // links resolved, with a trailing '/'
  std::string shown_as_;
  FileSystemReader files_;
};

}  // namespace fbcompat
