"""The Python SDK against a scripted server: which answers are retried and in what order, how long
it waits (backoff, Retry-After), one Idempotency-Key per call, typed errors, how account calls are
built, pagination, and what ``with_meta`` reads. Waits are recorded, not slept."""
from __future__ import annotations

import base64
import json
import re
import unittest
from typing import Any, List

import visionapi
from visionapi import (
    APIConnectionError,
    APIError,
    InsufficientCreditsError,
    KeyCapReachedError,
    RateLimitedError,
    ServiceUnavailableError,
    UpstreamFailedError,
    VisionAPI,
)
from visionapi._retry import backoff_seconds, retry_after_seconds

from .fake_server import CUT, FakeServer, error_body

PNG_1PX = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)
ANSWER = {"sandbox": True, "task": "image-classification", "predictions": []}
UUID = re.compile(r"[0-9a-f-]{36}")


class SdkTestCase(unittest.TestCase):
    server: FakeServer

    @classmethod
    def setUpClass(cls) -> None:
        cls.server = FakeServer()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.close()

    def client(self, **options: Any) -> VisionAPI:
        settings = {
            "api_key": "va_test_unit",
            "admin_key": "va_admin_unit",
            "services_url": self.server.url,
            "api_url": self.server.url,
            "initial_retry_delay": 0.5,
            "max_retry_delay": 8.0,
            **options,
        }
        client = VisionAPI(**settings)
        self.waits: List[float] = []
        client._settings.sleep = self.waits.append
        return client


class RetryTest(SdkTestCase):
    def test_retries_a_cut_connection_and_a_503_with_one_idempotency_key_backing_off(self) -> None:
        self.server.script(
            CUT,
            {"status": 503, "body": error_body("service_unavailable"), "headers": {"x-should-retry": "true"}},
            {"status": 200, "body": ANSWER},
        )
        data, meta = self.client().with_meta.image_classification(PNG_1PX)
        self.assertEqual(data, ANSWER)
        self.assertEqual(meta.attempts, 3)
        self.assertEqual(len(self.server.requests), 3)
        keys = {r["headers"]["idempotency-key"] for r in self.server.requests}
        self.assertEqual(len(keys), 1)
        self.assertRegex(keys.pop(), UUID)
        self.assertEqual(len({r["body"] for r in self.server.requests}), 1)
        # Backoff 0.5 s then 1 s, each less up to 25 % jitter.
        self.assertEqual(len(self.waits), 2)
        self.assertTrue(0.375 <= self.waits[0] <= 0.5, self.waits)
        self.assertTrue(0.75 <= self.waits[1] <= 1.0, self.waits)

    def test_waits_exactly_the_retry_after_asked(self) -> None:
        self.server.script(
            {"status": 429, "body": error_body("rate_limited"), "headers": {"retry-after": "3"}},
            {"status": 200, "body": ANSWER},
        )
        self.client().image_classification(PNG_1PX)
        self.assertEqual(self.waits, [3.0])

    def test_never_retries_x_should_retry_false(self) -> None:
        self.server.script(
            {
                "status": 503,
                "body": error_body("service_unavailable"),
                "headers": {"x-should-retry": "false", "retry-after": "1"},
            }
        )
        with self.assertRaises(ServiceUnavailableError):
            self.client().image_classification(PNG_1PX)
        self.assertEqual(len(self.server.requests), 1)
        self.server.script(
            {
                "status": 403,
                "body": error_body(
                    "key_cap_reached",
                    "The key reached its monthly cap.",
                    details={"cap_usd": 5, "resets_at": "2026-12-01T00:00:00.000Z"},
                ),
                "headers": {"x-should-retry": "false"},
            }
        )
        with self.assertRaises(KeyCapReachedError) as caught:
            self.client().object_detection(PNG_1PX)
        error = caught.exception
        self.assertIsInstance(error, APIError)
        self.assertEqual(
            (error.status, error.code, error.message, error.request_id, error.should_retry, error.attempts),
            (403, "key_cap_reached", "The key reached its monthly cap.", "req_key_cap_reached", False, 1),
        )
        self.assertEqual(error.details["resets_at"], "2026-12-01T00:00:00.000Z")
        self.assertEqual(len(self.server.requests), 1)
        self.assertEqual(self.waits, [])

    def test_retries_a_409_only_while_the_request_is_in_progress(self) -> None:
        self.server.script(
            {"status": 409, "body": error_body("idempotency_in_progress"), "headers": {"retry-after": "1"}},
            {"status": 200, "body": ANSWER},
        )
        self.assertEqual(self.client().image_classification(PNG_1PX), ANSWER)
        self.assertEqual(len(self.server.requests), 2)
        self.server.script({"status": 409, "body": error_body("conflict")})
        with self.assertRaises(APIError) as caught:
            self.client().account.delete_api_key(api_key_id="k1")
        self.assertEqual(caught.exception.code, "conflict")
        self.assertEqual(len(self.server.requests), 1)

    def test_gives_up_after_max_retries(self) -> None:
        self.server.script({"status": 502, "body": error_body("upstream_failed")})
        with self.assertRaises(UpstreamFailedError) as caught:
            self.client().image_classification(PNG_1PX)
        self.assertEqual(caught.exception.attempts, 3)
        self.assertEqual(len(self.server.requests), 3)
        self.server.script({"status": 500, "body": error_body("internal_error")})
        with self.assertRaises(APIError):
            self.client(max_retries=0).image_classification(PNG_1PX)
        self.assertEqual(len(self.server.requests), 1)

    def test_does_not_wait_for_a_retry_after_past_max_retry_after(self) -> None:
        self.server.script({"status": 429, "body": error_body("rate_limited"), "headers": {"retry-after": "3600"}})
        with self.assertRaises(RateLimitedError):
            self.client().image_classification(PNG_1PX)
        self.assertEqual((len(self.server.requests), self.waits), (1, []))

    def test_does_not_resend_a_post_that_may_have_run_without_an_idempotency_key(self) -> None:
        self.server.script(CUT, {"status": 200, "body": {}})
        with self.assertRaises(APIConnectionError):
            self.client().account.create_api_key(name="ci")
        self.assertEqual(len(self.server.requests), 1)
        self.server.script(CUT, {"status": 200, "body": {"api_keys": []}})
        self.assertEqual(self.client().account.list_api_keys(), {"api_keys": []})
        self.assertEqual(len(self.server.requests), 2)

    def test_backoff_and_retry_after_arithmetic(self) -> None:
        self.assertEqual(backoff_seconds(0, 0.5, 8, lambda: 0), 0.5)
        self.assertEqual(backoff_seconds(2, 0.5, 8, lambda: 1), 1.5)
        self.assertEqual(backoff_seconds(10, 0.5, 8, lambda: 0), 8)
        now = 1767225600.0  # 2026-01-01T00:00:00Z
        self.assertEqual(retry_after_seconds({"retry-after": "7"}, now), 7)
        self.assertEqual(retry_after_seconds({"retry-after": "Thu, 01 Jan 2026 00:00:05 GMT"}, now), 5)
        self.assertEqual(retry_after_seconds({"retry-after-ms": "250"}, now), 0.25)
        self.assertIsNone(retry_after_seconds({"retry-after": "soon"}, now))


