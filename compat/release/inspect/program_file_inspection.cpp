#include "fbcompat/release/program_file_inspection.h"

namespace fbcompat {

Expected<ProgramInspection> inspect_program_file(const std::string& file, const FamilySelection& families,
                                                 ProgramReadOptions options) {
  auto opened = open_delegate_families(families);
  if (!opened) return opened.error();
  std::vector<const DelegateFamily*> by_backend;
  for (const auto& family : *opened) by_backend.push_back(family.get());
  options.source_name = file;
  auto bytes = read_program_file(file, options);
  if (!bytes) return bytes.error();
  return inspect_program(bytes->data(), bytes->size(), by_backend, options);
}

}  // namespace fbcompat
