#!/usr/bin/env bash
# Whole-command benchmarks: fbcompat against `flatc --conform`, side by side in one run (hyperfine
# alternates nothing, but runs both back to back with warm-ups; ratios, not absolute times, are what
# docs/benchmarks.md records). Peak memory from /usr/bin/time -v, the median of five runs.
# Usage: bench/run_cli_benchmarks.sh [BUILD_DIR]     (needs hyperfine: apt-get install hyperfine; flatc is compared
# twice: Debian's /usr/bin/flatc and the build's, from the flatbuffers fbcompat parses with)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
fbcompat=$(realpath "$build/fbcompat")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bench/fbcompat_bench_inputs" . "$work"

median_rss_kb() {  # median peak RSS (KB) of five runs of a command
  for _ in 1 2 3 4 5; do /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n | sed -n 3p
}

compare() {  # name, then fbcompat's command and flatc's, as strings
  local name=$1 ours=$2 theirs=$3
  hyperfine -N --warmup 3 --runs 15 --export-json "$work/bench.json" "$ours" "$theirs" >/dev/null 2>&1 || true
  local ratio
  ratio=$(python3 -c "import json;r=json.load(open('$work/bench.json'))['results'];print(f\"{r[0]['median']/r[1]['median']:.2f} ({r[0]['median']*1000:.1f} ms / {r[1]['median']*1000:.1f} ms)\")")
  # shellcheck disable=SC2086
  local ours_kb theirs_kb
  ours_kb=$(median_rss_kb $ours)
  theirs_kb=$(median_rss_kb $theirs)
  printf '| %s | %s | %.2f (%d MB / %d MB) |\n' "$name" "$ratio" "$(echo "$ours_kb / $theirs_kb" | bc -l)" \
    $((ours_kb / 1024)) $((theirs_kb / 1024))
}

# Against both flatc releases: Debian's (2.0.8) and the one fbcompat's parser comes from (the build's).
build_flatc=$(sed -n 's/^FLATC_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
echo "| Input | Time, fbcompat / flatc (median) | Peak memory, fbcompat / flatc |"
echo "|---|---|---|"
for flatc in /usr/bin/flatc "$build_flatc"; do
  label="flatc $("$flatc" --version | sed 's/^flatc version //')"
  compare "diff: the 1.4.1 runtime schema (v1.1.0) + 1 node, vs $label" \
    "$fbcompat diff $work/xnnpack/old.fbs $work/xnnpack/new.fbs --config $work/history-25/fbcompat.toml" \
    "$flatc --conform $work/xnnpack/old.fbs $work/xnnpack/new.fbs"
  compare "diff: 130,000-line schema + 1 member, vs $label" \
    "$fbcompat diff $work/big/old.fbs $work/big/new.fbs --config $work/history-25/fbcompat.toml" \
    "$flatc --conform $work/big/old.fbs $work/big/new.fbs"
done

# The audit against flatc run on the same pairs: every version against every later one, both files.
flatc_pairs() {  # writes a script running flatc --conform on every pair of a history
  local dir=$1 script=$2
  local versions
  mapfile -t versions < <(grep '^name' "$dir/manifest.toml" | cut -d'"' -f2)
  echo "#!/bin/sh" >"$script"
  for ((i = 0; i < ${#versions[@]}; i++)); do
    for ((j = i + 1; j < ${#versions[@]}; j++)); do
      for file in schema.fbs runtime_schema.fbs; do
        if [ -f "$dir/${versions[i]}/$file" ] && [ -f "$dir/${versions[j]}/$file" ]; then
          echo "flatc --conform $dir/${versions[i]}/$file $dir/${versions[j]}/$file" >>"$script"
        fi
      done
    done
  done
  chmod +x "$script"
}
flatc_pairs "$work/history-30" "$work/flatc-30.sh"
echo
echo "| Audit of 30 versions (every pair, both files) | Time, fbcompat / flatc on the same pairs (median) |"
echo "|---|---|"
hyperfine -N --warmup 1 --runs 5 --export-json "$work/audit.json" \
  "$fbcompat audit --config $work/history-30/fbcompat.toml -o $work/audit-30.txt" "$work/flatc-30.sh" >/dev/null 2>&1 || true
python3 -c "import json;r=json.load(open('$work/audit.json'))['results'];print(f\"| $(wc -l <"$work/flatc-30.sh") flatc runs | {r[0]['median']/r[1]['median']:.3f} ({r[0]['median']*1000:.0f} ms / {r[1]['median']*1000:.0f} ms) |\")"

echo
echo "| Versions | Transitions | Matrix cells | fbcompat audit (median) |"
echo "|---|---|---|---|"
for n in 25 50 100 200; do
  hyperfine -N --warmup 1 --runs 3 --export-json "$work/growth-$n.json" \
    "$fbcompat audit --config $work/history-$n/fbcompat.toml --format json -o $work/growth-$n.out" >/dev/null 2>&1 || true
  python3 - "$work/growth-$n.json" "$work/growth-$n.out" "$n" <<'PY'
import json, sys
timing = json.load(open(sys.argv[1]))["results"][0]["median"]
report = json.load(open(sys.argv[2]))
print(f"| {sys.argv[3]} | {len(report['transitions'])} | {len(report['matrix'])} | {timing:.2f} s |")
PY
done
