"""Errors. Every failed answer is an APIError (or the subclass for its ``code``, in _generated.py)
with the server's ``error_message``, stable ``code``, ``request_id`` and ``details``; a request that
got no answer is an APIConnectionError."""
from __future__ import annotations

from typing import Any, Dict, Optional, Union

Details = Dict[str, Union[str, int, float, bool, None]]


class VisionAPIError(Exception):
    """Base of every error the SDK raises."""


class APIError(VisionAPIError):
    """An error answer of either server."""

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: Optional[str],
        request_id: Optional[str],
        details: Optional[Details],
        headers: Dict[str, str],
        should_retry: Optional[bool],
        attempts: int,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        #: Stable: branch on it. None when the answer had no code (a proxy's page, say).
        self.code = code
        #: The answer's ``x-request-id``: quote it to support.
        self.request_id = request_id
        self.details = details
        self.headers = headers
        #: What the answer's ``x-should-retry`` said, when it said it.
        self.should_retry = should_retry
        #: Attempts made before giving up.
        self.attempts = attempts

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status}, code={self.code!r}, message={self.message!r})"


class APIConnectionError(VisionAPIError):
    """No answer: the connection failed or was cut."""

    def __init__(self, message: str, attempts: int) -> None:
        super().__init__(message)
        self.attempts = attempts


class APIConnectionTimeoutError(APIConnectionError):
    """No answer within the call's timeout."""


class ImageInputError(VisionAPIError):
    """An image that cannot be read (missing file, unreadable URL, too large)."""


def error_details(value: Any) -> Optional[Details]:
    return value if isinstance(value, dict) else None
