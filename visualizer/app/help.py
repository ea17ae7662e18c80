"""The help overlay: every key of the scene on top and of the shell, in a box over the window,
and, where the number keys choose an algorithm, which number picks which (from the registry)."""

from __future__ import annotations

import math

import pygame

from ..algorithms import ALGORITHMS
from ..grids import GRIDS
from ..render.themes import ui
from . import text
from .keys import NUMBER_CHOICES, NUMBER_LAYERS, ROW_DIGITS, SHELL_KEYS, WATCH_KEYS, Binding

NUMBER_BINDING = next(b for b in WATCH_KEYS.bindings if b.command == "choose_algorithm_number")
"""The watch scene's number keys: the overlay lists the algorithms when its rows hold this one."""
NUMBER_COLUMNS = 3


def move_rows(kind: str) -> list[Binding]:
    """Play's move keys on a ``kind`` grid, from the grid registry, and a line naming the grids that
    move with other keys: the rows of every grid at once would leave a player to find their own."""
    own = GRIDS[kind].PLAY_HELP
    rows = [Binding(label, action, "", ()) for label, action in own]
    others = [name for name, grid in GRIDS.items() if grid.PLAY_HELP != own]
    if others:
        rows.append(Binding("Other grids", f"{', '.join(others)}: keys of their own, listed here while one is "
                            "played", "", ()))
    return rows


