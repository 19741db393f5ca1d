// The files and directories this process has read, kept by identity (device and inode) once a program
// asks for it: the CLI's -o then refuses to replace any of them, however the output names it (a link,
// a hard link, another spelling). Every reader notes what it opens here (regular_file.h, the TOML files,
// a git repository's directory). Until a program asks, nothing is kept: a library in a long-running
// program pays one relaxed load per file it reads.
#pragma once

#include <sys/stat.h>

#include <optional>
#include <string>

namespace fbcompat::support {

// From now on, keep what is read (for the rest of the process).
void keep_inputs_read();

// Notes a file or directory read, by its status (from fstat on the opened descriptor: the file itself,
// whatever link led to it) and the name it was read by.
void note_input_read(const struct stat& info, const std::string& path);
// The same for a path not opened here (a library opens it): its status through any link.
void note_input_read(const std::string& path);

struct InputRead {
  std::string path;  // the name it was read by
  bool directory = false;
};
// The input with this identity, if one was read.
std::optional<InputRead> input_read(dev_t device, ino_t inode);

}  // namespace fbcompat::support
