#!/bin/sh
# The pre-commit hook's entry (.pre-commit-hooks.yaml). A commit checks the index against HEAD;
# `pre-commit run --from-ref A --to-ref B` (and the pre-push stage) the work tree against A. The hook
# runs the fbcompat on PATH: without one, it says how to get one rather than "fbcompat: not found".
# Its arguments go to fbcompat diff (the fixing hook passes --fix).
if ! command -v fbcompat >/dev/null 2>&1; then
  cat >&2 <<'MESSAGE'
fbcompat: this pre-commit hook runs the `fbcompat` command, and there is none on PATH. Install it once:
  git clone https://github.com/<owner>/fbcompat && cd fbcompat
  tools/setup.sh --lean          # Debian's packages, then the CLI alone, in build/ (a few minutes)
  sudo cmake --install build     # puts fbcompat in /usr/local/bin (or add build/ to PATH)
then commit again. The guide: docs/pre-merge-gate.md in that clone.
MESSAGE
  exit 2
fi
if [ -n "${PRE_COMMIT_FROM_REF:-}" ]; then exec fbcompat diff --against "git:$PRE_COMMIT_FROM_REF" "$@"; fi
exec fbcompat diff --staged "$@"
