"""Images in: a path, bytes, a file object or an http(s) URL, read with a size bound, then resized to
MAX_PROCESSING_SIDE on the long side when larger, with Pillow when it is importable (EXIF orientation
applied first, as the services host does). The standard library cannot decode JPEG or WebP, so
without Pillow the image is sent as it is and the services host scales it itself.

Answers refer to the image as sent, so a resized call's boxes and ``image.original_*`` are scaled
back to the caller's image (restore_scale): results read the same with and without resizing.
"""
from __future__ import annotations

import base64
import io
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import IO, Any, Dict, Optional, Tuple, Union

from ._exceptions import ImageInputError
from ._generated import MAX_PROCESSING_SIDE

#: Largest image read before resizing, in bytes.
MAX_INPUT_BYTES = 64 * 1024 * 1024

# A path, a URL (downloaded by the SDK), bytes or a file; or {"image_url": url}, fetched by the
# services host.
ImageInput = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", IO[bytes], Dict[str, str]]


@dataclass
class PreparedImage:
    data: bytes
    #: Set when the image was resized: its oriented size before.
    original: Optional[Tuple[int, int]]


def _too_large(size: int) -> ImageInputError:
    return ImageInputError(f"The image is {size} bytes; at most {MAX_INPUT_BYTES} are read.")


def _from_url(url: str, timeout: float) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            declared = response.headers.get("content-length")
            if declared and declared.isdigit() and int(declared) > MAX_INPUT_BYTES:
                raise _too_large(int(declared))
            data = response.read(MAX_INPUT_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise ImageInputError(f"Downloading the image answered {error.code}.") from error
    except (urllib.error.URLError, OSError) as error:
        raise ImageInputError(f"Could not download the image: {error}") from error
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(len(data))
    return data


def _from_data_url(text: str) -> bytes:
    head, _, payload = text.partition(",")
    if not head.endswith(";base64") or not payload:
        raise ImageInputError("A data URL image must be base64 (data:image/png;base64,...).")
    if len(payload) * 3 // 4 > MAX_INPUT_BYTES:
        raise _too_large(len(payload) * 3 // 4)
    try:
        return base64.b64decode(payload, validate=True)
    except ValueError as error:
        raise ImageInputError("The data URL is not valid base64.") from error


def read_image(image: ImageInput, timeout: float = 60.0) -> bytes:
    """The image's bytes, whatever was passed."""
    if isinstance(image, (bytes, bytearray, memoryview)):
        if len(image) > MAX_INPUT_BYTES:
            raise _too_large(len(image))
        return bytes(image)
    if hasattr(image, "read"):
        data = image.read(MAX_INPUT_BYTES + 1)  # type: ignore[union-attr]
        if len(data) > MAX_INPUT_BYTES:
            raise _too_large(len(data))
        return bytes(data)
    if isinstance(image, str):
        lowered = image[:8].lower()
        if lowered.startswith(("http://", "https://")):
            return _from_url(image, timeout)
        if lowered.startswith("data:"):
            return _from_data_url(image)
    path = os.fspath(image)  # type: ignore[arg-type]
    try:
        size = os.path.getsize(path)
    except OSError as error:
        raise ImageInputError(f"No image file at {path}.") from error
    if size > MAX_INPUT_BYTES:
        raise _too_large(size)
    with open(path, "rb") as file:
        return file.read()


def _fitted(width: int, height: int) -> Tuple[int, int]:
    scale = MAX_PROCESSING_SIDE / max(width, height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def resize_with_pillow(data: bytes) -> Optional[PreparedImage]:
    """The image at MAX_PROCESSING_SIDE on its long side, or None (small, no Pillow, not an image)."""
    try:
        from PIL import Image, ImageOps
    except ImportError:
        return None
    try:
        opened = Image.open(io.BytesIO(data))
        source_format = (opened.format or "JPEG").upper()
        oriented = ImageOps.exif_transpose(opened)
        width, height = oriented.size
        if max(width, height) <= MAX_PROCESSING_SIDE:
            return None
        out_format = source_format if source_format in ("PNG", "WEBP") else "JPEG"
        resized = oriented.resize(_fitted(width, height))
        if out_format == "JPEG" and resized.mode not in ("RGB", "L"):
            resized = resized.convert("RGB")
        buffer = io.BytesIO()
        options: Dict[str, Any] = {} if out_format == "PNG" else {"quality": 90}
        resized.save(buffer, format=out_format, **options)
        return PreparedImage(buffer.getvalue(), (width, height))
    except Exception:  # noqa: BLE001 - Pillow raises many kinds; the services host judges the image
        return None


def prepare_image(image: ImageInput, resize: bool, timeout: float = 60.0) -> PreparedImage:
    data = read_image(image, timeout)
    if resize:
        resized = resize_with_pillow(data)
        if resized is not None:
            return resized
    return PreparedImage(data, None)


def restore_scale(result: Any, original: Optional[Tuple[int, int]]) -> Any:
    """An answer to a resized image, as if the caller's image had been sent."""
    if not original or not isinstance(result, dict):
        return result
    info = result.get("image")
    if not isinstance(info, dict) or not info.get("original_width") or not info.get("original_height"):
        return result
    sx = original[0] / info["original_width"]
    sy = original[1] / info["original_height"]
    for item in list(result.get("predictions") or []) + list(result.get("segments") or []):
        box = item.get("box") if isinstance(item, dict) else None
        if not isinstance(box, dict):
            continue
        for key in ("x_min", "x_max"):
            if key in box:
                box[key] = round(box[key] * sx, 2)
        for key in ("y_min", "y_max"):
            if key in box:
                box[key] = round(box[key] * sy, 2)
    info["original_width"], info["original_height"] = original
    return result
