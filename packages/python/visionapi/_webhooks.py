"""Verifying a webhook delivery (Standard Webhooks, https://www.standardwebhooks.com): the
``webhook-signature`` header carries one or more ``v1,<base64 HMAC-SHA256>`` signatures of
``{webhook-id}.{webhook-timestamp}.{body}``, keyed with the base64-decoded part of the endpoint's
``whsec_...`` secret. Standard library only."""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import time
from typing import Any, Callable, Dict, Mapping, Optional, Union

from ._exceptions import VisionAPIError

WEBHOOK_TOLERANCE_SECONDS = 300


class WebhookVerificationError(VisionAPIError):
    """The signature is missing or wrong, or the timestamp is outside the tolerance."""


def _header(headers: Mapping[str, Any], name: str) -> str:
    value = headers.get(name)
    if value is None:
        for key, candidate in headers.items():
            if key.lower() == name:
                value = candidate
                break
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if not value:
        raise WebhookVerificationError(f"The {name} header is missing.")
    return str(value)


def unwrap(
    body: Union[str, bytes],
    headers: Mapping[str, Any],
    secret: str,
    *,
    tolerance_seconds: int = WEBHOOK_TOLERANCE_SECONDS,
    now: Optional[Callable[[], float]] = None,
) -> Dict[str, Any]:
    """Checks a delivery's signature and timestamp and returns the parsed event
    (``{"type", "timestamp", "data"}``); raises WebhookVerificationError otherwise. Pass the raw
    body exactly as received."""
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not timestamp.isdigit() or len(timestamp) > 12:
        raise WebhookVerificationError("The webhook-timestamp header is not a unix time.")
    clock = (now or time.time)()
    if abs(int(clock) - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError(
            "The webhook-timestamp is too far from this clock (a replayed or delayed delivery)."
        )
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    try:
        key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret, validate=True)
    except (binascii.Error, ValueError) as error:
        raise WebhookVerificationError("The secret is not a whsec_... signing secret.") from error
    signed = f"{msg_id}.{timestamp}.".encode("utf-8") + raw
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode("ascii")
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(value.encode("ascii", "replace"), expected.encode("ascii")):
            try:
                return json.loads(raw)
            except ValueError as error:
                raise WebhookVerificationError("The body is not JSON.") from error
    raise WebhookVerificationError("No signature of the delivery matches the secret.")


def generate_secret() -> str:
    """A new signing secret: ``whsec_`` and base64 of 32 random bytes (what ``listen`` uses)."""
    return "whsec_" + base64.b64encode(os.urandom(32)).decode("ascii")


def sign(secret: str, msg_id: str, timestamp: int, body: Union[str, bytes]) -> str:
    """The ``webhook-signature`` of a delivery (``v1,<base64 HMAC-SHA256 of "id.timestamp.body">``),
    as VisionAPI signs it: for forwarding events (``listen``) and for testing a receiver."""
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    signed = f"{msg_id}.{timestamp}.".encode("utf-8") + raw
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode("ascii")
