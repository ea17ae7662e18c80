"""PDF export: the maze on an A4 or Letter page, ready to print; with ``--solution`` a second page
shows the way through.

Pages are vector drawings (fpdf2): the same strokes and fills as the SVG, so the lines stay crisp
at any zoom and a page of a large maze is a few hundred kilobytes, not a picture of it. The page
is laid out in dots at DPI (a user unit of the document is 1/300 inch), the text is in the PDF's
own Helvetica, and the creation date is fixed, so the same maze always gives the same bytes.
The entrance and exit are the one thing drawn otherwise (``mark_shapes``): solid arrows in the page's
ink, large enough to see, where the SVG has the window's thin yellow ones (a faint grey in print).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from ..core.maze import Maze
from ..grids import Grid
from ..render.palette import TEXT, Colour
from ..render.themes import Theme, get_theme
from ..run.spec import MazeSpec
from .formats import ExportOptions
from .svg import Drawing, Extent, Point, describe, grid_extent, maze_drawing

if TYPE_CHECKING:  # fpdf2 is imported where a page is drawn: refusing a maze before any work costs 0.3 s less
    from fpdf import FPDF
    from fpdf.drawing import DeviceRGB, PaintedPath

DPI = 300
PAPERS: dict[str, tuple[int, int]] = {"a4": (2480, 3508), "letter": (2550, 3300)}
"""Page size in dots at DPI: A4 is 210 x 297 mm, Letter 8.5 x 11 inches."""
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
"""Each paper of ``PAPERS`` as a sentence names it."""
MARGIN = 177
"""15 mm at 300 dpi."""
MIN_CELL = 6.0
"""The smallest cell worth printing, in dots at 300 dpi (half a millimetre)."""
FIXED_DATE = datetime(2000, 1, 1, tzinfo=timezone.utc)
"""The creation date written into every file (a real one would make each run's bytes differ)."""
FONT = "helvetica"
"""One of the PDF's standard fonts: every reader has it, so nothing is embedded."""
MARK_MIN = 48.0
"""The entrance and exit marks are drawn for a cell of at least this many dots (4 mm): an arrow of
3.3 mm with a head 2.6 mm wide, however small the cells (a worksheet's answer key, a 60 x 60 maze)."""


def mm(dots: float) -> float:
    return dots / DPI * 25.4


def points(size_pt: float) -> int:
    """A font size in typographic points, as dots at DPI."""
    return round(size_pt * DPI / 72)


def ink(theme: Theme) -> Colour:
    """Text colour on the theme's page: black on light paper, the window's text on dark."""
    return ink_on(theme.background)


def ink_on(background: Colour) -> Colour:
    """Black on a light background, the window's text colour on a dark one."""
    r, g, b = background
    return (0, 0, 0) if r + g + b > 3 * 128 else TEXT


def paper_size(paper: str) -> tuple[int, int]:
    try:
        return PAPERS[paper]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; choose one of: {', '.join(PAPERS)}") from None


def paper_name(paper: str) -> str:
    """"A4", "Letter": a paper as a sentence names it."""
    return PAPER_NAMES.get(paper, paper)


def page_words(paper: str, page: str = "page") -> str:
    """"an A4 page", "a Letter page": a paper's page as a message names it."""
    name = paper_name(paper)
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name} {page}"


def document(title: str, paper: str) -> FPDF:
    """An empty document of ``paper`` pages in dots at DPI, with a fixed date and no page breaks
    of its own."""
    from fpdf import FPDF

    doc = FPDF(unit=72 / DPI, format=paper_size(paper))
    doc.set_creation_date(FIXED_DATE)
    doc.set_title(title)
    doc.set_producer("maze-visualizer")
    doc.set_creator("maze-visualizer")
    doc.set_auto_page_break(False)
    doc.set_margin(0)
    return doc


@dataclass
class Page:
    """One page of a document, the current one while it is being drawn."""

    doc: FPDF
    width: int
    height: int


