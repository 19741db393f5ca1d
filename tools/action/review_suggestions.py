#!/usr/bin/env python3
"""The pull-request review the action posts for fbcompat's fixes: each fixable finding of a JSON report
(`fbcompat diff --format json`, whose findings carry their edits) becomes a GitHub suggestion on the lines it
changes, which the author applies with one click. GitHub takes a suggestion only on lines the pull request's
diff shows; a fix reaching beyond them (a union member moved to the end of a long union) is posted as a
comment with its patch instead, on the finding's line when the diff shows that, else in the review's body.

Usage: review_suggestions.py REPORT_JSON BASE_REF OUTPUT_JSON
  Reads the files from the work tree (the pull request's side) and the diff from `git diff BASE_REF`;
  writes the request it would send: {"method", "path", "body"}. Environment: FBCOMPAT_PULL_REQUEST (the
  number), FBCOMPAT_HEAD_SHA (the pull request's head commit), GITHUB_REPOSITORY."""
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


def suggestion(data, edits):
    """The whole lines a finding's edits touch: (first, last, their new text)."""
    low = min(edit["offset"] for edit in edits)
    high = max(edit["offset"] + edit["length"] for edit in edits)
    if low == high and low > 0:  # only insertions at one place: suggested on the line before it
        low -= 1
    offsets = line_offsets(data)
    first = line_of(offsets, low)
    last = line_of(offsets, max(low, high - 1))
    begin = offsets[first - 1]
    end = offsets[last] if last < len(offsets) else len(data)
    new = bytearray()
    at = begin
    for edit in sorted(edits, key=lambda e: (e["offset"], e["length"] != 0)):
        new += data[at:edit["offset"]] + edit["replacement"].encode()
        at = edit["offset"] + edit["length"]
    new += data[at:end]
    return first, last, new.decode()


def patch_of(data, edits, path):
    """The finding's edits as a small diff, for a comment where no suggestion can go."""
    first, last, new = suggestion(data, edits)
    old = data[line_offsets(data)[first - 1]:].decode().splitlines(keepends=True)[:last - first + 1]
    lines = [f"--- a/{path}\n", f"+++ b/{path}\n", f"@@ -{first},{len(old)} +{first},{len(new.splitlines())} @@\n"]
    lines += ["-" + line if line.endswith("\n") else "-" + line + "\n" for line in old]
    lines += ["+" + line if line.endswith("\n") else "+" + line + "\n" for line in new.splitlines(keepends=True)]
    return "".join(lines)


def main():
    report_path, base, output = sys.argv[1:4]
    with open(report_path) as f:
        report = json.load(f)
    comments, notes = [], []
    hunks = {}
    for finding in report.get("findings", []):
        if finding.get("fix_status") != "fixable" or not finding.get("edits"):
            continue
        path = finding["edits"][0]["file"]
        if any(edit["file"] != path for edit in finding["edits"]):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if path not in hunks:
            hunks[path] = changed_lines(base, path)
        first, last, new = suggestion(data, finding["edits"])
        title = f"**fbcompat** `{finding['rule']}`: {finding['fix_note']}"
        if any(low <= first and last <= high for low, high in hunks[path]):
            comment = {"path": path, "line": last, "side": "RIGHT",
                       "body": f"{title}\n\n{finding['message']}\n\n```suggestion\n{new}```\n"}
            if first != last:
                comment.update({"start_line": first, "start_side": "RIGHT"})
            comments.append(comment)
            continue
        patch = f"{title}\n\nThe fix reaches beyond the lines this pull request changes, so here is its patch " \
                f"(`fbcompat diff --fix` makes it):\n\n```diff\n{patch_of(data, finding['edits'], path)}```\n"
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
        "body": {"commit_id": os.environ["FBCOMPAT_HEAD_SHA"], "event": "COMMENT", "body": body, "comments": comments},
    }
    with open(output, "w") as f:
        json.dump(request, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
