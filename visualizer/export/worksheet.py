"""Worksheets: several mazes on printable pages, numbered, with an answer key at the end.

``maze-visualizer worksheet -n 6 -a prim -s 15x15 --seed 3 -o sheet.pdf``: maze k (from 1) is the
maze of seed ``seed + k - 1``, so maze 1 is exactly ``generate --seed 3`` and the same seed always
gives the same sheet. Up to six mazes share a page (the arrangement that draws them largest), with a
name and date line at the top; the answer key draws twelve to a page, smaller, each with its
solution and the same number.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..render.themes import Theme, get_theme
from ..run.spec import MazeSpec
from .pdf import (
    MARGIN,
    Page,
    check_cell_count,
    check_grid_fits,
    document,
    ink,
    line,
    new_page,
    page_words,
    paint,
    painted_top,
    paper_name,
    paper_size,
    pdf_bytes,
    points,
    text,
    text_width,
)
from .svg import Drawing, Extent, changed_params, grid_extent, maze_drawing

if TYPE_CHECKING:  # fpdf2 is imported where a page is drawn (pdf.document): a refusal is 0.3 s sooner
    from fpdf import FPDF

MAX_COUNT = 48
PER_PAGE = 6
"""Mazes on a page of the sheet, at most."""
ANSWER_GRID = (3, 4)
"""Columns and rows of small solved mazes on an answer page."""
GUTTER = 90
"""Dots between two mazes on a page (7.6 mm)."""

Box = tuple[float, float, float, float]


def check_count(count: int) -> None:
    if not 1 <= count <= MAX_COUNT:
        raise ValueError(f"--count must be from 1 to {MAX_COUNT}, got {count}")


def sheet_specs(base: MazeSpec, count: int) -> list[MazeSpec]:
    """The mazes of the sheet: the same recipe with seeds ``base.seed``, ``base.seed + 1``, ..."""
    check_count(count)
    return [base.with_(seed=base.seed + k) for k in range(count)]


def slots(box: Box, columns: int, rows: int) -> list[Box]:
    """``columns`` x ``rows`` equal boxes in ``box``, row by row, GUTTER apart."""
    x0, y0, x1, y1 = box
    w = (x1 - x0 - GUTTER * (columns - 1)) / columns
    h = (y1 - y0 - GUTTER * (rows - 1)) / rows
    return [(x0 + c * (w + GUTTER), y0 + r * (h + GUTTER), x0 + c * (w + GUTTER) + w, y0 + r * (h + GUTTER) + h)
            for r in range(rows) for c in range(columns)]


LABEL_CLEARANCE = 1.05
"""A mark stays below a slot's top by this many of its number's size: the number's digits (its
baseline at 0.75) and a gap."""


def maze_box(slot: Box, label_size: int) -> Box:
    """The part of a slot below its number."""
    x0, y0, x1, y1 = slot
    return x0, y0 + label_size * 1.4, x1, y1


def clear_of_label(drawing: Drawing, slot: Box, label_size: int) -> Box:
    """The part of a slot below its number, lowered where an entrance or exit mark would reach up
    into the number (a mark is never smaller than 4 mm: above a small cell's margin, as in the
    answer key of mazes of 60 x 60)."""
    x0, top, x1, y1 = maze_box(slot, label_size)
    floor = slot[1] + label_size * LABEL_CLEARANCE
    for _ in range(16):  # the top moves down by what is missing; a centred drawing moves by half of it
        missing = floor - painted_top(drawing, (x0, top, x1, y1))
        if missing < 0.5:
            break
        top += missing
    return x0, top, x1, y1


def best_grid(drawing: Drawing | Extent, box: Box, count: int, label_size: int) -> tuple[int, int]:
    """Columns and rows for ``count`` mazes on a page that draw them largest (fewest columns on a tie)."""
    best: tuple[float, int, int] | None = None
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        slot = maze_box(slots(box, columns, rows)[0], label_size)
        scale = min((slot[2] - slot[0]) / drawing.width, (slot[3] - slot[1]) / drawing.height)
        if best is None or scale > best[0] + 1e-9:
            best = (scale, columns, rows)
    assert best is not None
    return best[1], best[2]


def header(page: Page, theme: Theme, title: str, answers: bool) -> None:
    """Name, class and date to fill in (answer pages say "Answers" instead), then the sheet's title."""
    colour = ink(theme)
    size = points(13)
    width = page.width
    y = MARGIN
    if answers:
        text(page, (MARGIN, y), "Answers", size, colour, bold=True)
    else:
        fields = (("Name:", 0.5), ("Class:", 0.22), ("Date:", 0.28))
        x = float(MARGIN)
        usable = width - 2 * MARGIN
        for label, share in fields:
            text(page, (x, y), label, size, colour)
            start = x + text_width(page, label, size) + size * 0.3
            end = x + usable * share - size * 0.8
            line(page, (start, y + size * 1.05), (end, y + size * 1.05), colour, 3)
            x += usable * share
    text(page, (MARGIN, y + size * 1.8), title, points(10), colour)


def footer(page: Page, theme: Theme, command: str, number: int, pages: int) -> None:
    colour = ink(theme)
    size = points(8)
    y = page.height - MARGIN + size * 1.2
    text(page, (MARGIN, y), command, size, colour)
    text(page, (page.width - MARGIN, y), f"page {number} of {pages}", size, colour, anchor="ra")


