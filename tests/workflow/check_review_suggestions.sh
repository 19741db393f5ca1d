#!/usr/bin/env bash
# The action's review builder (tools/action/review_suggestions.py) on each path a fix can take: a
# suggestion of one line, of several lines, on a file's last line without a newline; a fix reaching beyond
# the pull request's hunks (its patch, as small as git's, in a comment on the finding's line); and a work
# tree that is not the pull request's head (actions/checkout's merge with a base that changed the file
# too), whose lines are not the review's (its patches in the review's body). fbcompat (the build's) makes
# the JSON report the builder reads, as the action does.
# Usage: tests/workflow/check_review_suggestions.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_review_suggestions: $*" >&2; exit 1; }
python=/usr/bin/python3
[ -x "$python" ] || python=python3
export PATH="$build:$PATH" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
g() { git -C "$work/repo" -c user.email=review@fbcompat.invalid -c user.name=review -c init.defaultBranch=main "$@"; }

mkdir -p "$work/repo"
g init -q
cd "$work/repo"
# long.fbs: a union of eighteen members, one a line; short.fbs: a union of two; last.fbs ends without a newline.
"$python" - <<'PY'
tables = "".join(f"table T{i} {{}}\n" for i in range(20))
members = "".join(f"  T{i},\n" for i in range(1, 19))
open("long.fbs", "w").write("namespace n;\n" + tables + "union U {\n" + members + "}\ntable R { u: U; }\nroot_type R;\n")
open("short.fbs", "w").write("namespace s;\ntable A {}\ntable B {}\ntable C {}\nunion V {\n  A,\n  B,\n}\ntable S { v: V; }\n")
open("last.fbs", "w").write("namespace z;\ntable Z { a: int; b: int = 2; }")
PY
g add -A && g commit -q -m base
# The pull request: a member inserted at the top of the long union and one in the middle of the short one
# (with its documentation), and a default changed on the last line.
"$python" - <<'PY'
text = open("long.fbs").read()
open("long.fbs", "w").write(text.replace("union U {\n", "union U {\n  /// The newest.\n  T19,\n"))
text = open("short.fbs").read()
open("short.fbs", "w").write(text.replace("  A,\n", "  A,\n  /// The third.\n  C,\n"))
text = open("last.fbs").read()
open("last.fbs", "w").write(text.replace("b: int = 2;", "b: int = 3;"))
PY
g commit -q -am "pull request"
head=$(g rev-parse HEAD)

review() {  # OUTPUT: the review request the builder makes of the work tree against the base (HEAD^)
  fbcompat diff --against "git:$(g rev-parse HEAD^)" --format json -o "$work/report.json" || true
  FBCOMPAT_PULL_REQUEST=7 FBCOMPAT_HEAD_SHA=$head GITHUB_REPOSITORY=shop/schemas \
    "$python" "$source/tools/action/review_suggestions.py" "$work/report.json" "$(g rev-parse HEAD^)" "$1"
}

review "$work/review.json" || fail "no review built"
"$python" - "$work/review.json" "$head" <<'PY' || fail "the review is not as the fixes are: $(cat "$work/review.json")"
import json, sys
body = json.load(open(sys.argv[1]))["body"]
assert body["commit_id"] == sys.argv[2], body
comments = {comment["path"]: comment for comment in body["comments"]}
assert set(comments) == {"long.fbs", "short.fbs", "last.fbs"}, comments
# Several lines: from the moved member's documentation to the member it now follows.
short = comments["short.fbs"]
assert (short["start_line"], short["line"]) == (7, 9), short
assert short["body"].endswith("```suggestion\n  B,\n  /// The third.\n  C,\n```\n"), short
# The last line of a file without a newline: the suggestion's lines still end before the fence.
last = comments["last.fbs"]
assert last["line"] == 2 and "start_line" not in last, last
assert last["body"].endswith("```suggestion\ntable Z { a: int; b: int = 2; }\n```\n"), last
# Beyond the hunk: the patch, on the finding's line, holding only what changes and three lines around.
long = comments["long.fbs"]
assert long["line"] == 24 and "start_line" not in long, long
assert "reaches beyond the lines this pull request changes" in long["body"], long
patch = long["body"].split("```diff\n")[1].split("```")[0]
assert patch.startswith("--- a/long.fbs\n+++ b/long.fbs\n@@ -20,8 +20,6 @@\n"), patch
assert "-  /// The newest.\n-  T19,\n" in patch and "+  /// The newest.\n+  T19,\n" in patch, patch
assert "T5," not in patch, patch
assert body["body"] == "fbcompat can fix 3 finding(s) of this pull request mechanically.", body
PY

# The merge actions/checkout makes: short.fbs as the base changed it too (a comment added at its top).
sed -i '1i // merged from the base' short.fbs
review "$work/merged.json" || fail "no review built of the merge"
"$python" - "$work/merged.json" <<'PY' || fail "a file that is not the head's got line comments: $(cat "$work/merged.json")"
import json, sys
body = json.load(open(sys.argv[1]))["body"]
assert {comment["path"] for comment in body["comments"]} == {"long.fbs", "last.fbs"}, body
assert "The checked-out short.fbs is not the pull request head's" in body["body"], body
assert "C moved to the end of V" in body["body"] and "--- a/short.fbs\n+++ b/short.fbs\n" in body["body"], body
PY
echo "review suggestions: one line, several lines, a last line without a newline, beyond the hunk, a merged file"
