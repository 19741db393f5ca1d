// An ExecuTorch release, as the loader rules know it ("1.4.1"). What the runtime accepts when it loads
// a program changed from release to release (docs/what-loads-where.md): each change is a rule of the
// table in release_rules.h, which the checks ask for by name.
//
// The rules describe releases 0.2.0 to 1.4.1 (and the main snapshot after it, which matches 1.4.1).
// A release outside that range is checked with the nearest one described, and says so.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fbcompat {

struct RuntimeRelease {
  unsigned major = 1;
  unsigned minor = 4;
  unsigned patch = 1;

  // "1.4.1" or "v1.4.1"; "1.4" means 1.4.0. Nullopt for anything else ("v1.1.0-rc1", "latest").
  static std::optional<RuntimeRelease> parse(std::string_view text);
  static constexpr RuntimeRelease oldest_described() { return {0, 2, 0}; }
  static constexpr RuntimeRelease newest_described() { return {1, 4, 1}; }
  // The runtime of a schema version not released yet (the development head): it loads as the newest
  // described release does, and its delegates know what their newest schemas add after that release.
  static constexpr RuntimeRelease development_head() {
    return {newest_described().major, newest_described().minor + 1, 0};
  }
  // Newer than every release the rules describe: judged as the development head.
  constexpr bool is_development_head() const { return newest_described() < *this; }

  constexpr bool at_least(unsigned major_, unsigned minor_, unsigned patch_ = 0) const {
    if (major != major_) return major > major_;
    if (minor != minor_) return minor > minor_;
    return patch >= patch_;
  }
  // The release whose rules apply: this one, or the nearest described one.
  RuntimeRelease described() const;
  std::string text() const;  // "1.4.1"

  friend constexpr bool operator==(const RuntimeRelease& a, const RuntimeRelease& b) {
    return a.major == b.major && a.minor == b.minor && a.patch == b.patch;
  }
  friend constexpr bool operator<(const RuntimeRelease& a, const RuntimeRelease& b) {
    return !a.at_least(b.major, b.minor, b.patch);
  }
};

}  // namespace fbcompat
