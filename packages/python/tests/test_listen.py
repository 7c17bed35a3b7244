"""``python3 -m visionapi listen`` as a process against a scripted event stream and a local
receiver: each event arrives as a webhook delivery that ``unwrap()`` verifies with the secret printed
at the start; a stream cut mid-way is reopened with Last-Event-ID and what the server resends is
forwarded once, nothing lost; ^C (SIGINT) ends it with 0; wrong command lines exit 2 before any
connection. ``client.events.stream()``'s parser and reconnection are tested in-process too."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List

from visionapi import SseParser, VisionAPI, WebhookVerificationError, unwrap

ADMIN = "va_admin_0123456789abcdefSECRETadmin"
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def evt(n: int) -> str:
    return f"evt_{n:024d}"


def body(n: int, kind: str = "job.succeeded") -> str:
    return json.dumps({"type": kind, "timestamp": "2026-11-27T03:00:00.000Z", "data": {"object": "job", "n": n}})


def frame(n: int, kind: str = "job.succeeded") -> bytes:
    return f"id: {evt(n)}\nevent: {kind}\ndata: {body(n, kind)}\n\n".encode()


class StreamServer:
    """The n-th connection runs script[n] (the last repeats) with the handler; records headers."""

    def __init__(self, script: List[Callable[[BaseHTTPRequestHandler], None]]) -> None:
        self.connections: List[Dict[str, Any]] = []
        self.closing = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                outer.connections.append({"path": self.path, "headers": dict(self.headers)})
                script[min(len(outer.connections), len(script)) - 1](self)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.closing.set()
        self.server.shutdown()
        self.server.server_close()


def open_stream(handler: BaseHTTPRequestHandler, *frames: bytes) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream; charset=utf-8")
    handler.end_headers()
    handler.wfile.write(b": connected\n\n" + b"".join(frames))
    handler.wfile.flush()


def hold(server: StreamServer) -> Callable[[BaseHTTPRequestHandler], None]:
    def step(handler: BaseHTTPRequestHandler) -> None:
        while not server.closing.wait(0.2):
            try:
                handler.wfile.write(b": keep-alive\n\n")
                handler.wfile.flush()
            except OSError:
                return

    return step


class Receiver:
    def __init__(self, status: int = 200) -> None:
        self.received: List[Dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("content-length") or 0)
                outer.received.append({"headers": {k.lower(): v for k, v in self.headers.items()}, "body": self.rfile.read(length).decode()})
                self.send_response(status)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/webhooks"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def until(check: Callable[[], bool], seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.02)


def start_listen(api_url: str, *argv: str) -> subprocess.Popen:
    env = {**os.environ, "VISIONAPI_ADMIN_KEY": ADMIN, "VISIONAPI_API_URL": api_url, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "visionapi", "listen", *argv],
        cwd=PACKAGE,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


class ListenTest(unittest.TestCase):
    def test_forwards_each_event_once_across_a_cut_stream_and_unwrap_verifies_it(self) -> None:
        holder: List[StreamServer] = []

        def first(handler: BaseHTTPRequestHandler) -> None:
            open_stream(handler, frame(1), frame(2))  # then the connection is closed: cut

        def second(handler: BaseHTTPRequestHandler) -> None:
            open_stream(handler, frame(2), frame(3, "job.failed"), frame(4, "balance.low"))
            hold(holder[0])(handler)

        stream = StreamServer([first, second])
        holder.append(stream)
        local = Receiver()
        self.addCleanup(stream.close)
        self.addCleanup(local.close)
        process = start_listen(stream.url, "--forward-to", local.url, "--events", "job.succeeded,job.failed,balance.low")
        try:
            until(lambda: len(local.received) >= 4)
            time.sleep(0.3)
        finally:
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=15)
        self.assertEqual(process.returncode, 0, err)
        secret = re.search(r"Ready! Your webhook signing secret is (whsec_[A-Za-z0-9+/=]+) \(\^C to quit\)", out)
        self.assertIsNotNone(secret, out)
        self.assertEqual([r["headers"]["webhook-id"] for r in local.received], [evt(1), evt(2), evt(3), evt(4)])
        for n, delivery in enumerate(local.received, start=1):
            event = unwrap(delivery["body"], delivery["headers"], secret.group(1))
            self.assertEqual(event["data"], {"object": "job", "n": n})
            self.assertEqual(delivery["body"], body(n, event["type"]))
        with self.assertRaises(WebhookVerificationError):
            unwrap(local.received[0]["body"], local.received[0]["headers"], "whsec_" + "A" * 43 + "=")
        self.assertEqual(len(stream.connections), 2)
        self.assertEqual(stream.connections[0]["headers"]["Authorization"], f"Bearer {ADMIN}")
        self.assertNotIn("Last-Event-Id", stream.connections[0]["headers"])
        self.assertEqual(stream.connections[1]["headers"]["Last-Event-Id"], evt(2))
        self.assertEqual(stream.connections[0]["path"], "/v1/events/stream?types=job.succeeded%2Cjob.failed%2Cbalance.low")
        lines = [line for line in out.splitlines() if "] POST " in line]
        self.assertEqual(len(lines), 4)
        self.assertRegex(lines[2], rf"^\d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d  job\.failed\s+{evt(3)}  \[200\] POST {re.escape(local.url)}$")
        self.assertIn(f"Reconnected, resuming after {evt(2)}", out)
        self.assertNotIn(ADMIN, out + err)

    def test_print_json_and_a_failing_receiver(self) -> None:
        holder: List[StreamServer] = []

        def step(handler: BaseHTTPRequestHandler) -> None:
            open_stream(handler, frame(1, "test"))
            hold(holder[0])(handler)

        stream = StreamServer([step])
        holder.append(stream)
        local = Receiver(status=500)
        self.addCleanup(stream.close)
        self.addCleanup(local.close)
        process = start_listen(stream.url, "--forward-to", local.url, "--print-json")
        try:
            until(lambda: len(local.received) >= 1)
            time.sleep(0.3)
        finally:
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=15)
        self.assertEqual(process.returncode, 0, err)
        self.assertEqual(json.loads(out.strip()), {"id": evt(1), **json.loads(body(1, "test"))})
        self.assertIn("[500] POST", err)
        self.assertIn("Ready! Your webhook signing secret is whsec_", err)

    def test_wrong_command_lines_exit_2_before_connecting(self) -> None:
        stream = StreamServer([lambda handler: open_stream(handler)])
        self.addCleanup(stream.close)
        for argv in (
            [],
            ["--forward-to", "ftp://localhost/hook"],
            ["--forward-to", "localhost:4242"],
            ["--forward-to", "http://user:pw@localhost/hook"],
            ["--forward-to", "http://localhost:99999/hook"],
            ["--forward-to", "http://localhost/" + "a" * 3000],
            ["--forward-to", "http://localhost/hook", "--events", "job.done"],
            ["--forward-to", "http://localhost/hook", "--events", ","],
        ):
            process = start_listen(stream.url, *argv)
            _, err = process.communicate(timeout=15)
            self.assertEqual(process.returncode, 2, (argv, err))
        self.assertEqual(stream.connections, [])

    def test_a_refused_key_exits_1(self) -> None:
        def refuse(handler: BaseHTTPRequestHandler) -> None:
            payload = json.dumps({"error_message": "The admin key is invalid.", "code": "unauthenticated", "request_id": "req_1"}).encode()
            handler.send_response(401)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("x-should-retry", "false")
            handler.send_header("Content-Length", str(len(payload)))
            handler.end_headers()
            handler.wfile.write(payload)

        stream = StreamServer([refuse])
        self.addCleanup(stream.close)
        process = start_listen(stream.url, "--forward-to", "http://localhost:4242/webhooks")
        _, err = process.communicate(timeout=15)
        self.assertEqual(process.returncode, 1)
        self.assertEqual(err, "visionapi: unauthenticated: The admin key is invalid. (request req_1)\n")


class StreamTest(unittest.TestCase):
    def test_parser_handles_comments_and_multi_line_data(self) -> None:
        parser = SseParser()
        frames = [parser.line(line) for line in [": hi", f"id: {evt(1)}", "event: test", 'data: {"a":', "data: 1}", ""]]
        self.assertEqual([f for f in frames if f], [{"id": evt(1), "event": "test", "data": '{"a":\n1}'}])

    def test_reopens_a_silent_connection_and_resumes_after_the_last_event(self) -> None:
        holder: List[StreamServer] = []

        def silent(handler: BaseHTTPRequestHandler) -> None:
            open_stream(handler, frame(1))
            holder[0].closing.wait(5)

        def second(handler: BaseHTTPRequestHandler) -> None:
            open_stream(handler, frame(1), frame(2))
            hold(holder[0])(handler)

        stream = StreamServer([silent, second])
        holder.append(stream)
        self.addCleanup(stream.close)
        client = VisionAPI(admin_key=ADMIN, api_url=stream.url)
        got = []
        for event in client.events.stream(idle_timeout=0.5, initial_retry_delay=0.01):
            got.append(event["id"])
            self.assertEqual(event["event"]["data"]["n"], len(got))
            if len(got) == 2:
                break
        self.assertEqual(got, [evt(1), evt(2)])
        self.assertEqual(stream.connections[1]["headers"]["Last-Event-Id"], evt(1))


if __name__ == "__main__":
    unittest.main()