def label(page: Page, x: float, y: float, number: int, seed: int | None, size: int,
          colour: tuple[int, int, int]) -> None:
    """A maze's number (and its seed, small, in the answer key) with its left at ``x``, its top at ``y``."""
    text(page, (x, y), str(number), size, colour, bold=True)
    if seed is not None:
        x += text_width(page, str(number), size, bold=True) + size * 0.5
        text(page, (x, y + size * 0.3), f"seed {seed}", round(size * 0.6), colour)


@dataclass(frozen=True)
class SheetLayout:
    """Where a sheet's mazes go, checked to print: the puzzle slots of a page, the answer slots."""

    paper: str
    number_size: int
    puzzle_slots: list[Box]
    answer_size: int
    answer_slots: list[Box]


def sheet_layout(specs: Sequence[MazeSpec], paper: str, answers: bool = True) -> SheetLayout:
    """The slots of the sheet's pages, once every box is checked to print the mazes legibly: from
    their grid alone, before any maze (or the document: fpdf2 takes 0.3 s to import) is made."""
    width, height = paper_size(paper)
    body: Box = (MARGIN, MARGIN + points(13) * 3.2, width - MARGIN, height - MARGIN)
    number_size = points(16)
    grid = specs[0].make_grid()  # every maze of a sheet has one grid: checked from it before any is made
    check_cell_count(grid, body, f"on one {paper_name(paper)} page")
    extent = grid_extent(grid)
    columns, rows = best_grid(extent, body, min(len(specs), PER_PAGE), number_size)
    puzzle_slots = slots(body, columns, rows)
    check_grid_fits(grid, maze_box(puzzle_slots[0], number_size), f"{columns * rows} to {page_words(paper)}",
                    extent)
    answer_size = points(12)
    answer_slots = slots(body, *ANSWER_GRID)
    if answers:
        check_grid_fits(grid, maze_box(answer_slots[0], answer_size),
                        f"{len(answer_slots)} to {page_words(paper, 'answer page')} "
                        "(leave out the answers with --no-answers)", extent)
    return SheetLayout(paper, number_size, puzzle_slots, answer_size, answer_slots)


def sheet_pages(doc: FPDF, specs: Sequence[MazeSpec], layout: SheetLayout, theme: Theme, answers: bool = True,
                title: str = "", command: str = "") -> list[Page]:
    """The pages of a worksheet drawn into ``doc`` in ``layout`` (``sheet_layout``): the mazes,
    numbered from 1, then the answer key if ``answers``."""
    paper, number_size, answer_size = layout.paper, layout.number_size, layout.answer_size
    puzzle_slots, answer_slots = layout.puzzle_slots, layout.answer_slots
    per_page = len(puzzle_slots)
    mazes = [spec.build() for spec in specs]
    drawings = [maze_drawing(maze, theme) for maze in mazes]
    answer_drawings: list[Drawing] = []
    if answers:
        answer_drawings = [maze_drawing(maze, theme, solution=True) for maze in mazes]
    per_answer_page = len(answer_slots)
    total = math.ceil(len(specs) / per_page) + (math.ceil(len(specs) / per_answer_page) if answers else 0)
    colour = ink(theme)
    pages: list[Page] = []
    for start in range(0, len(specs), per_page):
        page = new_page(doc, paper, theme)
        pages.append(page)
        header(page, theme, title, answers=False)
        footer(page, theme, command, len(pages), total)
        for k, slot in enumerate(puzzle_slots[:len(specs) - start], start):
            left, _ = paint(page, drawings[k], clear_of_label(drawings[k], slot, number_size))
            label(page, left, slot[1], k + 1, None, number_size, colour)
    for start in range(0, len(answer_drawings), per_answer_page):
        page = new_page(doc, paper, theme)
        pages.append(page)
        header(page, theme, title, answers=True)
        footer(page, theme, command, len(pages), total)
        for k, slot in enumerate(answer_slots[:len(specs) - start], start):
            left, _ = paint(page, answer_drawings[k], clear_of_label(answer_drawings[k], slot, answer_size))
            label(page, left, slot[1], k + 1, specs[k].seed, answer_size, colour)
    return pages


def sheet_title(base: MazeSpec, count: int) -> str:
    params = "".join(f", {p}" for p in changed_params(base))
    seeds = f"seed {base.seed}" if count == 1 else f"seeds {base.seed} to {base.seed + count - 1}"
    mazes = "maze" if count == 1 else "mazes"
    return f"{count} {base.algorithm} {mazes}, {base.width} x {base.height} {base.grid} grid, {seeds}{params}"


def sheet_command(base: MazeSpec, count: int, paper: str, theme: str, answers: bool) -> str:
    """The command that makes this sheet again (printed at the foot of each page)."""
    words = ["maze-visualizer worksheet", f"-n {count}", f"-a {base.algorithm}", f"-g {base.grid}",
             f"-s {base.width}x{base.height}", f"--seed {base.seed}"]
    words += [f"-p {p}" for p in changed_params(base)]
    if paper != "a4":
        words.append(f"--paper {paper}")
    if theme != "light":
        words.append(f"--theme {theme}")
    if not answers:
        words.append("--no-answers")
    return " ".join(words)


def worksheet_bytes(base: MazeSpec, count: int, paper: str = "a4", theme: str = "light",
                    answers: bool = True) -> bytes:
    """The whole worksheet as PDF bytes (the same arguments always give the same bytes)."""
    specs = sheet_specs(base, count)
    layout = sheet_layout(specs, paper, answers)
    doc = document(sheet_title(base, count), paper)
    sheet_pages(doc, specs, layout, get_theme(theme), answers, sheet_title(base, count),
                sheet_command(base, count, paper, theme, answers))
    return pdf_bytes(doc)

