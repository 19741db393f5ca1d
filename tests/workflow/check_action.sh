#!/usr/bin/env bash
# The GitHub Action (action.yml) run as a runner runs it, on a repository of this test's own: an
# "origin" with a main branch, and a pull request checked out one commit deep, as actions/checkout does.
# A breaking pull request fails the job with annotations on its lines, the job summary, the verdict
# output and SARIF uploaded to a stand-in for code scanning; a compatible one passes. The fbcompat used is
# the one on PATH (the build's), as the action's first step promises.
# Usage: tests/workflow/check_action.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d)
stub=
trap '[ -n "$stub" ] && kill "$stub" 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "check_action: $*" >&2; exit 1; }
python=/usr/bin/python3
[ -x "$python" ] || python=python3
export PATH="$build:$PATH" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
g() { git -c user.email=action@fbcompat.invalid -c user.name=action -c init.defaultBranch=main -c advice.detachedHead=false "$@"; }

# origin: main with two schema files; a pull request branch for each case.
g init -q "$work/seed"
mkdir -p "$work/seed/schemas"
printf 'namespace shop;\n\ntable Item { sku: string; price: float; }\nunion Payload { Item }\ntable Order { items: [Item]; payload: Payload; }\nroot_type Order;\n' >"$work/seed/schemas/order.fbs"
printf 'namespace shop;\n\ntable Ping { seq: long; }\n' >"$work/seed/schemas/ping.fbs"
g -C "$work/seed" add -A && g -C "$work/seed" commit -q -m main
g -C "$work/seed" checkout -q -b breaking
sed -i 's/sku: string; price: float;/price: float;/' "$work/seed/schemas/order.fbs"
g -C "$work/seed" commit -q -am "drop sku"
g -C "$work/seed" checkout -q -b compatible main
sed -i 's/sku: string; price: float;/sku: string; price: float; discount: float;/' "$work/seed/schemas/order.fbs"
g -C "$work/seed" commit -q -am "add discount"
g -C "$work/seed" checkout -q -b inserted main
sed -i 's/^union Payload { Item }/table Gift { note: string; }\nunion Payload { Gift, Item }/' "$work/seed/schemas/order.fbs"
g -C "$work/seed" commit -q -am "a gift, inserted before Item"
# A pull request whose configuration is a link out of the repository: refused, exit 2.
g -C "$work/seed" checkout -q -b refused main
ln -s /etc/hostname "$work/seed/fbcompat.toml"
g -C "$work/seed" add fbcompat.toml
g -C "$work/seed" commit -q -m "link the configuration"
g clone -q --bare "$work/seed" "$work/origin.git"

run_pull_request() {  # BRANCH NAME UPLOAD [SUGGEST]: check out the branch one commit deep and run the action
  local branch=$1 name=$2 upload=$3 suggest=${4:-false}
  g clone -q --depth 1 --branch "$branch" "file://$work/origin.git" "$work/$name"
  local inputs github head
  head=$(g -C "$work/$name" rev-parse HEAD)
  inputs=$(printf '{"upload-sarif": "%s", "suggest-fixes": "%s", "token": "secret-token"}' "$upload" "$suggest")
  github=$(printf '{"event_name": "pull_request", "base_ref": "main", "workspace": "%s", "sha": "%s", "ref": "refs/pull/7/merge", "repository": "shop/schemas", "api_url": "http://127.0.0.1:%s", "token": "secret-token", "event": {"before": "", "pull_request": {"number": 7, "head": {"sha": "%s"}}}}' \
    "$work/$name" "$head" "${port:-9}" "$head")
  set +e
  "$python" "$source/tests/workflow/run_action.py" "$source" "$inputs" "$github" >"$work/$name.log" 2>&1
  status=$?
  set -e
}

# A breaking pull request, with the upload asked for.
mkdir -p "$work/scanning"
"$python" "$source/tests/workflow/code_scanning_stub.py" "$work/port" "$work/scanning" secret-token &
stub=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
run_pull_request breaking breaking true
log=$(cat "$work/breaking.log")
[ "$status" -eq 1 ] || fail "a breaking pull request did not fail the job (exit $status): $log"
grep -q "fbcompat: using $build/fbcompat" <<<"$log" || fail "the action did not use the fbcompat on PATH: $log"
grep -q '^::error file=schemas/order.fbs,line=3,col=[0-9]*,title=fbcompat FIELD_NO_DELETE%3A shop.Item.sku::' <<<"$log" ||
  fail "no annotation on the pull request's line: $log"
