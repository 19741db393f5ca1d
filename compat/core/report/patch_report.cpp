// The fixes as a unified diff, the way `git diff` writes one and `git apply` (or `patch -p1`) takes it:
// each rewritten file's changed lines (found by Myers' shortest edit script over lines) with three lines
// of context, in hunks.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "fbcompat/core/report.h"

namespace fbcompat {
namespace {

constexpr std::size_t kContext = 3;

struct Lines {
  std::vector<std::string_view> lines;  // each with its newline, the last maybe without
};

Lines lines_of(std::string_view text) {
  Lines result;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size() - 1) + 1;
    result.lines.push_back(text.substr(at, end - at));
    at = end;
  }
  return result;
}

enum class Op : char { Same = ' ', Removed = '-', Added = '+' };

struct Step {
  Op op;
  std::size_t old_line;  // 0-based index into the old lines (Same, Removed)
  std::size_t new_line;  // into the new lines (Same, Added)
};

// Myers' greedy shortest edit script, with the frontier of each round kept to walk it back.
std::vector<Step> edit_script(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  const auto n = static_cast<std::ptrdiff_t>(a.size());
  const auto m = static_cast<std::ptrdiff_t>(b.size());
  const std::ptrdiff_t max = n + m;
  const std::ptrdiff_t offset = max + 1;
  std::vector<std::ptrdiff_t> v(static_cast<std::size_t>(2 * max + 3), 0);
  std::vector<std::vector<std::ptrdiff_t>> trace;
  std::ptrdiff_t found = -1;
  for (std::ptrdiff_t d = 0; d <= max && found < 0; ++d) {
    trace.push_back(v);
    for (std::ptrdiff_t k = -d; k <= d; k += 2) {
      std::ptrdiff_t x = (k == -d || (k != d && v[k - 1 + offset] < v[k + 1 + offset])) ? v[k + 1 + offset]
                                                                                       : v[k - 1 + offset] + 1;
      std::ptrdiff_t y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[k + offset] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  std::vector<Step> steps;
  std::ptrdiff_t x = n;
  std::ptrdiff_t y = m;
  for (std::ptrdiff_t d = found; d >= 0; --d) {
    const std::vector<std::ptrdiff_t>& before = trace[static_cast<std::size_t>(d)];
    const std::ptrdiff_t k = x - y;
    const bool down = k == -d || (k != d && before[k - 1 + offset] < before[k + 1 + offset]);
    const std::ptrdiff_t previous_k = down ? k + 1 : k - 1;
    const std::ptrdiff_t previous_x = d == 0 ? 0 : before[previous_k + offset];
    const std::ptrdiff_t previous_y = previous_x - previous_k;
    while (x > previous_x && y > previous_y) {
      --x, --y;
      steps.push_back({Op::Same, static_cast<std::size_t>(x), static_cast<std::size_t>(y)});
    }
    if (d == 0) break;
    if (down) {
      --y;
      steps.push_back({Op::Added, static_cast<std::size_t>(x), static_cast<std::size_t>(y)});
    } else {
      --x;
      steps.push_back({Op::Removed, static_cast<std::size_t>(x), static_cast<std::size_t>(y)});
    }
  }
  std::reverse(steps.begin(), steps.end());
  return steps;
}

// One line of a hunk, and git's note when it is a file's last line without a newline.
std::string hunk_line(char op, std::string_view line) {
  if (!line.empty() && line.back() == '\n') return op + std::string(line);
  return op + std::string(line) + "\n\\ No newline at end of file\n";
}

// The range a hunk covers on one side: "start,count", where an empty range starts at the line before it.
std::string range(std::size_t first, std::size_t count) {
  return fmt::format("{},{}", count == 0 ? first : first + 1, count);
}

std::string file_patch(const FileRewrite& rewrite) {
  const Lines old_lines = lines_of(rewrite.before);
  const Lines new_lines = lines_of(rewrite.after);
  const std::vector<Step> steps = edit_script(old_lines.lines, new_lines.lines);
  std::string patch = fmt::format("diff --git a/{0} b/{0}\n--- a/{0}\n+++ b/{0}\n", rewrite.file);
  std::size_t i = 0;
  while (i < steps.size()) {
    if (steps[i].op == Op::Same) {
      ++i;
      continue;
    }
    // A hunk: from kContext lines before this change to kContext after the last change within reach.
    const std::size_t begin = i >= kContext ? i - kContext : 0;
    std::size_t end = i;
    for (std::size_t j = i; j < steps.size(); ++j) {
      if (steps[j].op != Op::Same) end = j + 1;
      if (steps[j].op == Op::Same && j >= end + 2 * kContext) break;
    }
    end = std::min(steps.size(), end + kContext);
    std::size_t old_count = 0;
    std::size_t new_count = 0;
    std::string body;
    for (std::size_t j = begin; j < end; ++j) {
      const Step& step = steps[j];
      if (step.op != Op::Added) ++old_count;
      if (step.op != Op::Removed) ++new_count;
      body += hunk_line(static_cast<char>(step.op),
                        step.op == Op::Added ? new_lines.lines[step.new_line] : old_lines.lines[step.old_line]);
    }
    patch += fmt::format("@@ -{} +{} @@\n", range(steps[begin].old_line, old_count),
                         range(steps[begin].new_line, new_count));
    patch += body;
    i = end;
  }
  return patch;
}

}  // namespace

std::string format_patch(const std::vector<FileRewrite>& rewrites) {
  std::string patch;
  for (const FileRewrite& rewrite : rewrites) {
    if (rewrite.before != rewrite.after) patch += file_patch(rewrite);
  }
  return patch;
}

}  // namespace fbcompat
