"""``python3 -m visionapi listen --forward-to <url>``: the organization's events on a developer's
machine, without a public URL, as the TypeScript CLI's ``visionapi listen`` does. It reads the live
event stream with the admin key (``client.events.stream()``, which reconnects with Last-Event-ID
and never yields an event twice) and POSTs each event to the local URL exactly as a webhook
delivery would arrive: the same JSON body and the Standard Webhooks headers, signed with a secret
made for this session, so a handler that verifies with ``unwrap()`` works unchanged."""
from __future__ import annotations

import datetime as dt
import json
import http.client
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Callable, List, Optional, Sequence, Tuple

from ._client import VERSION, VisionAPI
from ._events import EVENT_TYPES, StreamedEvent
from ._exceptions import APIError
from ._http import _OPENER
from ._webhooks import generate_secret, sign

#: What a webhook receiver gets to answer, and what ``listen`` gives a local one (seconds).
FORWARD_TIMEOUT = 10.0
MAX_URL_LENGTH = 2048
_MAX_ANSWER_BYTES = 64 * 1024
_UNPRINTABLE = re.compile("[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


class ListenUsageError(Exception):
    pass


def forward_url(raw: str) -> str:
    """The forward URL: http(s) only (loopback allowed: it is the developer's own machine)."""
    if len(raw) > MAX_URL_LENGTH:
        raise ListenUsageError(f"--forward-to is longer than {MAX_URL_LENGTH} characters.")
    parsed = urllib.parse.urlsplit(raw)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        if "://" not in raw:
            raise ListenUsageError(
                f'--forward-to is not a URL (got "{raw[:64]}"); for example http://localhost:4242/webhooks'
            )
        raise ListenUsageError("--forward-to must be an http or https URL.")
    if parsed.username or parsed.password:
        raise ListenUsageError("--forward-to may not carry a user name or password.")
    try:
        parsed.port
    except ValueError as error:
        raise ListenUsageError(f"--forward-to has an invalid port: {error}") from error
    return raw


def event_types(raw: Optional[str]) -> Optional[List[str]]:
    """``job.succeeded,job.failed`` -> the types; a usage error for an unknown one."""
    if raw is None:
        return None
    types = [kind.strip() for kind in raw.split(",") if kind.strip()]
    if not types:
        raise ListenUsageError("--events lists at least one event type.")
    for kind in types:
        if kind not in EVENT_TYPES:
            raise ListenUsageError(f'"{kind[:40]}" is not an event type: one of {", ".join(EVENT_TYPES)}.')
    return list(dict.fromkeys(types))


def _clock() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def _printable(text: str) -> str:
    return _UNPRINTABLE.sub(" ", text)


def forward(url: str, secret: str, event: StreamedEvent, timeout: float = FORWARD_TIMEOUT) -> Tuple[Optional[int], Optional[str]]:
    """POSTs one event as a webhook delivery; ``(status, None)`` or ``(None, why)``. Never raises."""
    timestamp = int(time.time())
    body = event["body"].encode("utf-8")
    headers = {
        "Content-Type": "application/json",
        "User-Agent": f"visionapi-cli/{VERSION} (listen; python)",
        "webhook-id": event["id"],
        "webhook-timestamp": str(timestamp),
        "webhook-signature": sign(secret, event["id"], timestamp, body),
    }
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        # No redirects: a webhook delivery takes a 3xx as the receiver's answer.
        with _OPENER.open(request, timeout=timeout) as answer:
            answer.read(_MAX_ANSWER_BYTES)
            return answer.status, None
    except urllib.error.HTTPError as answer:
        with answer:
            answer.read(_MAX_ANSWER_BYTES)
        return answer.code, None
    except (socket.timeout, TimeoutError):
        return None, f"timed out after {timeout:g} s"
    except urllib.error.URLError as error:
        reason = error.reason
        if isinstance(reason, (socket.timeout, TimeoutError)):
            return None, f"timed out after {timeout:g} s"
        if isinstance(reason, ConnectionRefusedError):
            return None, "ECONNREFUSED (is your server running?)"
        return None, _printable(str(reason))[:200]
    except (http.client.HTTPException, OSError) as error:
        return None, _printable(str(error))[:200]


def listen(
    client: VisionAPI,
    forward_to: str,
    *,
    types: Optional[Sequence[str]] = None,
    print_json: bool = False,
    out: Callable[[str], None],
    status: Callable[[str], None],
    secret: Optional[str] = None,
    initial_retry_delay: float = 0.5,
    timeout: float = FORWARD_TIMEOUT,
) -> None:
    """Forwards until interrupted (KeyboardInterrupt); API errors a retry cannot fix are raised."""
    url = forward_url(forward_to)
    secret = secret or generate_secret()
    ready = [False]

    def on_connect(after: Optional[str], attempt: int) -> None:
        if not ready[0]:
            ready[0] = True
            status(
                f"Ready! Your webhook signing secret is {secret} (^C to quit)\n"
                f"Forwarding {', '.join(types) if types else 'every event'} to {url}\n"
            )
        else:
            status(f"{_clock()}  Reconnected{f', resuming after {after}' if after else ''}\n")

    def on_disconnect(error: Exception, delay: float) -> None:
        status(
            f"{_clock()}  Lost the event stream ({_printable(str(error))[:200]}); reconnecting in {max(1, round(delay))} s\n"
        )

    def on_resume_refused(error: APIError) -> bool:
        status(f"{_clock()}  Could not resume: {_printable(error.message)[:300]} Going on with new events.\n")
        return True

    for event in client.events.stream(
        types=types,
        initial_retry_delay=initial_retry_delay,
        on_connect=on_connect,
        on_disconnect=on_disconnect,
        on_resume_refused=on_resume_refused,
    ):
        code, error = forward(url, secret, event, timeout)
        outcome = f"[{code}]" if code is not None else f"[error: {error}]"
        line = f"{_clock()}  {str(event['type']).ljust(17)}  {event['id']}  {outcome} POST {url}\n"
        if print_json:
            out(json.dumps({"id": event["id"], **event["event"]}, ensure_ascii=False) + "\n")
            status(line)
        else:
            out(line)
