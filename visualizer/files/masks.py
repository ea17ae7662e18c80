"""Reading masks from files: text (``X`` or ``#`` no cell, ``.`` or space a cell) or a picture (dark
pixels are cells). ``load_mask`` also finds the examples shipped in ``assets/masks`` by name.

Every problem is a ValueError of one line naming the file: a mask comes from the command line.
"""

from __future__ import annotations

import io
import math
import warnings
from pathlib import Path

import numpy as np

from ..grids import MAX_SIDE, Grid, Mask
from ..grids.masked import CELL, HOLE
from .assets import assets_dir
from .safe_read import NotRegular, TooLarge, one_line, read_regular

MAX_BYTES = 32 << 20
"""The largest mask file read (a text mask of 2000 x 2000 is 4 MB; pictures compress)."""
PICTURE_SIDE = 512
"""A picture is scaled down to at most this many pixels a side before it becomes a mask."""
MAX_PICTURE_PIXELS = 3000 * 3000
"""The most pixels a picture may have as it is decoded (a JPEG is decoded at 1/2, 1/4 or 1/8 of its
size when that still leaves PICTURE_SIDE, and counts at that size). Checked from the file's header,
before anything is decoded: at up to 4 bytes a pixel, and as many again to convert it, reading a
mask picture peaks under 150 MB (RGBA at the limit: 145 MB, the program included), whatever size
its file claims."""
TEXT_CELL, TEXT_HOLE = ". ", "X#"
PNG_MAGIC = b"\x89PNG"


def shipped_masks() -> dict[str, Path]:
    """The example masks in ``assets/masks`` by name (file name without its extension)."""
    folder = assets_dir() / "masks"
    if not folder.is_dir():
        return {}
    return {path.stem: path for path in sorted(folder.iterdir()) if path.suffix in (".txt", ".png")}


def find_mask(name: str) -> Path:
    """The file ``name`` names, or the shipped example of that name."""
    path = Path(name).expanduser()
    try:
        if path.exists() or path.is_symlink():
            return path
    except OSError as err:  # a name too long for the system, a path through a file...
        raise ValueError(f"mask {one_line(name, 100)}: {err.strerror or err}") from None
    shipped = shipped_masks()
    if name in shipped:
        return shipped[name]
    examples = ", ".join(shipped) or "none installed"
    raise ValueError(f"mask {one_line(name, 100)}: no such file (shipped examples: {examples})")


def load_mask(name: str) -> Mask:
    """The mask in file ``name`` (or the shipped example ``name``); ValueError in one line."""
    path = find_mask(name)
    try:
        data = read_regular(path, MAX_BYTES)
    except NotRegular:
        raise ValueError(f"mask {one_line(str(path), 100)}: not a regular file") from None
    except TooLarge:
        raise ValueError(f"mask {one_line(str(path), 100)}: larger than {MAX_BYTES >> 20} MB") from None
    except OSError as err:
        raise ValueError(f"mask {one_line(str(path), 100)}: {err.strerror or err}") from None
    label = one_line(path.stem, 60) or "mask"
    try:
        if looks_like_text(data) and path.suffix.lower() not in PICTURE_SUFFIXES:
            return text_mask(data, label)
        return picture_mask(data, label)
    except ValueError as err:
        raise ValueError(f"mask {one_line(str(path), 100)}: {err}") from None


PICTURE_SUFFIXES = (".png", ".gif", ".bmp", ".jpg", ".jpeg", ".webp", ".tif", ".tiff")


def looks_like_text(data: bytes) -> bool:
    """True for UTF-8 without NUL bytes (a text mask); pictures are binary whatever their name."""
    if data.startswith(PNG_MAGIC) or b"\0" in data[:4096]:
        return False
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return True


