// Golden verify and inspect throughput, against flatbuffers' generated Verifier alone on the same bytes
// (the program flatbuffer and each XNNPACK payload's flatbuffer, verified once). Golden verify is also
// set against the generated code at each of its readings (each payload by every later reader). Prints
// the ratios of one run at the end: how many times the baseline's time each command takes (wall time;
// golden verify checks its programs on every core). With --benchmark_repetitions=N, the ratios of the
// medians.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "allocator.h"
#include "executorch/program_generated.h"
#include "fbcompat/release/golden_manifest.h"
#include "fbcompat/release/golden_verify.h"
#include "fbcompat/executorch/program_inspection.h"
#include "fbcompat/xnnpack/runtime_schema_generated.h"
#include "fbcompat/load_check/xnnpack_header.h"
#include "fbcompat/xnnpack/backend_load_checks.h"
#include "fbcompat/xnnpack/delegate.h"
#include "payload/compiled_reader.h"

namespace {

using namespace fbcompat;

const std::string kGolden = std::string(FBCOMPAT_SOURCE_DIR) + "/golden";
const std::string kFamily = std::string(FBCOMPAT_SOURCE_DIR) + "/schemas/xnnpack";

const DelegateFamily& family() {
  static const std::unique_ptr<DelegateFamily> loaded = std::move(xnnpack::load_delegate_family(kFamily).value());
  return *loaded;
}

const std::vector<GoldenEntry>& entries() {
  static const std::vector<GoldenEntry> all = load_golden_manifest(kGolden + "/MANIFEST.json").value().entries;
  return all;
}

const std::vector<std::vector<std::uint8_t>>& programs() {
  static const std::vector<std::vector<std::uint8_t>> all = [] {
    std::vector<std::vector<std::uint8_t>> bytes;
    for (const GoldenEntry& entry : entries()) bytes.push_back(read_program_file(kGolden + "/" + entry.path).value());
    return bytes;
  }();
  return all;
}

std::int64_t total_bytes() {
  std::int64_t total = 0;
  for (const auto& program : programs()) total += static_cast<std::int64_t>(program.size());
  return total;
}

// Each XNNPACK payload's flatbuffer once, as the newest XNNGraph.
bool verify_as_newest(const XnnpackPayload& payload) {
  flatbuffers::Verifier graph_verifier(payload.flatbuffer, payload.flatbuffer_size);
  return graph_verifier.VerifyBuffer<fb_xnnpack::XNNGraph>(nullptr);
}

// Each XNNPACK payload's flatbuffer by the compiled reader of every version from `first_reader` on:
// golden verify's readings.
bool verify_by_every_reader(const XnnpackPayload& payload, std::size_t first_reader) {
  const BufferLimits limits;
  bool ok = true;
  const auto& readers = compiled_readers();
  for (std::size_t r = first_reader; r < readers.size(); ++r) {
    ok = ok && readers[r].verify(payload.flatbuffer, payload.flatbuffer_size, limits.max_depth,
                                 limits::table_count_limit(limits.max_tables, payload.flatbuffer_size));
  }
  return ok;
}

// The baseline: flatbuffers' generated verifiers, nothing else. The program region is the extended
// header's program size when there is one; each XNNPACK payload's flatbuffer is verified as XNNGraph
// (or by every later reader's generated code).
template <typename VerifyPayload = bool (*)(const XnnpackPayload&)>
bool verify_alone(const std::vector<std::uint8_t>& bytes, VerifyPayload verify_payload = verify_as_newest) {
  std::size_t program_size = bytes.size();
  if (bytes.size() >= 40 && std::memcmp(bytes.data() + 8, "eh00", 4) == 0) {
    program_size = static_cast<std::size_t>(xnnpack_header::read_le(bytes.data() + 16, 8));
  }
  flatbuffers::Verifier program_verifier(bytes.data(), program_size);
  if (!executorch_flatbuffer::VerifyProgramBuffer(program_verifier)) return false;
  const auto* program = executorch_flatbuffer::GetProgram(bytes.data());
  const std::uint64_t base = program_size == bytes.size() ? 0 : xnnpack_header::read_le(bytes.data() + 24, 8);
  bool ok = true;
  for (const auto* plan : *program->execution_plan()) {
    for (const auto* delegate : *plan->delegates()) {
      const std::uint8_t* data;
      std::size_t size;
      if (delegate->processed()->location() == executorch_flatbuffer::DataLocation::INLINE) {
        const auto* inline_data = program->backend_delegate_data()->Get(delegate->processed()->index())->data();
        data = inline_data->data();
        size = inline_data->size();
      } else {
        const auto* segment = program->segments()->Get(delegate->processed()->index());
        data = bytes.data() + base + segment->offset();
        size = segment->size();
      }
      ok = ok && verify_payload(parse_xnnpack_payload(data, size));
    }
  }
  return ok;
}

void BM_VerifierAlone(benchmark::State& state) {
  for (auto _ : state) {
    for (const auto& program : programs()) benchmark::DoNotOptimize(verify_alone(program));
  }
  state.SetBytesProcessed(state.iterations() * total_bytes());
}

// The same generated code at each of golden verify's readings: the program once, and each payload by
// the compiled reader of every version from the program's own on (113 readings).
void BM_VerifierEveryReading(benchmark::State& state) {
  std::vector<std::size_t> first_readers;
  for (const GoldenEntry& entry : entries()) first_readers.push_back(family().manifest().index_of(entry.version).value());
  for (auto _ : state) {
    for (std::size_t i = 0; i < programs().size(); ++i) {
      const std::size_t first_reader = first_readers[i];
      benchmark::DoNotOptimize(verify_alone(
          programs()[i], [first_reader](const XnnpackPayload& payload) { return verify_by_every_reader(payload, first_reader); }));
    }
  }
  state.SetBytesProcessed(state.iterations() * total_bytes());
}

// The loader verdict alone: each program loaded as ExecuTorch 1.4.1 loads it (container, segments,
// method, delegate data and the XNNPACK delegate's own checks, which verify the graph once more).
void BM_LoaderVerdict(benchmark::State& state) {
  ProgramReadOptions options;
  options.backends.push_back(&xnnpack::backend_load_checks());
  for (auto _ : state) {
    for (const auto& program : programs()) {
      ProgramLoad load = load_program(program.data(), program.size(), options);
      benchmark::DoNotOptimize(load);
    }
  }
  state.SetBytesProcessed(state.iterations() * total_bytes());
}

void BM_Inspect(benchmark::State& state) {
  for (auto _ : state) {
    for (const auto& program : programs()) {
      auto inspection = inspect_program(program.data(), program.size(), {&family()});
      benchmark::DoNotOptimize(inspection);
    }
  }
  state.SetBytesProcessed(state.iterations() * total_bytes());
}

// The whole command: manifest, files, sha256, every later reader, node names and field values; the
// programs checked on every core (the argument: how many threads, 0 for one per core).
void BM_GoldenVerify(benchmark::State& state) {
  GoldenVerifyOptions options;
  options.golden_dir = kGolden;
  options.family_dir = kFamily;
  options.threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    auto report = verify_golden(options, family());
    benchmark::DoNotOptimize(report);
  }
  state.SetBytesProcessed(state.iterations() * total_bytes());
}

