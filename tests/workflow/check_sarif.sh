#!/usr/bin/env bash
# fbcompat's SARIF reports against the SARIF 2.1.0 rules (check_sarif.py, python3-jsonschema): a two-file
# diff whose fixes touch lines with non-ASCII text (columns count code points), and a module gate in a
# repository (repository paths under SRCROOT), each fix applied by its regions giving what --fix writes;
# and the report written on bad input (exit 2), its error in invocations[].toolExecutionNotifications.
# Usage: tests/workflow/check_sarif.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_sarif: $*" >&2; exit 1; }
python=/usr/bin/python3
[ -x "$python" ] || python=python3
"$python" -c 'import jsonschema' 2>/dev/null || fail "python3-jsonschema is not installed (tools/setup.sh installs it)"
fbcompat=$build/fbcompat
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null

# Two files: a one-line union after a comment in French, an enum value deleted, a default changed.
mkdir -p "$work/files" "$work/files-fixed"
cd "$work/files"
printf 'table A {}\ntable B {}\ntable C {}\n/* nœuds */ union U { A, B }\nenum E : byte {\n  X,  // première\n  Y,\n  Z,\n}\ntable T { u: U; e: E; n: int = 1; }\nroot_type T;\n' >old.fbs
printf 'table A {}\ntable B {}\ntable C {}\n/* nœuds */ union U { A, C, B }\nenum E : byte {\n  X,  // première\n  Z,\n}\ntable T { u: U; e: E; n: int = 2; }\nroot_type T;\n' >new.fbs
status=0
"$fbcompat" diff old.fbs new.fbs --format sarif -o "$work/files.sarif" || status=$?
[ "$status" -eq 1 ] || fail "the diff did not find the breaks (exit $status)"
cp old.fbs new.fbs "$work/files-fixed/"
(cd "$work/files-fixed" && "$fbcompat" diff old.fbs new.fbs --fix >/dev/null 2>&1) || true
grep -q "union U { A, B, C }" "$work/files-fixed/new.fbs" || fail "--fix did not fix: $(cat "$work/files-fixed/new.fbs")"
"$python" "$source/tests/workflow/check_sarif.py" "$work/files.sarif" "$work/files" "$work/files-fixed"
[ "$("$python" -c 'import json,sys; print(sum(len(r.get("fixes", [])) for r in json.load(open(sys.argv[1]))["runs"][0]["results"]))' "$work/files.sarif")" = 3 ] ||
  fail "expected three results with fixes: $(cat "$work/files.sarif")"

# A module gate: paths relative to the repository root, under SRCROOT.
mkdir -p "$work/repo/schemas"
cd "$work/repo"
git init -q -b main
printf 'namespace shop;\n\ntable Item {\n  sku: string;\n  price: float;\n}\nroot_type Item;\n' >schemas/item.fbs
git add -A && git -c user.email=t@fbcompat.invalid -c user.name=t commit -q -m base
printf 'namespace shop;\n\ntable Item {\n  sku: string;\n  color: string (required);\n  price: float;\n}\nroot_type Item;\n' >schemas/item.fbs
status=0
"$fbcompat" diff --against git:main --format sarif -o "$work/module.sarif" || status=$?
[ "$status" -eq 1 ] || fail "the module gate did not find the break (exit $status)"
cp -r "$work/repo" "$work/repo-fixed"
(cd "$work/repo-fixed" && "$fbcompat" diff --against git:main --fix >/dev/null 2>&1) || true
"$python" "$source/tests/workflow/check_sarif.py" "$work/module.sarif" "$work/repo" "$work/repo-fixed"

# Bad input (exit 2): the report still written, carrying the error as the invocation's notification.
status=0
"$fbcompat" diff --against git:no-such-ref --format sarif -o "$work/error.sarif" || status=$?
[ "$status" -eq 2 ] || fail "an unknown ref was not bad input (exit $status)"
"$python" "$source/tests/workflow/check_sarif.py" "$work/error.sarif" "$work/repo"
grep -q '"executionSuccessful": false' "$work/error.sarif" || fail "the error report does not say the run failed: $(cat "$work/error.sarif")"
echo "sarif: reports validate against SARIF 2.1.0 (on exit 2 too), and their fixes give what --fix writes"
