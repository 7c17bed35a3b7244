"""The Python SDK and ``python3 -m visionapi`` against real servers. tests/server/sdk.test.ts builds
the account API and the services host in-process, listens on ephemeral ports and runs this module
with their addresses and keys in the environment (VISIONAPI_STACK_TEST=1); without them it is
skipped. The server test then checks the ledger: the forced retry below was charged once."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import unittest

from visionapi import DEPLOYMENTS, InvalidApiKeyError, PeopleOnlyError, VisionAPI

STACK = os.environ.get("VISIONAPI_STACK_TEST") == "1"
PARAMS = {
    "zero-shot-image-classification": {"candidate_labels": ["sky", "grass"]},
    "zero-shot-object-detection": {"queries": ["sky"]},
}


@unittest.skipUnless(STACK, "needs the servers of tests/server/sdk.test.ts")
class StackTest(unittest.TestCase):
    def setUp(self) -> None:
        self.image = os.environ["VISIONAPI_TEST_IMAGE"]

    def test_every_deployment_with_a_test_key(self) -> None:
        client = VisionAPI(api_key=os.environ["VISIONAPI_TEST_KEY"])
        for path in DEPLOYMENTS:
            answer = client.run(path, self.image, PARAMS.get(path))
            self.assertEqual((answer["task"], answer["sandbox"]), (path, True), path)
            self.assertEqual(answer["usage"]["cost_usd"], 0, path)
        with self.assertRaises(InvalidApiKeyError):
            VisionAPI(api_key="va_test_nosuchkey0000000000000000").object_detection(self.image)

    def test_an_image_url_is_fetched_by_the_services_host(self) -> None:
        import http.server
        import threading

        with open(self.image, "rb") as handle:
            data = handle.read()
        fetched = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                fetched.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            client = VisionAPI(api_key=os.environ["VISIONAPI_TEST_KEY"])
            url = f"http://127.0.0.1:{server.server_address[1]}/scene.png"
            answer = client.image_classification({"image_url": url})
            self.assertEqual((answer["image"]["width"], answer["image"]["height"]), (96, 64))
            self.assertEqual(fetched, ["/scene.png"])
        finally:
            server.shutdown()
            server.server_close()

    def test_a_batch_answered_at_once_or_as_one_async_job(self) -> None:
        client = VisionAPI(api_key=os.environ["VISIONAPI_TEST_KEY"])
        job = client.run_batch("image-classification", [self.image, self.image], {"top_k": 2}, async_=True)
        self.assertEqual((job.status, job.meta.status), ("queued", 202))
        self.assertEqual(job.price_usd, 0)
        done = job.wait(timeout=60, initial_interval=0.2, max_interval=1.0)
        self.assertEqual(done.status, "succeeded")
        self.assertEqual(done.result["object"], "batch")
        self.assertEqual([item["status"] for item in done.result["results"]], [200, 200])
        self.assertEqual(done.result["results"][1]["result"]["task"], "image-classification")
        self.assertEqual(done.result["usage"]["charged_images"], 0)
        answer = client.run_batch("image-classification", [self.image])
        self.assertEqual((answer["object"], answer["results"][0]["status"]), ("batch", 200))

    def test_a_live_call_retried_after_a_cut_connection_is_answered_once(self) -> None:
        # The proxy cuts the first answer after the services host has charged the call.
        client = VisionAPI(api_key=os.environ["VISIONAPI_LIVE_KEY"], services_url=os.environ["VISIONAPI_CUT_PROXY_URL"])
        answer, meta = client.with_meta.image_classification(self.image, top_k=2, idempotency_key="py-forced-retry")
        self.assertEqual(meta.attempts, 2)
        self.assertTrue(meta.replayed)
        self.assertGreater(answer["usage"]["cost_usd"], 0)
        print(json.dumps({"transaction_id": answer["usage"]["transaction_id"]}))

    def test_the_account_api_with_an_admin_key(self) -> None:
        client = VisionAPI(admin_key=os.environ["VISIONAPI_ADMIN_KEY"])
        names = [key["name"] for key in client.account.list_api_keys()["api_keys"]]
        self.assertIn("sdk-live", names)
        self.assertEqual(client.account.get_organization()["role"], "admin")
        transactions = list(client.paginate("list_transactions", limit=1))
        self.assertGreaterEqual(len(transactions), 2)
        with self.assertRaises(PeopleOnlyError):
            client.account.list_admin_keys()

    def test_the_command_line(self) -> None:
        run = subprocess.run(
            [sys.executable, "-m", "visionapi", "run", "object-detection", self.image, "--param", "max_results=3"],
            capture_output=True,
            text=True,
            env={**os.environ, "VISIONAPI_API_KEY": os.environ["VISIONAPI_TEST_KEY"]},
            timeout=60,
        )
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(json.loads(run.stdout)["task"], "object-detection")
        refused = subprocess.run(
            [sys.executable, "-m", "visionapi", "run", "object-detection", self.image],
            capture_output=True,
            text=True,
            env={**os.environ, "VISIONAPI_API_KEY": "va_test_nosuchkey0000000000000000"},
            timeout=60,
        )
        self.assertEqual(refused.returncode, 1)
        self.assertTrue(refused.stderr.startswith("visionapi: invalid_api_key: "), refused.stderr)

    def test_listen_forwards_a_test_event_that_unwrap_verifies(self) -> None:
        import http.server
        import re
        import signal
        import threading
        import time

        from visionapi import unwrap

        received = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                length = int(self.headers.get("content-length") or 0)
                received.append(({k.lower(): v for k, v in self.headers.items()}, self.rfile.read(length).decode()))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        local = f"http://127.0.0.1:{server.server_address[1]}"
        process = subprocess.Popen(
            [sys.executable, "-u", "-m", "visionapi", "listen", "--forward-to", f"{local}/listen", "--events", "test"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            ready = process.stdout.readline() if process.stdout else ""
            self.assertIn("Ready! Your webhook signing secret is whsec_", ready)
            secret = re.search(r"(whsec_\S+) ", ready).group(1)  # type: ignore[union-attr]
            client = VisionAPI(admin_key=os.environ["VISIONAPI_ADMIN_KEY"])
            endpoint = client.account.create_webhook(url=f"{local}/endpoint", events=["balance.low"])
            # "Send test event" publishes a `test` event: its endpoint gets it, and so does listen.
            client.account.send_test_webhook(webhook_id=endpoint["id"])
            client.account.delete_webhook(webhook_id=endpoint["id"])
            deadline = time.monotonic() + 20
            while not any(body for headers, body in received if headers.get("user-agent", "").startswith("visionapi-cli")):
                self.assertLess(time.monotonic(), deadline, received)
                time.sleep(0.05)
            headers, body = next((h, b) for h, b in received if h.get("user-agent", "").startswith("visionapi-cli"))
            event = unwrap(body, headers, secret)
            self.assertEqual(event["type"], "test")
            self.assertEqual(event["data"]["webhook_id"], endpoint["id"])
            self.assertEqual(client.events.get(headers["webhook-id"])["type"], "test")
        finally:
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=15)
            server.shutdown()
            server.server_close()
        self.assertEqual(process.returncode, 0)


if __name__ == "__main__":
    unittest.main()
