#include "support/golden_support.h"

#include <boost/test/unit_test.hpp>

#include "fbcompat/xnnpack/delegate.h"

namespace fbcompat::test {

const XnnpackFamily& xnnpack_family() {
  static const XnnpackFamily family = [] {
    auto loaded = XnnpackFamily::load(family_dir());
    if (!loaded) throw std::runtime_error(loaded.error().to_string());
    return std::move(loaded.value());
  }();
  return family;
}

const DelegateFamily& xnnpack_delegate_family() {
  static const std::unique_ptr<DelegateFamily> family = [] {
    auto loaded = xnnpack::load_delegate_family(family_dir());
    if (!loaded) throw std::runtime_error(loaded.error().to_string());
    return std::move(loaded.value());
  }();
  return *family;
}

const GoldenManifest& golden_manifest() {
  static const GoldenManifest manifest = [] {
    auto loaded = load_golden_manifests(golden_dir());
    if (!loaded) throw std::runtime_error(loaded.error().to_string());
    GoldenManifest xnnpack;
    for (GoldenEntry& entry : loaded->entries) {
      if (entry.family == xnnpack::kFamilyName) xnnpack.entries.push_back(std::move(entry));
    }
    return xnnpack;
  }();
  return manifest;
}

std::vector<std::uint8_t> golden_bytes(const GoldenEntry& entry) {
  auto bytes = read_program_file(golden_dir() + "/" + entry.path);
  if (!bytes) throw std::runtime_error(bytes.error().to_string());
  return std::move(bytes.value());
}

ProgramDelegate delegate_of(const ProgramView& view, const std::string& backend_id) {
  for (const ProgramPlan& plan : view.plans) {
    for (const ProgramDelegate& delegate : plan.delegates) {
      if (delegate.backend_id == backend_id) return delegate;
    }
  }
  throw std::runtime_error("no " + backend_id + " delegate");
}

ProgramDelegate xnnpack_delegate(const ProgramView& view) { return delegate_of(view, xnnpack::kBackendId); }

void copy_tree(const std::string& from, const std::string& to) {
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing);
}

}  // namespace fbcompat::test
