"""The side panel: the scene's figures, the teaching panel with its code box, the legend (drawn by
``legend``), the colour scale, the bar chart, the message and the key hint.

The shell gathers what the panel shows into a :class:`PanelContent` once a frame (the same value
decides whether the panel must be drawn again) and hands it, with the panel's rectangle, to
:func:`draw_panel`; nothing here knows the shell or the scenes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from ..core.narration import plural
from ..render.themes import ui
from ..run.teaching import TeachingView
from . import text
from .legend import Legend, draw_legend, entries_height, least_needed, legend_fit, legend_height, missing_words
from .scene import ColourScale
from .words import MORE, draw_lines

Rows = list[tuple[str, str]]
"""Label / value rows."""


@dataclass(frozen=True)
class PanelContent:
    """Everything the panel shows this frame (compared with the last frame's to skip redrawing)."""

    teaching: TeachingView | None
    """The teaching panel, shown instead of the figures, or None."""
    lines: Rows
    hover: Rows | None
    """Lines about the cell under the pointer, or None when the pointer is on no cell."""
    extra: tuple[str, Rows] | None
    """A titled block of figures shown instead of the legend (the metrics), or None."""
    chart: tuple[str, dict[str, int]] | None
    scale: ColourScale | None
    legend: Legend
    hint: str
    message: str | None
    """The message shown now (it wraps above the hint), or None."""


def draw_panel(surface: pygame.Surface, panel: pygame.Rect, size: int, content: PanelContent) -> bool | None:
    """Title, the scene's figures, the cell under the pointer, metrics or legend, messages, hint.
    Long values wrap; nothing is cut short. Returns whether the teaching panel's newest sentence
    fitted whole (None when no teaching panel is shown)."""
    pygame.draw.rect(surface, ui().panel, panel)
    x, y = panel.left + size, size
    width = panel.width - 2 * size
    teaching = content.teaching
    heading = teaching.title if teaching is not None else "Maze Visualizer"
    for part in text.wrap(heading, round(size * 1.35), width, True):
        title = text.rendered(part, round(size * 1.35), ui().text, True)
        surface.blit(title, (x, y))
        y += title.get_height()
    y += size // 2
    keep = y + teaching_needed(teaching, width, size) + size // 2 if teaching is not None else panel.top
    if teaching is None and content.extra is None:
        keep = figures_keep(panel, content, y, width, size)
    bottom = draw_footer(surface, panel, x, width, size, content.hint, content.message, keep) - size // 2
    if teaching is not None:
        return draw_teaching_and_legend(surface, panel, content, teaching, (x, y, width, size), bottom)
    lines = content.lines if content.extra is not None else rows_for_legend(content, y, width, size, bottom)
    y = draw_rows(surface, lines, x, y, width, size, bottom)
    hover = content.hover
    legend_size = size
    if content.extra is None:
        legend_size, hover = legend_room(content, y, width, size, bottom)
    elif hover is not None and not extra_fits(content, y + size // 3 + rows_height(hover, width, size), width, size,
                                              bottom):
        hover = None  # the figures and their chart are what the class was shown; the cell's lines go first
    if hover is not None:
        y += size // 3
        y = draw_rows(surface, hover, x, y, width, size, bottom, ui().text_dim)
    y += size // 2
    if content.extra is not None:
        heading, rows = content.extra
        if y + int(size * 1.5) < bottom:
            surface.blit(text.rendered(heading, size, ui().text, True), (x, y))
        rows = rows_that_fit(rows, width, size, bottom - y - int(size * 1.5))  # a long message: say what went
        y = draw_rows(surface, rows, x, y + int(size * 1.5), width, size, bottom)
        if content.chart is not None:
            draw_chart(surface, content.chart, x, y + size // 2, width, size, bottom)
        return None
    if content.scale is not None and y + scale_height(size) < bottom:
        y = draw_scale(surface, content.scale, x, y + scale_height(size), width, size)
        y += scale_height(size)
    draw_legend(surface, content.legend, x, y, width, legend_size, bottom)
    return None


def extra_fits(content: PanelContent, y: int, width: int, size: int, bottom: int) -> bool:
    """Whether the titled block of figures and its chart fit whole between ``y`` and ``bottom``."""
    assert content.extra is not None
    y += size // 2 + int(size * 1.5) + rows_height(content.extra[1], width, size)
    return y <= bottom and (content.chart is None or y + size // 2 + chart_height(content.chart, size) <= bottom)


def figures_keep(panel: pygame.Rect, content: PanelContent, y: int, width: int, size: int) -> int:
    """Where the message must stay below so the figures and the legend fit above it: the whole
    legend while the message still fits under it at body size, else the legend's heading and
    first few entries (the rest counted on a line) with the message at body size, else with the
    message stepped down; when even that cannot be, the message keeps its size and the legend
    gives way. The legend's own type never shrinks."""
    figures = y + rows_height(content.lines, width, size) + size // 2
    figures += scale_height(size) if content.scale is not None else 0
    whole = legend_height(content.legend, width, size)
    few = min(whole, int(size * 1.5) + int(size * 1.4) * (FEW_ENTRIES + 1) + size // 2)
    for legend, least in ((whole, size), (few, size), (few, text.SMALLEST)):
        keep = figures + legend + size // 2 + size // 2
        room = footer_top(panel, width, size, content.hint) - size - keep
        if content.message is None or message_lines(content.message, width, size, room)[0] >= least:
            return keep
    return panel.top


FEW_ENTRIES = 4
"""Legend lines (entries and the line counting those left out) kept when the whole legend cannot be."""


LESS_NEEDED_ROWS = ("Seed", "Speed", "Events", "Phase", "Grid", "State", "Mode", "Visited")
"""Figures left out, in this order, when the legend would find no room under them (large text on
a small window): the legend explains the board, these the run's bookkeeping."""


def rows_for_legend(content: PanelContent, y: int, width: int, size: int, bottom: int) -> Rows:
    """The figures, less the least needed of them when the legend's heading and first few entries
    would not fit under them; a last row says how many went (the type never shrinks)."""
    legend = content.legend
    if not legend:
        return content.lines
    need = min(legend_height(legend, width, size), int(size * 1.5) + int(size * 1.4) * FEW_ENTRIES + size // 2)
    need += size // 2 + (scale_height(size) if content.scale is not None else 0)
    return rows_that_fit(content.lines, width, size, bottom - y - need, cut=False)


def rows_that_fit(rows: Rows, width: int, size: int, room: int, cut: bool = True) -> Rows:
    """``rows`` in ``room`` pixels: whole, else less the least needed (a last row says how many
    went); ``cut``: when that is not enough, the last rows go too (else they stay, and what is
    under them gives way)."""
    lines = list(rows)
    for label in LESS_NEEDED_ROWS:
        gone = len(rows) - len(lines)
        shown = lines + ([("", rows_gone_words(gone))] if gone else [])
        if rows_height(shown, width, size) <= room:
            return shown
        lines = [row for row in lines if row[0] != label]
    while cut and lines and rows_height(lines + [("", rows_gone_words(len(rows) - len(lines)))], width, size) > room:
        lines.pop()  # still too many: the last go, counted too
    gone = len(rows) - len(lines)
    return lines + ([("", rows_gone_words(gone))] if gone else [])


def rows_gone_words(count: int) -> str:
    return f"{MORE}{plural(count, 'figure')} left out (no room)"


def legend_room(content: PanelContent, y: int, width: int, size: int, bottom: int) -> tuple[int, Rows | None]:
    """The legend's text size (body size: it never shrinks below the figures' text) and the hover
    lines that leave it whole below ``y``: the legend lists every colour on the board, so the
    hover lines go first; when it still cannot be whole it leaves out its least needed entries."""
    scale = scale_height(size) if content.scale is not None else 0
    hover = content.hover
    if hover is None:
        return size, None
    top = y + size // 3 + rows_height(hover, width, size) + size // 2 + scale
    if top + legend_height(content.legend, width, size) + size // 2 <= bottom:
        return size, hover
    return size, None


def rows_height(rows: Rows, width: int, size: int) -> int:
    """Pixels :func:`draw_rows` takes for ``rows``."""
    if not rows:
        return 0
    label_w = min(max(text.font(size).size(label)[0] for label, _ in rows) + size, width // 2)
    lines = 0
    for _, value in rows:
        parts = text.wrap(value, size, width - label_w)
        lines += len(parts) + 1 if text.breaks_words(value, parts) else len(parts)
    return lines * int(size * 1.4)


def draw_teaching_and_legend(surface: pygame.Surface, panel: pygame.Rect, content: PanelContent,
                             teaching: TeachingView, at: tuple[int, int, int, int], bottom: int) -> bool:
    """The teaching panel above the legend and colour scale; when the lit line and the newest
    sentence would not both be whole above them (large text on a small window), the legend gives
    up its room: the words the class reads come first."""
    x, y, width, size = at
    small = max(11, size - 3)
    legend_top = bottom - teaching_legend_height(content, teaching, (y, width, size), bottom)
    scale_top = legend_top - (scale_height(small) if content.scale is not None else 0)
    if teaching_fits(replace(teaching, about=""), width, size, scale_top - size // 2 - y):  # the description gives way
        draw_legend(surface, content.legend, x, legend_top, width, small, bottom)
        draw_scale(surface, content.scale, x, legend_top, width, small)
        return draw_teaching(surface, teaching, x, y, width, size, scale_top - size // 2)
    return draw_teaching(surface, teaching, x, y, width, size, bottom)


def teaching_legend_height(content: PanelContent, view: TeachingView, at: tuple[int, int, int], bottom: int) -> int:
    """Pixels the legend takes under the teaching panel: whole when the whole pseudocode (and
    before the first step the description) still fits above it, else the entries that leave them
    whole (the least needed go first, a line says how many) while those keep the colours that
    mean something for the run (see :func:`legend_least`); the description gives way before the
    legend goes. When even those would cut the pseudocode, it scrolls (its lit line kept) and the
    legend takes the room its least leaves: whole if it fits there, else what fits, counted (a
    legend cut to one entry left the board's sets unexplained while the whole code was kept)."""
    y, width, size = at
    small = max(11, size - 3)
    whole = legend_height(content.legend, width, small)
    least_code = code_line_height(size) * max(len(code_rows(view.code, width, size, only=view.lit)) if view.lit >= 0
                                              else 1, min(3, len(view.code))) + size if view.code else 0
    code = max(0, code_height(view.code, width, size) + size // 2 - least_code) if view.code else 0
    scale = scale_height(small) if content.scale is not None else 0
    data = size // 3 + rows_height(list(view.data), width, small) if view.about and view.lit < 0 and view.data else 0
    plain = replace(view, about="")
    for asked, beside in ((view, data), (plain, 0)):  # the description shows over the data
        spare = bottom - y - teaching_needed(asked, width, size) - beside - code - size // 2 - scale
        if whole <= spare:
            return whole
        height, shown = legend_part(content.legend, width, small, spare)
        if shown >= legend_least(content.legend):
            return height
    spare = bottom - y - teaching_needed(plain, width, size) - size // 2 - scale  # the pseudocode scrolls
    if whole <= spare:
        return whole
    height, shown = legend_part(content.legend, width, small, spare)
    return height if shown else whole


def legend_part(legend: Legend, width: int, size: int, room: int) -> tuple[int, int]:
    """Pixels the legend takes in ``room`` (its heading, the entries that fit, the line counting
    the rest) and how many entries it lists: (0, 0) when not even one fits."""
    shown, missing = legend_fit(legend, width, size, room - int(size * 1.5) - size // 2)
    if not shown:
        return 0, 0
    note = len(text.wrap(missing_words(missing), size, width)) * int(size * 1.4) if missing else 0
    return int(size * 1.5) + size // 2 + entries_height(shown, width, size) + note, len(shown)


def legend_least(legend: Legend) -> int:
    """Entries the legend under the teaching panel keeps before the whole pseudocode does: those
    that are not the least needed (where the run is, the colours the algorithm gives its own words),
    at most ``FEW_ENTRIES`` lines with the one counting the rest, and one at least."""
    meant = sum(not least_needed(key, label) for key, label in legend)
    return max(1, min(FEW_ENTRIES - 1, meant))


def teaching_fits(view: TeachingView, width: int, size: int, room: int) -> bool:
    """True when the status, the lit pseudocode line and the newest sentence at full size fit ``room``."""
    return teaching_needed(view, width, size) <= room


def teaching_needed(view: TeachingView, width: int, size: int) -> int:
    """Pixels :func:`draw_teaching` needs for the status, the phases, the least of the pseudocode
    and the newest sentence at body size: the message above the key hint must leave them this."""
    small = max(11, size - 3)
    needed = int(small * 1.3) * len(status_lines(view, small, width)) + size // 3
    if view.phases:
        needed += int(small * 1.3) * len(text.wrap("Phases: " + phases_text(view), small, width))
    if view.code:
        lit_rows = len(code_rows(view.code, width, size, only=view.lit)) if view.lit >= 0 else 1
        needed += code_line_height(size) * max(lit_rows, min(3, len(view.code))) + size
    if view.sentences:
        needed += int(size * 1.3) * len(text.wrap(view.sentences[-1], size, width))
    if view.about and view.lit < 0:  # before the first step: the algorithm's description too
        needed += size // 3 + int(small * 1.3) * len(text.wrap(view.about, small, width))
    return needed


def scale_height(size: int) -> int:
    """Pixels a colour scale takes: its title, the bar, the labels under it."""
    return int(size * 1.5) + int(size * 0.9) + int(size * 1.5)


def draw_scale(surface: pygame.Surface, scale: ColourScale | None, x: int, bottom: int, width: int, size: int) -> int:
    """A colour scale ending just above ``bottom``: title, a bar blending its colours, the two
    ends labelled under it. Returns its top (what is above it must end there)."""
    if scale is None:
        return bottom
    top = bottom - scale_height(size)
    surface.blit(text.rendered(scale.title, size, ui().text, True), (x, top))
    bar = pygame.Rect(x, top + int(size * 1.5), width, int(size * 0.9))
    count = len(scale.colours)
    for i, colour in enumerate(scale.colours):
        left = bar.left + bar.width * i // count
        pygame.draw.rect(surface, colour, (left, bar.top, bar.left + bar.width * (i + 1) // count - left,
                                           bar.height))
    pygame.draw.rect(surface, ui().text_dim, bar, 1)
    low = text.rendered(scale.low, size, ui().text_dim)
    high = text.rendered(scale.high, size, ui().text_dim)
    surface.blit(low, (bar.left, bar.bottom + 2))
    surface.blit(high, (bar.right - high.get_width(), bar.bottom + 2))
    return top


def draw_teaching(surface: pygame.Surface, view: TeachingView, x: int, y: int, width: int, size: int,
                  bottom: int) -> bool:
    """The teaching panel: where the run is, the phases, the pseudocode with the running line
    lit, the newest step's sentence in full, the working data, the steps before. When room is
    short the pseudocode scrolls to keep its lit line in view and the older sentences go first.
    True when the newest sentence fitted whole (the automation state reports it)."""
    small = max(11, size - 3)
    y = draw_lines(surface, status_lines(view, small, width), x, y, small, ui().text_dim, bottom)
    if view.phases:
        y = draw_lines(surface, text.wrap("Phases: " + phases_text(view), small, width), x, y, small, ui().text_dim,
                       bottom)
    y += size // 3
    lit_rows = len(code_rows(view.code, width, size, only=view.lit)) if view.code and view.lit >= 0 else 1
    code_least = code_line_height(size) * max(lit_rows, min(3, len(view.code))) + size if view.code else 0
    detail = text.wrap("then: " + view.detail, small, width) if view.detail else []
    room = bottom - y - code_least
    sentence_size, newest = text.fitted(view.sentences[-1], size, width, room) if view.sentences else (size, [])
    sentence_height = int(sentence_size * 1.3) * len(newest)
    if sentence_height + int(small * 1.3) * len(detail) > room:
        detail = []  # the newest sentence whole comes before the rest of its step
    words_height = sentence_height + int(small * 1.3) * len(detail)
    if view.about and view.lit < 0:  # before the first step: room for the description, if it will show
        words_height += description_room(view, width, size, bottom - y - words_height, code_least)
    if view.code:
        code_bottom = max(y + code_least - size // 2, bottom - words_height - size // 2)
        y = draw_code(surface, view.code, view.lit, x, y, width, size, code_bottom) + size // 2
    whole = y + sentence_height <= bottom
    y = draw_lines(surface, newest, x, y, sentence_size, ui().text, bottom)
    y = draw_lines(surface, detail, x, y, small, ui().text, bottom)
    if view.data:
        y = draw_rows(surface, list(view.data), x, y + size // 3, width, small, bottom)
    for earlier in reversed(view.sentences[:-1]):
        parts = text.wrap(earlier, small, width - text.font(small).size(" ...")[0])
        shown = parts[0] + (" ..." if len(parts) > 1 else "")
        y = draw_lines(surface, [shown], x, y, small, ui().text_dim, bottom)
    if view.about and view.lit < 0:  # the description whole or not at all: never cut mid-sentence
        about = text.wrap(view.about, small, width)
        if y + size // 3 + int(small * 1.3) * len(about) <= bottom:
            draw_lines(surface, about, x, y + size // 3, small, ui().text_dim, bottom)
    return whole


def description_room(view: TeachingView, width: int, size: int, room: int, code_least: int) -> int:
    """Pixels kept under the newest sentence for the working data and the description before the
    first step: all they take if they fit in ``room`` beside the whole pseudocode, or (a quiz asks at
    once) beside its least, the code scrolling, marked; else none, and the pseudocode has the room
    (kept for a description too long to show, it stood empty over the legend, the code cut to a row)."""
    small = max(11, size - 3)
    needed = size // 3 + rows_height(list(view.data), width, small) if view.data else 0
    needed += size // 3 + int(small * 1.3) * len(text.wrap(view.about, small, width))
    code = code_least if view.sentences else code_height(view.code, width, size) + size // 2 if view.code else 0
    return needed if code + needed <= room else 0


def status_lines(view: TeachingView, size: int, width: int) -> list[str]:
    """The status line wrapped between its parts ("Step 166 · paused"), never leaving a "·" at a line's end."""
    return text.wrap_items(view.status.split(" · "), size, width, gap=" · ")


def phases_text(view: TeachingView) -> str:
    """The phases in order, the one running in capitals after a marker."""
    return "   ".join(("> " + p.upper()) if p == view.phase else p for p in view.phases)


def draw_code(surface: pygame.Surface, code: tuple[str, ...], lit: int, x: int, y: int, width: int, size: int,
              bottom: int) -> int:
    """Pseudocode in a dark box, indents kept, long lines wrapped under themselves, the lit
    line on a bright bar."""
    small = max(11, size - 2)
    line = code_line_height(size)
    pad = small // 3
    rows = code_rows(code, width, size, lit)
    height = min(len(rows) * line + 2 * pad, max(0, bottom - y))
    pygame.draw.rect(surface, ui().code_background, (x - pad, y, width + 2 * pad, height), border_radius=pad)
    ty = y + pad
    for indent, part, is_lit in code_window(rows, max(1, (height - 2 * pad) // line)):
        if ty + line > y + height:
            break
        if is_lit:
            pygame.draw.rect(surface, ui().code_lit, (x - pad, ty, width + 2 * pad, line))
        colour = ui().code_lit_text if is_lit else ui().text_dim if part.startswith(MORE) else ui().text
        surface.blit(text.rendered(part, small, colour, is_lit), (x + indent, ty))
        ty += line
    return y + height


def code_window(rows: list[tuple[int, str, bool]], fits: int) -> list[tuple[int, str, bool]]:
    """The rows a box of ``fits`` rows shows: all of them, or a window that keeps the lit line in
    view, whole, with a dim row saying how many rows are out of view above or below (a cut
    pseudocode must never read as the whole of it)."""
    if fits >= len(rows):
        return rows
    lit_rows = [i for i, row in enumerate(rows) if row[2]] or [0]
    first = min(max(0, lit_rows[0] - max(0, fits - len(lit_rows)) // 2), len(rows) - fits)
    last = first + fits  # rows[first:last] are in view; a marker takes the place of an unlit end row
    above = first > 0 and last - first > 1 and not rows[first][2]
    first += above
    below = last < len(rows) and last - first > 1 and not rows[last - 1][2]
    last -= below
    indent = rows[0][0]
    return ([(indent, f"{MORE}{plural(first, 'more row')} above", False)] if above else []) + rows[first:last] + (
        [(indent, f"{MORE}{plural(len(rows) - last, 'more row')} below", False)] if below else [])


def code_height(code: tuple[str, ...], width: int, size: int) -> int:
    """Pixels the whole pseudocode box takes (every row, its padding)."""
    return len(code_rows(code, width, size)) * code_line_height(size) + 2 * (max(11, size - 2) // 3)


def code_line_height(size: int) -> int:
    """Pixels per pseudocode row at body text ``size``."""
    return int(max(11, size - 2) * 1.3)


def code_rows(code: tuple[str, ...], width: int, size: int, lit: int = -1,
              only: int | None = None) -> list[tuple[int, str, bool]]:
    """The pseudocode as drawn rows ``(indent, words, lit)``: indents kept, long lines wrapped under
    themselves (``only``: just that line's rows, to measure it)."""
    small = max(11, size - 2)
    pad = small // 3
    indent_unit = text.font(small).size("  ")[0]
    rows: list[tuple[int, str, bool]] = []
    for number, source in enumerate(code):
        if only is not None and number != only:
            continue
        depth = (len(source) - len(source.lstrip(" "))) // 2
        indent = pad + round(depth * indent_unit * 1.5)
        for k, part in enumerate(text.wrap(source.strip(), small, width - indent - 2 * pad - indent_unit, True)):
            rows.append((indent + (indent_unit if k else 0), part, number == lit))
    return rows


def draw_rows(surface: pygame.Surface, rows: list[tuple[str, str]], x: int, y: int, width: int, size: int, bottom: int,
              colour: tuple[int, int, int] | None = None) -> int:
    """Label / value rows down to ``bottom``. A value too long for its column wraps; one with a
    word too long for the column goes under its label, at full width, rather than break it."""
    if not rows:
        return y
    colour = colour or ui().text
    label_w = max(text.font(size).size(label)[0] for label, _ in rows) + size
    label_w = min(label_w, width // 2)
    line = int(size * 1.4)
    for label, value in rows:
        indent, parts = label_w, text.wrap(value, size, width - label_w)
        if text.breaks_words(value, parts):
            indent, parts = size, text.wrap(value, size, width - size)
            parts = [""] + parts
        if y + line * len(parts) > bottom:
            break
        surface.blit(text.rendered(label, size, ui().text_dim), (x, y))
        for part in parts:
            if part:
                surface.blit(text.rendered(part, size, colour), (x + indent, y))
            y += line
    return y


def draw_footer(surface: pygame.Surface, panel: pygame.Rect, x: int, width: int, size: int, hint_text: str,
                message: str | None, keep: int | None = None) -> int:
    """The message (wrapped) and the key hint at the bottom of the panel; returns their top.
    The message box stays below ``keep`` (where the newest sentence at full size ends) while it
    can: a long message steps its type down rather than shrink the words above it (a quiz
    verdict must not make the next question tiny)."""
    small = max(11, size - 3)
    hint = hint_lines_that_fit(panel, width, size, hint_text, message, keep)
    y = top = panel.bottom - int(small * 1.5) * len(hint) - size // 2
    for part in hint:
        surface.blit(text.rendered(part, small, ui().text_dim), (x, y))
        y += int(small * 1.5)
    if message is not None:
        message_size, lines, _ = message_lines(message, width, size, top - size - (panel.top if keep is None else keep))
        line = int(message_size * 1.35)
        height = line * len(lines) + size // 2
        box = pygame.Rect(x - size // 2, top - height - size // 2, width + size, height)
        pygame.draw.rect(surface, ui().window, box, border_radius=size // 3)
        pygame.draw.rect(surface, ui().accent, box, 2, border_radius=size // 3)
        ty = box.top + size // 4
        for part in lines:
            surface.blit(text.rendered(part, message_size, ui().text), (x, ty))
            ty += line
        top = box.top
    return top


def hint_lines_that_fit(panel: pygame.Rect, width: int, size: int, hint_text: str, message: str | None,
                        keep: int | None) -> list[str]:
    """The key hint's lines, the last ones dropped while the message cannot fit whole between
    ``keep`` and the hint even in small type: on a crowded strip (a lesson's caption at 200 %) the
    class needs the step's sentence and the caption, not the teacher's keys."""
    small = max(11, size - 3)
    hint = text.wrap_items(hint_text.split("   "), small, width)
    if keep is None:
        return hint
    if message is None:
        tries = [0]
    else:  # one wrap a type size (the message's height at body size, then at the smallest)
        tries = [len(text.wrap(message, least, width - size)) * int(least * 1.35)
                 for least in (size, text.SMALLEST)]
    for needed in tries:  # the message at body size if dropping hint lines allows, else at all
        for count in range(len(hint), -1, -1):
            top = panel.bottom - int(small * 1.5) * count - size // 2
            if top - size - keep >= needed if message is not None else top >= keep:
                return hint[:count]
    return hint


def footer_top(panel: pygame.Rect, width: int, size: int, hint_text: str) -> int:
    """Where the key hint at the foot of the panel starts."""
    small = max(11, size - 3)
    return panel.bottom - int(small * 1.5) * len(text.wrap_items(hint_text.split("   "), small, width)) - size // 2


def message_lines(message: str, width: int, size: int, room: int) -> tuple[int, list[str], bool]:
    """The message's type and lines in ``room`` pixels (its type steps down to fit), and whether
    it fits; one that cannot fit even small keeps its size."""
    message_size, lines = text.fitted(message, size, width - size, room, 1.35)
    if len(lines) * int(message_size * 1.35) <= room:
        return message_size, lines, True
    return size, text.wrap(message, size, width - size), False


def chart_height(chart: tuple[str, dict[str, int]], size: int) -> int:
    """Pixels :func:`draw_chart` takes for the whole chart: its heading and a bar a direction."""
    return int(size * 1.5) + int(size * 1.3) * len(chart[1])


def draw_chart(surface: pygame.Surface, chart: tuple[str, dict[str, int]], x: int, y: int, width: int, size: int,
               bottom: int) -> None:
    """A titled bar chart, each bar labelled and numbered; when the whole chart does not fit, a line
    saying so in its place (a chart cut in half would mislead; one left out unsaid is missed)."""
    heading, counts = chart
    if y + chart_height(chart, size) > bottom:
        if y + int(size * 1.4) <= bottom:
            surface.blit(text.rendered(f"{MORE}chart left out (no room)", size, ui().text_dim), (x, y))
        return
    surface.blit(text.rendered(heading, size, ui().text, True), (x, y))
    y += int(size * 1.5)
    most = max(counts.values(), default=0) or 1
    label_w = max((text.font(size).size(name)[0] for name in counts), default=0) + size // 2
    bar_w = width - label_w
    number_w = text.font(size).size(f"{most:,}")[0] + size // 2
    for name, count in counts.items():
        surface.blit(text.rendered(name, size, ui().text_dim), (x, y))
        length = int((bar_w - number_w) * count / most)
        pygame.draw.rect(surface, ui().accent, (x + label_w, y + size // 5, max(1, length), int(size * 0.8)))
        surface.blit(text.rendered(f"{count:,}", size, ui().text), (x + label_w + max(1, length) + size // 3, y))
        y += int(size * 1.3)
