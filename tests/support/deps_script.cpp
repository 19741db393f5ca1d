#include "support/deps_script.h"

#include <filesystem>
#include <regex>
#include <stdexcept>

namespace fbcompat::test {

CommandResult run_deps_script_without_source(const std::string& dep, const std::string& cache) {
  return run_program("/usr/bin/env",
                     {"FBCOMPAT_DEPS_CACHE=" + cache, "FBCOMPAT_DEBIAN_MIRROR=file:///nonexistent/debian",
                      source_path("tools/deps/" + dep + ".sh")});
}

std::string deps_recipe(const std::string& dep) {
  const std::string script = read_file(source_path("tools/deps/" + dep + ".sh"));
  std::smatch match;
  if (!std::regex_search(script, match, std::regex("\nrecipe=([0-9]+)\n"))) {
    throw std::runtime_error("tools/deps/" + dep + ".sh sets no recipe=N");
  }
  return "r" + match[1].str();
}

std::size_t line_count(const std::string& text) {
  std::size_t lines = 0;
  for (const char c : text) lines += c == '\n';
  return lines;
}

bool has_work_directory(const std::string& cache, const std::string& dep) {
  for (const auto& entry : std::filesystem::directory_iterator(cache)) {
    if (entry.path().filename().string().rfind("." + dep + "-work", 0) == 0) return true;
  }
  return false;
}

}  // namespace fbcompat::test
