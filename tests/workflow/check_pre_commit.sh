#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml) through the real pre-commit tool: `pre-commit try-repo`
# with this repository as the hook's repository, in a project of this test's own. What is staged is what
# is checked: a staged breaking change is refused, though the work tree is fixed; an added file, a moved
# file and a compatible change pass; a staged deletion of a schema file is refused.
# The README's snippet works as written: its rev is a commit of this repository whose hook is the one
# here, and pre-commit runs it. Without fbcompat on PATH the hook says how to install it.
# Usage: tests/workflow/check_pre_commit.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check_pre_commit: $*" >&2; exit 1; }
command -v pre-commit >/dev/null || fail "pre-commit is not installed (tools/setup.sh installs Debian's pre-commit)"
export PATH="$build:$PATH" PRE_COMMIT_HOME="$work/cache" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
g() { git -C "$work/project" -c user.email=hook@fbcompat.invalid -c user.name=hook -c init.defaultBranch=main "$@"; }

# The hook's repository: this source tree as committed, plus the hook's files as they are now.
git clone -q "$source" "$work/hooks"
mkdir -p "$work/hooks/tools/hook"
cp "$source/.pre-commit-hooks.yaml" "$work/hooks/.pre-commit-hooks.yaml"
cp "$source/tools/hook/pre-commit.sh" "$work/hooks/tools/hook/pre-commit.sh"
git -C "$work/hooks" -c user.email=hook@fbcompat.invalid -c user.name=hook add .pre-commit-hooks.yaml tools/hook/pre-commit.sh
git -C "$work/hooks" -c user.email=hook@fbcompat.invalid -c user.name=hook commit -q --allow-empty -m hook

mkdir -p "$work/project/schemas"
g init -q
printf 'namespace app;\n\ntable Track { title: string; seconds: int; rating: byte; }\nroot_type Track;\n' >"$work/project/schemas/track.fbs"
printf 'namespace app;\n\ntable Artist { name: string; }\n' >"$work/project/schemas/artist.fbs"
g add -A && g commit -q -m schemas

hook() { (cd "$work/project" && pre-commit try-repo "$work/hooks" fbcompat) >"$work/hook.log" 2>&1; }

# Staged: seconds deleted; the work tree: put back. The hook must see the staged file.
sed -i 's/ seconds: int;//' "$work/project/schemas/track.fbs"
g add schemas/track.fbs
git -C "$work/project" show HEAD:schemas/track.fbs >"$work/project/schemas/track.fbs"
if hook; then fail "a staged breaking change was committed: $(cat "$work/hook.log")"; fi
grep -q "error: \[FIELD_NO_DELETE\]" "$work/hook.log" || fail "the refusal does not name the rule: $(cat "$work/hook.log")"
grep -q "schemas/track.fbs:3:" "$work/hook.log" || fail "the refusal does not name the file and line: $(cat "$work/hook.log")"
g reset -q --hard

# Compatible: a field added at the end, a new file, a file moved.
sed -i 's/ rating: byte;/ rating: byte; plays: long;/' "$work/project/schemas/track.fbs"
printf 'namespace app;\n\ntable Album { title: string; }\n' >"$work/project/schemas/album.fbs"
mkdir -p "$work/project/schemas/people"
g mv schemas/artist.fbs schemas/people/artist.fbs
g add -A
hook || fail "a compatible change was refused: $(cat "$work/hook.log")"
grep -q "Passed" "$work/hook.log" || fail "the hook did not run: $(cat "$work/hook.log")"
g commit -q -m compatible

# A staged deletion: no file for pre-commit to name, and still refused.
g rm -q schemas/album.fbs
if hook; then fail "a staged schema deletion was committed: $(cat "$work/hook.log")"; fi
grep -q "warning: \[FILE_NO_DELETE\] schemas/album.fbs" "$work/hook.log" || fail "the deletion is not named: $(cat "$work/hook.log")"
grep -q "error: \[TYPE_NO_DELETE\] table Album was deleted" "$work/hook.log" || fail "what the deletion breaks is not named: $(cat "$work/hook.log")"
echo "pre-commit: the hook refuses staged breaking changes and deletions, and passes added, moved and compatible files"

