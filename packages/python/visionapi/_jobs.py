"""Async jobs: a deployment call sent with ``Prefer: respond-async``
(``run(path, image, async_=True)``) answers 202 with a job at once. ``job.wait()`` polls
``GET /jobs/{id}`` with backoff until it has finished, within a bounded time; ``job.cancel()``
gives its held price back."""
from __future__ import annotations

import time
from typing import Any, Callable, Dict, Optional

from ._exceptions import VisionAPIError

TERMINAL_JOB_STATUSES = ("succeeded", "failed", "canceled")

#: The fields of a job, as the services host shows it.
JOB_FIELDS = (
    "object",
    "id",
    "status",
    "deployment",
    "price_usd",
    "created_at",
    "started_at",
    "finished_at",
    "expires_at",
    "retention_hours",
    "result",
    "error",
)


class Job:
    """A job: ``status`` goes ``queued`` → ``running`` → ``succeeded`` | ``failed`` |
    ``canceled``; ``result`` is the deployment's answer once ``succeeded``, ``error``
    (``{"code", "message"}``) once ``failed``. ``price_usd`` was held when it was accepted: charged
    once if it succeeds, released in full otherwise."""

    def __init__(
        self,
        data: Dict[str, Any],
        fetch: Callable[[str, str], Dict[str, Any]],
        finish: Callable[[Any], Any],
        meta: Any = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._fetch = fetch
        self._finish = finish
        self._sleep = sleep
        self._clock = clock
        #: The metadata of the answer that created it (status 202, request id, ...), if any.
        self.meta = meta
        self.id: str = ""
        self.status: str = ""
        self.result: Any = None
        self.error: Optional[Dict[str, Any]] = None
        self._apply(data)

    def _apply(self, data: Dict[str, Any]) -> None:
        for name in JOB_FIELDS:
            setattr(self, name, data.get(name))
        if self.result is not None:
            self.result = self._finish(self.result)

    @property
    def done(self) -> bool:
        """True once ``succeeded``, ``failed`` or ``canceled``."""
        return self.status in TERMINAL_JOB_STATUSES

    def refresh(self) -> "Job":
        """Reads the job again (``GET /jobs/{id}``)."""
        self._apply(self._fetch("GET", self.id))
        return self

    def cancel(self) -> "Job":
        """Cancels it (``POST /jobs/{id}/cancel``): its held price goes back in full."""
        self._apply(self._fetch("POST", self.id))
        return self

    def wait(self, timeout: float = 600.0, initial_interval: float = 0.5, max_interval: float = 5.0) -> "Job":
        """Polls until the job has finished, pausing ``initial_interval`` seconds and 1.5 times
        longer each time up to ``max_interval``, for at most ``timeout`` seconds (then raises
        ``VisionAPIError``). Returns the job: check ``status``."""
        interval = min(initial_interval, max_interval)
        until = self._clock() + timeout
        while not self.done:
            left = until - self._clock()
            if left <= 0:
                raise VisionAPIError(
                    f"Job {self.id} is still {self.status} after {timeout:g} s: call wait() again, or cancel() it."
                )
            self._sleep(min(interval, left))
            interval = min(interval * 1.5, max_interval)
            self.refresh()
        return self

    def to_dict(self) -> Dict[str, Any]:
        return {name: getattr(self, name) for name in JOB_FIELDS}

    def __repr__(self) -> str:
        return f"Job(id={self.id!r}, status={self.status!r})"