grep -q 'run_action: outputs {"verdict": "breaking"}' <<<"$log" || fail "the verdict output is not breaking: $log"
grep -q 'run_action: summary ".*FIELD_NO_DELETE' <<<"$log" || fail "the job summary lacks the finding: $log"
grep -q "uploaded fbcompat.sarif to code scanning for refs/pull/7/merge" <<<"$log" || fail "the upload step did not run: $log"
wait "$stub" || true
stub=
[ -s "$work/scanning/uploaded.sarif" ] || fail "code scanning received nothing"
"$python" - "$work/scanning/uploaded.sarif" "$work/scanning/request.json" <<'PY' || fail "the uploaded SARIF is not the report"
import json, sys
sarif = json.load(open(sys.argv[1]))
request = json.load(open(sys.argv[2]))
results = sarif["runs"][0]["results"]
location = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]
assert request["path"] == "/repos/shop/schemas/code-scanning/sarifs", request
assert request["ref"] == "refs/pull/7/merge", request
assert results[0]["ruleId"] == "FIELD_NO_DELETE", results
assert location == {"uri": "schemas/order.fbs", "uriBaseId": "SRCROOT"}, location
PY

# A compatible pull request passes, uploads nothing when not asked, and says so in its output.
run_pull_request compatible compatible false
log=$(cat "$work/compatible.log")
[ "$status" -eq 0 ] || fail "a compatible pull request failed the job (exit $status): $log"
grep -q 'run_action: outputs {"verdict": "compatible"}' <<<"$log" || fail "the verdict output is not compatible: $log"
grep -q "step 4 (Upload the report to code scanning): skipped" <<<"$log" || fail "the upload ran unasked: $log"
echo "action: a breaking pull request fails with annotations, summary and SARIF uploaded; a compatible one passes"

# A member inserted mid-union, with suggestions asked for: the review the action would post (written to
# a file here, never sent) suggests the append on the changed line, and the job summary shows the patch.
export FBCOMPAT_REVIEW_REQUEST_FILE="$work/review.json"
run_pull_request inserted inserted false true
log=$(cat "$work/inserted.log")
[ "$status" -eq 1 ] || fail "a mid-union insertion did not fail the job (exit $status): $log"
grep -q "step 3 (Suggest the fixes on the pull request)$" <<<"$log" || fail "the suggestion step did not run: $log"
grep -q "fbcompat: wrote the review request to $work/review.json" <<<"$log" || fail "no review request written: $log"
grep -q 'run_action: summary ".*```diff\\n.*+union Payload { Item, Gift }' <<<"$log" || fail "the job summary lacks the patch: $log"
"$python" - "$work/review.json" "$(g -C "$work/inserted" rev-parse HEAD)" <<'PY' || fail "the review request is not the suggestion: $(cat "$work/review.json")"
import json, sys
request = json.load(open(sys.argv[1]))
assert request["method"] == "POST", request
assert request["path"] == "/repos/shop/schemas/pulls/7/reviews", request
body = request["body"]
assert body["commit_id"] == sys.argv[2] and body["event"] == "COMMENT", body
assert len(body["comments"]) == 1, body
comment = body["comments"][0]
assert comment["path"] == "schemas/order.fbs" and comment["line"] == 5 and comment["side"] == "RIGHT", comment
assert "start_line" not in comment, comment
assert "`UNION_MEMBER_SAME_ID`: Gift moved to the end of Payload, as type id 2" in comment["body"], comment
assert comment["body"].endswith("```suggestion\nunion Payload { Item, Gift }\n```\n"), comment
PY
echo "action: the fixes of a breaking pull request are suggested on its lines and shown in the summary"

# Bad input: the job fails with fbcompat's own annotation (not a second one made from stderr), the
# verdict error, and a SARIF report that carries the error.
run_pull_request refused refused false
log=$(cat "$work/refused.log")
[ "$status" -eq 1 ] || fail "a refused configuration did not fail the job (exit $status): $log"
grep -q '^::error file=fbcompat.toml,title=fbcompat could not check::' <<<"$log" || fail "no annotation of the error: $log"
if grep -q '^::error title=fbcompat::' <<<"$log"; then fail "the error is annotated twice: $log"; fi
grep -q 'run_action: outputs {"verdict": "error"}' <<<"$log" || fail "the verdict output is not error: $log"
"$python" - "$work/refused/fbcompat.sarif" <<'PY' || fail "the SARIF report does not carry the error"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
invocation = run["invocations"][0]
assert invocation["executionSuccessful"] is False, invocation
assert "symbolic link" in invocation["toolExecutionNotifications"][0]["message"]["text"], invocation
PY
echo "action: bad input is annotated once, by fbcompat, with the verdict error and SARIF carrying the error"
