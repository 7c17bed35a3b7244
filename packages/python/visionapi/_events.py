"""The organization's events (``client.events``): listed and read one by one through the generated
operations, and streamed live from ``GET /v1/events/stream`` (Server-Sent Events) as a generator
that reconnects by itself::

    for event in client.events.stream(types=["job.succeeded"]):
        ...

A dropped or silent connection (nothing for ``idle_timeout`` seconds; the server sends a comment
every 15 s) is reopened with backoff and ``Last-Event-ID``, so the server first resends what was
missed; an id already yielded is never yielded again. Errors a retry cannot fix (401, 403, a bad
request) are raised; 429 and 5xx wait (``Retry-After``) and retry. The same behaviour as the
TypeScript SDK's ``client.events.stream()``."""
from __future__ import annotations

import http.client
import json
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Optional, Sequence

from ._exceptions import APIConnectionError, APIError, VisionAPIError
from ._http import _OPENER, _lower, error_from_answer
from ._retry import backoff_seconds, is_retryable_answer, retry_after_seconds

if TYPE_CHECKING:
    from ._client import VisionAPI

EVENT_TYPES = ("job.succeeded", "job.failed", "balance.low", "key.paused", "payment.succeeded", "test")
_EVENT_ID = re.compile(r"evt_[0-9a-f]{24}")
#: Longest line (and frame) the stream accepts; an event's body is far smaller.
MAX_FRAME_BYTES = 1024 * 1024
_REMEMBERED_IDS = 4096
_LINE_END = re.compile(rb"[\r\n]")


class StreamedEvent(Dict[str, Any]):
    """One event of the stream: ``id`` (``evt_...``, what a webhook delivery carries as
    ``webhook-id``), ``type``, ``body`` (the JSON body of a webhook delivery, exactly as sent: forward
    it as it is) and ``event`` (the body parsed: ``type``, ``timestamp``, ``data``)."""


class SseParser:
    """Splits Server-Sent Events lines into frames (id, event, data)."""

    def __init__(self) -> None:
        self._data: List[str] = []
        self._id: Optional[str] = None
        self._event: Optional[str] = None
        self._size = 0

    def line(self, line: str) -> Optional[Dict[str, Optional[str]]]:
        """Feeds one line (without its end); returns a frame when the line completes one."""
        if line == "":
            frame = (
                {"id": self._id, "event": self._event, "data": "\n".join(self._data)} if self._data else None
            )
            self._data, self._id, self._event, self._size = [], None, None, 0
            return frame
        if line.startswith(":"):
            return None
        field, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        self._size += len(value)
        if self._size > MAX_FRAME_BYTES:
            raise VisionAPIError("An event stream frame is larger than 1 MiB.")
        if field == "data":
            self._data.append(value)
        elif field == "event":
            self._event = value
        elif field == "id" and "\0" not in value:
            self._id = value
        return None


def _lines(response: Any) -> Iterator[str]:
    """The lines of an answer (\\n, \\r\\n or \\r ends), bounded."""
    pending = b""
    while True:
        chunk = response.read1(65536) if hasattr(response, "read1") else response.read(1)
        if not chunk:
            return
        pending += chunk
        while True:
            found = _LINE_END.search(pending)
            if not found:
                break
            cut = found.start()
            if pending[cut] == 13 and cut == len(pending) - 1:
                break  # \r at the end may be the first half of \r\n
            width = 2 if pending[cut] == 13 and pending[cut + 1 : cut + 2] == b"\n" else 1
            line, pending = pending[:cut], pending[cut + width :]
            yield line.decode("utf-8", "replace")
        if len(pending) > MAX_FRAME_BYTES:
            raise VisionAPIError("An event stream line is larger than 1 MiB.")