def new_page(doc: FPDF, paper: str, theme: Theme) -> Page:
    """A page of ``paper`` size filled with the theme's background."""
    width, height = paper_size(paper)
    doc.add_page()
    page = Page(doc, width, height)
    fill(page, [[(0, 0), (width, 0), (width, height), (0, height)]], theme.background)
    return page


def rgb(colour: Colour) -> DeviceRGB:
    from fpdf.drawing import DeviceRGB

    r, g, b = colour
    return DeviceRGB(r / 255, g / 255, b / 255)


def path_of(lines: Sequence[Sequence[Point]], close: bool) -> PaintedPath:
    from fpdf.drawing import PaintedPath

    path = PaintedPath()
    for line in lines:
        if not line:
            continue
        path.move_to(*line[0])
        for x, y in line[1:] if len(line) > 1 else line:
            path.line_to(x, y)
        if close:
            path.close()
    return path


def fill(page: Page, loops: Sequence[Sequence[Point]], colour: Colour) -> None:
    """Closed loops filled even-odd (a loop inside another is a hole, as in the SVG)."""
    from fpdf.drawing import PathPaintRule

    path = path_of(loops, close=True)
    path.style.fill_color = rgb(colour)
    path.style.paint_rule = PathPaintRule.FILL_EVENODD
    with page.doc.drawing_context() as context:
        context.add_item(path)


def stroke(page: Page, lines: Sequence[Sequence[Point]], colour: Colour, width: float) -> None:
    """Polylines with round joins and round ends (a lone point is a dot)."""
    from fpdf.drawing import PathPaintRule, StrokeCapStyle, StrokeJoinStyle

    path = path_of(lines, close=False)
    path.style.stroke_color = rgb(colour)
    path.style.stroke_width = width
    path.style.stroke_cap_style = StrokeCapStyle.ROUND
    path.style.stroke_join_style = StrokeJoinStyle.ROUND
    path.style.paint_rule = PathPaintRule.STROKE
    path.style.auto_close = False
    with page.doc.drawing_context() as context:
        context.add_item(path)


def fit_scale(drawing: Drawing | Extent, box: tuple[float, float, float, float]) -> float:
    """Dots per drawing unit that fit ``drawing`` in ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return min((x1 - x0) / drawing.width, (y1 - y0) / drawing.height)


def check_fits(drawing: Drawing | Extent, box: tuple[float, float, float, float], where: str) -> None:
    """Refuse, in one line, a maze whose cells would print too small to follow."""
    cell = drawing.unit * fit_scale(drawing, box)
    if cell < MIN_CELL:
        shown = math.floor(round(mm(cell) * 100, 6)) / 100  # rounded down: never shown as large as the minimum
        raise ValueError(f"the maze is too large to print {where}: its cells would be {shown:.2f} mm "
                         f"(at least {mm(MIN_CELL):.2f} mm); choose a smaller size")


def placement(drawing: Drawing, box: tuple[float, float, float, float]) -> tuple[float, Callable[[Point], Point]]:
    """The scale that draws ``drawing`` as large as fits in ``box``, centred, and where each of its
    points then goes on the page."""
    scale = fit_scale(drawing, box)
    x0, y0, x1, y1 = box
    ox = x0 + (x1 - x0 - drawing.width * scale) / 2
    oy = y0 + (y1 - y0 - drawing.height * scale) / 2

    def at(p: Point) -> Point:
        return ox + p[0] * scale, oy + p[1] * scale

    return scale, at


def paint(page: Page, drawing: Drawing, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """Draw ``drawing`` as large as fits in ``box``, centred; returns where the grid's top-left corner went."""
    scale, at = placement(drawing, box)

    def placed(lines: Sequence[Sequence[Point]]) -> list[list[Point]]:
        return [[at(p) for p in line] for line in lines]

    cell = drawing.unit * scale
    wall = max(2.0, min(10.0, cell * 0.12))
    fill(page, placed(drawing.outline), drawing.floor)
    for area in drawing.fills:
        fill(page, placed(area.loops), area.colour)
    if drawing.solution:
        stroke(page, placed([drawing.solution]), drawing.path_colour, max(3.0, min(28.0, cell * 0.28)))
    stroke(page, placed(drawing.walls), drawing.wall, wall)
    for shape in mark_shapes(drawing, at, cell):
        fill(page, [shape], ink_on(drawing.background))
    return at(drawing.offset)


