#!/usr/bin/env bash
# The action's suggestions (input suggest-fixes): fbcompat's fixes of a pull request's schema changes
# posted as one review whose comments are GitHub suggestions (review_suggestions.py builds it). With
# FBCOMPAT_REVIEW_REQUEST_FILE set the request is written there instead of sent (the action's test).
set -euo pipefail
cd "${GITHUB_WORKSPACE:-.}"
base=${FBCOMPAT_RESOLVED_BASE:?the check step names the base it compared with}
[ -n "${FBCOMPAT_PULL_REQUEST:-}" ] || { echo "fbcompat: suggestions are for pull requests; none here"; exit 0; }
head=${FBCOMPAT_HEAD_SHA:?the pull request names its head commit}
# A review's lines are the head commit's. actions/checkout checks out the merge with the base: the head
# is fetched too (one commit deep), so that a file the merge changed is known not to be the head's.
git cat-file -e "$head^{commit}" 2>/dev/null || git fetch --no-tags --depth=1 origin "$head" >/dev/null 2>&1 || true
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
arguments=(diff --against "git:$base")
paths=()
read -r -d '' -a paths <<<"${FBCOMPAT_PATHS:-}" || true
arguments+=(${paths[@]+"${paths[@]}"})
[ -n "${FBCOMPAT_CONFIG:-}" ] && arguments+=(--config "$FBCOMPAT_CONFIG")
fbcompat "${arguments[@]}" --format json -o "$work/report.json" || true
[ -s "$work/report.json" ] || { echo "::warning title=fbcompat::no report to suggest fixes from"; exit 0; }
python=python3
command -v "$python" >/dev/null || { echo "::warning title=fbcompat::suggestions need python3 on the runner"; exit 0; }
if ! "$python" "$GITHUB_ACTION_PATH/tools/action/review_suggestions.py" "$work/report.json" "$base" "$work/request.json"; then
  echo "fbcompat: no fix to suggest"
  exit 0
fi
if [ -n "${FBCOMPAT_REVIEW_REQUEST_FILE:-}" ]; then
  cp "$work/request.json" "$FBCOMPAT_REVIEW_REQUEST_FILE"
  echo "fbcompat: wrote the review request to $FBCOMPAT_REVIEW_REQUEST_FILE"
  exit 0
fi
path=$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["path"])' "$work/request.json")
"$python" -c 'import json,sys; json.dump(json.load(open(sys.argv[1]))["body"], open(sys.argv[2], "w"))' \
  "$work/request.json" "$work/body.json"
curl --silent --show-error --fail-with-body -X POST \
  -H "Authorization: Bearer $FBCOMPAT_TOKEN" -H "Accept: application/vnd.github+json" \
  -H "X-GitHub-Api-Version: 2022-11-28" \
  --data-binary "@$work/body.json" "${GITHUB_API_URL:-https://api.github.com}$path" >/dev/null
echo "fbcompat: suggested the fixes on pull request #$FBCOMPAT_PULL_REQUEST"
