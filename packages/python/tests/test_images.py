"""Images through the Python SDK: every kind of input arrives as the same bytes; without Pillow
(this machine's standard library only) the image is sent as it is; with Pillow (here a stand-in
module, so the test needs nothing installed) a large image is oriented, resized to 1024 px in its
own format, and the answer's boxes and sizes are scaled back to the caller's image."""
from __future__ import annotations

import base64
import io
import json
import os
import sys
import tempfile
import types
import unittest
from typing import Any, Dict, List, Tuple
from unittest import mock

from visionapi import ImageInputError
from visionapi._images import resize_with_pillow

from .fake_server import FakeServer
from .test_client import PNG_1PX, SdkTestCase


def sent(request: Dict[str, Any]) -> bytes:
    return base64.b64decode(json.loads(request["body"])["image"])


class InputTest(SdkTestCase):
    def test_reads_a_path_bytes_a_file_a_data_url_and_an_http_url_alike(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "small.png")
            with open(path, "wb") as file:
                file.write(PNG_1PX)
            data_url = "data:image/png;base64," + base64.b64encode(PNG_1PX).decode()
            for image in (path, PNG_1PX, bytearray(PNG_1PX), io.BytesIO(PNG_1PX), data_url):
                self.server.script({"status": 200, "body": {}})
                self.client().object_detection(image)
                self.assertEqual(sent(self.server.requests[0]), PNG_1PX, type(image))
        pictures = FakeServer()
        try:
            pictures.script({"status": 200, "body": PNG_1PX})
            self.server.script({"status": 200, "body": {}})
            self.client().object_detection(f"{pictures.url}/pictures/small.png")
            self.assertEqual(pictures.requests[0]["url"], "/pictures/small.png")
            self.assertEqual(sent(self.server.requests[0]), PNG_1PX)
        finally:
            pictures.close()

    def test_says_why_an_image_cannot_be_read_and_sends_nothing(self) -> None:
        self.server.script({"status": 200, "body": {}})
        with self.assertRaises(ImageInputError):
            self.client().object_detection("/no/such/picture.png")
        with self.assertRaisesRegex(ImageInputError, "base64"):
            self.client().object_detection("data:image/png,notbase64")
        self.assertEqual(self.server.requests, [])

    def test_without_pillow_sends_the_image_as_it_is(self) -> None:
        with mock.patch.dict(sys.modules, {"PIL": None}):
            self.assertIsNone(resize_with_pillow(PNG_1PX))
            self.server.script({"status": 200, "body": {}})
            self.client().object_detection(PNG_1PX)
        self.assertEqual(sent(self.server.requests[0]), PNG_1PX)


class _Picture:
    """What the stand-in Pillow opens: a size and a format, and what was done to it."""

    def __init__(self, size: Tuple[int, int], fmt: str = "PNG", mode: str = "RGB", log: List[str] = None) -> None:
        self.size = size
        self.format = fmt
        self.mode = mode
        self.log = log if log is not None else []

    def resize(self, size: Tuple[int, int]) -> "_Picture":
        self.log.append(f"resize {size[0]}x{size[1]}")
        return _Picture(size, None, self.mode, self.log)

    def convert(self, mode: str) -> "_Picture":
        self.log.append(f"convert {mode}")
        return _Picture(self.size, None, mode, self.log)

    def save(self, buffer: io.BytesIO, format: str, **options: Any) -> None:
        self.log.append(f"save {format} {options}")
        buffer.write(f"{format}:{self.size[0]}x{self.size[1]}".encode())


def fake_pillow(picture: _Picture) -> Dict[str, types.ModuleType]:
    pil = types.ModuleType("PIL")
    image = types.ModuleType("PIL.Image")
    image.open = lambda _file: picture  # type: ignore[attr-defined]
    ops = types.ModuleType("PIL.ImageOps")

    def exif_transpose(opened: _Picture) -> _Picture:
        opened.log.append("exif_transpose")
        return opened

    ops.exif_transpose = exif_transpose  # type: ignore[attr-defined]
    pil.Image = image  # type: ignore[attr-defined]
    pil.ImageOps = ops  # type: ignore[attr-defined]
    return {"PIL": pil, "PIL.Image": image, "PIL.ImageOps": ops}


class PillowResizeTest(SdkTestCase):
    def test_resizes_a_large_image_and_scales_the_answer_back(self) -> None:
        picture = _Picture((2000, 1000), "PNG")

        def detector(request: Dict[str, Any]) -> Dict[str, Any]:
            width, height = (int(n) for n in sent(request).decode().split(":")[1].split("x"))
            box = {"x_min": 512, "y_min": 0, "x_max": 1024, "y_max": 256}
            return {
                "status": 200,
                "body": {
                    "image": {"width": width, "height": height, "original_width": width, "original_height": height},
                    "predictions": [{"label": "sky", "score": 0.9, "box": box}],
                },
            }

        self.server.script(detector)
        with mock.patch.dict(sys.modules, fake_pillow(picture)):
            answer = self.client().object_detection(b"stand-in bytes")
        self.assertEqual(sent(self.server.requests[0]), b"PNG:1024x512")
        self.assertEqual(picture.log, ["exif_transpose", "resize 1024x512", "save PNG {}"])
        self.assertEqual((answer["image"]["original_width"], answer["image"]["original_height"]), (2000, 1000))
        self.assertEqual(answer["predictions"][0]["box"], {"x_min": 1000, "y_min": 0, "x_max": 2000, "y_max": 500})

    def test_jpeg_stays_jpeg_and_other_formats_become_jpeg_in_rgb(self) -> None:
        jpeg = _Picture((1200, 3000), "JPEG")
        with mock.patch.dict(sys.modules, fake_pillow(jpeg)):
            prepared = resize_with_pillow(b"x")
        self.assertEqual((prepared.data, prepared.original), (b"JPEG:410x1024", (1200, 3000)))
        self.assertEqual(jpeg.log[-1], "save JPEG {'quality': 90}")
        gif = _Picture((2048, 2048), "GIF", mode="P")
        with mock.patch.dict(sys.modules, fake_pillow(gif)):
            resize_with_pillow(b"x")
        self.assertEqual(gif.log[-2:], ["convert RGB", "save JPEG {'quality': 90}"])

    def test_leaves_a_small_image_and_resize_off_alone(self) -> None:
        small = _Picture((800, 600))
        with mock.patch.dict(sys.modules, fake_pillow(small)):
            self.assertIsNone(resize_with_pillow(b"x"))
        large = _Picture((4000, 3000))
        self.server.script({"status": 200, "body": {}})
        with mock.patch.dict(sys.modules, fake_pillow(large)):
            self.client().object_detection(PNG_1PX, resize=False)
            self.client(resize=False).object_detection(PNG_1PX)
        self.assertEqual([sent(r) for r in self.server.requests], [PNG_1PX, PNG_1PX])
        self.assertEqual(large.log, [])


if __name__ == "__main__":
    unittest.main()
