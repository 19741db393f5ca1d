// The writer/reader pair check: can every buffer that code generated from the writer schema emits be
// read correctly by code generated from the reader schema? (ExecuTorch's exporter writes schema.fbs;
// its runtime reads runtime_schema.fbs.)
#pragma once

#include <string>
#include <vector>

#include "fbcompat/core/finding.h"
#include "fbcompat/core/schema.h"

namespace fbcompat {

struct PairOptions {
  // Identifiers the reader accepts besides its own file_identifier.
  std::vector<std::string> accepted_identifiers;
};

// Walks everything the writer can emit, from its root_type (every table when it has none), through
// fields, structs, enums and union members. Findings carry the writer's locations.
std::vector<Finding> check_pair(const Schema& writer, const Schema& reader, const PairOptions& options = {});

}  // namespace fbcompat
