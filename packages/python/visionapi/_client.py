"""The client: settings (arguments, then environment variables, then production defaults), and the
two calls every generated method makes: a deployment on the services host (_run) and an operation
of the account API (_call). Requests, retries and errors are _http.py; images are _images.py."""
from __future__ import annotations

import base64
import copy
import json
import os
import re
import urllib.parse
import uuid
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ._events import Events
from ._exceptions import VisionAPIError
from ._generated import ACCOUNT_OPERATIONS, DEPLOYMENTS, _AccountMethods, _DeploymentMethods
from ._http import HttpRequest, Settings, send
from ._images import ImageInput, prepare_image, restore_scale
from ._jobs import Job

_JOB_ID = re.compile(r"[\w-]{1,64}")
#: Most images in one batch (``run_batch``).
MAX_BATCH_IMAGES = 16

PRODUCTION_SERVICES_URL = "https://services.visionapi.dev"
PRODUCTION_API_URL = "https://api.visionapi.dev"
DEFAULT_MAX_RETRIES = 2
DEFAULT_TIMEOUT = 60.0
VERSION = "0.1.0"
USER_AGENT = f"visionapi-python/{VERSION}"


def _env(name: str) -> Optional[str]:
    value = os.environ.get(name, "").strip()
    return value or None


def _base(url: str, name: str) -> str:
    parsed = urllib.parse.urlsplit(url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise VisionAPIError(f"{name} must be an http(s) URL (got {url[:200]!r}).")
    # "https://api.example.com/v1/" and "https://api.example.com" name the same API.
    path = parsed.path.rstrip("/")
    if path.endswith("/v1"):
        path = path[:-3]
    return f"{parsed.scheme}://{parsed.netloc}{path}"


class Account(_AccountMethods):
    """Every operation of the account API (/v1), one method each."""

    def __init__(self, client: "VisionAPI") -> None:
        self._client = client

    def _call(self, operation: str, request: Dict[str, Any], options: Dict[str, Any]) -> Any:
        return self._client._call(operation, request, options)


class VisionAPI(_DeploymentMethods):
    """The VisionAPI client: ``VisionAPI().object_detection("photo.jpg")``.

    Settings default to the environment: ``VISIONAPI_API_KEY`` (services host),
    ``VISIONAPI_ADMIN_KEY`` or ``VISIONAPI_ID_TOKEN`` (account API), ``VISIONAPI_ORGANIZATION_ID``,
    ``VISIONAPI_SERVICES_URL`` and ``VISIONAPI_API_URL`` (production when unset).
    """

    def __init__(
        self,
        *,
        api_key: Optional[str] = None,
        admin_key: Optional[str] = None,
        id_token: Union[str, Callable[[], str], None] = None,
        organization_id: Optional[str] = None,
        services_url: Optional[str] = None,
        api_url: Optional[str] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: float = DEFAULT_TIMEOUT,
        initial_retry_delay: float = 0.5,
        max_retry_delay: float = 8.0,
        max_retry_after: float = 60.0,
        resize: bool = True,
        default_headers: Optional[Dict[str, str]] = None,
    ) -> None:
        self._api_key = api_key if api_key is not None else _env("VISIONAPI_API_KEY")
        self._admin_key = admin_key if admin_key is not None else _env("VISIONAPI_ADMIN_KEY")
        self._id_token = id_token if id_token is not None else _env("VISIONAPI_ID_TOKEN")
        self._organization_id = organization_id or _env("VISIONAPI_ORGANIZATION_ID")
        self.services_url = _base(
            services_url or _env("VISIONAPI_SERVICES_URL") or PRODUCTION_SERVICES_URL, "services_url"
        )
        self.api_url = _base(api_url or _env("VISIONAPI_API_URL") or PRODUCTION_API_URL, "api_url")
        if not isinstance(max_retries, int) or not 0 <= max_retries <= 10:
            raise VisionAPIError("max_retries is an integer from 0 to 10.")
        self._settings = Settings(
            max_retries=max_retries,
            timeout=timeout,
            initial_retry_delay=initial_retry_delay,
            max_retry_delay=max_retry_delay,
            max_retry_after=max_retry_after,
        )
        self._resize = resize
        self._headers = dict(default_headers or {})
        self._return_meta = False
        #: Every operation of the account API (/v1), one method each.
        self.account = Account(self)
        #: The organization's events: ``list``, ``get`` and ``stream()`` (live, a generator).
        self.events = Events(self)

    @property
    def with_meta(self) -> "VisionAPI":
        """The same client, whose calls return ``(data, meta)``: request id, attempts, replay,
        rate limit and spend cap of the answer."""
        twin = copy.copy(self)
        twin._return_meta = True
        twin.account = Account(twin)
        twin.events = Events(twin)
        return twin

    def run(self, deployment: str, image: ImageInput, params: Optional[Dict[str, Any]] = None, **options: Any) -> Any:
        """Any deployment by its path, e.g. ``run("image-segmentation/semantic", "photo.jpg")``.

        With ``async_=True``: a :class:`Job` at once (``Prefer: respond-async``); ``job.wait()``
        polls it until it has finished and ``job.result`` is the answer."""
        return self._run(deployment, image, dict(params or {}), options)

    def run_batch(
        self,
        deployment: str,
        images: Sequence[ImageInput],
        params: Optional[Dict[str, Any]] = None,
        **options: Any,
    ) -> Any:
        """Up to 16 images in one call (``images``), the parameters shared: a batch answer
        ``{"object": "batch", "results": [...], "usage"}`` with one result per image in the same
        order, each ``{"index", "status": 200, "result"}`` (the deployment's answer, with its own
        ``usage``) or ``{"index", "status", "error"}``; only the images that answered are charged.

        With ``async_=True``: one :class:`Job` at once (``Prefer: respond-async``) whose
        ``price_usd`` is the sum of its images' prices; ``job.wait()`` and ``job.result`` is the
        batch answer."""
        if isinstance(images, (str, bytes, bytearray, dict)) or not 1 <= len(images) <= MAX_BATCH_IMAGES:
            raise VisionAPIError(f"A batch is 1 to {MAX_BATCH_IMAGES} images (a list).")
        return self._run(deployment, list(images), dict(params or {}), options)

    def get_job(self, job_id: str, **options: Any) -> Job:
        """A job by its id (``GET /jobs/{id}`` on the services host), to wait for or cancel."""
        fetch = self._job_fetch(options)
        return Job(fetch("GET", job_id), fetch, lambda result: result, sleep=self._settings.sleep)

    def _job_fetch(self, options: Dict[str, Any]) -> Any:
        def fetch(method: str, job_id: str) -> Dict[str, Any]:
            if not isinstance(job_id, str) or not _JOB_ID.fullmatch(job_id):
                raise VisionAPIError("Not a job id.")
            if not self._api_key:
                raise VisionAPIError("No API key: pass api_key or set VISIONAPI_API_KEY.")
            data, _meta = send(
                self._settings,
                HttpRequest(
                    method=method,
                    url=f"{self.services_url}/jobs/{urllib.parse.quote(job_id, safe='')}"
                    + ("/cancel" if method == "POST" else ""),
                    headers={**self._headers, "api-key": self._api_key, "User-Agent": USER_AGENT},
                    body=None,
                    idempotency_key=None,
                    # Reading a job, or canceling it, twice is harmless.
                    retry_without_answer=True,
                    produces="json",
                    **self._request_settings(options),
                ),
            )
            return data

        return fetch

    def paginate(self, operation: str, **request: Any) -> Iterator[Dict[str, Any]]:
        """Every item of a paged list, fetching pages as they are read:
        ``for tx in client.paginate("list_transactions", limit=100): ...``."""
        info = ACCOUNT_OPERATIONS.get(operation)
        if not info or not info["page_items"]:
            paged = [name for name, spec in ACCOUNT_OPERATIONS.items() if spec["page_items"]]
            raise VisionAPIError(f"{operation} is not a paged list: one of {', '.join(paged)}.")
        options = {name: request.pop(name) for name in ("organization_id", "timeout", "max_retries") if name in request}
        limit = request.pop("limit", None) or 100
        request.pop("skip", None)
        skip = 0
        while True:
            page = self._call(operation, {**request, "skip": skip, "limit": limit}, options, meta=False)
            items = page.get(info["page_items"]) or []
            yield from items
            skip += len(items)
            total = page.get("total_count", page.get("total"))
            if not items or len(items) < limit or page.get("has_more") is False or (
                isinstance(total, int) and skip >= total
            ):
                return

    def _request_settings(self, options: Dict[str, Any]) -> Dict[str, Any]:
        return {
            "max_retries": options.get("max_retries")
            if options.get("max_retries") is not None
            else self._settings.max_retries,
            "timeout": options.get("timeout") or self._settings.timeout,
        }

    def _run(
        self, path: str, image: Union[ImageInput, List[ImageInput]], params: Dict[str, Any], options: Dict[str, Any]
    ) -> Any:
        if path not in DEPLOYMENTS:
            raise VisionAPIError(f'No public deployment "{path[:100]}": one of {", ".join(DEPLOYMENTS)}.')
        if not self._api_key:
            raise VisionAPIError("No API key: pass api_key or set VISIONAPI_API_KEY (create one on the API keys page).")
        settings = self._request_settings(options)
        resize = self._resize if options.get("resize") is None else options.get("resize")

        def one(item: ImageInput) -> Tuple[Dict[str, Any], Any]:
            # {"image_url": "https://..."}: the services host fetches the image itself (nothing
            # uploaded; nothing charged when its fetch fails).
            if isinstance(item, dict) and "image_url" in item:
                return {"image_url": str(item["image_url"])}, None
            prepared = prepare_image(item, resize, settings["timeout"])
            return {"image": base64.b64encode(prepared.data).decode("ascii")}, prepared.original

        # A list: a batch (`images`), each image as one call's would be sent.
        batch = [one(item) for item in image] if isinstance(image, list) else None
        originals = [original for _part, original in batch] if batch is not None else None
        if batch is not None:
            body: Dict[str, Any] = {"images": [part for part, _original in batch]}
            finish: Callable[[Any], Any] = lambda result: _restore_batch(result, originals or [])
        else:
            part, original = one(image)
            body = dict(part)
            finish = (lambda result: restore_scale(result, original)) if original is not None else (lambda result: result)
        body.update({name: value for name, value in params.items() if value is not None})
        run_async = bool(options.get("async_"))
        data, meta = send(
            self._settings,
            HttpRequest(
                method="POST",
                url=f"{self.services_url}/{path}",
                headers={
                    **self._headers,
                    "api-key": self._api_key,
                    "Content-Type": "application/json",
                    "User-Agent": USER_AGENT,
                    **({"Prefer": "respond-async"} if run_async else {}),
                },
                body=json.dumps(body).encode("utf-8"),
                idempotency_key=options.get("idempotency_key") or str(uuid.uuid4()),
                retry_without_answer=True,
                produces="json",
                **settings,
            ),
        )
        if run_async:
            if meta.status != 202:
                raise VisionAPIError(
                    f"Expected 202 with a job, got {meta.status}: is the services host older than async jobs?"
                )
            job = Job(data, self._job_fetch(options), finish, meta, sleep=self._settings.sleep)
            return (job, meta) if self._return_meta else job
        data = finish(data)
        return (data, meta) if self._return_meta else data

    def _credentials(self) -> Optional[str]:
        token = self._id_token() if callable(self._id_token) else self._id_token
        return token or self._admin_key

    def _call(
        self, operation: str, request: Dict[str, Any], options: Dict[str, Any], meta: Optional[bool] = None
    ) -> Any:
        info = ACCOUNT_OPERATIONS[operation]
        fields = {name: value for name, value in request.items() if value is not None}
        path = info["path"]
        for name in info["path_params"]:
            value = fields.pop(name, None)
            if value in (None, ""):
                raise VisionAPIError(f"{operation} needs {name}.")
            path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        query = {name: fields.pop(name) for name in info["query"] if name in fields}
        headers = {**self._headers, "User-Agent": USER_AGENT}
        for name, header in info["headers"].items():
            if name in fields:
                headers[header] = str(fields.pop(name))
        credentials = self._credentials()
        if credentials:
            headers["Authorization"] = f"Bearer {credentials}"
        elif info["access"] != "public":
            raise VisionAPIError(
                f"{operation} needs credentials: pass admin_key (or set VISIONAPI_ADMIN_KEY) or id_token."
            )
        organization = options.get("organization_id") or self._organization_id
        if info["access"] == "member" and organization:
            headers["x-organization-id"] = organization
        body: Optional[bytes] = None
        if info["body"] is not None:
            body = json.dumps(fields).encode("utf-8")
            headers["Content-Type"] = "application/json"
        elif fields:
            raise VisionAPIError(f"{operation} takes no {', '.join(fields)}.")
        search = urllib.parse.urlencode({name: _query_value(value) for name, value in query.items()})
        data, answer_meta = send(
            self._settings,
            HttpRequest(
                method=info["method"],
                url=f"{self.api_url}/v1{path}{'?' + search if search else ''}",
                headers=headers,
                body=body,
                idempotency_key=(options.get("idempotency_key") or str(uuid.uuid4())) if info["idempotent"] else None,
                retry_without_answer=info["method"] != "POST" or info["idempotent"],
                produces=info["produces"],
                **self._request_settings(options),
            ),
        )
        with_meta = self._return_meta if meta is None else meta
        return (data, answer_meta) if with_meta else data


def _restore_batch(answer: Any, originals: List[Any]) -> Any:
    """Each answer of a batch read in its caller's pixels (the images the client resized)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("results"), list):
        return answer
    for item in answer["results"]:
        if not isinstance(item, dict) or item.get("status") != 200 or "result" not in item:
            continue
        index = item.get("index")
        if isinstance(index, int) and 0 <= index < len(originals) and originals[index] is not None:
            item["result"] = restore_scale(item["result"], originals[index])
    return answer


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
