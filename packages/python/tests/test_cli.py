"""``python3 -m visionapi`` in-process against a scripted server: what it prints, its exit codes,
how ``--param`` values are typed, and that no secret reaches the terminal."""
from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import unittest
from typing import Tuple
from unittest import mock

from visionapi.cli import main, redact

from .fake_server import CUT, FakeServer, error_body
from .test_client import PNG_1PX

DATA_URL = "data:image/png;base64," + base64.b64encode(PNG_1PX).decode()
ADMIN = "va_admin_0123456789abcdefSECRETadmin"


class CliTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = FakeServer()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.close()

    def cli(self, *argv: str) -> Tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        env = {
            "VISIONAPI_API_KEY": "va_test_0123456789abcdefSECRETtest",
            "VISIONAPI_ADMIN_KEY": ADMIN,
            "VISIONAPI_SERVICES_URL": self.server.url,
            "VISIONAPI_API_URL": self.server.url,
        }
        with mock.patch.dict(os.environ, env), contextlib.redirect_stderr(err):
            code = main(list(argv), out, err)
        return code, out.getvalue(), err.getvalue()

    def test_run_prints_the_json_answer_with_typed_params(self) -> None:
        answer = {"sandbox": True, "predictions": [{"label": "car", "score": 0.9}]}
        self.server.script({"status": 200, "body": answer})
        code, out, err = self.cli(
            "run", "zero-shot-object-detection", DATA_URL,
            "--param", "queries=red car", "-p", "queries=person",
            "--param", "confidence_threshold=0.25", "--idempotency-key", "cli-key-1",
        )  # fmt: skip
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(json.loads(out), answer)
        body = json.loads(self.server.requests[0]["body"])
        self.assertEqual((body["queries"], body["confidence_threshold"]), (["red car", "person"], 0.25))
        self.assertEqual(self.server.requests[0]["headers"]["idempotency-key"], "cli-key-1")

    def test_run_exits_1_with_code_message_and_request_id(self) -> None:
        self.server.script(
            {
                "status": 403,
                "body": error_body("key_cap_reached", "The key reached its monthly cap."),
                "headers": {"x-should-retry": "false"},
            }
        )
        code, out, err = self.cli("run", "object-detection", DATA_URL)
        self.assertEqual((code, out), (1, ""))
        self.assertEqual(
            err, "visionapi: key_cap_reached: The key reached its monthly cap. (request req_key_cap_reached)\n"
        )

    def test_wrong_command_lines_exit_2_before_any_request(self) -> None:
        self.server.script({"status": 200, "body": {}})
        for argv in (
            ["run", "object-detection"],
            ["run", "no-such-deployment", DATA_URL],
            ["run", "object-detection", DATA_URL, "--param", "max_results=many"],
            ["run", "object-detection", DATA_URL, "--param", "unknown=1"],
            ["usage", "--by", "week"],
            ["launch"],
            ["run", "object-detection", "x" * 5000],
        ):
            code, _, err = self.cli(*argv)
            self.assertEqual(code, 2, argv)
            self.assertTrue(err.startswith(("visionapi: ", "usage: ")), err)
        self.assertEqual(self.server.requests, [])

    def test_keys_list_never_prints_a_secret(self) -> None:
        key = {
            "id": "k1", "name": "Playground key", "mode": "live", "redacted": "va_live_…live",
            "key": "va_live_0123456789abcdefSECRETlive", "disabled": False, "monthly_cap_usd": 5,
            "created_at": "2026-01-01T00:00:00.000Z", "last_used_at": None,
        }  # fmt: skip
        self.server.script({"status": 200, "body": {"api_keys": [key]}})
        code, table, _ = self.cli("keys", "list")
        self.assertEqual(code, 0)
        self.assertRegex(table, r"^id\s+name\s+mode\s+redacted\s+status\s+cap")
        self.assertEqual(self.server.requests[0]["headers"]["authorization"], f"Bearer {ADMIN}")
        _, listed, _ = self.cli("keys", "list", "--json")
        self.assertEqual(json.loads(listed)[0]["id"], "k1")
        for out in (table, listed):
            self.assertNotIn("SECRET", out)

    def test_usage_and_whoami(self) -> None:
        usage = {
            "days": [{"date": "2026-03-02", "calls": 3, "spent_usd": 0.03, "deployments": [], "keys": []}],
            "by_deployment": [{"deployment": "object-detection", "calls": 3, "spent_usd": 0.03}],
            "by_key": [{"api_key_id": "k1", "name": "ci", "calls": 3, "spent_usd": 0.03}],
            "test_calls": {"calls": 2, "by_key": []},
            "totals": {"calls": 3, "spent_usd": 0.03, "purchased_usd": 10},
        }
        self.server.script({"status": 200, "body": usage})
        code, out, _ = self.cli("usage", "--by", "key", "--from", "2026-03-01", "--to", "2026-03-31")
        self.assertEqual(code, 0)
        self.assertRegex(out, r"key\s+key_id\s+calls\s+spent_usd\nci\s+k1\s+3\s+0\.03\n")
        self.assertIn("total: 3 calls, $0.03 spent; 2 free test-key calls", out)
        self.assertEqual(
            self.server.requests[0]["url"],
            "/v1/usage/daily?start_date=2026-03-01T00%3A00%3A00.000Z&end_date=2026-03-31T23%3A59%3A59.999Z",
        )
        self.server.script({"status": 200, "body": {"id": "org_1", "name": "Acme", "role": "developer"}})
        code, out, _ = self.cli("whoami")
        self.assertIn("Acme (org_1) as developer, with admin key va_admin_…dmin", out)
        self.assertNotIn("SECRET", out)
        self.assertEqual(redact("va_live_short"), "va_live_…")

    def test_unreachable_api_exits_1_with_connection_error(self) -> None:
        self.server.script(CUT)
        code, _, err = self.cli("whoami", "--max-retries", "0")
        self.assertEqual(code, 1)
        self.assertTrue(err.startswith("visionapi: connection_error: "), err)


if __name__ == "__main__":
    unittest.main()
