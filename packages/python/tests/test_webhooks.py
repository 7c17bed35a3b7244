"""Webhook signature verification: a delivery signed as the server signs it (Standard Webhooks)
unwraps to its event; a changed body, another secret, a stale timestamp, a missing header and a
wrong version are refused; after a rotation either of two signatures is enough."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import unittest

from visionapi import WebhookVerificationError, unwrap

SECRET = "whsec_" + base64.b64encode(bytes(range(32))).decode()
OTHER = "whsec_" + base64.b64encode(bytes(range(1, 33))).decode()
NOW = 1_764_201_600


def sign(secret: str, msg_id: str, timestamp: int, body: str) -> str:
    key = base64.b64decode(secret[len("whsec_"):])
    mac = hmac.new(key, f"{msg_id}.{timestamp}.{body}".encode(), hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


BODY = json.dumps({"type": "balance.low", "timestamp": "2026-11-27T00:00:00.000Z", "data": {"balance_usd": 4.2}})


def headers(signature: str, timestamp: int = NOW, msg_id: str = "evt_0123456789abcdef01234567"):
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp), "webhook-signature": signature}


class UnwrapTest(unittest.TestCase):
    def test_verifies_and_parses(self) -> None:
        event = unwrap(BODY, headers(sign(SECRET, "evt_0123456789abcdef01234567", NOW, BODY)), SECRET, now=lambda: NOW)
        self.assertEqual(event["type"], "balance.low")
        self.assertEqual(event["data"], {"balance_usd": 4.2})
        # bytes bodies and header names in any case work too
        mixed = {k.title(): v for k, v in headers(sign(SECRET, "evt_0123456789abcdef01234567", NOW, BODY)).items()}
        self.assertEqual(unwrap(BODY.encode(), mixed, SECRET, now=lambda: NOW)["type"], "balance.low")

    def test_refuses_tampering_and_other_secrets(self) -> None:
        good = sign(SECRET, "evt_0123456789abcdef01234567", NOW, BODY)
        with self.assertRaises(WebhookVerificationError):
            unwrap(BODY.replace("4.2", "42"), headers(good), SECRET, now=lambda: NOW)
        with self.assertRaises(WebhookVerificationError):
            unwrap(BODY, headers(good), OTHER, now=lambda: NOW)
        with self.assertRaises(WebhookVerificationError):
            unwrap(BODY, headers(good, msg_id="evt_other"), SECRET, now=lambda: NOW)
        with self.assertRaises(WebhookVerificationError):
            unwrap(BODY, headers(good.replace("v1,", "v2,")), SECRET, now=lambda: NOW)
        with self.assertRaises(WebhookVerificationError):
            unwrap(BODY, {"webhook-id": "evt_x", "webhook-timestamp": str(NOW)}, SECRET, now=lambda: NOW)

    def test_timestamp_tolerance_is_five_minutes(self) -> None:
        old = NOW - 301
        with self.assertRaises(WebhookVerificationError):
            unwrap(BODY, headers(sign(SECRET, "evt_0123456789abcdef01234567", old, BODY), old), SECRET, now=lambda: NOW)
        edge = NOW - 300
        event = unwrap(BODY, headers(sign(SECRET, "evt_0123456789abcdef01234567", edge, BODY), edge), SECRET, now=lambda: NOW)
        self.assertEqual(event["type"], "balance.low")

    def test_any_of_several_signatures(self) -> None:
        both = sign(OTHER, "evt_0123456789abcdef01234567", NOW, BODY) + " " + sign(SECRET, "evt_0123456789abcdef01234567", NOW, BODY)
        self.assertEqual(unwrap(BODY, headers(both), SECRET, now=lambda: NOW)["type"], "balance.low")
        self.assertEqual(unwrap(BODY, headers(both), OTHER, now=lambda: NOW)["type"], "balance.low")


if __name__ == "__main__":
    unittest.main()
