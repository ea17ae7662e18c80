"""Mask pictures are bounded before they are decoded: a small file that claims a huge picture is
refused in one line from its header (a 347 KB PNG of 1 x 178,000,000 pixels took 7.2 GB before), and
the largest picture accepted stays under 200 MB, measured in a child process."""

from __future__ import annotations

import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageFile

from visualizer.bench.exports import measure
from visualizer.files import masks
from visualizer.files.masks import MAX_PICTURE_PIXELS, load_mask, picture_mask

BOUND_MB = 200.0


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def tall_png(height: int) -> bytes:
    """A valid black PNG, one pixel wide and ``height`` tall: tiny on disk, huge once decoded."""
    packer = zlib.compressobj(9)
    rows = b"\x00\x00" * (1 << 20)  # filter byte, one black pixel: a million rows
    parts = [packer.compress(rows) for _ in range(height >> 20)]
    parts += [packer.compress(b"\x00\x00" * (height & ((1 << 20) - 1))), packer.flush()]
    header = struct.pack(">IIBBBBB", 1, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", b"".join(parts)) + _chunk(b"IEND", b"")


def png(image: Image.Image, path: Path) -> Path:
    image.save(path, format="PNG")
    return path


@pytest.mark.parametrize("height", [50_000_000, 100_000_000])  # under and past Pillow's warning
def test_a_picture_claiming_too_many_pixels_is_one_line_and_exit_2_without_a_warning(height, tmp_path):
    path = tmp_path / "tall.png"
    path.write_bytes(tall_png(height))
    assert path.stat().st_size < 500_000
    done = subprocess.run([sys.executable, "-m", "visualizer", "generate", "-s", "10x10", "--mask", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.count("\n") == 1 and "tall.png" in done.stderr and "scale it down" in done.stderr
    assert "Warning" not in done.stderr  # Pillow's DecompressionBombWarning is not printed
    usage = measure(["generate", "-s", "10x10", "--mask", str(path)])
    assert usage.status == 2 and usage.peak_mb < BOUND_MB


def test_the_size_is_refused_from_the_header_before_anything_is_decoded(monkeypatch):
    side = int(MAX_PICTURE_PIXELS ** 0.5)
    raw = Image.new("L", (side + 1, side), 0)
    import io

    out = io.BytesIO()
    raw.save(out, format="PNG")

    def no_decoding(self):
        raise AssertionError("decoded before the size check")

    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    with pytest.raises(ValueError, match=f"the picture is {side + 1:,} x {side:,} pixels") as caught:
        picture_mask(out.getvalue(), "huge")
    assert "\n" not in str(caught.value)


def test_the_limit_itself_is_accepted_and_one_pixel_more_is_not():
    masks.check_pixels(MAX_PICTURE_PIXELS, 1)
    with pytest.raises(ValueError, match="scale it down"):
        masks.check_pixels(MAX_PICTURE_PIXELS + 1, 1)


def test_the_largest_picture_accepted_stays_under_the_bound(tmp_path):
    side = int(MAX_PICTURE_PIXELS ** 0.5)
    pixels = np.zeros((side, side, 4), dtype=np.uint8)
    pixels[..., 3] = 255
    pixels[: side // 2, :, :3] = 255  # the top half white: the cells are the bottom half
    path = png(Image.fromarray(pixels, "RGBA"), tmp_path / "limit.png")
    usage = measure(["generate", "-s", "20x20", "--mask", str(path), "-o", str(tmp_path / "out.txt")])
    assert usage.status == 0 and usage.peak_mb < BOUND_MB
    mask = load_mask(str(path))
    assert (mask.width, mask.height) == (512, 256)  # cut to the dark half, scaled to 512 across


def test_a_large_photo_is_read_at_a_fraction_of_its_size(tmp_path):
    """A JPEG past the limit at full size is decoded at 1/8 of it (Pillow's draft), and accepted."""
    pixels = np.zeros((6000, 6000), dtype=np.uint8)
    pixels[:, :3000] = 255  # the left half white
    path = tmp_path / "photo.jpg"
    Image.fromarray(pixels, "L").save(path, quality=90)
    assert 6000 * 6000 > MAX_PICTURE_PIXELS
    mask = load_mask(str(path))
    assert mask.height == 512 and abs(mask.width - 256) <= 2
    usage = measure(["generate", "-s", "20x20", "--mask", str(path), "-o", str(tmp_path / "out.txt")])
    assert usage.status == 0 and usage.peak_mb < BOUND_MB
