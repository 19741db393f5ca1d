#!/usr/bin/env python3
"""The pull-request review the action posts for fbcompat's fixes: each fixable finding of a JSON report
(`fbcompat diff --format json`, whose findings carry their edits) becomes a GitHub suggestion on the lines it
changes, which the author applies with one click. GitHub takes a suggestion only on lines the pull request's
diff shows; a fix reaching beyond them (a union member moved to the end of a long union) is posted as a
comment with its patch instead, on the finding's line when the diff shows that, else in the review's body.
Lines are the pull request's head commit's: a work tree whose file differs from the head's (the merge
commit actions/checkout makes, when the base changed that file too) gets its fixes in the body only.

Usage: review_suggestions.py REPORT_JSON BASE_REF OUTPUT_JSON
  Reads the files from the work tree (the pull request's side) and the diff from `git diff BASE_REF`;
  writes the request it would send: {"method", "path", "body"}. Environment: FBCOMPAT_PULL_REQUEST (the
  number), FBCOMPAT_HEAD_SHA (the pull request's head commit), GITHUB_REPOSITORY."""
import difflib
import json
import os
import re
import subprocess
import sys


def changed_lines(base, path):
    """The new-side line ranges (first, last) of the pull request's diff hunks in one file."""
    diff = subprocess.run(["git", "diff", "--unified=3", base, "--", path], capture_output=True, text=True,
                          check=False).stdout
    ranges = []
    for match in re.finditer(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", diff, re.MULTILINE):
        first, count = int(match.group(1)), int(match.group(2) or "1")
        if count:
            ranges.append((first, first + count - 1))
    return ranges


def same_as_head(head, path, data):
    """Whether the work tree's `path` is the pull request head's, so that its line numbers are the review's."""
    shown = subprocess.run(["git", "show", f"{head}:{path}"], capture_output=True, check=False)
    return shown.returncode == 0 and shown.stdout == data


def line_offsets(data):
    """The byte offset where each line of `data` (bytes: the edits count bytes) starts."""
    offsets = [0]
    for index, byte in enumerate(data):
        if byte == 0x0A:
            offsets.append(index + 1)
    return offsets


def line_of(offsets, offset):
    """1-based line holding byte offset `offset`."""
    low, high = 0, len(offsets)
    while low + 1 < high:
        middle = (low + high) // 2
        if offsets[middle] <= offset:
            low = middle
        else:
            high = middle
    return low + 1


def applied(data, edits, begin=0, end=None):
    """data[begin:end] with the edits (byte offsets into data, all inside that range) made."""
    new = bytearray()
    at = begin
    for edit in sorted(edits, key=lambda e: (e["offset"], e["length"] != 0)):
        new += data[at:edit["offset"]] + edit["replacement"].encode()
        at = edit["offset"] + edit["length"]
    new += data[at:len(data) if end is None else end]
    return bytes(new)


def suggestion(data, edits):
    """The whole lines a finding's edits touch: (first, last, their new text, ending with a newline as a
    suggestion block's lines do)."""
    low = min(edit["offset"] for edit in edits)
    high = max(edit["offset"] + edit["length"] for edit in edits)
    if low == high and low > 0:  # only insertions at one place: suggested on the line before it
        low -= 1
    offsets = line_offsets(data)
    first = line_of(offsets, low)
    last = line_of(offsets, max(low, high - 1))
    begin = offsets[first - 1]
    end = offsets[last] if last < len(offsets) else len(data)
    new = applied(data, edits, begin, end).decode()
    return first, last, new if new.endswith("\n") else new + "\n"


def patch_of(data, edits, path):
    """The finding's edits as a unified diff of the lines they change, for where no suggestion can go."""
    old = data.decode().splitlines(keepends=True)
    new = applied(data, edits).decode().splitlines(keepends=True)
    lines = difflib.unified_diff(old, new, f"a/{path}", f"b/{path}")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def fence(text):
    """A code fence longer than any run of backticks in `text` (a schema's comment may hold one)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def main():
    report_path, base, output = sys.argv[1:4]
    with open(report_path) as f:
        report = json.load(f)
    head = os.environ["FBCOMPAT_HEAD_SHA"]
    comments, notes = [], []
    hunks, reviewable = {}, {}
    for finding in report.get("findings", []):
        if finding.get("fix_status") != "fixable" or not finding.get("edits"):
            continue
        path = finding["edits"][0]["file"]
        if any(edit["file"] != path for edit in finding["edits"]):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if path not in hunks:
            reviewable[path] = same_as_head(head, path, data)
            hunks[path] = changed_lines(base, path) if reviewable[path] else []
        first, last, new = suggestion(data, finding["edits"])
        title = f"**fbcompat** `{finding['rule']}`: {finding['fix_note']}"
        if any(low <= first and last <= high for low, high in hunks[path]):
            mark = fence(new)
            comment = {"path": path, "line": last, "side": "RIGHT",
                       "body": f"{title}\n\n{finding['message']}\n\n{mark}suggestion\n{new}{mark}\n"}
            if first != last:
                comment.update({"start_line": first, "start_side": "RIGHT"})
            comments.append(comment)
            continue
        why = "The fix reaches beyond the lines this pull request changes" if reviewable[path] else \
            f"The checked-out {path} is not the pull request head's (the base changed it too), so its lines are not the review's"
        diff = patch_of(data, finding["edits"], path)
        mark = fence(diff)
        patch = f"{title}\n\n{why}; here is its patch (`fbcompat diff --fix` makes it):\n\n{mark}diff\n{diff}{mark}\n"
        line = finding.get("line", 0)
        if line and any(low <= line <= high for low, high in hunks[path]):
            comments.append({"path": path, "line": line, "side": "RIGHT", "body": patch})
        else:
            notes.append(patch)
    if not comments and not notes:
        return 1  # nothing to suggest
    body = f"fbcompat can fix {len(comments) + len(notes)} finding(s) of this pull request mechanically."
    if notes:
        body += "\n\n" + "\n".join(notes)
    request = {
        "method": "POST",
        "path": f"/repos/{os.environ['GITHUB_REPOSITORY']}/pulls/{os.environ['FBCOMPAT_PULL_REQUEST']}/reviews",
        "body": {"commit_id": head, "event": "COMMENT", "body": body, "comments": comments},
    }
    with open(output, "w") as f:
        json.dump(request, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
