// Writes what fbcompat produces (a report, a lock file, a golden program) so that it never destroys
// anything, as `install` and `sponge` do:
// - a regular file is replaced atomically: the contents go to a temporary file beside it (fsynced),
//   which is renamed over it, and the directory is fsynced; its permissions are kept. An interrupt or
//   an error leaves the old file, never half a new one;
// - a symlink is written through: its target is replaced that way and the link stays a link (a
//   dangling link creates its target);
// - a FIFO, a character device (a terminal, /dev/null) or an open descriptor (/dev/stdout) is written
//   to directly, never replaced by a regular file;
// - a directory, a block device or a socket is refused.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fbcompat/core/error.h"

namespace fbcompat {

enum class Overwrite { Allowed, Refused };

// Refused: fails (and writes nothing) when `path` already exists, as anything; the check and the
// creation are one atomic step (link(2)), so two writers cannot both succeed.
std::optional<Error> write_output_file(const std::string& path, std::string_view contents,
                                       Overwrite overwrite = Overwrite::Allowed);

// Writes `contents` to standard output to the last byte (after what stdio holds): the error names the
// cause (a full disk, a closed descriptor), so that a report cut short is never taken for a whole one.
std::optional<Error> write_standard_output(std::string_view contents);

// From this call on, every file the process reads (schemas and their includes, configuration,
// manifests, locks, programs, golden files and their descriptions, a git repository's directory) is
// remembered by identity, for refuse_output_over_inputs. A program that writes reports calls it first;
// until then nothing is kept.
void remember_inputs_read();

// An error when writing `output` would replace a file the process has read (remember_inputs_read) or
// one of `inputs` (what a command was given, read or not yet): the same file, through any link or hard
// link, or an existing file inside a directory among them. A path that does not exist yet, a FIFO or
// a device is never refused.
std::optional<Error> refuse_output_over_inputs(const std::string& output, const std::vector<std::string>& inputs);

}  // namespace fbcompat