# Installed as the project's git hook, through `git commit -a`: git stages into a temporary index
# (GIT_INDEX_FILE), which is what the commit will hold.
g reset -q --hard
printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: fbcompat\n' "$work/hooks" "$(git -C "$work/hooks" rev-parse HEAD)" \
  >"$work/project/.pre-commit-config.yaml"
g add .pre-commit-config.yaml && g commit -q -m "hook config"
(cd "$work/project" && pre-commit install >/dev/null)
sed -i 's/ title: string;//' "$work/project/schemas/track.fbs"
if g commit -q -a -m "drop title" >"$work/hook.log" 2>&1; then fail "git commit -a committed a breaking change: $(cat "$work/hook.log")"; fi
grep -q "error: \[FIELD_NO_DELETE\]" "$work/hook.log" || fail "git commit -a was refused for another reason: $(cat "$work/hook.log")"
g checkout -q -- schemas/track.fbs
sed -i 's/ plays: long;/ plays: long; skips: long;/' "$work/project/schemas/track.fbs"
g commit -q -a -m "add skips" >"$work/hook.log" 2>&1 || fail "git commit -a refused a compatible change: $(cat "$work/hook.log")"

# pre-commit run --from-ref/--to-ref checks the change between the two, not the (empty) index.
sed -i 's/ skips: long;//' "$work/project/schemas/track.fbs"
g -c core.hooksPath=/dev/null commit -q -a -m "drop skips (unchecked)"
if (cd "$work/project" && pre-commit run fbcompat --from-ref HEAD~1 --to-ref HEAD) >"$work/hook.log" 2>&1; then
  fail "pre-commit run --from-ref/--to-ref passed a breaking commit: $(cat "$work/hook.log")"
fi
grep -q "error: \[FIELD_NO_DELETE\]" "$work/hook.log" || fail "--from-ref/--to-ref refused for another reason: $(cat "$work/hook.log")"

# A project's first commit, and a project with no schema yet, have nothing to break.
mkdir -p "$work/fresh"
git -C "$work/fresh" init -q
echo "no schema yet" >"$work/fresh/README.md"
git -C "$work/fresh" add -A
(cd "$work/fresh" && pre-commit try-repo "$work/hooks" fbcompat) >"$work/hook.log" 2>&1 ||
  fail "a repository without schemas fails the hook: $(cat "$work/hook.log")"
printf 'table First { a: int; }\n' >"$work/fresh/first.fbs"
git -C "$work/fresh" add -A
(cd "$work/fresh" && pre-commit try-repo "$work/hooks" fbcompat) >"$work/hook.log" 2>&1 ||
  fail "the first commit fails the hook: $(cat "$work/hook.log")"
echo "pre-commit: git commit -a, --from-ref/--to-ref, the first commit and a project without schemas"

# The fixing hook: a field inserted mid-table is staged; the hook moves it to the end in the work tree,
# fails as pre-commit's fixing hooks do, and passes once the fix is staged.
cd "$work/project"
g reset -q --hard
printf 'namespace app;\n\ntable Track {\n  title: string;\n  seconds: int;\n}\nroot_type Track;\n' >schemas/track.fbs
g add schemas/track.fbs && g -c core.hooksPath=/dev/null commit -q -m "track"
printf 'namespace app;\n\ntable Track {\n  title: string;\n  year: short;\n  seconds: int;\n}\nroot_type Track;\n' >schemas/track.fbs
g add schemas/track.fbs
fix_hook() { (cd "$work/project" && pre-commit try-repo "$work/hooks" fbcompat-fix) >"$work/hook.log" 2>&1; }
if fix_hook; then fail "the fixing hook passed a staged breaking change: $(cat "$work/hook.log")"; fi
grep -q "= fixed: year moved to the end of Track" "$work/hook.log" || fail "the fixing hook did not say what it fixed: $(cat "$work/hook.log")"
[ "$(cat schemas/track.fbs)" = "$(printf 'namespace app;\n\ntable Track {\n  title: string;\n  seconds: int;\n  year: short;\n}\nroot_type Track;')" ] ||
  fail "the work tree was not fixed: $(cat schemas/track.fbs)"