def text_mask(data: bytes, name: str) -> Mask:
    """``X``/``#`` no cell, ``.``/space a cell; short lines are padded with cells, empty lines at
    the end dropped."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("not a text file (UTF-8)") from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[-1]:  # empty lines at the end (a line of spaces is a row of cells)
        lines.pop()
    if not lines:
        raise ValueError("the file is empty")
    if len(lines) > MAX_SIDE or max(len(line) for line in lines) > MAX_SIDE:
        raise ValueError(f"a text mask is at most {MAX_SIDE} lines of {MAX_SIDE} characters")
    for y, line in enumerate(lines):
        odd = line.strip(TEXT_CELL + TEXT_HOLE)
        if odd:
            x = line.index(odd[0])
            raise ValueError(f"line {y + 1}, column {x + 1}: {odd[0]!r} is neither a cell ('.' or space) "
                             f"nor a hole ('X' or '#')")
    width = max(len(line) for line in lines)
    table = str.maketrans({" ": CELL, ".": CELL, "X": HOLE, "#": HOLE})
    rows = tuple(line.ljust(width).translate(table) for line in lines)
    if CELL not in "".join(rows):
        raise ValueError("the mask has no cells ('.' or space)")
    return Mask(rows, name)


class _TooManyPixels(ValueError):
    """A picture refused from its header, before it is decoded (its message is the one line)."""


def picture_mask(data: bytes, name: str) -> Mask:
    """Dark, opaque pixels are cells. Scaled down (keeping its shape) to at most PICTURE_SIDE a side,
    then cut to the shape's bounding box: a margin of paper round a drawing would only be empty grid.
    A picture of more than MAX_PICTURE_PIXELS is refused before it is decoded."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a damaged file's complaints (TIFF tags...): the result says it
            # Pillow only warns between its two limits, then decodes: far past ours, so refuse there.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                image.draft(None, (PICTURE_SIDE, PICTURE_SIDE))  # a JPEG: decoded at a fraction of its size
                check_pixels(*image.size)
                image.load()
                grey = image.convert("LA")
    except _TooManyPixels:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ValueError(f"the picture has too many pixels to read safely ({too_many()})") from None
    except UnidentifiedImageError:
        raise ValueError("neither a text mask (UTF-8) nor a picture Pillow can read") from None
    except Exception as err:  # noqa: BLE001 - Pillow meets a damaged file with SyntaxError, EOFError,
        # struct.error, IndexError... as well as OSError: each only says this file cannot be read
        raise ValueError(f"cannot read the picture ({one_line(str(err) or type(err).__name__, 80)})") from None
    scale = PICTURE_SIDE / max(grey.size)
    if scale < 1:
        grey = grey.resize((max(1, round(grey.width * scale)), max(1, round(grey.height * scale))),
                           Image.Resampling.BOX)
    pixels = np.asarray(grey)  # (height, width, 2): luminance, alpha
    cells = (pixels[..., 0] < 128) & (pixels[..., 1] >= 128)
    if not cells.any():
        raise ValueError("the picture has no dark pixels (dark, opaque pixels are the cells)")
    rows, columns = np.flatnonzero(cells.any(axis=1)), np.flatnonzero(cells.any(axis=0))
    cells = cells[rows[0]:rows[-1] + 1, columns[0]:columns[-1] + 1]  # the shape, not its blank margin
    chars = np.where(cells, ord(CELL), ord(HOLE)).astype(np.uint8)
    return Mask(tuple(row.tobytes().decode("ascii") for row in chars), name, by_plane=True)


def too_many() -> str:
    side = math.isqrt(MAX_PICTURE_PIXELS)
    return f"a mask picture has at most {MAX_PICTURE_PIXELS:,} pixels, {side} x {side}: scale it down"


def check_pixels(width: int, height: int) -> None:
    """Refuse a picture whose decoded pixels would pass MAX_PICTURE_PIXELS, from its size alone."""
    if width * height > MAX_PICTURE_PIXELS:
        raise _TooManyPixels(f"the picture is {width:,} x {height:,} pixels ({too_many()})")


def mask_grid_size(mask: Mask, grid: type[Grid], width: int) -> tuple[int, int]:
    """The grid size a mask gets when none is given: a text mask one cell a character; a picture
    ``width`` columns of squares across (as finely on other grids), as many rows as keep its shape."""
    if not mask.by_plane:
        return max(mask.width, grid.MIN_SIZE[0]), max(mask.height, grid.MIN_SIZE[1])
    columns = max(grid.MIN_SIZE[0], min(MAX_SIDE, round(width * grid.MASK_COLUMNS)))
    return columns, mask.height_for(grid, columns)


def dropped_note(grid: Grid) -> str | None:
    """One line saying how many of the mask's cells were left out for not joining the rest; None
    when none were (or the grid has no mask)."""
    dropped = getattr(grid, "dropped", 0)
    if not dropped:
        return None
    return (f"note: {dropped} cell{'s' if dropped != 1 else ''} of the mask not joined to its largest part "
            f"{'were' if dropped != 1 else 'was'} left out")
