"""When to retry and how long to wait; the same rules as the TypeScript SDK (core/retry.ts):

- ``x-should-retry: false`` is never retried, whatever the status; ``true`` is retried;
- otherwise 408, 429, 5xx and a 409 whose code is ``idempotency_in_progress`` or
  ``idempotency_superseded`` are retried, nothing else;
- the wait is the answer's ``Retry-After`` (seconds or an HTTP date; ``retry-after-ms`` too) when it
  sends one, exactly; one longer than ``max_retry_after`` is not waited for (the error is raised);
  without one, exponential backoff with jitter: ``min(initial * 2**retry, max) * (1 - random * 0.25)``.
"""
from __future__ import annotations

import random
import re
import time
from email.utils import parsedate_to_datetime
from typing import Callable, Mapping, Optional

RETRYABLE_409 = {"idempotency_in_progress", "idempotency_superseded"}
_SECONDS = re.compile(r"\d{1,9}")
_MILLISECONDS = re.compile(r"\d{1,9}(?:\.\d{1,6})?")


def is_retryable_answer(status: int, code: Optional[str], headers: Mapping[str, str]) -> bool:
    should = headers.get("x-should-retry")
    if should == "false":
        return False
    if should == "true":
        return True
    if status in (408, 429) or status >= 500:
        return True
    return status == 409 and code in RETRYABLE_409


def retry_after_seconds(headers: Mapping[str, str], now: Optional[float] = None) -> Optional[float]:
    """Seconds the answer asks to wait (``retry-after-ms``, then ``Retry-After``), or None."""
    ms = headers.get("retry-after-ms")
    if ms is not None and _MILLISECONDS.fullmatch(ms.strip()):
        return float(ms.strip()) / 1000
    value = headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    if _SECONDS.fullmatch(value):
        return float(value)
    if len(value) > 64:
        return None
    try:
        when = parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when - (time.time() if now is None else now))


def backoff_seconds(
    retry: int, initial: float, maximum: float, rand: Callable[[], float] = random.random
) -> float:
    """The backoff before retry number ``retry`` (0 for the first), in seconds."""
    return min(initial * 2**retry, maximum) * (1 - rand() * 0.25)
