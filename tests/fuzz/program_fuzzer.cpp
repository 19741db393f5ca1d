// Fuzzes the .pte reader and `inspect`: whatever the bytes, reading a program either succeeds with
// every payload inside the bytes, or fails with an Error; loading it as each release whose rules differ
// (release_rules.h, every family's backend rules included) either loads, loads with a method that crashes
// when run, or gives a refusal that names its stage in the runtime's terms; inspecting it decodes every
// payload of every delegate family with the bundled schemas (XNNPACK's, MLX's), and both report formats
// render. (Backend libraries' own definitions are not fuzzed here: the target links no XNNPACK, and each
// load says that stage was not checked.)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>

#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/executorch/program.h"
#include "fbcompat/release/delegate_families.h"
#include "fbcompat/xnnpack/delegate.h"
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
  static const std::vector<fbcompat::RuntimeRelease> releases = [] {
    fbcompat::BackendRuleTables tables;
    for (const fbcompat::DelegateFamily* family : bundled_families()) tables.push_back(&family->load_checks().release_rules());
    std::vector<fbcompat::RuntimeRelease> all{fbcompat::RuntimeRelease::oldest_described()};
    for (const auto& release : fbcompat::rule_change_releases(tables)) all.push_back(release);
    all.push_back(fbcompat::RuntimeRelease::development_head());
    return all;
  }();
  for (const fbcompat::RuntimeRelease& release : releases) {
    for (const auto level : {fbcompat::VerificationLevel::Minimal, fbcompat::VerificationLevel::InternalConsistency}) {
      fbcompat::ProgramReadOptions options;
      options.runtime = release;
      options.verification = level;
      for (const fbcompat::DelegateFamily* family : bundled_families()) options.backends.push_back(&family->load_checks());
      const fbcompat::ProgramLoad load = fbcompat::load_program(data, size, options);
      if (load.loads()) {
        const bool has_xnnpack = std::any_of(load.view.plans.begin(), load.view.plans.end(), [](const fbcompat::ProgramPlan& plan) {
          return std::any_of(plan.delegates.begin(), plan.delegates.end(), [](const fbcompat::ProgramDelegate& delegate) {
            return delegate.backend_id == fbcompat::xnnpack::kBackendId;
          });
        });
        require(!has_xnnpack || !load.view.definitions_not_checked.empty(),
                "a load of an XNNPACK payload without XNNPACK says its definitions were not checked");
        if (load.run_crash) {
          const std::string said = load.describe();
          require(!load.run_crash->message.empty(), "a run crash says why");
          require(said.find("crashes when it runs") != std::string::npos &&
                      said.find(fbcompat::load_stage_name(load.run_crash->stage)) != std::string::npos,
                  "a run crash names its method and where the load let it through");
        }
        continue;
      }
      const std::string said = fbcompat::describe_refusal(*load.refusal, load.view.release);
      require(!load.refusal->message.empty(), "a refusal says why");
      require(said.find(load.refusal->stage_name()) != std::string::npos, "a refusal names its stage");
      require(load.refusal->stage != fbcompat::LoadStage::LibraryDefinition,
              "no library is given, so none refuses: its stage is said to be unchecked instead");
      // Nothing to name: a program without execution_plan (the refusal says the list is missing), a plan
      // without a name (get_method_name refuses it: the refusal says so), or a plan being loaded whose name
      // is "" (a name the runtime can look up).
      const bool no_plans = load.refusal->message.rfind("Program.execution_plan is missing", 0) == 0;
      const bool unnamed = load.refusal->message.find(" has no name: get_method_name(") != std::string::npos;
      const bool named_empty = !load.view.plans.empty() && load.view.plans.back().name.empty();
      require(load.refusal->stage == fbcompat::LoadStage::ProgramContainer || !load.refusal->method.empty() || no_plans ||
                  unnamed || named_empty,
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