BENCHMARK(BM_VerifierAlone)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_VerifierEveryReading)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LoaderVerdict)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Inspect)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GoldenVerify)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  // With --benchmark_repetitions, each benchmark's median (interleave the repetitions with
  // --benchmark_enable_random_interleaving=true, so that a slow spell of the machine falls on all alike).
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      const std::string name = run.run_name.str();  // "BM_GoldenVerify/1": the function and its argument
      if (run.run_type == Run::RT_Aggregate && run.aggregate_name == "median") {
        seconds_[name] = run.GetAdjustedRealTime();
        medians_.insert(name);
      } else if (run.run_type == Run::RT_Iteration && medians_.count(name) == 0) {
        seconds_[name] = run.GetAdjustedRealTime();
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }
  void Finalize() override {
    ConsoleReporter::Finalize();
    const double baseline = seconds_["BM_VerifierAlone"];
    if (baseline <= 0) return;
    std::printf("\n%zu golden programs, %lld bytes\n", programs().size(), static_cast<long long>(total_bytes()));
    std::printf("loader verdict / Verifier alone: %.1fx\n", seconds_["BM_LoaderVerdict"] / baseline);
    std::printf("inspect / Verifier alone:       %.1fx\n", seconds_["BM_Inspect"] / baseline);
    const double every_reading = seconds_["BM_VerifierEveryReading"];
    for (const auto& [name, threads] : {std::pair{"BM_GoldenVerify/0", "every core"}, std::pair{"BM_GoldenVerify/1", "one thread"}}) {
      std::printf("golden verify (%s) / Verifier alone: %.1fx\n", threads, seconds_[name] / baseline);
      if (every_reading > 0) {
        std::printf("golden verify (%s) / Verifier at every reading: %.1fx\n", threads, seconds_[name] / every_reading);
      }
    }
  }

 private:
  std::map<std::string, double> seconds_;
  std::set<std::string> medians_;
};

}  // namespace

int main(int argc, char** argv) {
  fbcompat::cli::tune_allocator();  // as the CLI's main does
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
