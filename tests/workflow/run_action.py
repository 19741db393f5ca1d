#!/usr/bin/env python3
"""Runs a composite GitHub Action's steps in order, as a runner does: each `run:` step as a bash script
(bash --noprofile --norc -eo pipefail), with the runner's environment (GITHUB_*), `${{ }}` expressions
in `env:` and `if:` evaluated, GITHUB_PATH and GITHUB_OUTPUT honoured between steps, and a failed step
skipping the later steps that do not ask for always(). Exits 1 when a step failed, like the job.

Usage: run_action.py ACTION_DIR INPUTS_JSON GITHUB_JSON
  INPUTS_JSON: the `with:` of the workflow step; GITHUB_JSON: the github context (event_name, base_ref,
  workspace, sha, ref, repository, api_url, token, event.before)."""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml


def main():
    action_dir, inputs, github = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
    with open(os.path.join(action_dir, "action.yml")) as f:
        action = yaml.safe_load(f)
    assert action["runs"]["using"] == "composite", "not a composite action"
    for name, spec in action.get("inputs", {}).items():
        inputs.setdefault(name, str(spec.get("default", "")))
    temp = tempfile.mkdtemp(prefix="runner-")
    files = {key: os.path.join(temp, key) for key in ("path", "output", "summary")}
    for path in files.values():
        open(path, "w").close()
    steps = {}
    failed = False

    def lookup(name):
        parts = name.split(".")
        if parts[0] == "inputs":
            return inputs.get(parts[1], "")
        if parts[0] == "github":
            value = github
            for part in parts[1:]:
                value = value.get(part, "") if isinstance(value, dict) else ""
            return value
        if parts[0] == "steps" and parts[2] == "outputs":
            return steps.get(parts[1], {}).get(parts[3], "")
        raise SystemExit(f"run_action: unknown context {name}")

    def evaluate(expression):
        # The expressions actions write: contexts, string literals, ==, !=, &&, ||, !, always(), success().
        python = re.sub(r"\b(inputs|github|steps)((?:\.[A-Za-z0-9_-]+)+)", lambda m: repr(lookup(m.group(0))), expression)
        python = python.replace("always()", "True").replace("success()", repr(not failed)).replace("failure()", repr(failed))
        python = python.replace("&&", " and ").replace("||", " or ")
        python = re.sub(r"!(?!=)", " not ", python)
        return eval(python, {"__builtins__": {}})  # noqa: S307 - the action's own expressions

    def substitute(text):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(evaluate(m.group(1).strip())), str(text))

    for index, step in enumerate(action["runs"]["steps"]):
        condition = step.get("if", "success()")
        condition = condition[3:-2].strip() if str(condition).startswith("${{") else condition
        if not evaluate(str(condition)):
            print(f"run_action: step {index + 1} ({step.get('name')}): skipped", flush=True)
            continue
        assert "run" in step, f"step {index + 1} is not a run: step"
        environment = dict(os.environ)
        with open(files["path"]) as f:
            added = [line.strip() for line in f if line.strip()]
        environment["PATH"] = os.pathsep.join(list(reversed(added)) + [environment["PATH"]])
        environment.update({
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_ACTION_PATH": action_dir,
            "GITHUB_WORKSPACE": github["workspace"], "GITHUB_EVENT_NAME": github["event_name"],
            "GITHUB_BASE_REF": github.get("base_ref", ""), "GITHUB_SHA": github["sha"], "GITHUB_REF": github["ref"],
            "GITHUB_REPOSITORY": github["repository"], "GITHUB_API_URL": github["api_url"],
            "GITHUB_PATH": files["path"], "GITHUB_STEP_SUMMARY": files["summary"], "RUNNER_TEMP": temp,
        })
        output = os.path.join(temp, f"output-{index}")
        open(output, "w").close()
        environment["GITHUB_OUTPUT"] = output
        for key, value in step.get("env", {}).items():
            environment[key] = substitute(value)
        script = os.path.join(temp, f"step-{index}.sh")
        with open(script, "w") as f:
            f.write(substitute(step["run"]) + "\n")
        print(f"run_action: step {index + 1} ({step.get('name')})", flush=True)
        status = subprocess.call([step.get("shell", "bash"), "--noprofile", "--norc", "-eo", "pipefail", script],
                                 cwd=github["workspace"], env=environment)
        with open(output) as f:
            steps[step.get("id", f"step{index}")] = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
        if status != 0:
            print(f"run_action: step {index + 1} ({step.get('name')}) failed with exit status {status}", flush=True)
            failed = True
    with open(files["summary"]) as f:
        summary = f.read()
    outputs = {name: substitute(spec["value"]) for name, spec in action.get("outputs", {}).items()}
    print("run_action: outputs " + json.dumps(outputs), flush=True)
    print("run_action: summary " + json.dumps(summary), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
