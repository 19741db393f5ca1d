#!/usr/bin/env bash
# CI: each libFuzzer target briefly on its seed corpus (docs/reliability.md has the long runs).
# A crash, leak, timeout or out-of-memory fails the job, prints the report and keeps the reproducer
# in <build-dir>/fuzz/.
# Usage: .ci/fuzz-smoke.sh [build-dir] [seconds per target]   (after .ci/sanitize.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(cd "${1:-$root/build-sanitize}" && pwd)
seconds=${2:-45}
for target in program_fuzzer load_check_fuzzer schema_diff_fuzzer; do
  work=$(mktemp -d)  # new inputs go here: the corpus in git is never written by CI
  log=$(mktemp)
  echo "fuzz-smoke: $target for ${seconds}s"
  if ! (cd "$dir/fuzz" && "./$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
          -print_final_stats=1 "$work" "$root/tests/fuzz/corpus/$target" >"$log" 2>&1); then
    cat "$log"
    echo "fuzz-smoke: $target failed; the reproducer is in $dir/fuzz/" >&2
    exit 1
  fi
  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^Done' "$log" || tail -n 3 "$log"
  rm -rf "$work" "$log"
done
