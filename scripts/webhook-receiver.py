#!/usr/bin/env python3
"""A local stand-in for a Slack incoming webhook, for the demo: it answers every POST with Slack's
"ok" and appends the request as one JSON line ({"path", "receivedAt", "body"}) to a file.

    scripts/webhook-receiver.py PORT FILE      listens on 127.0.0.1:PORT until stopped

GET / shows the messages received so far (newest last), one line each, so the demo can point people at it.
"""
import json
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: webhook-receiver.py PORT FILE")
    port, path = int(sys.argv[1]), sys.argv[2]

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode("utf-8", "replace")
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw
            with open(path, "a", encoding="utf-8") as out:
                out.write(json.dumps({"path": self.path, "receivedAt": time.time(), "body": body}) + "\n")
            self._answer(200, "ok")

        def do_GET(self):
            try:
                with open(path, encoding="utf-8") as messages:
                    lines = [headline(json.loads(line)) for line in messages if line.strip()]
            except FileNotFoundError:
                lines = []
            self._answer(200, "\n".join(lines or ["(no messages yet)"]) + "\n")

        def _answer(self, status, text):
            data = text.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, fmt, *args):
            sys.stderr.write("webhook-receiver: " + fmt % args + "\n")

    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


def headline(message):
    body = message.get("body")
    text = body.get("text") if isinstance(body, dict) else str(body)
    return time.strftime("%H:%M:%S", time.localtime(message["receivedAt"])) + "  " + (text or "(blocks only)")


if __name__ == "__main__":
    main()
