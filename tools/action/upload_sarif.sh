#!/usr/bin/env bash
# The action's upload: the SARIF report to GitHub code scanning through its REST API (gzip, then
# base64, as the API takes it), for the commit and ref the workflow runs on.
set -euo pipefail
report=${FBCOMPAT_SARIF:-}
if [ -z "$report" ] || [ ! -s "$report" ]; then
  echo "::warning title=fbcompat::no SARIF report to upload (the check wrote none)"
  exit 0
fi
body=$(mktemp)
trap 'rm -f "$body"' EXIT
printf '{"commit_sha":"%s","ref":"%s","tool_name":"fbcompat","sarif":"%s"}' \
  "$GITHUB_SHA" "$GITHUB_REF" "$(gzip -c "$report" | base64 -w0)" >"$body"
curl --silent --show-error --fail-with-body -X POST \
  -H "Authorization: Bearer $FBCOMPAT_TOKEN" -H "Accept: application/vnd.github+json" \
  -H "X-GitHub-Api-Version: 2022-11-28" \
  --data-binary "@$body" "${GITHUB_API_URL:-https://api.github.com}/repos/$GITHUB_REPOSITORY/code-scanning/sarifs"
echo
echo "fbcompat: uploaded $report to code scanning for $GITHUB_REF"
