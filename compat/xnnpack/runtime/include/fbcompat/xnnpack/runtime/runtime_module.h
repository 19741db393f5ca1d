// The reference runtime as a module that the CLI loads only when a command runs payloads (the audit's
// golden runs, runtime-check --builtin, --version). A command that reads schemas, such as every
// pre-merge diff, then maps neither the runtime nor XNNPACK: start-up is most of a small diff's cost
// (docs/benchmarks.md).
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
  const char* linked_xnnpack;  // "XNNPACK from <prefix>", for --version
  // XNNPACK as ExecuTorch's backend uses it, for the loader's definition stage; null when the linked
  // XNNPACK cannot stand for it, and then why not.
  const fbcompat::BackendLibrary* library;
  const char* library_absent;
};

}  // extern "C"

namespace fbcompat::xnnpack {

// The module's file name and its one exported symbol, a function taking nothing and returning a
// const FbcompatRuntimeModule*.
constexpr const char* kRuntimeModuleFile = "fbcompat_reference_runtime.so";
constexpr const char* kRuntimeModuleEntry = "fbcompat_reference_runtime_module";

}  // namespace fbcompat::xnnpack