class ErrorTest(SdkTestCase):
    def test_each_code_raises_its_class_and_a_page_without_code_raises_api_error(self) -> None:
        for code in ("insufficient_credits", "invalid_api_key", "key_restricted"):
            self.server.script({"status": visionapi.ERROR_CODES[code]["status"], "body": error_body(code)})
            with self.assertRaises(visionapi.ERROR_CLASSES[code]) as caught:
                self.client().object_detection(PNG_1PX)
            self.assertEqual(caught.exception.code, code)
        self.server.script({"status": 402, "body": error_body("insufficient_credits")})
        self.assertRaises(InsufficientCreditsError, self.client().object_detection, PNG_1PX)
        self.server.script({"status": 502, "body": "<html>Bad gateway</html>"})
        with self.assertRaises(APIError) as caught:
            self.client(max_retries=0).object_detection(PNG_1PX)
        self.assertIs(type(caught.exception), APIError)
        self.assertEqual((caught.exception.status, caught.exception.code), (502, None))
        self.assertEqual(caught.exception.request_id, "req_1")

    def test_every_code_of_the_catalogue_has_its_class(self) -> None:
        self.assertEqual(set(visionapi.ERROR_CLASSES), set(visionapi.ERROR_CODES))
        for error_class in visionapi.ERROR_CLASSES.values():
            self.assertTrue(issubclass(error_class, APIError))


