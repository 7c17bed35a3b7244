"""A scripted HTTP server on an ephemeral loopback port for the SDK's tests: each request takes the
next step of the script (an answer, or cutting the connection), and every request is recorded."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Union

Step = Union[Dict[str, Any], Callable[[Dict[str, Any]], Dict[str, Any]]]
CUT: Dict[str, Any] = {"cut": True}


def error_body(code: str, message: Optional[str] = None, **extra: Any) -> Dict[str, Any]:
    return {"error_message": message or f"failed: {code}", "code": code, "request_id": f"req_{code}", **extra}


class FakeServer:
    def __init__(self) -> None:
        self.requests: List[Dict[str, Any]] = []
        self._steps: List[Step] = [{"status": 200, "body": {}}]
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                recorded = {
                    "method": self.command,
                    "url": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": body,
                }
                with server._lock:
                    server.requests.append(recorded)
                    step = server._steps.pop(0) if len(server._steps) > 1 else server._steps[0]
                if callable(step):
                    step = step(recorded)
                if step.get("cut"):
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                payload = step.get("body", {})
                if isinstance(payload, bytes):
                    data, kind = payload, "application/octet-stream"
                elif isinstance(payload, str):
                    data, kind = payload.encode(), "text/plain"
                else:
                    data, kind = json.dumps(payload).encode(), "application/json"
                self.send_response(step["status"])
                self.send_header("content-type", kind)
                self.send_header("content-length", str(len(data)))
                self.send_header("x-request-id", f"req_{len(server.requests)}")
                for name, value in step.get("headers", {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _handle

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,), daemon=True)
        self._thread.start()

    def script(self, *steps: Step) -> None:
        """Steps for the next requests, in order; the last one repeats."""
        with self._lock:
            self._steps = list(steps)
            self.requests.clear()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
