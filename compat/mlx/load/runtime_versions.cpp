#include "load/runtime_versions.h"

#include <cctype>
#include <climits>

#include <fmt/format.h>

#include "mlx/compiled_versions.h"

namespace fbcompat::mlx {
namespace {

// The payload schema versions MLX's runtime accepts, from the release where that changed (MLXBackend.cpp:
// kMaxSupportedVersion). 1.3.0 through the development branch after 1.4.1 accept up to 1; the exporter
// of each writes "1".
struct SchemaVersionRule {
  RuntimeRelease from;
  std::int64_t max_schema_version;
};
constexpr SchemaVersionRule kSchemaVersionRules[] = {
    {{1, 3, 0}, 1},
};

std::int64_t max_schema_version_from(const std::optional<RuntimeRelease>& first) {
  std::int64_t max = kSchemaVersionRules[0].max_schema_version;
  for (const SchemaVersionRule& rule : kSchemaVersionRules) {
    if (!first || !(*first < rule.from)) max = rule.max_schema_version;
  }
  return max;
}

}  // namespace

std::string RuntimeVersion::described() const {
  if (!released()) return fmt::format("{} (not released yet)", name);
  if (*first == *last) return fmt::format("{} (release {})", name, first->text());
  return fmt::format("{} (releases {} .. {})", name, first->text(), last->text());
}

std::string RuntimeVersion::introduced() const {
  return released() ? fmt::format("{}, released in {}", name, first->text()) : fmt::format("{}, not released yet", name);
}

const std::vector<RuntimeVersion>& runtime_versions() {
  static const std::vector<RuntimeVersion> versions = [] {
    std::vector<RuntimeVersion> out;
    for (const CompiledVersion& compiled : kCompiledVersions) {
      RuntimeVersion version;
      version.name = compiled.name;
      version.first = RuntimeRelease::parse(compiled.first_release);
      version.last = RuntimeRelease::parse(compiled.last_release);
      version.op_count = compiled.op_count;
      version.max_schema_version = max_schema_version_from(version.first);
      out.push_back(std::move(version));
    }
    return out;
  }();
  return versions;
}

std::optional<std::size_t> version_at(const RuntimeRelease& release) {
  const auto& versions = runtime_versions();
  if (release < kFirstRelease || versions.empty()) return std::nullopt;
  if (!(release < RuntimeRelease::newest_described())) return versions.size() - 1;
  std::optional<std::size_t> shipped;
  for (std::size_t v = 0; v < versions.size(); ++v) {
    if (versions[v].released() && !(release < *versions[v].first)) shipped = v;
  }
  return shipped;
}

std::optional<std::size_t> version_introducing(std::uint32_t type_id) {
  const auto& versions = runtime_versions();
  for (std::size_t v = 0; v < versions.size(); ++v) {
    if (type_id >= 1 && type_id <= versions[v].op_count) return v;
  }
  return std::nullopt;
}

std::optional<std::int64_t> schema_version_of(const std::optional<std::string>& text) {
  if (!text || text->empty()) return 1;
  std::size_t at = 0;
  while (at < text->size() && std::isspace(static_cast<unsigned char>((*text)[at])) != 0) ++at;
  bool negative = false;
  if (at < text->size() && ((*text)[at] == '+' || (*text)[at] == '-')) negative = (*text)[at++] == '-';
  const std::size_t digits = at;
  std::int64_t value = 0;
  for (; at < text->size() && std::isdigit(static_cast<unsigned char>((*text)[at])) != 0; ++at) {
    value = value * 10 + ((*text)[at] - '0');
    if (value > std::int64_t{INT_MAX} + 1) return std::nullopt;  // std::stoi throws out_of_range
  }
  if (at == digits) return std::nullopt;  // std::stoi throws invalid_argument
  value = negative ? -value : value;
  if (value > INT_MAX || value < INT_MIN) return std::nullopt;
  return value;
}

}  // namespace fbcompat::mlx
