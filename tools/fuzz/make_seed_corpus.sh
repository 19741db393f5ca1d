#!/usr/bin/env bash
# Writes the fuzz targets' seed corpora (tests/fuzz/corpus/) from the golden programs and the bundled
# schemas. Run once per new golden version or schema version; the corpora are kept in git so that a
# fuzz run and the replay tests never depend on a build step.
# Usage: tools/fuzz/make_seed_corpus.sh [build/fbcompat]   (needs jq)
set -euo pipefail
cd "$(dirname "$0")/../.."
cli=${1:-build/fbcompat}
corpus=tests/fuzz/corpus
mkdir -p "$corpus/program_fuzzer" "$corpus/load_check_fuzzer" "$corpus/schema_diff_fuzzer"

# program_fuzzer: every golden program as it is.
for pte in golden/xnnpack/*/*.pte; do
  version=$(basename "$(dirname "$pte")")
  cp "$pte" "$corpus/program_fuzzer/${version}_$(basename "$pte")"
done

# load_check_fuzzer: every XNNPACK payload of every golden program, cut out at the offsets inspect reports.
for pte in golden/xnnpack/*/*.pte; do
  version=$(basename "$(dirname "$pte")")
  index=0
  "$cli" inspect "$pte" --format json |
    jq -r '.delegates[] | select(.backend_id == "XnnpackBackend") | "\(.offset) \(.size)"' |
    while read -r offset size; do
      tail -c +"$((offset + 1))" "$pte" | head -c "$size" \
        > "$corpus/load_check_fuzzer/${version}_$(basename "$pte" .pte)_${index}.bin"
      index=$((index + 1))
    done
done

# schema_diff_fuzzer: "old NUL new" for each file between consecutive versions, and writer NUL reader
# for each version's pair.
versions=($(ls -d schemas/xnnpack/v*/ | xargs -n1 basename | sort -V))
for ((i = 0; i < ${#versions[@]}; ++i)); do
  v=${versions[i]}
  dir=schemas/xnnpack/$v
  if [ -f "$dir/runtime_schema.fbs" ]; then
    { cat "$dir/schema.fbs"; printf '\0'; cat "$dir/runtime_schema.fbs"; } > "$corpus/schema_diff_fuzzer/${v}_pair.bin"
  fi
  ((i + 1 < ${#versions[@]})) || continue
  next=schemas/xnnpack/${versions[i + 1]}
  for file in schema.fbs runtime_schema.fbs; do
    [ -f "$dir/$file" ] && [ -f "$next/$file" ] || continue
    { cat "$dir/$file"; printf '\0'; cat "$next/$file"; } > "$corpus/schema_diff_fuzzer/${v}_to_${versions[i + 1]}_${file%.fbs}.bin"
  done
done
# One seed with an include, so that mutations reach the include path.
{
  printf 'include "common.fbs";\nnamespace a;\ntable T { x: int; e: E; }\nroot_type T;\n'
  printf '\0'
  printf 'include "common.fbs";\nnamespace a;\ntable T { x: long; e: E; u: U; }\nunion U { T }\nroot_type T;\n'
  printf '\0'
  printf 'namespace a;\nenum E : byte { A, B = 3 }\nstruct S { a: int; b: byte; }\n'
} > "$corpus/schema_diff_fuzzer/include.bin"
echo "seed corpus: $(find "$corpus" -type f | wc -l) files in $corpus"
