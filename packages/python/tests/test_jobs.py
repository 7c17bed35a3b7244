"""Async jobs in the Python SDK against a scripted server: ``run(..., async_=True)`` sends
``Prefer: respond-async`` and returns the 202's job; ``wait()`` polls ``GET /jobs/{id}`` with
growing pauses until it has finished and gives up after its timeout; ``cancel()`` posts the cancel.
Waits are recorded, not slept."""
from __future__ import annotations

import base64
import json
import unittest
from typing import Any, Dict, List

from visionapi import Job, VisionAPI, VisionAPIError

from .fake_server import FakeServer

PNG_1PX = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)
JOB_ID = "job_4f1c2d9e8a7b6c5d4e3f2a1b"
ANSWER = {"sandbox": True, "task": "image-classification", "predictions": [{"label": "cat"}]}
BATCH = {
    "object": "batch",
    "results": [
        {"index": 0, "status": 200, "result": ANSWER},
        {
            "index": 1,
            "status": 422,
            "error": {"error_message": "Not found.", "code": "image_url_unreachable", "retry_after": 5},
        },
    ],
    "usage": {"cost_usd": 0.002, "remaining_credits": 4.998, "charged_images": 1},
}


def job(status: str, **extra: Any) -> Dict[str, Any]:
    return {
        "object": "job",
        "id": JOB_ID,
        "status": status,
        "deployment": "image-classification",
        "price_usd": 0.002,
        "created_at": "2026-11-27T00:00:00.000Z",
        "started_at": None,
        "finished_at": None,
        "expires_at": None,
        "retention_hours": 24,
        "result": None,
        "error": None,
        **extra,
    }


class JobsTest(unittest.TestCase):
    server: FakeServer

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = FakeServer()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.close()

    def client(self) -> VisionAPI:
        client = VisionAPI(api_key="va_test_unit", services_url=self.server.url, api_url=self.server.url)
        self.waits: List[float] = []
        client._settings.sleep = self.waits.append
        return client

    def test_run_async_returns_the_job_and_wait_polls_with_backoff(self) -> None:
        self.server.requests.clear()
        self.server.script(
            {"status": 202, "body": job("queued"), "headers": {"location": f"/jobs/{JOB_ID}"}},
            {"status": 200, "body": job("queued")},
            {"status": 200, "body": job("running")},
            {"status": 200, "body": job("succeeded", result=ANSWER)},
        )
        created = self.client().run("image-classification", PNG_1PX, async_=True)
        self.assertIsInstance(created, Job)
        self.assertEqual(created.id, JOB_ID)
        self.assertEqual(created.status, "queued")
        self.assertEqual(created.price_usd, 0.002)
        self.assertEqual(created.meta.status, 202)
        first = self.server.requests[0]
        self.assertEqual((first["method"], first["url"]), ("POST", "/image-classification"))
        self.assertEqual(first["headers"]["prefer"], "respond-async")
        self.assertTrue(first["headers"]["idempotency-key"])

        done = created.wait(initial_interval=0.5, max_interval=1.0)
        self.assertEqual(done.status, "succeeded")
        self.assertTrue(done.done)
        self.assertEqual(done.result, ANSWER)
        self.assertEqual(
            [(r["method"], r["url"]) for r in self.server.requests[1:]], [("GET", f"/jobs/{JOB_ID}")] * 3
        )
        self.assertTrue(all(r["headers"]["api-key"] == "va_test_unit" for r in self.server.requests[1:]))
        # 0.5 s, then 1.5 times longer, capped at 1 s.
        self.assertEqual(self.waits, [0.5, 0.75, 1.0])

    def test_run_batch_async_sends_images_and_the_job_result_is_the_batch_answer(self) -> None:
        self.server.requests.clear()
        self.server.script(
            {"status": 202, "body": job("queued", price_usd=0.004), "headers": {"location": f"/jobs/{JOB_ID}"}},
            {"status": 200, "body": job("succeeded", price_usd=0.004, result=BATCH)},
        )
        created = self.client().run_batch(
            "image-classification",
            [PNG_1PX, {"image_url": "https://example.com/missing.png"}],
            {"top_k": 2},
            async_=True,
        )
        self.assertIsInstance(created, Job)
        self.assertEqual(created.price_usd, 0.004)
        first = self.server.requests[0]
        self.assertEqual((first["method"], first["url"]), ("POST", "/image-classification"))
        self.assertEqual(first["headers"]["prefer"], "respond-async")
        sent = json.loads(first["body"])
        self.assertEqual(
            sent,
            {
                "images": [
                    {"image": base64.b64encode(PNG_1PX).decode("ascii")},
                    {"image_url": "https://example.com/missing.png"},
                ],
                "top_k": 2,
            },
        )
        done = created.wait()
        self.assertEqual(done.status, "succeeded")
        self.assertEqual(done.result, BATCH)
        self.assertEqual([item["status"] for item in done.result["results"]], [200, 422])

    def test_run_batch_without_async_answers_the_batch_and_refuses_bad_lists_before_sending(self) -> None:
        self.server.requests.clear()
        self.server.script({"status": 200, "body": BATCH})
        answer = self.client().run_batch("image-classification", [PNG_1PX, PNG_1PX])
        self.assertEqual(answer, BATCH)
        self.assertNotIn("prefer", self.server.requests[0]["headers"])
        self.server.requests.clear()
        for images in ([], [PNG_1PX] * 17, PNG_1PX, "photo.png"):
            with self.assertRaisesRegex(VisionAPIError, "1 to 16 images"):
                self.client().run_batch("image-classification", images)  # type: ignore[arg-type]
        self.assertEqual(self.server.requests, [])

    def test_wait_gives_up_after_its_timeout(self) -> None:
        now = [0.0]

        def sleep(seconds: float) -> None:
            now[0] += seconds

        polls: List[str] = []

        def fetch(method: str, job_id: str) -> Dict[str, Any]:
            polls.append(method)
            return job("running")

        pending = Job(job("running"), fetch, lambda r: r, sleep=sleep, clock=lambda: now[0])
        with self.assertRaisesRegex(VisionAPIError, "still running after 10 s"):
            pending.wait(timeout=10, initial_interval=1, max_interval=2)
        self.assertLessEqual(now[0], 10.0)
        self.assertGreater(len(polls), 3)

    def test_a_failed_job_and_cancel(self) -> None:
        self.server.script({"status": 200, "body": job("failed", error={"code": "upstream_failed", "message": "down"})})
        failed = self.client().get_job(JOB_ID).wait()
        self.assertEqual(failed.status, "failed")
        self.assertEqual(failed.error, {"code": "upstream_failed", "message": "down"})

        self.server.requests.clear()
        self.server.script({"status": 200, "body": job("queued")}, {"status": 200, "body": job("canceled")})
        queued = self.client().get_job(JOB_ID)
        queued.cancel()
        self.assertEqual(queued.status, "canceled")
        self.assertEqual(
            [(r["method"], r["url"]) for r in self.server.requests],
            [("GET", f"/jobs/{JOB_ID}"), ("POST", f"/jobs/{JOB_ID}/cancel")],
        )

    def test_refuses_what_is_not_a_job_id_before_sending(self) -> None:
        self.server.requests.clear()
        with self.assertRaises(VisionAPIError):
            self.client().get_job("../../v1/api-key")
        self.assertEqual(self.server.requests, [])


if __name__ == "__main__":
    unittest.main()
