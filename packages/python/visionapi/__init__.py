"""The official Python SDK of VisionAPI: every public deployment of the services host and every
operation of the account API, with retries, automatic idempotency keys, optional client-side
resizing (Pillow) and typed errors. Standard library only. See README.md."""
from ._client import (
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    MAX_BATCH_IMAGES,
    PRODUCTION_API_URL,
    PRODUCTION_SERVICES_URL,
    VERSION,
    Account,
    VisionAPI,
)
from ._exceptions import (
    APIConnectionError,
    APIConnectionTimeoutError,
    APIError,
    ImageInputError,
    VisionAPIError,
)
from ._generated import *  # noqa: F401,F403 - error classes, types and tables
from ._generated import ACCOUNT_OPERATIONS, DEPLOYMENTS, ERROR_CLASSES, ERROR_CODES
from ._http import RateLimit, ResponseMeta, SpendCap
from ._jobs import TERMINAL_JOB_STATUSES, Job
from ._events import EVENT_TYPES, Events, SseParser, StreamedEvent
from ._webhooks import WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError, generate_secret, sign, unwrap

__version__ = VERSION

__all__ = [
    "VisionAPI",
    "Account",
    "VisionAPIError",
    "APIError",
    "APIConnectionError",
    "APIConnectionTimeoutError",
    "ImageInputError",
    "Job",
    "TERMINAL_JOB_STATUSES",
    "MAX_BATCH_IMAGES",
    "WebhookVerificationError",
    "WEBHOOK_TOLERANCE_SECONDS",
    "unwrap",
    "sign",
    "generate_secret",
    "Events",
    "EVENT_TYPES",
    "SseParser",
    "StreamedEvent",
    "ResponseMeta",
    "RateLimit",
    "SpendCap",
    "ERROR_CLASSES",
    "ERROR_CODES",
    "DEPLOYMENTS",
    "ACCOUNT_OPERATIONS",
    "PRODUCTION_API_URL",
    "PRODUCTION_SERVICES_URL",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT",
    "__version__",
]
