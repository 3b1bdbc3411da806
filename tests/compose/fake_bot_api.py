#!/usr/bin/env python3
"""A small fake of Telegram's Bot API for scripts/compose-test.sh: it answers the methods the
bot calls at its start and when it replies (getMe, setMyCommands, setWebhook, sendMessage and
the like) as Telegram would, and appends every call to a JSON-lines log that the test reads.

    fake_bot_api.py PORT LOG

The tests of the Rust crate have their own, fuller fake (tests/e2e/fake_bot_api.rs); this one
only has to serve bots running in containers, which reach it over the containers' network.
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

PORT, LOG = int(sys.argv[1]), sys.argv[2]
lock = threading.Lock()
next_message = [1]


class Api(BaseHTTPRequestHandler):
    def log_message(self, *args):  # quiet: the log file is the record
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(min(length, 10_000_000))
        method = self.path.rsplit("/", 1)[-1].lower()
        kind = self.headers.get("Content-Type", "")
        if "json" in kind:
            body = json.loads(raw or b"{}")
        elif "x-www-form-urlencoded" in kind:
            body = {k: v[0] for k, v in parse_qs(raw.decode()).items()}
        else:  # multipart (a photo): only the method is logged
            body = {}
        with lock:
            message = next_message[0]
            next_message[0] += 1
            with open(LOG, "a") as log:
                log.write(json.dumps({"method": method, "body": body, "at": time.time()}) + "\n")
        chat = body.get("chat_id", 0)
        try:
            chat = int(chat)
        except (TypeError, ValueError):
            chat = 0
        if method == "getme":
            result = {"id": 4242, "is_bot": True, "first_name": "Chess tutor",
                      "username": "chess_tutor_bot", "can_join_groups": True,
                      "can_read_all_group_messages": False, "supports_inline_queries": False,
                      "can_connect_to_business": False, "has_main_web_app": False}
        elif method.startswith("send") or method.startswith("edit"):
            result = {"message_id": message, "date": int(time.time()),
                      "chat": {"id": chat, "type": "private", "first_name": "Learner"},
                      "text": str(body.get("text", ""))}
        else:
            result = True
        answer = json.dumps({"ok": True, "result": result}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST


ThreadingHTTPServer(("0.0.0.0", PORT), Api).serve_forever()
