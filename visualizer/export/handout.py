"""Lesson handouts: a PDF page per slide, with the board at the slide's stop, its caption, and for a
watch slide the pseudocode with the lit line and the step's sentence, as the window showed them.

``maze-visualizer lesson NAME --handout out.pdf``. Each slide's run is brought to its stop by the
same seek the window uses (``run.lesson_run``) and explained by the same narrators, so the page
matches the screen; the board is the window's own drawing in the light theme (for paper), the rest
is text. ``--notes`` adds the teacher's note under each slide (the teacher's copy). The same lesson
always gives the same bytes.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from ..core.distance import distances_from, heat_levels, longest_path
from ..render.image import render_surface, surface_png
from ..render.palette import HEAT_LEVELS
from ..render.themes import Theme, get_theme
from ..run.lesson import Lesson, Slide
from ..run.lesson_run import slide_run
from ..run.session import Run
from ..run.spec import MazeSpec
from ..run.teaching import Teacher
from .pdf import MARGIN, Page, document, ink, new_page, paper_size, pdf_bytes, points, text, text_width

BOARD_SHARE = 0.42
"""The board's share of the page height."""
PIXELS_PER_DOT = 0.5
"""Board pictures at 150 pixels an inch: sharp on paper, a few hundred kilobytes a page."""
LIT = (255, 214, 0)
"""The lit pseudocode line's bar (the window's colour; black words on it)."""
CODE_BACKGROUND = (236, 238, 242)
DIM = (90, 90, 90)
MOST_PANES = 4
LINE = 1.35
"""Line height, in text sizes."""


def wrapped(page: Page, words: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``words`` in lines no wider than ``width`` dots at ``size`` (a word wider than that stands alone)."""
    lines: list[str] = []
    for word in words.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(page, candidate, size, bold) <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines or [""]


def paragraph(page: Page, at: tuple[float, float], words: str, size: int, width: float,
              colour: tuple[int, int, int], bold: bool = False) -> float:
    """Wrapped text from ``at``; returns the height it took."""
    x, y = at
    lines = wrapped(page, words, size, width, bold)
    for number, part in enumerate(lines):
        text(page, (x, y + number * size * LINE), part, size, colour, bold)
    return len(lines) * size * LINE


def board_png(run: Run, slide: Slide, size: tuple[int, int], theme: Theme) -> bytes:
    """The board at the run's position as the window draws it (with the slide's distance map and
    longest path when it asks for them)."""
    maze, overlay = run.maze, run.overlay
    if "distances" in slide.show:
        overlay.heat = heat_levels(distances_from(maze, maze.entrance[0]), HEAT_LEVELS)
    longest = longest_path(maze).cells if "longest" in slide.show and run.finished else ()
    return surface_png(render_surface(maze, overlay, size, tuple(longest), theme))


def picture_size(spec: MazeSpec, box: tuple[float, float]) -> tuple[float, float]:
    """The board's size in dots inside ``box``, keeping the grid's shape."""
    span_w, span_h = spec.make_grid().pixel_span()
    scale = min(box[0] / span_w, box[1] / span_h)
    return span_w * scale, span_h * scale


def place_board(page: Page, run: Run, slide: Slide, box: tuple[float, float, float, float], theme: Theme) -> float:
    """The board centred at the top of ``box`` (x, y, width, height); returns the height it took."""
    x, y, width, height = box
    shown_w, shown_h = picture_size(run.spec, (width, height))
    pixels = (max(8, round(shown_w * PIXELS_PER_DOT)), max(8, round(shown_h * PIXELS_PER_DOT)))
    page.doc.image(io.BytesIO(board_png(run, slide, pixels, theme)), x + (width - shown_w) / 2, y, shown_w, shown_h)
    return shown_h


def code_block(page: Page, at: tuple[float, float], width: float, code: tuple[str, ...], lit: int) -> float:
    """The pseudocode on a pale box, its lit line on the window's yellow bar; returns its height."""
    size = points(10)
    line = size * LINE
    x, y = at
    page.doc.set_fill_color(*CODE_BACKGROUND)
    page.doc.rect(x, y, width, line * len(code) + size, style="F")
    for number, source in enumerate(code):
        top = y + size / 2 + number * line
        if number == lit:
            page.doc.set_fill_color(*LIT)
            page.doc.rect(x, top - size * 0.15, width, line, style="F")
        depth = (len(source) - len(source.lstrip(" "))) // 2
        text(page, (x + size + depth * size * 1.5, top), source.strip(), size, (0, 0, 0), bold=number == lit)
    return line * len(code) + size


