// A module of delegate runtimes that the CLI loads only when a command runs payloads (the audit's golden
// runs, runtime-check --builtin, --version). A command that reads schemas, such as every pre-merge
// diff, then maps neither the runtimes nor what they link: start-up is most of a small diff's cost
// (docs/benchmarks.md). Today's module holds XNNPACK's reference runtime (compat/xnnpack/runtime/
// module/); each runtime says which family's payloads it runs by its backend id.
#pragma once

namespace fbcompat {
class BackendLibrary;
class DelegateRuntime;
}

extern "C" {

// What the module hands the program that loads it.
struct FbcompatRuntimeModule {
  // The build the module belongs to (fbcompat's version, the compiler, the flatbuffers): the loader
  // refuses a module of another build, whose DelegateRuntime may be laid out differently.
  const char* build;
  const fbcompat::DelegateRuntime* runtime;
  const char* linked_library;  // what the runtime runs on, "XNNPACK from <prefix>", for --version
  // The backend's library as ExecuTorch's backend uses it, for the loader's definition stage; null when the linked
  // library cannot stand for it, and then why not.
  const fbcompat::BackendLibrary* library;
  const char* library_absent;
};

}  // extern "C"

namespace fbcompat {

// The module's file name and its one exported symbol, a function taking nothing and returning a
// const FbcompatRuntimeModule*.
constexpr const char* kRuntimeModuleFile = "fbcompat_reference_runtime.so";
constexpr const char* kRuntimeModuleEntry = "fbcompat_reference_runtime_module";

}  // namespace fbcompat