def painted_top(drawing: Drawing, box: tuple[float, float, float, float]) -> float:
    """The highest point ``paint`` would draw in ``box``: the drawing's top, or above it an
    entrance or exit mark (never smaller than ``MARK_MIN``: above a small cell's margin)."""
    scale, at = placement(drawing, box)
    shapes = mark_shapes(drawing, at, drawing.unit * scale)
    return min([at((0.0, 0.0))[1], *(y for shape in shapes for _, y in shape)])


def mark_shapes(drawing: Drawing, at: Callable[[Point], Point], cell: float) -> list[list[Point]]:
    """The entrance and the exit as solid arrows, filled in the page's ink (black on paper: the
    drawing's yellow printed as a faint grey), sized with the cell but never below ``MARK_MIN``:
    the entrance points in from a round dot (where the way starts), the exit points out.

    They start where the drawing's own arrows (``svg.gap_arrow``) start, just outside the gap, and
    go outwards from it; at the cell's own size they stay inside the drawing's margin."""
    size = max(cell, MARK_MIN)
    shapes = []
    for lines, inward in ((drawing.entrance, True), (drawing.exit, False)):
        tail, head = (at(p) for p in lines[0])
        near, far = (head, tail) if inward else (tail, head)  # near the gap, away from it
        length = math.hypot(far[0] - near[0], far[1] - near[1])
        if length == 0:
            continue
        out = ((far[0] - near[0]) / length, (far[1] - near[1]) / length)
        away = (near[0] + out[0] * size * 0.8, near[1] + out[1] * size * 0.8)
        if inward:
            shapes += [solid_arrow(away, near, size), disc(away, size * 0.17)]
        else:
            shapes.append(solid_arrow(near, away, size))
    return shapes


def solid_arrow(tail: Point, tip: Point, size: float) -> list[Point]:
    """An arrow from ``tail`` to ``tip`` as one outline: a shaft 0.2 ``size`` wide and a head 0.64
    ``size`` wide and 0.42 ``size`` long."""
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    px, py = -uy, ux
    neck = (tip[0] - ux * size * 0.42, tip[1] - uy * size * 0.42)

    def side(p: Point, half: float) -> tuple[Point, Point]:
        return (p[0] + px * half, p[1] + py * half), (p[0] - px * half, p[1] - py * half)

    tail_left, tail_right = side(tail, size * 0.1)
    neck_left, neck_right = side(neck, size * 0.1)
    head_left, head_right = side(neck, size * 0.32)
    return [tail_left, neck_left, head_left, tip, head_right, neck_right, tail_right]


def disc(centre: Point, radius: float, sides: int = 32) -> list[Point]:
    """A round dot as a polygon of ``sides`` sides (smooth at print size)."""
    return [(centre[0] + radius * math.cos(2 * math.pi * k / sides),
             centre[1] + radius * math.sin(2 * math.pi * k / sides)) for k in range(sides)]


def printable(words: str) -> str:
    """The text as the standard fonts can write it (Latin-1; anything else becomes "?")."""
    return words.encode("latin-1", "replace").decode("latin-1")


def text_width(page: Page, words: str, size: int, bold: bool = False) -> float:
    """How wide ``words`` are at ``size`` dots, in dots."""
    page.doc.set_font(FONT, "B" if bold else "", size * 72 / DPI)
    return page.doc.get_string_width(printable(words))


