"""An animated WebP put together a frame at a time: each frame's changed rectangle encoded as a
lossless still by Pillow, wrapped in the animation's chunks here (RIFF: ``VP8X``, ``ANIM``, one
``ANMF`` a frame).

libwebp's animation encoder (Pillow's ``save_all``) keeps several whole RGBA canvases and tries a
key frame beside each sub-frame: for frames of 4001 x 4001 pixels that was 300 MB above the frames
themselves. Here what is held is the previous frame's palette indices, to find the changed box, and
the encoded frames; each frame is drawn over the last (no blending, no disposal), so a rectangle
that holds every changed pixel, its own pixels exact, is the whole of the change.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from PIL import Image

MAX_DURATION_MS = (1 << 24) - 1
"""A frame's duration is 24 bits of milliseconds."""
NO_BLEND = 0x02
"""``ANMF`` flags: the frame's pixels replace what is under them (no alpha blending), no disposal."""
ANIMATION_FLAG = 0x02
"""``VP8X`` flags: the file is an animation (no alpha: the frames are opaque)."""


def chunk(name: bytes, data: bytes) -> bytes:
    """A RIFF chunk: four-letter name, little-endian size, the data padded to an even length."""
    return name + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")


def uint24(value: int) -> bytes:
    return struct.pack("<I", value)[:3]


def changed_box(previous: np.ndarray, frame: np.ndarray) -> tuple[int, int, int, int] | None:
    """``(x0, y0, x1, y1)`` of the pixels that differ, ``x0`` and ``y0`` even (a frame's offset is
    stored halved), or None when none do."""
    rows = np.flatnonzero((previous != frame).any(axis=1))
    if not len(rows):
        return None
    columns = np.flatnonzero((previous[rows[0]:rows[-1] + 1] != frame[rows[0]:rows[-1] + 1]).any(axis=0))
    return int(columns[0]) & ~1, int(rows[0]) & ~1, int(columns[-1]) + 1, int(rows[-1]) + 1


def still_bitstream(image: Image.Image, method: int) -> bytes:
    """The ``VP8L`` chunk of ``image`` encoded by Pillow as a lossless still (its colours exact)."""
    buffer = io.BytesIO()
    (image if image.mode == "RGB" else image.convert("RGB")).save(buffer, "WEBP", lossless=True, method=method,
                                                                 quality=0)
    data = buffer.getvalue()
    at = 12  # after "RIFF", the size and "WEBP"
    while at < len(data):
        name, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
        if name == b"VP8L":
            return data[at:at + 8 + size + size % 2]
        at += 8 + size + size % 2
    raise ValueError("Pillow wrote no lossless bitstream")


def encode(images: Iterable[Image.Image], lengths: list[int], method: int) -> bytes:
    """A looping, lossless animated WebP of "P" images (one frame's indices held at a time); a frame
    the same as the one before lengthens it."""
    frames: list[list] = []  # [x, y, width, height, duration, bitstream]
    previous: np.ndarray | None = None
    size = (0, 0)
    for image, length in zip(images, lengths):
        pixels = np.asarray(image)
        size = image.size
        box = (0, 0, *size) if previous is None else changed_box(previous, pixels)
        if box is None:
            frames[-1][4] = min(MAX_DURATION_MS, frames[-1][4] + length)
            del image, pixels  # not held while the next frame is painted
            continue
        previous = pixels
        rgb = (image if box == (0, 0, *size) else image.crop(box)).convert("RGB")
        del image, pixels  # the frame's and its crop's indices are let go before libwebp's buffers are made
        x0, y0, x1, y1 = box
        frames.append([x0, y0, x1 - x0, y1 - y0, length, still_bitstream(rgb, method)])
        del rgb
    if len(frames) == 1:  # one picture: a still, as libwebp writes it
        return riff([frames[0][5]])
    header = chunk(b"VP8X", bytes([ANIMATION_FLAG, 0, 0, 0]) + uint24(size[0] - 1) + uint24(size[1] - 1))
    body = [header, chunk(b"ANIM", bytes(4) + struct.pack("<H", 0))]
    for x, y, width, height, duration, bitstream in frames:
        body.append(chunk(b"ANMF", uint24(x // 2) + uint24(y // 2) + uint24(width - 1) + uint24(height - 1)
                          + uint24(min(duration, MAX_DURATION_MS)) + bytes([NO_BLEND]) + bitstream))
    return riff(body)


def riff(chunks: list[bytes]) -> bytes:
    """A WebP file of these chunks."""
    content = b"WEBP" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(content)) + content
