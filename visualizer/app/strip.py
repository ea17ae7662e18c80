"""The words under the board, for a class: the presenting strip and the board-only caption.

Presenting puts the pseudocode (scrolled to its lit line) at the left of a full-width strip and the
newest sentence in large type at its right; board only keeps a caption of a few lines. In both the
newest sentence is always whole: its type steps down until it fits, never below the body size's
floor, so a long sentence at 200 % still reads in full. Nothing here knows the shell or the scenes:
they hand over the same :class:`~visualizer.app.panel.PanelContent` the side panel draws.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..render.themes import ui
from ..run.teaching import TeachingView
from . import text
from .choice_spots import SPOTS
from .legend import draw_legend
from .panel import (
    PanelContent,
    code_line_height,
    code_rows,
    draw_code,
    draw_footer,
    draw_rows,
    draw_scale,
    rows_that_fit,
    scale_height,
)
from .quiz_view import QUESTION
from .words import draw_lines

SENTENCE_LINE = 1.3
"""Line height of the large sentence, in text sizes."""
SMALLEST = text.SMALLEST
CODE_SHARE = 0.55
"""The presenting strip's share of its width given to the pseudocode."""


@lru_cache(maxsize=32)
def code_column_height(code: tuple[str, ...], window_width: int, size: int) -> int:
    """Pixels the presenting strip takes to show ``code`` whole in its code column under the title
    and the status line (a status beside the title leaves a row to spare), in a window
    ``window_width`` wide at body ``size`` (0 for no code); as ``draw_strip`` and
    ``draw_code_column`` lay them out."""
    if not code:
        return 0
    pad = size
    width = int((window_width - 3 * pad) * CODE_SHARE)
    box = len(code_rows(code, width, size)) * code_line_height(size) + 2 * (max(11, size - 2) // 3)
    status = int(max(SMALLEST, size - 3) * 1.3)
    return pad + int(size * 1.3) + status + size // 3 + box


def fitted_sentence(sentence: str, largest: int, width: int, height: int) -> tuple[int, list[str]]:
    """The sentence's type and lines for ``width`` x ``height`` (see :func:`text.fitted`)."""
    return text.fitted(sentence, largest, width, height, SENTENCE_LINE)


def sentence_height(size: int, lines: list[str]) -> int:
    return len(lines) * int(size * SENTENCE_LINE)


def draw_strip(surface: pygame.Surface, strip: pygame.Rect, size: int, large: int,
               content: PanelContent) -> bool | None:
    """The presenting strip: pseudocode left, newest sentence right, message and keys under it.
    Returns whether the newest sentence is whole (None when no teaching panel is shown)."""
    pygame.draw.rect(surface, ui().panel, strip)
    pygame.draw.line(surface, ui().text_dim, strip.topleft, (strip.right - 1, strip.top), 1)
    pad = size
    left_width = int((strip.width - 3 * pad) * CODE_SHARE)
    left = pygame.Rect(strip.left + pad, strip.top + pad // 2, left_width, strip.height - pad)
    right = pygame.Rect(left.right + pad, left.top, strip.right - pad - left.right - pad, left.height)
    teaching = content.teaching
    if teaching is None:
        draw_figures(surface, left, size, content)
        draw_legend_column(surface, right, size, content)
        return None
    draw_code_column(surface, left, size, teaching)
    return draw_sentence_column(surface, right, size, large, teaching, content)


def draw_code_column(surface: pygame.Surface, column: pygame.Rect, size: int, view: TeachingView) -> None:
    """Title and where the run is, then the pseudocode filling the rest (it scrolls to the lit line)."""
    small = max(SMALLEST, size - 3)
    status = view.status
    if view.phase:
        status += f"   phase: {view.phase}"
    y = draw_title_and_status(surface, column, size, view.title, status)
    if view.code:
        y = draw_code(surface, view.code, view.lit, column.left, y + size // 3, column.width, size,
                      column.bottom - about_room(view, column.width, size, column.bottom - y - size // 3))
        if about_room(view, column.width, size, column.bottom - y):
            draw_lines(surface, text.wrap(view.about, small, column.width), column.left, y + size // 3, small,
                       ui().text_dim, column.bottom)
    elif view.about:
        draw_lines(surface, text.wrap(view.about, small, column.width), column.left, y + size // 3, small,
                   ui().text_dim, column.bottom)


def draw_title_and_status(surface: pygame.Surface, column: pygame.Rect, size: int, title: str, status: str) -> int:
    """The algorithm's name in bold and where the run is, on one line when both fit (a row more
    of pseudocode for the class), else one under the other; returns where the next goes."""
    small = max(SMALLEST, size - 3)
    gap = text.font(small).size("   ")[0]
    name = text.wrap(title, size, column.width, True)[0] if title else ""
    name_width = text.font(size, True).size(name)[0]
    surface.blit(text.rendered(name, size, ui().text, True), (column.left, column.top))
    if status and name_width + gap + text.font(small).size(status)[0] <= column.width:
        baseline = text.font(size, True).get_ascent() - text.font(small).get_ascent()
        at = (column.left + name_width + gap, column.top + baseline)
        surface.blit(text.rendered(status, small, ui().text_dim), at)
        return column.top + int(size * 1.3)
    return draw_lines(surface, text.wrap(status, small, column.width)[:2], column.left, column.top + int(size * 1.3),
                      small, ui().text_dim, column.bottom)


def about_room(view: TeachingView, width: int, size: int, room: int) -> int:
    """Pixels the description takes under the pseudocode before the first step, when the sentence
    column shows something else (a quiz question) and both fit whole in ``room``; else 0."""
    if not (view.about and view.lit < 0 and view.sentences):
        return 0
    small = max(SMALLEST, size - 3)
    about = size // 3 + int(small * 1.3) * len(text.wrap(view.about, small, width))
    code = len(code_rows(view.code, width, size)) * code_line_height(size) + 2 * (max(11, size - 2) // 3)
    return about if code + about <= room else 0


def draw_sentence_column(surface: pygame.Surface, column: pygame.Rect, size: int, large: int, view: TeachingView,
                         content: PanelContent) -> bool:
    """The newest sentence as large as it fits, then its detail and the working data while room lasts.
    The message under it gives way first: the sentence keeps at least body size."""
    newest = view.sentences[-1] if view.sentences else (view.about or "")
    keep = column.top + sentence_height(size, text.wrap(newest, size, column.width)) + size // 2
    bottom = draw_footer(surface, column, column.left, column.width, size, content.hint, content.message,
                         keep) - size // 2
    room = bottom - column.top
    type_size, lines = fitted_sentence(newest, large, column.width, room)
    if type_size < size and sentence_height(size, text.wrap(newest, size, column.width)) <= room:
        type_size, lines = size, text.wrap(newest, size, column.width)  # never below body size when it fits
    whole = sentence_height(type_size, lines) <= room
    y = draw_lines_spaced(surface, lines, column.left, column.top, type_size, bottom)
    small = max(SMALLEST, size - 3)
    if view.detail:
        detail = text.wrap("then: " + view.detail, small, column.width)
        if y + len(detail) * int(small * 1.3) <= bottom:
            y = draw_lines(surface, detail, column.left, y, small, ui().text, bottom)
    if view.data:
        draw_rows(surface, list(view.data), column.left, y + size // 3, column.width, small, bottom)
    return whole


def draw_lines_spaced(surface: pygame.Surface, lines: list[str], x: int, y: int, size: int, bottom: int) -> int:
    """The large sentence's lines, as many as fit above ``bottom``; returns where the next goes."""
    line = int(size * SENTENCE_LINE)
    for part in lines:
        if y + line > bottom:
            break
        surface.blit(text.rendered(part, size, ui().text), (x, y))
        SPOTS.note(part, size, x, y, line)
        y += line
    return y


def draw_figures(surface: pygame.Surface, column: pygame.Rect, size: int, content: PanelContent) -> None:
    """Without a teaching panel: the scene's title-less figures at the strip's left."""
    rows = list(content.extra[1]) if content.extra is not None else content.lines
    rows = rows_that_fit(rows, column.width, size, column.height)
    draw_rows(surface, rows, column.left, column.top, column.width, size, column.bottom)


def draw_legend_column(surface: pygame.Surface, column: pygame.Rect, size: int, content: PanelContent) -> None:
    """Without a teaching panel: the legend and colour scale at the right, message and keys under them."""
    bottom = draw_footer(surface, column, column.left, column.width, size, content.hint, content.message) - size // 2
    small = max(SMALLEST, size - 3)
    if content.scale is not None and bottom - scale_height(small) >= column.top:  # never over the scrub bar
        bottom = draw_scale(surface, content.scale, column.left, bottom, column.width, small)
    draw_legend(surface, content.legend, column.left, column.top, column.width, size, bottom)


def caption_text(content: PanelContent) -> str:
    """What the board-only caption says: the message while it shows, else the newest sentence,
    else the scene's figures on one line. A quiz's question stays in view beside a message (the
    verdict, "Quiz on"): the caption is the only words board only shows, and the run waits on it."""
    teaching = content.teaching
    if content.message:
        newest = teaching.sentences[-1] if teaching is not None and teaching.sentences else ""
        asking = newest.startswith(QUESTION) and newest not in content.message
        return f"{content.message}   {newest}" if asking else content.message
    if teaching is not None and teaching.sentences:
        return teaching.sentences[-1]
    if teaching is not None and teaching.about:  # before the first step: what the algorithm does
        return teaching.about
    return "   ".join(f"{label} {value}".strip() for label, value in content.lines[:6])


def draw_caption(surface: pygame.Surface, band: pygame.Rect, large: int, content: PanelContent) -> bool | None:
    """The board-only caption: one sentence, centred, as large as it fits in the band.
    Returns whether the newest sentence is whole (None when no teaching panel is shown)."""
    pygame.draw.rect(surface, ui().panel, band)
    pad = large // 2
    words = caption_text(content)
    type_size, lines = fitted_sentence(words, large, band.width - 2 * pad, band.height - pad)
    line = int(type_size * SENTENCE_LINE)
    y = band.top + max(pad // 2, (band.height - line * len(lines)) // 2)
    for part in lines:
        if y + line > band.bottom:
            break
        image = text.rendered(part, type_size, ui().text)
        surface.blit(image, (band.centerx - image.get_width() // 2, y))
        SPOTS.note(part, type_size, band.centerx - image.get_width() // 2, y, line)
        y += line
    if content.teaching is None:
        return None
    return bool(content.message) or sentence_height(type_size, lines) <= band.height - pad
