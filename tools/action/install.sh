#!/usr/bin/env bash
# The action's first step: an fbcompat already on PATH (a runner image, an earlier step) is used as it is;
# otherwise the lean CLI is built from the action's own source (tools/setup.sh --lean) and put on PATH
# for the steps after this one.
set -euo pipefail
if command -v fbcompat >/dev/null 2>&1; then
  echo "fbcompat: using $(command -v fbcompat) ($(fbcompat --version))"
  exit 0
fi
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
echo "fbcompat: not on PATH; building the lean CLI from $source_dir"
"$source_dir/tools/setup.sh" --lean
echo "$source_dir/build" >>"$GITHUB_PATH"
