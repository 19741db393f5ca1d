// MLX programs for the MLX family's suites, built as the family's golden programs are: a graph written
// as flatbuffers JSON (usually a golden program's description, changed), encoded with one version's
// schema, wrapped in the MLX0 header and a .pte.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fbcompat/executorch/program_writer.h"

namespace fbcompat::test {

// A golden MLX program's description: golden/mlx/<version>/<name>.json.
nlohmann::json mlx_golden_graph(const std::string& version, const std::string& name);

// The MLXGraph encoded with schemas/mlx/<version>/schema.fbs, as a payload (header, flatbuffer, data).
std::vector<std::uint8_t> mlx_payload(const nlohmann::json& graph, const std::string& version);

// A program whose one method calls one MLX delegate holding `payload`, with the named data given.
std::vector<std::uint8_t> mlx_program(const std::vector<std::uint8_t>& payload,
                                      const std::vector<NamedDataSpec>& named_data = {},
                                      DelegateLocation location = DelegateLocation::Segment);

// linear_gelu's constants, as its golden program's named data holds them.
std::vector<NamedDataSpec> linear_gelu_named_data();

}  // namespace fbcompat::test
