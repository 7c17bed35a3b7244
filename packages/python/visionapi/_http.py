"""One request with its retries, on the standard library's urllib: a timeout per attempt, the same
``Idempotency-Key`` on every attempt, backoff between them (_retry.py), and the answer read as data
or raised as a typed error."""
from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Tuple

from ._exceptions import APIConnectionError, APIConnectionTimeoutError, APIError, error_details
from ._generated import ERROR_CLASSES
from ._retry import backoff_seconds, is_retryable_answer, retry_after_seconds

#: Largest answer read, in bytes.
MAX_ANSWER_BYTES = 64 * 1024 * 1024


@dataclass
class RateLimit:
    limit: int
    remaining: int
    reset_seconds: int


@dataclass
class SpendCap:
    limit_usd: float
    remaining_usd: float
    reset_seconds: int


@dataclass
class ResponseMeta:
    """What an answer says besides its body (``client.with_meta``)."""

    status: int
    headers: Dict[str, str]
    #: ``x-request-id``: quote it to support.
    request_id: Optional[str]
    #: Attempts made (1 without a retry).
    attempts: int
    #: The ``Idempotency-Key`` sent (the same on every attempt), or None.
    idempotency_key: Optional[str]
    #: True when this is the stored answer of an earlier attempt, not charged again.
    replayed: bool
    rate_limit: Optional[RateLimit]
    #: For a key with a monthly spend cap.
    spend_cap: Optional[SpendCap]


@dataclass
class Settings:
    max_retries: int
    timeout: float
    initial_retry_delay: float
    max_retry_delay: float
    max_retry_after: float
    #: Waits between attempts (``time.sleep``; the tests record it).
    sleep: Callable[[float], None] = time.sleep


@dataclass
class HttpRequest:
    method: str
    url: str
    headers: Dict[str, str]
    body: Optional[bytes]
    idempotency_key: Optional[str]
    #: Whether a request that got no answer may be sent again (it may have run).
    retry_without_answer: bool
    produces: str  # json | text | binary
    max_retries: int
    timeout: float


def _number(headers: Dict[str, str], name: str) -> Optional[float]:
    value = headers.get(name)
    if value is None or len(value) > 32:
        return None
    try:
        return float(value)
    except ValueError:
        return None


def response_meta(status: int, headers: Dict[str, str], attempts: int, key: Optional[str]) -> ResponseMeta:
    limit = _number(headers, "x-ratelimit-limit")
    cap = _number(headers, "x-spend-cap-limit")
    return ResponseMeta(
        status=status,
        headers=headers,
        request_id=headers.get("x-request-id"),
        attempts=attempts,
        idempotency_key=key,
        replayed=headers.get("idempotent-replayed") == "true",
        rate_limit=None
        if limit is None
        else RateLimit(
            int(limit),
            int(_number(headers, "x-ratelimit-remaining") or 0),
            int(_number(headers, "x-ratelimit-reset") or 0),
        ),
        spend_cap=None
        if cap is None
        else SpendCap(
            cap,
            _number(headers, "x-spend-cap-remaining") or 0.0,
            int(_number(headers, "x-spend-cap-reset") or 0),
        ),
    )


def error_from_answer(status: int, reason: str, headers: Dict[str, str], text: str, attempts: int) -> APIError:
    try:
        body = json.loads(text)
    except ValueError:
        body = None
    if not isinstance(body, dict):
        body = {}
    code = body.get("code") if body.get("code") in ERROR_CLASSES else None
    message = body.get("error_message")
    if not isinstance(message, str):
        message = f"HTTP {status}{f' {reason}' if reason else ''}"
    should = headers.get("x-should-retry")
    error_class = ERROR_CLASSES[code] if code else APIError
    return error_class(
        message,
        status=status,
        code=code,
        request_id=body.get("request_id") if isinstance(body.get("request_id"), str) else headers.get("x-request-id"),
        details=error_details(body.get("details")),
        headers=headers,
        should_retry=True if should == "true" else False if should == "false" else None,
        attempts=attempts,
    )


def _read(response: Any) -> bytes:
    declared = response.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_ANSWER_BYTES:
        raise APIConnectionError(f"answer of {declared} bytes is too large", 1)
    data = response.read(MAX_ANSWER_BYTES + 1)
    if len(data) > MAX_ANSWER_BYTES:
        raise APIConnectionError(f"answer larger than {MAX_ANSWER_BYTES} bytes", 1)
    return data


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect would resend credentials to another address: answers are taken as they are."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect())


def _attempt(request: HttpRequest, headers: Dict[str, str]) -> Tuple[int, str, Dict[str, str], bytes]:
    req = urllib.request.Request(request.url, data=request.body, headers=headers, method=request.method)
    try:
        with _OPENER.open(req, timeout=request.timeout) as response:
            return response.status, response.reason, _lower(response.headers), _read(response)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, str(error.reason or ""), _lower(error.headers), _read(error)


def _lower(headers: Any) -> Dict[str, str]:
    return {name.lower(): value for name, value in headers.items()} if headers else {}


def send(settings: Settings, request: HttpRequest) -> Tuple[Any, ResponseMeta]:
    """Sends a request, retrying as _retry.py says; returns the body and its metadata."""
    headers = dict(request.headers)
    if request.idempotency_key:
        headers["Idempotency-Key"] = request.idempotency_key
    attempt = 0
    while True:
        attempt += 1
        retries_left = attempt <= request.max_retries
        try:
            status, reason, answer_headers, data = _attempt(request, headers)
        except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
            cause = getattr(error, "reason", error)
            timed_out = isinstance(cause, (socket.timeout, TimeoutError))
            plural = "s" if attempt > 1 else ""
            failure: APIConnectionError = (
                APIConnectionTimeoutError(f"No answer within {request.timeout} s ({attempt} attempt{plural}).", attempt)
                if timed_out
                else APIConnectionError(f"Connection error: {cause} ({attempt} attempt{plural}).", attempt)
            )
            if not request.retry_without_answer or not retries_left:
                raise failure from error
            settings.sleep(backoff_seconds(attempt - 1, settings.initial_retry_delay, settings.max_retry_delay))
            continue
        meta = response_meta(status, answer_headers, attempt, request.idempotency_key)
        if 200 <= status < 300:
            if request.produces == "binary":
                return data, meta
            text = data.decode("utf-8")
            if request.produces == "text":
                return text, meta
            return (json.loads(text) if text else None), meta
        error = error_from_answer(status, reason, answer_headers, data.decode("utf-8", "replace"), attempt)
        if not retries_left or not is_retryable_answer(status, error.code, answer_headers):
            raise error
        asked = retry_after_seconds(answer_headers)
        if asked is not None and asked > settings.max_retry_after:
            raise error
        settings.sleep(
            asked
            if asked is not None
            else backoff_seconds(attempt - 1, settings.initial_retry_delay, settings.max_retry_delay)
        )
