#!/usr/bin/env python3
"""A stand-in for GitHub's code-scanning upload endpoint on loopback: takes one POST of
/repos/OWNER/REPO/code-scanning/sarifs, checks the token and the body's fields, and writes the decoded
SARIF (and the request's fields) for the test to read. Writes its port to PORT_FILE once listening.
Usage: code_scanning_stub.py PORT_FILE OUT_DIR TOKEN"""
import base64
import gzip
import http.server
import json
import os
import sys

port_file, out_dir, token = sys.argv[1:4]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 - the server's name
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        ok = (self.path.endswith("/code-scanning/sarifs") and self.headers.get("Authorization") == f"Bearer {token}"
              and {"commit_sha", "ref", "sarif"} <= body.keys())
        if ok:
            with open(os.path.join(out_dir, "uploaded.sarif"), "wb") as f:
                f.write(gzip.decompress(base64.b64decode(body["sarif"])))
            with open(os.path.join(out_dir, "request.json"), "w") as f:
                json.dump({"path": self.path, "commit_sha": body["commit_sha"], "ref": body["ref"]}, f)
        self.send_response(202 if ok else 400)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"id": "1"}' if ok else b'{"message": "bad request"}')

    def log_message(self, *arguments):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_port))
os.rename(port_file + ".tmp", port_file)
server.handle_request()