git -C "$work/project" diff --cached --quiet && fail "the staged change vanished"
g add schemas/track.fbs
fix_hook || fail "the fixing hook refused its own fix: $(cat "$work/hook.log")"
echo "pre-commit: the fixing hook fixes the work tree, fails as fixing hooks do, and passes once the fix is staged"

# Without fbcompat on PATH (every directory of PATH but those holding one): refused, saying how to install
# it (not "exec: fbcompat: not found").
without_fbcompat=
IFS=: read -r -a path_directories <<<"$PATH"
for directory in "${path_directories[@]}"; do
  [ -e "$directory/fbcompat" ] || without_fbcompat+="${without_fbcompat:+:}$directory"
done
if (cd "$work/fresh" && PATH="$without_fbcompat" "$(command -v pre-commit)" try-repo "$work/hooks" fbcompat) >"$work/hook.log" 2>&1; then
  fail "the hook passed without fbcompat: $(cat "$work/hook.log")"
fi
grep -q "there is none on PATH" "$work/hook.log" || fail "the hook does not say fbcompat is missing: $(cat "$work/hook.log")"
grep -q "tools/setup.sh --lean" "$work/hook.log" || fail "the hook does not say how to install fbcompat: $(cat "$work/hook.log")"
if (cd "$work/fresh" && PATH="$without_fbcompat" "$(command -v pre-commit)" try-repo "$work/hooks" fbcompat-fix) >"$work/hook.log" 2>&1; then
  fail "the fixing hook passed without fbcompat: $(cat "$work/hook.log")"
fi
grep -q "there is none on PATH" "$work/hook.log" || fail "the fixing hook does not say fbcompat is missing: $(cat "$work/hook.log")"

# The README's .pre-commit-config.yaml snippet, as written, with this repository for <owner>'s.
readme_rev=$(sed -n 's/^ *rev: *//p' "$source/README.md" | head -n 1)
[ -n "$readme_rev" ] || fail "README.md has no pre-commit rev"
git -C "$source" cat-file -e "$readme_rev^{commit}" 2>/dev/null ||
  fail "README.md's pre-commit rev $readme_rev is not a commit of this repository (a shallow clone? fetch its history)"
for file in .pre-commit-hooks.yaml tools/hook/pre-commit.sh; do
  git -C "$source" show "$readme_rev:$file" | cmp -s - "$source/$file" ||
    fail "README.md's pre-commit rev $readme_rev has another $file than this tree: name a commit with this hook"
done
sed -n '/^# .pre-commit-config.yaml/,/^```/p' "$source/README.md" | sed '1d;$d' |
  sed "s|https://github.com/<owner>/fbcompat|$source|" | { echo "repos:"; cat; } >"$work/fresh/.pre-commit-config.yaml"
grep -q "rev: $readme_rev" "$work/fresh/.pre-commit-config.yaml" || fail "the README snippet was not found: $(cat "$work/fresh/.pre-commit-config.yaml")"
git -C "$work/fresh" add -A
(cd "$work/fresh" && pre-commit run fbcompat) >"$work/hook.log" 2>&1 ||
  fail "the README's snippet does not work as written: $(cat "$work/hook.log")"
grep -q "Passed" "$work/hook.log" || fail "the README's hook did not run: $(cat "$work/hook.log")"
printf 'table First { b: int; }\n' >"$work/fresh/first.fbs"
git -C "$work/fresh" -c user.email=hook@fbcompat.invalid -c user.name=hook commit -q --no-verify -m first
printf 'table First { c: long; }\n' >"$work/fresh/first.fbs"
git -C "$work/fresh" add -A
if (cd "$work/fresh" && pre-commit run fbcompat) >"$work/hook.log" 2>&1; then
  fail "the README's hook passed a breaking change: $(cat "$work/hook.log")"
fi
grep -q "error: \[FIELD_" "$work/hook.log" || fail "the README's hook refused for another reason: $(cat "$work/hook.log")"
echo "pre-commit: the README's snippet works as written (rev $readme_rev), and the hook without fbcompat says how to install it"
