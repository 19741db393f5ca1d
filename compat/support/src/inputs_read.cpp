#include "fbcompat/support/inputs_read.h"

#include <atomic>
#include <map>
#include <mutex>
#include <utility>

namespace fbcompat::support {
namespace {

struct Inputs {
  std::atomic<bool> keeping{false};
  std::mutex mutex;
  std::map<std::pair<dev_t, ino_t>, InputRead> read;  // the first name each was read by
};

// Never destroyed: a thread still reading at exit must not find it gone.
Inputs& inputs_registry() {
  static auto* const kept = new Inputs();
  return *kept;
}

}  // namespace

void keep_inputs_read() { inputs_registry().keeping.store(true, std::memory_order_relaxed); }

void note_input_read(const struct stat& info, const std::string& path) {
  Inputs& all = inputs_registry();
  if (!all.keeping.load(std::memory_order_relaxed)) return;
  const std::lock_guard<std::mutex> lock(all.mutex);
  all.read.emplace(std::make_pair(info.st_dev, info.st_ino), InputRead{path, S_ISDIR(info.st_mode)});
}

void note_input_read(const std::string& path) {
  if (!inputs_registry().keeping.load(std::memory_order_relaxed)) return;
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) note_input_read(info, path);
}

std::optional<InputRead> input_read(dev_t device, ino_t inode) {
  Inputs& all = inputs_registry();
  const std::lock_guard<std::mutex> lock(all.mutex);
  const auto found = all.read.find({device, inode});
  if (found == all.read.end()) return std::nullopt;
  return found->second;
}

}  // namespace fbcompat::support
