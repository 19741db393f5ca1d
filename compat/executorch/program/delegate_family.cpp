#include "fbcompat/executorch/delegate_family.h"

namespace fbcompat {

std::string golden_layout_for(std::size_t rank) {
  if (rank == 4) return "NHWC";
  if (rank == 2) return "NC";
  return "ROW_MAJOR";
}

}  // namespace fbcompat