def stream_events(
    client: "VisionAPI",
    *,
    types: Optional[Sequence[str]] = None,
    after: Optional[str] = None,
    idle_timeout: float = 45.0,
    initial_retry_delay: float = 0.5,
    max_retry_delay: float = 30.0,
    on_connect: Optional[Callable[[Optional[str], int], None]] = None,
    on_disconnect: Optional[Callable[[Exception, float], None]] = None,
    on_resume_refused: Optional[Callable[[APIError], bool]] = None,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[StreamedEvent]:
    """The stream (see the module's comment). ``on_resume_refused`` is called when the server cannot
    resume after the last id (404: the event is gone; 410: too much was missed, read it with
    ``events.list``): return True to go on from new events; by default the error is raised."""
    wanted = list(dict.fromkeys(types)) if types is not None else None
    for kind in wanted or []:
        if kind not in EVENT_TYPES:
            raise VisionAPIError(f'"{str(kind)[:40]}" is not an event type.')
    if after is not None and not _EVENT_ID.fullmatch(after):
        raise VisionAPIError("`after` is an event id (evt_ and 24 hex characters).")
    from ._client import USER_AGENT

    query = f"?{urllib.parse.urlencode({'types': ','.join(wanted)})}" if wanted else ""
    url = f"{client.api_url}/v1/events/stream{query}"
    last_id = after
    yielded: "OrderedDict[str, bool]" = OrderedDict()
    failures = 0
    attempt = 0

    def wait(error: Exception, delay: float) -> None:
        if on_disconnect:
            on_disconnect(error, delay)
        sleep(delay)

    while True:
        # Asked each time: an ID token given as a function is refreshed for each connection.
        credentials = client._credentials()
        if not credentials:
            raise VisionAPIError(
                "The event stream needs credentials: pass admin_key (or set VISIONAPI_ADMIN_KEY) or id_token."
            )
        headers = {
            **client._headers,
            "Accept": "text/event-stream",
            "Authorization": f"Bearer {credentials}",
            "User-Agent": USER_AGENT,
        }
        if client._organization_id:
            headers["x-organization-id"] = client._organization_id
        if last_id:
            headers["Last-Event-ID"] = last_id
        request = urllib.request.Request(url, headers=headers, method="GET")
        try:
            response = _OPENER.open(request, timeout=idle_timeout)
        except urllib.error.HTTPError as answer:
            with answer:
                text = answer.read(65536).decode("utf-8", "replace")
                answer_headers = _lower(answer.headers)
            error = error_from_answer(answer.code, str(answer.reason or ""), answer_headers, text, attempt + 1)
            if answer.code in (404, 410) and last_id is not None:
                if on_resume_refused and on_resume_refused(error):
                    last_id = None
                    continue
                raise error
            if not is_retryable_answer(answer.code, error.code, answer_headers):
                raise error
            asked = retry_after_seconds(answer_headers)
            delay = asked if asked is not None else backoff_seconds(failures, initial_retry_delay, max_retry_delay)
            failures += 1
            wait(error, delay)
            continue
        except (urllib.error.URLError, http.client.HTTPException, OSError) as error:
            cause = getattr(error, "reason", error)
            lost = APIConnectionError(f"Could not reach the event stream: {cause}", 1)
            wait(lost, backoff_seconds(failures, initial_retry_delay, max_retry_delay))
            failures += 1
            continue
        if on_connect:
            on_connect(last_id, attempt)
        attempt += 1
        received = False
        parser = SseParser()
        try:
            with response:
                for line in _lines(response):
                    received = True
                    frame = parser.line(line)
                    if not frame or not frame["id"] or not _EVENT_ID.fullmatch(frame["id"]):
                        continue
                    event_id = frame["id"]
                    if event_id in yielded:
                        continue
                    try:
                        parsed = json.loads(frame["data"] or "")
                    except ValueError:
                        continue
                    yielded[event_id] = True
                    if len(yielded) > _REMEMBERED_IDS:
                        yielded.popitem(last=False)
                    last_id = event_id
                    yield StreamedEvent(
                        id=event_id,
                        type=frame["event"] or parsed.get("type"),
                        body=frame["data"],
                        event=parsed,
                    )
            if received:
                failures = 0
            ended: Exception = APIConnectionError("The event stream ended.", 1)
        except (socket.timeout, TimeoutError):
            ended = APIConnectionError(f"The event stream was silent for {idle_timeout:g} s.", 1)
        except (http.client.HTTPException, OSError) as error:
            ended = APIConnectionError(f"The event stream was cut: {error}", 1)
        wait(ended, backoff_seconds(failures, initial_retry_delay, max_retry_delay))
        failures += 1


class Events:
    """``client.events``: list and get (the generated operations) and the live stream."""

    def __init__(self, client: "VisionAPI") -> None:
        self._client = client

    def list(self, **request: Any) -> Any:
        """Events of the organization, newest first (``GET /v1/events``)."""
        return self._client.account.list_events(**request)

    def get(self, event_id: str, **options: Any) -> Any:
        """One event (``GET /v1/events/{event_id}``)."""
        return self._client.account.get_event(event_id=event_id, **options)

    def stream(self, **options: Any) -> Iterator[StreamedEvent]:
        """The organization's events as they happen (``GET /v1/events/stream``); see stream_events."""
        return stream_events(self._client, **options)
