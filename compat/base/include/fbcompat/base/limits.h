// The limits on everything fbcompat reads from outside (docs/reliability.md, "Limits"). Each has a
// stable name; an input past one is refused with an Error that names the limit, the input's value and
// the limit's, so that the user knows which input was too large and by how much.
// Header-only and dependency-free: the host library and the header-only load-time check share it, so
// that both judge a buffer by the same limits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fbcompat::limits {

// Programs (.pte) and XNNPACK payloads.
inline constexpr std::uint64_t kProgramSize = std::uint64_t{2} << 30;  // bytes of a .pte file
inline constexpr std::uint32_t kNestingDepth = 64;                     // tables nested in a flatbuffer
inline constexpr std::uint32_t kMinimumTableCount = 1000000;           // tables per flatbuffer: see table_count_limit
inline constexpr std::uint32_t kVectorLength = 1u << 24;               // elements of any vector fbcompat walks

// Schemas (.fbs) and runtime sources.
inline constexpr std::size_t kSchemaFileSize = std::size_t{64} << 20;    // bytes of one schema file
inline constexpr std::size_t kSchemaTotalSize = std::size_t{256} << 20;  // bytes of a schema and all its includes
inline constexpr std::size_t kSchemaFiles = 1024;  // files one schema reads; also bounds the include depth
inline constexpr std::size_t kSourceFileSize = std::size_t{64} << 20;  // bytes of one runtime source file

// Golden programs' JSON descriptions and their manifest: parsed whole into memory.
inline constexpr std::uint64_t kGoldenFileSize = std::uint64_t{64} << 20;  // bytes of one golden JSON file

// The names errors use, as in docs/reliability.md.
inline constexpr std::string_view kProgramSizeName = "program-size";
inline constexpr std::string_view kNestingDepthName = "nesting-depth";
inline constexpr std::string_view kTableCountName = "table-count";
inline constexpr std::string_view kVectorLengthName = "vector-length";
inline constexpr std::string_view kSchemaFileSizeName = "schema-file-size";
inline constexpr std::string_view kSchemaTotalSizeName = "schema-total-size";
inline constexpr std::string_view kSchemaFilesName = "schema-files";
inline constexpr std::string_view kSourceFileSizeName = "source-file-size";
inline constexpr std::string_view kGoldenFileSizeName = "golden-file-size";

// The table-count limit for a flatbuffer of `size` bytes when `configured` is 0 (the default): every
// table takes at least 8 bytes with the offset that reaches it, so size / 4 tables is more than any
// honest buffer holds, and it still bounds the work a hostile buffer (one table reached from many
// offsets) can cause. Never below kMinimumTableCount.
inline std::uint32_t table_count_limit(std::uint32_t configured, std::size_t size) {
  if (configured != 0) return configured;
  const std::size_t by_size = size / 4;
  if (by_size <= kMinimumTableCount) return kMinimumTableCount;
  return by_size > UINT32_MAX ? UINT32_MAX : static_cast<std::uint32_t>(by_size);
}

}  // namespace fbcompat::limits
