#!/usr/bin/env bash
# The action's check: the module against the base, as annotations (--format github), the job summary
# (markdown) and, when asked, SARIF. Exits as fbcompat does: 0 compatible, 1 breaking, 2 bad input; the
# verdict is also the step's output `verdict`.
set -uo pipefail
cd "${GITHUB_WORKSPACE:-.}"

fail_with() {  # MESSAGE: an annotation the job shows, the verdict, exit 2
  echo "::error title=fbcompat::$1"
  echo "verdict=error" >>"${GITHUB_OUTPUT:-/dev/null}"
  exit 2
}

# The base: the input, else the pull request's base branch (merge_group: the queue's base), else the
# commit before a push.
base=${FBCOMPAT_BASE:-}
if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
  base="origin/$GITHUB_BASE_REF"
elif [ -z "$base" ] && [ -n "${FBCOMPAT_MERGE_GROUP_BASE:-}" ]; then
  base=$FBCOMPAT_MERGE_GROUP_BASE
elif [ -z "$base" ] && [ -n "${FBCOMPAT_EVENT_BEFORE:-}" ] && [ -n "${FBCOMPAT_EVENT_BEFORE//0/}" ]; then
  base=$FBCOMPAT_EVENT_BEFORE
fi
[ -n "$base" ] || fail_with "no base to compare with on a ${GITHUB_EVENT_NAME:-local} run: set the input base (a branch, tag or commit)"
# actions/checkout fetches one commit: the base is fetched too, one commit deep, which is all a
# comparison of trees needs. origin/NAME is fetched as the branch NAME; anything else as it is named.
if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
  case $base in
    origin/*) git fetch --no-tags --depth=1 origin "+refs/heads/${base#origin/}:refs/remotes/$base" || true ;;
    *) if git fetch --no-tags --depth=1 origin "$base"; then base=$(git rev-parse FETCH_HEAD); fi ;;
  esac
  git rev-parse --verify --quiet "$base^{commit}" >/dev/null || fail_with "cannot fetch the base $base from origin"
fi

echo "base=$base" >>"${GITHUB_OUTPUT:-/dev/null}"
arguments=(diff --against "git:$base")
# The paths input, one or more per line, separated by spaces or newlines.
paths=()
read -r -d '' -a paths <<<"${FBCOMPAT_PATHS:-}" || true
arguments+=(${paths[@]+"${paths[@]}"})
[ -n "${FBCOMPAT_CONFIG:-}" ] && arguments+=(--config "$FBCOMPAT_CONFIG")
[ "${FBCOMPAT_STRICT:-false}" = true ] && arguments+=(--strict)

[ -n "${FBCOMPAT_SARIF:-}" ] && rm -f "$FBCOMPAT_SARIF"  # never upload an earlier run's report
errors=$(mktemp)
annotations=$(mktemp)
fbcompat "${arguments[@]}" --format github 2>"$errors" | tee "$annotations"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ] && [ -s "$errors" ]; then
  cat "$errors" >&2
  # Bad input (exit 2) is annotated by fbcompat itself; what failed before any report (an unknown
  # option) is shown on the job too, not only in its log.
  if ! grep -q '^::error ' "$annotations"; then
    message=$(sed 's/%/%25/g' "$errors" | sed ':a;N;$!ba;s/\n/%0A/g')
    echo "::error title=fbcompat::$message"
  fi
fi
rm -f "$errors" "$annotations"
# The job summary lists every finding (GitHub shows ten annotations of each level per step), or the
# error; SARIF carries the error too, as a tool execution notification.
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  fbcompat "${arguments[@]}" --format markdown >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
  # The fixes fbcompat can make, as the patch `fbcompat diff --fix` would apply.
  patch=$(fbcompat "${arguments[@]}" --format patch 2>/dev/null || true)
  if [ -n "$patch" ]; then
    printf '\n#### Fixes (`fbcompat diff --against git:%s --fix` makes them)\n\n```diff\n%s\n```\n' "$base" "$patch" \
      >>"$GITHUB_STEP_SUMMARY"
  fi
fi
if [ -n "${FBCOMPAT_SARIF:-}" ]; then
  fbcompat "${arguments[@]}" --format sarif -o "$FBCOMPAT_SARIF" >/dev/null 2>&1 || true
fi
case $status in
  0) verdict=compatible ;;
  1) verdict=breaking ;;
  *) verdict=error ;;
esac
echo "verdict=$verdict" >>"${GITHUB_OUTPUT:-/dev/null}"
exit "$status"
