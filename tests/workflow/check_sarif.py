#!/usr/bin/env python3
"""Checks a SARIF report of fbcompat against the SARIF 2.1.0 rules (sarif-2.1.0.schema.json beside this
file, validated by jsonschema), then what a schema cannot say: each result's ruleIndex names its rule, and
each fix's replacements, applied to the files they name (under ROOT, for uriBaseId SRCROOT), give what
`fbcompat diff --fix` writes (the files under EXPECTED_ROOT, when given).

Usage: check_sarif.py REPORT.sarif ROOT [EXPECTED_ROOT]"""
import json
import os
import sys

import jsonschema


def apply(text, replacements):
    """The text with each replacement's region (1-based lines, columns in code points, end exclusive)
    replaced by its content, the regions taken from the original text."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line, column):
        assert 1 <= line <= len(lines) + 1, f"line {line} is outside the file ({len(lines)} lines)"
        if line == len(lines) + 1:
            assert column == 1, f"column {column} past the end of the file"
            return starts[-1]
        assert column <= len(lines[line - 1].rstrip("\n")) + 2, f"column {column} is past line {line}"
        return starts[line - 1] + column - 1

    edits = []
    for replacement in replacements:
        region = replacement["deletedRegion"]
        begin = offset(region["startLine"], region["startColumn"])
        end = offset(region["endLine"], region["endColumn"])
        assert begin <= end, f"region ends before it starts: {region}"
        edits.append((begin, end, replacement.get("insertedContent", {}).get("text", "")))
    edits.sort(key=lambda edit: (edit[0], edit[1] != edit[0]))
    result, at = [], 0
    for begin, end, inserted in edits:
        assert begin >= at, f"replacements overlap at {begin}"
        result += [text[at:begin], inserted]
        at = end
    return "".join(result + [text[at:]])


def main():
    report_path, root = sys.argv[1], sys.argv[2]
    expected_root = sys.argv[3] if len(sys.argv) > 3 else None
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sarif-2.1.0.schema.json")) as f:
        schema = json.load(f)
    with open(report_path) as f:
        sarif = json.load(f)
    jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(sarif)
    fixed = {}
    for run in sarif["runs"]:
        rules = run["tool"]["driver"].get("rules", [])
        for result in run.get("results", []):
            if "ruleIndex" in result:
                assert rules[result["ruleIndex"]]["id"] == result["ruleId"], result
            for fix in result.get("fixes", []):
                for change in fix["artifactChanges"]:
                    location = change["artifactLocation"]
                    path = location["uri"] if "uriBaseId" not in location else os.path.join(root, location["uri"])
                    fixed.setdefault(path, []).extend(change["replacements"])
    for path, replacements in fixed.items():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        result = apply(text, replacements)
        if expected_root is not None:
            with open(os.path.join(expected_root, os.path.relpath(path, root)), encoding="utf-8") as f:
                expected = f.read()
            assert result == expected, f"the SARIF fixes of {path} give\n{result}\nwhere --fix writes\n{expected}"
    print(f"check_sarif: {report_path} is valid SARIF 2.1.0; its fixes of {len(fixed)} file(s) give what --fix writes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
