"""PDF export: the maze on an A4 or Letter page, ready to print; with ``--solution`` a second page
shows the way through.

Each page is painted with Pillow at 300 dpi from the same drawing as the SVG (lines drawn at the
printer's resolution, not a screen picture scaled up) and saved with Pillow's PDF writer. The
writer would stamp the time into the file; the dates are left out so the same maze always gives
the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from ..core.maze import Maze
from ..files.assets import asset
from ..render.palette import TEXT, Colour
from ..render.themes import Theme, get_theme
from ..run.spec import MazeSpec
from .formats import ExportOptions
from .svg import Drawing, Point, describe, maze_drawing

DPI = 300
PAPERS: dict[str, tuple[int, int]] = {"a4": (2480, 3508), "letter": (2550, 3300)}
"""Page size in pixels at DPI: A4 is 210 x 297 mm, Letter 8.5 x 11 inches."""
MARGIN = 177
"""15 mm at 300 dpi."""
MIN_CELL = 6.0
"""The smallest cell worth printing, in pixels at 300 dpi (half a millimetre)."""
JPEG = {"quality": 92, "subsampling": 0}
"""How Pillow's PDF writer encodes each page (it stores RGB pages as JPEG); full colour resolution
keeps the lines crisp."""


def mm(pixels: float) -> float:
    return pixels / DPI * 25.4


def points(size_pt: float) -> int:
    """A font size in typographic points, as pixels at DPI."""
    return round(size_pt * DPI / 72)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(asset("fonts", name)), size, layout_engine=ImageFont.Layout.BASIC)


def ink(theme: Theme) -> Colour:
    """Text colour on the theme's page: black on light paper, the window's text on dark."""
    r, g, b = theme.background
    return (0, 0, 0) if r + g + b > 3 * 128 else TEXT


def paper_size(paper: str) -> tuple[int, int]:
    try:
        return PAPERS[paper]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; choose one of: {', '.join(PAPERS)}") from None


def new_page(paper: str, theme: Theme) -> Image.Image:
    return Image.new("RGB", paper_size(paper), theme.background)


def fit_scale(drawing: Drawing, box: tuple[float, float, float, float]) -> float:
    """Pixels per drawing unit that fit ``drawing`` in ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return min((x1 - x0) / drawing.width, (y1 - y0) / drawing.height)


def check_fits(drawing: Drawing, box: tuple[float, float, float, float], where: str) -> None:
    """Refuse, in one line, a maze whose cells would print too small to follow."""
    cell = drawing.unit * fit_scale(drawing, box)
    if cell < MIN_CELL:
        raise ValueError(f"the maze is too large to print {where}: its cells would be {mm(cell):.2f} mm "
                         f"(at least {mm(MIN_CELL):.1f} mm); choose a smaller size")


def paint(image: Image.Image, drawing: Drawing, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """Paint ``drawing`` as large as fits in ``box``, centred; returns where the grid's top-left corner went."""
    scale = fit_scale(drawing, box)
    x0, y0, x1, y1 = box
    ox = x0 + (x1 - x0 - drawing.width * scale) / 2
    oy = y0 + (y1 - y0 - drawing.height * scale) / 2

    def at(p: Point) -> tuple[float, float]:
        return ox + p[0] * scale, oy + p[1] * scale

    draw = ImageDraw.Draw(image)
    cell = drawing.unit * scale
    wall = max(2, min(10, round(cell * 0.12)))
    for loop in drawing.outline:
        draw.polygon([at(p) for p in loop], fill=drawing.floor)
    for fill in drawing.fills:
        for c in fill.cells:
            draw.polygon([at(p) for p in drawing.cell_polygon(c)], fill=fill.colour)
    if drawing.solution:
        stroke(draw, [[at(p) for p in drawing.solution]], drawing.path_colour, max(3, min(28, round(cell * 0.28))))
    stroke(draw, [[at(p) for p in line] for line in drawing.walls], drawing.wall, wall)
    markers = [[at(p) for p in line] for line in drawing.entrance + drawing.exit]
    stroke(draw, markers, drawing.marker, max(3, round(wall * 1.3)))
    return at(drawing.offset)


def stroke(draw: ImageDraw.ImageDraw, lines: Sequence[Sequence[tuple[float, float]]], colour: Colour,
           width: int) -> None:
    """Polylines with round joins and round ends."""
    r = width / 2
    for line in lines:
        if len(line) == 1:
            line = [line[0], line[0]]
        draw.line(list(line), fill=colour, width=width, joint="curve")
        if width > 2:
            for x, y in (line[0], line[-1]):
                draw.ellipse((x - r + 0.5, y - r + 0.5, x + r - 0.5, y + r - 0.5), fill=colour)


def text(image: Image.Image, xy: tuple[float, float], words: str, size: int, colour: Colour,
         bold: bool = False, anchor: str = "la") -> None:
    ImageDraw.Draw(image).text(xy, words, fill=colour, font=font(size, bold), anchor=anchor)


def maze_pages(maze: Maze, spec: MazeSpec, theme: Theme, paper: str, solution: bool) -> list[Image.Image]:
    """The page with the maze and a title line, and with ``solution`` a second page with the path."""
    width, height = paper_size(paper)
    title_size = points(14)
    box = (MARGIN, MARGIN + 2 * title_size, width - MARGIN, height - MARGIN)
    pages = []
    for with_path in (False, True) if solution else (False,):
        drawing = maze_drawing(maze, theme, with_path)
        check_fits(drawing, box, f"on one {paper} page")
        page = new_page(paper, theme)
        heading = ("Solution: " if with_path else "") + describe(spec)
        text(page, (MARGIN, MARGIN), heading, title_size, ink(theme), bold=True)
        paint(page, drawing, box)
        pages.append(page)
    return pages


def pdf_bytes(pages: Sequence[Image.Image], title: str) -> bytes:
    """The pages as one PDF at DPI; no dates inside, so the same pages give the same bytes."""
    first, *rest = pages
    buffer = io.BytesIO()
    first.save(buffer, "PDF", resolution=DPI, save_all=True, append_images=rest, title=title,
               producer="maze-visualizer", creationDate=None, modDate=None, **JPEG)
    return buffer.getvalue()


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> bytes:
    """The PDF export (the registry's entry point)."""
    theme = get_theme(options.resolved_theme("light"))
    pages = maze_pages(maze, spec, theme, options.paper, options.solution)
    return pdf_bytes(pages, describe(spec))

