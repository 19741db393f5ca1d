#!/usr/bin/env bash
# The action's check: the module against the base, as annotations (--format github), the job summary
# (markdown) and, when asked, SARIF. Exits as fbcompat does: 0 compatible, 1 breaking, 2 bad input; the
# verdict is also the step's output `verdict`.
set -uo pipefail
cd "${GITHUB_WORKSPACE:-.}"

base=${FBCOMPAT_BASE:-}
if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
  base="origin/$GITHUB_BASE_REF"
  # actions/checkout fetches one commit of the pull request: the base branch's tip is fetched too, one
  # commit deep, which is all a comparison of trees needs.
  if ! git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    git fetch --no-tags --depth=1 origin "+refs/heads/$GITHUB_BASE_REF:refs/remotes/origin/$GITHUB_BASE_REF" ||
      { echo "::error title=fbcompat::cannot fetch the base branch $GITHUB_BASE_REF"; echo "verdict=error" >>"${GITHUB_OUTPUT:-/dev/null}"; exit 2; }
  fi
elif [ -z "$base" ] && [ -n "${FBCOMPAT_EVENT_BEFORE:-}" ] && [ "${FBCOMPAT_EVENT_BEFORE//0/}" != "" ]; then
  base=$FBCOMPAT_EVENT_BEFORE  # a push: the commit before it
  git cat-file -e "$base^{commit}" 2>/dev/null || git fetch --no-tags --depth=1 origin "$base" || true
fi
if [ -z "$base" ]; then
  echo "::error title=fbcompat::no base to compare with: run on pull_request or push, or set the input base"
  echo "verdict=error" >>"${GITHUB_OUTPUT:-/dev/null}"
  exit 2
fi

arguments=(diff --against "git:$base")
read -r -a paths <<<"${FBCOMPAT_PATHS:-}"
arguments+=("${paths[@]}")
[ -n "${FBCOMPAT_CONFIG:-}" ] && arguments+=(--config "$FBCOMPAT_CONFIG")
[ "${FBCOMPAT_STRICT:-false}" = true ] && arguments+=(--strict)

fbcompat "${arguments[@]}" --format github
status=$?
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  fbcompat "${arguments[@]}" --format markdown >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
fi
if [ -n "${FBCOMPAT_SARIF:-}" ] && [ "$status" -ne 2 ]; then
  fbcompat "${arguments[@]}" --format sarif -o "$FBCOMPAT_SARIF" >/dev/null 2>&1 || true
fi
case $status in
  0) verdict=compatible ;;
  1) verdict=breaking ;;
  *) verdict=error ;;
esac
echo "verdict=$verdict" >>"${GITHUB_OUTPUT:-/dev/null}"
exit "$status"
