// Fuzzes the .pte reader and `inspect`: whatever the bytes, reading a program either succeeds with
// every payload inside the bytes, or fails with an Error; loading it as each rule-changing release
// would either loads or gives a refusal that names its stage in the runtime's terms; inspecting it
// decodes every payload of every delegate family with the bundled schemas (XNNPACK's, MLX's), and both
// report formats render.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>

#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/release/delegate_families.h"
#include "fuzz_target.h"

namespace {

// Every registered family, from its schemas in this repository.
const std::vector<const fbcompat::DelegateFamily*>& bundled_families() {
  static const auto opened = [] {
    fbcompat::FamilySelection selection;
    selection.schemas_root = FBCOMPAT_SOURCE_DIR "/schemas";
    auto loaded = fbcompat::open_delegate_families(selection);
    if (!loaded.ok()) {
      std::fprintf(stderr, "%s\n", loaded.error().to_string().c_str());
      std::abort();
    }
    return std::move(loaded).value();
  }();
  static const auto families = [] {
    std::vector<const fbcompat::DelegateFamily*> pointers;
    for (const auto& family : opened) pointers.push_back(family.get());
    return pointers;
  }();
  return families;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using fbcompat::fuzz::require;
  const auto program = fbcompat::read_program(data, size);
  if (program.ok()) {
    for (const auto& plan : program->plans) {
      for (const auto& delegate : plan.delegates) {
        if (delegate.size == 0) continue;  // an inline entry without bytes: no payload to place
        require(delegate.data >= data && delegate.size <= size &&
                    static_cast<std::size_t>(delegate.data - data) <= size - delegate.size,
                "a delegate's payload lies inside the program's bytes");
        require(delegate.file_offset == static_cast<std::uint64_t>(delegate.data - data),
                "a delegate's file offset is where its payload starts");
      }
    }
  } else {
    require(!program.error().message.empty(), "a refused program says why");
  }

  // Releases whose rules differ, at both verification levels, with every family's checks.
  for (const char* release : {"0.2.0", "0.6.0", "1.0.0", "1.2.0", "1.3.0", "1.4.1"}) {
    for (const auto level : {fbcompat::VerificationLevel::Minimal, fbcompat::VerificationLevel::InternalConsistency}) {
      fbcompat::ProgramReadOptions options;
      options.runtime = *fbcompat::RuntimeRelease::parse(release);
      options.verification = level;
      for (const fbcompat::DelegateFamily* family : bundled_families()) options.backends.push_back(&family->load_checks());
      const fbcompat::ProgramLoad load = fbcompat::load_program(data, size, options);
      if (load.loads()) continue;
      const std::string said = fbcompat::describe_refusal(*load.refusal, load.view.release);
      require(!load.refusal->message.empty(), "a refusal says why");
      require(said.find(fbcompat::load_stage_name(load.refusal->stage, load.refusal->backend)) != std::string::npos,
              "a refusal names its stage");
      // Nothing to name: a program without execution_plan (the refusal says the list is missing), or a
      // plan being loaded whose name is "" (a name the runtime can look up).
      const bool no_plans = load.refusal->message.rfind("Program.execution_plan is missing", 0) == 0;
      const bool named_empty = !load.view.plans.empty() && load.view.plans.back().name.empty();
      require(load.refusal->stage == fbcompat::LoadStage::ProgramContainer || !load.refusal->method.empty() || no_plans ||
                  named_empty,
              "a refusal past the program container names its method");
    }
  }

  const auto inspection = fbcompat::inspect_program(data, size, bundled_families());
  if (inspection.ok()) {
    require(program.ok(), "a program that inspects also reads");
    require(!fbcompat::format_inspection_text(*inspection).empty(), "the text report renders");
    require(!fbcompat::format_inspection_json(*inspection).empty(), "the JSON report renders");
  } else {
    require(!inspection.error().message.empty(), "a refused inspection says why");
  }
  return 0;
}