def number_key(choice: int) -> str:
    """The key that makes choice ``choice`` (from 0): "1" ... "9", "0", then "Shift+1" ..., "Ctrl+1" ..."""
    digit = str((choice + 1) % len(ROW_DIGITS))
    return NUMBER_LAYERS[choice // len(ROW_DIGITS)][0] + digit


def algorithm_numbers() -> list[tuple[str, str]]:
    """(key, algorithm title) for every algorithm a number key picks, in the registry's order."""
    return [(number_key(i), info.title) for i, info in enumerate(list(ALGORITHMS.values())[:NUMBER_CHOICES])]


def numbers_markdown() -> str:
    """The docs' table of the number keys (a test checks docs/algorithms.md holds exactly this)."""
    lines = ["| key | algorithm | name |", "|---|---|---|"]
    names = list(ALGORITHMS)
    lines += [f"| {key} | {title} | `{names[i]}` |" for i, (key, title) in enumerate(algorithm_numbers())]
    return "\n".join(lines)


def number_lines(width: int, size: int) -> list[list[str]]:
    """The number keys' entries ("1  Recursive backtracker") in columns that fit ``width``: the
    rows of the block, each a list of one entry per column."""
    entries = [f"{key}  {title}" for key, title in algorithm_numbers()]
    font = text.font(size)
    columns = NUMBER_COLUMNS
    while columns > 1 and max(font.size(e)[0] for e in entries) + size > width // columns:
        columns -= 1
    rows = math.ceil(len(entries) / columns)
    return [[entries[c * rows + r] for c in range(columns) if c * rows + r < len(entries)] for r in range(rows)]


HELP_FLOOR = 4
"""Points below the body size the help's text may shrink to keep every key on one page; below
that the scene's keys go on pages of their own (up to MOST_SCENE_PAGES), then the window's keys
and the number keys (a projector's back row could not read 11-pixel text)."""
SMALLEST_HELP = 10
MOST_SCENE_PAGES = 3
"""Pages the scene's own keys may take (the window's keys and the number keys take one more)."""


Page = tuple[list[Binding], bool, int]
"""A page of the help: its rows, whether it lists the number keys, its text size."""


def help_pages(rows: list[Binding], size: int, window: tuple[int, int]) -> list[Page]:
    """The help on one page when it fits at ``size`` less HELP_FLOOR; else the scene's keys on as
    few pages as read at that size (up to MOST_SCENE_PAGES), then the number keys and the keys of
    every scene (``SHELL_KEYS``) on a last page, each page as large as it fits."""
    numbered = any(b is NUMBER_BINDING for b in rows)
    least = max(SMALLEST_HELP, size - HELP_FLOOR)
    whole = _fitted_size(rows, numbered, size, least, window)
    if whole is not None:
        return [(rows, numbered, whole)]
    everywhere = set(SHELL_KEYS.bindings)
    own = [b for b in rows if b not in everywhere]
    shared = [b for b in rows if b in everywhere]
    for count in range(1, MOST_SCENE_PAGES + 1):  # the scene's keys in as few pages as read at ``least``
        parts = [part for k in range(count) if (part := own[len(own) * k // count:len(own) * (k + 1) // count])]
        if count == MOST_SCENE_PAGES or all(_fitted_size(part, False, size, least, window) for part in parts):
            break
    pages = [(part, False) for part in parts] + [(shared, numbered)]
    return [(part, listed, _fitted_size(part, listed, size, SMALLEST_HELP, window) or SMALLEST_HELP)
            for part, listed in pages if part or listed]


def _fitted_size(rows: list[Binding], numbered: bool, size: int, least: int, window: tuple[int, int]) -> int | None:
    """The largest text size from ``size`` down to ``least`` at which ``rows`` fit the window (in one
    column or two), or None."""
    width, height = window
    for candidate in range(size, least - 1, -1):
        if min(_plan(rows, candidate, width, numbered, count)[-1] for count in (1, 2)) <= height - 40:
            return candidate
    return None


def draw_help(surface: pygame.Surface, rows: list[Binding], size: int, page: int = 0) -> int:
    """Page ``page`` of the help (``help_pages``): the rows' keys and actions in a box over
    everything, the window shaded behind it, in one column or two. Returns how many pages it has."""
    pages = help_pages(rows, size, surface.get_size())
    page = min(page, len(pages) - 1)  # a larger window than the page was chosen on: fewer pages
    shown, numbered, size = pages[page]
    number = page + 1
    heading = "Keys" if len(pages) == 1 else f"Keys, page {number} of {len(pages)} " + (
        "(H: next page)" if number < len(pages) else "(H or Esc: close)")
    width, height = surface.get_size()
    plan = _plan(shown, size, width, numbered, 1)
    if plan[-1] > height - 40:
        plan = _plan(shown, size, width, numbered, 2)
    box_w, key_w, column_w, columns, numbers, needed = plan
    line = int(size * 1.4)
    box = pygame.Rect(0, 0, box_w, min(height - 20, needed))
    box.center = (width // 2, height // 2)
    shade = pygame.Surface((width, height), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 160))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, ui().panel, box, border_radius=size // 2)
    pygame.draw.rect(surface, ui().accent, box, 2, border_radius=size // 2)
    x, y = box.left + size, box.top + size
    surface.blit(text.rendered(heading, round(size * 1.2), ui().text, True), (x, y))
    top = y + int(line * 1.6)
    bottom = top
    for k, column in enumerate(columns):
        y = top
        left = x + k * (column_w + size)
        for binding, parts in column:
            surface.blit(text.rendered(binding.label, size, ui().accent, True), (left, y))
            for part in parts:
                surface.blit(text.rendered(part, size, ui().text), (left + key_w, y))
                y += line
        bottom = max(bottom, y)
    y = bottom
    if numbers:
        y += int(line * 0.4)
        surface.blit(text.rendered("Number keys pick", size, ui().accent, True), (x, y))
        y += line
        number_w = (box_w - 2 * size) // max(len(r) for r in numbers)
        for row in numbers:
            for k, entry in enumerate(row):
                surface.blit(text.rendered(entry, size, ui().text), (x + k * number_w, y))
            y += line
    return len(pages)


Column = list[tuple[Binding, list[str]]]


def _plan(rows: list[Binding], size: int, width: int, numbered: bool,
          count: int) -> tuple[int, int, int, list[Column], list[list[str]], int]:
    """Where the rows go at ``size`` in ``count`` columns: (box width, key width, column width, the
    columns of rows with their wrapped actions, the number keys' block, the height needed)."""
    line = int(size * 1.4)
    box_w = min(width - 40, size * 48 * count)
    column_w = (box_w - 2 * size - (count - 1) * size) // count
    key_w = max(text.font(size, True).size(b.label)[0] for b in rows) + size
    wrapped = [text.wrap(b.action, size, column_w - key_w) for b in rows]
    total = sum(len(w) for w in wrapped)
    columns: list[Column] = [[] for _ in range(count)]
    done = 0
    for binding, parts in zip(rows, wrapped):
        k = min(count - 1, done * count // max(1, total))
        columns[k].append((binding, parts))
        done += len(parts)
    tallest = max(sum(len(parts) for _, parts in column) for column in columns)
    numbers = number_lines(box_w - 2 * size, size) if numbered else []
    extra = len(numbers) + 1.4 if numbers else 0
    return box_w, key_w, column_w, columns, numbers, int(line * (tallest + 1.6 + extra)) + 2 * size