class AccountTest(SdkTestCase):
    def test_puts_each_field_where_the_contract_says(self) -> None:
        self.server.script({"status": 200, "body": {"id": "k1"}})
        client = self.client(organization_id="org_1")
        client.account.set_api_key_cap(api_key_id="key 1", monthly_cap_usd=5)
        sent = self.server.requests[0]
        self.assertEqual((sent["method"], sent["url"]), ("POST", "/v1/api-key/cap"))
        headers = sent["headers"]
        self.assertEqual(headers["x-api-key"], "key 1")
        self.assertEqual(headers["authorization"], "Bearer va_admin_unit")
        self.assertEqual(headers["x-organization-id"], "org_1")
        self.assertNotIn("idempotency-key", headers)
        self.assertEqual(json.loads(sent["body"]), {"monthly_cap_usd": 5})

        self.server.script({"status": 200, "body": {"transactions": [], "has_more": False}})
        client.account.list_transactions(skip=20, limit=10, organization_id="org_2")
        self.assertEqual(self.server.requests[0]["url"], "/v1/transaction?skip=20&limit=10")
        self.assertEqual(self.server.requests[0]["headers"]["x-organization-id"], "org_2")

        self.server.script({"status": 200, "body": {}})
        client.account.update_member(uid="a/b", role="viewer")
        self.assertEqual((self.server.requests[0]["method"], self.server.requests[0]["url"]), ("PATCH", "/v1/team/members/a%2Fb"))

    def test_idempotent_operations_get_a_key_and_an_id_token_wins(self) -> None:
        self.server.script({"status": 200, "body": {"order_id": "o1"}})
        self.client(id_token=lambda: "id-token-1").account.create_credit_order(price_in_usd=10)
        headers = self.server.requests[0]["headers"]
        self.assertRegex(headers["idempotency-key"], UUID)
        self.assertEqual(headers["authorization"], "Bearer id-token-1")

    def test_refuses_without_credentials_before_sending(self) -> None:
        self.server.script({"status": 200, "body": {}})
        client = VisionAPI(api_url=self.server.url, services_url=self.server.url, admin_key="", id_token="")
        with self.assertRaisesRegex(visionapi.VisionAPIError, "needs credentials"):
            client.account.list_api_keys()
        self.assertEqual(self.server.requests, [])

    def test_paginates_until_the_last_page(self) -> None:
        def page(start: int, count: int, more: bool) -> dict:
            items = [{"id": f"t{start + i}"} for i in range(count)]
            return {"status": 200, "body": {"transactions": items, "total_count": 5, "has_more": more, "totals": {}}}

        self.server.script(page(0, 2, True), page(2, 2, True), page(4, 1, False))
        ids = [t["id"] for t in self.client().paginate("list_transactions", limit=2)]
        self.assertEqual(ids, ["t0", "t1", "t2", "t3", "t4"])
        self.assertEqual(
            [r["url"] for r in self.server.requests],
            ["/v1/transaction?skip=0&limit=2", "/v1/transaction?skip=2&limit=2", "/v1/transaction?skip=4&limit=2"],
        )

    def test_reads_csv_as_text(self) -> None:
        self.server.script({"status": 200, "body": "date,calls\n2026-01-01,3\n"})
        csv = self.client().account.export_daily_usage(
            start_date="2026-01-01T00:00:00.000Z", end_date="2026-01-02T00:00:00.000Z"
        )
        self.assertEqual(csv, "date,calls\n2026-01-01,3\n")


class DeploymentTest(SdkTestCase):
    def test_sends_base64_with_params_and_reads_the_metadata(self) -> None:
        self.server.script(
            {
                "status": 200,
                "body": ANSWER,
                "headers": {
                    "idempotent-replayed": "true",
                    "x-ratelimit-limit": "60",
                    "x-ratelimit-remaining": "59",
                    "x-ratelimit-reset": "30",
                    "x-spend-cap-limit": "5",
                    "x-spend-cap-remaining": "4.25",
                    "x-spend-cap-reset": "86400",
                },
            }
        )
        _, meta = self.client().with_meta.zero_shot_object_detection(
            PNG_1PX, queries=["car"], confidence_threshold=0.2, idempotency_key="mine-1"
        )
        sent = self.server.requests[0]
        self.assertEqual((sent["method"], sent["url"]), ("POST", "/zero-shot-object-detection"))
        self.assertEqual(sent["headers"]["api-key"], "va_test_unit")
        self.assertEqual(sent["headers"]["idempotency-key"], "mine-1")
        self.assertEqual(
            json.loads(sent["body"]),
            {"image": base64.b64encode(PNG_1PX).decode(), "queries": ["car"], "confidence_threshold": 0.2},
        )
        self.assertEqual((meta.status, meta.request_id, meta.replayed), (200, "req_1", True))
        self.assertEqual((meta.rate_limit.limit, meta.rate_limit.remaining, meta.rate_limit.reset_seconds), (60, 59, 30))
        self.assertEqual((meta.spend_cap.limit_usd, meta.spend_cap.remaining_usd), (5.0, 4.25))

    def test_refuses_an_unknown_deployment_and_a_missing_key_before_sending(self) -> None:
        self.server.script({"status": 200, "body": {}})
        with self.assertRaisesRegex(visionapi.VisionAPIError, "No public deployment"):
            self.client().run("no-such", PNG_1PX)
        with self.assertRaisesRegex(visionapi.VisionAPIError, "No API key"):
            VisionAPI(services_url=self.server.url, api_key="").object_detection(PNG_1PX)
        self.assertEqual(self.server.requests, [])

    def test_accepts_an_api_url_ending_in_v1(self) -> None:
        self.assertEqual(VisionAPI(api_url="http://localhost:4010/v1/").api_url, "http://localhost:4010")


if __name__ == "__main__":
    unittest.main()