def text(page: Page, xy: tuple[float, float], words: str, size: int, colour: Colour,
         bold: bool = False, anchor: str = "la") -> None:
    """One line of text, its top at ``y`` and its left (anchor "la") or right ("ra") at ``x``."""
    doc = page.doc
    width = text_width(page, words, size, bold)
    x, y = xy
    if anchor.startswith("r"):
        x -= width
    doc.set_text_color(*colour)
    doc.text(x, y + size * 0.75, printable(words))  # Helvetica's ascent is 0.75 of its size


def line(page: Page, start: Point, end: Point, colour: Colour, width: float) -> None:
    """A straight line (a field to write on)."""
    doc = page.doc
    doc.set_draw_color(*colour)
    doc.set_line_width(width)
    doc.line(start[0], start[1], end[0], end[1])


def pdf_bytes(doc: FPDF) -> bytes:
    """The document as bytes (the same drawing calls give the same bytes)."""
    return bytes(doc.output())


def maze_box(paper: str) -> tuple[float, float, float, float]:
    """Where the maze goes on its page: inside the margins, under the title line."""
    width, height = paper_size(paper)
    return (MARGIN, MARGIN + 2 * points(14), width - MARGIN, height - MARGIN)


SMALLEST_CELL_AREA = 0.25
"""A cell covers at least this many squares of its centre spacing (squares 1, hexagons 0.87,
triangles 1.3, rings more): more cells than the page holds at that share cannot print."""


def check(spec: MazeSpec, options: ExportOptions) -> None:
    """Refuse, before the maze is made, one whose cells would print too small: first by the count
    of cells (instant, whatever the size), then by the drawing's size from the grid's sides."""
    paper = options.paper or "a4"
    check_grid_fits(spec.make_grid(), maze_box(paper), f"on one {paper_name(paper)} page")


def check_cell_count(grid: Grid, box: tuple[float, float, float, float], where: str) -> None:
    """Refuse, instantly at any size, more cells than ``box`` can hold at the smallest printable size."""
    x0, y0, x1, y1 = box
    if grid.size * SMALLEST_CELL_AREA * MIN_CELL ** 2 > (x1 - x0) * (y1 - y0):
        raise ValueError(f"the maze is too large to print {where}: {grid.size:,} cells would each be under "
                         f"{mm(MIN_CELL):.2f} mm; choose a smaller size")


def check_grid_fits(grid: Grid, box: tuple[float, float, float, float], where: str,
                    extent: Extent | None = None) -> Extent:
    """Refuse, from the grid alone, a maze whose cells would print too small in ``box``: by the count
    of cells first (instant at any size), then by the drawing's size (``extent`` when it is known
    already: a worksheet checks three boxes); returns that size."""
    check_cell_count(grid, box, where)
    extent = extent or grid_extent(grid)
    check_fits(extent, box, where)
    return extent


def maze_pages(doc: FPDF, maze: Maze, spec: MazeSpec, theme: Theme, paper: str, solution: bool) -> list[Page]:
    """The page with the maze and a title line, and with ``solution`` a second page with the path.
    Both are checked before either is drawn."""
    title_size = points(14)
    box = maze_box(paper)
    drawings = []
    for with_path in (False, True) if solution else (False,):
        drawing = maze_drawing(maze, theme, with_path)
        check_fits(drawing, box, f"on one {paper_name(paper)} page")
        drawings.append((with_path, drawing))
    pages = []
    for with_path, drawing in drawings:
        page = new_page(doc, paper, theme)
        heading = ("Solution: " if with_path else "") + describe(spec)
        text(page, (MARGIN, MARGIN), heading, title_size, ink(theme), bold=True)
        paint(page, drawing, box)
        pages.append(page)
    return pages


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> bytes:
    """The PDF export (the registry's entry point)."""
    theme = get_theme(options.resolved_theme("light"))
    doc = document(describe(spec), options.paper)
    maze_pages(doc, maze, spec, theme, options.paper, options.solution)
    return pdf_bytes(doc)