def explained(run: Run) -> tuple[tuple[str, ...], int, str]:
    """The pseudocode, the lit line and the newest sentence at the run's position."""
    teacher = Teacher(run)
    teacher.catch_up(math.inf)
    narration = teacher.narration
    return narration.code, narration.lit, narration.sentences[-1] if narration.sentences else ""


def watch_page(page: Page, slide: Slide, top: float, theme: Theme) -> float:
    """Board, pseudocode and sentence of a watch slide below ``top``; returns where the page's text goes on."""
    run = slide_run(slide)
    width = page.width - 2 * MARGIN
    y = top + place_board(page, run, slide, (MARGIN, top, width, page.height * BOARD_SHARE), theme)
    code, lit, sentence = explained(run)
    y += points(10)
    if code:
        y += code_block(page, (MARGIN, y), width, code, lit) + points(8)
    if sentence:
        text(page, (MARGIN, y), "This step", points(11), ink(theme), bold=True)
        y += points(11) * LINE
        y += paragraph(page, (MARGIN, y), sentence, points(11), width, ink(theme))
    return y


def compare_page(page: Page, slide: Slide, top: float, theme: Theme) -> float:
    """Up to four boards side by side, each named, at the slide's stop."""
    names = (slide.algorithms or (slide.spec.algorithm,))[:MOST_PANES]
    columns = 1 if len(names) == 1 else 2
    rows = math.ceil(len(names) / columns)
    gap = points(10)
    width = (page.width - 2 * MARGIN - gap * (columns - 1)) / columns
    height = page.height * (BOARD_SHARE + 0.1) / rows - points(12) * LINE - gap
    bottom = top
    for index, name in enumerate(names):
        left = MARGIN + (index % columns) * (width + gap)
        y = top + (index // columns) * (height + points(12) * LINE + gap)
        one = Slide(spec=slide.spec.with_(algorithm=name, params={}), stop=slide.stop, show=slide.show,
                    solver=slide.solver)
        text(page, (left, y), one.spec.info.title, points(12), ink(theme), bold=True)
        y += points(12) * LINE
        bottom = max(bottom, y + place_board(page, slide_run(one), one, (left, y, width, height), theme))
    return bottom


def lab_page(page: Page, slide: Slide, top: float, theme: Theme) -> float:
    """A lab slide: what the class runs in the window (the counts come from the run there)."""
    names = ", ".join(MazeSpec(name).info.title for name in (slide.algorithms or (slide.spec.algorithm,)))
    words = (f"In the window: the uniformity lab counts how often {names} make each maze of a "
             f"{slide.spec.width} x {slide.spec.height} {slide.spec.grid} grid. Write down which looks uniform.")
    return top + paragraph(page, (MARGIN, top), words, points(12), page.width - 2 * MARGIN, ink(theme))


PAGES = {"watch": watch_page, "compare": compare_page, "lab": lab_page}
"""What a page of each scene's slide shows (the scene names are ``run.lesson.SCENES``)."""


def slide_page(doc_page: Page, lesson: Lesson, number: int, theme: Theme, notes: bool) -> None:
    slide = lesson.slides[number]
    width = doc_page.width - 2 * MARGIN
    heading = points(15)
    text(doc_page, (MARGIN, MARGIN), lesson.title, heading, ink(theme), bold=True)
    count = f"Slide {number + 1} of {len(lesson.slides)}"
    text(doc_page, (doc_page.width - MARGIN, MARGIN), count, points(11), DIM, anchor="ra")
    y = MARGIN + heading * LINE
    if slide.caption:
        y += paragraph(doc_page, (MARGIN, y), slide.caption, points(12), width, ink(theme), bold=True)
    y = PAGES[slide.scene](doc_page, slide, y + points(8), theme)
    if notes and slide.note:
        y += points(10)
        y += paragraph(doc_page, (MARGIN, y), "Note: " + slide.note, points(10), width, DIM)
    footer = f"Stops at {slide.stop.words()}  -  maze-visualizer lesson {Path(lesson.source).name}"
    text(doc_page, (MARGIN, doc_page.height - MARGIN), footer, points(9), DIM)


def handout_bytes(lesson: Lesson, paper: str = "a4", notes: bool = False) -> bytes:
    """The handout of ``lesson`` as PDF bytes, a page per slide."""
    theme = get_theme("light")
    paper_size(paper)
    doc = document(lesson.title, paper)
    for number in range(len(lesson.slides)):
        slide_page(new_page(doc, paper, theme), lesson, number, theme, notes)
    return pdf_bytes(doc)
