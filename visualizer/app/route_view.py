"""After a level: the route walked and the shortest one side by side on the board, and the boxes
(start, win, final) the play scene shows in the middle of the board.

The win box covers the maze; L puts it away so the player can see where they went wrong. Both
routes are lines through the cell centres, a little apart so both show where they run together,
each outlined in black so it stands out from the light floor and the dark walls alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..core.narration import plural
from ..render.palette import ACCENT, PANEL, TEXT, TEXT_DIM, Colour
from . import text

WALKED: Colour = (230, 159, 0)
"""Your route: Okabe-Ito orange."""
SHORTEST: Colour = (0, 114, 178)
"""The shortest route: Okabe-Ito blue (the solution path's colour)."""
OUTLINE: Colour = (10, 10, 14)
SIDE_SHARE = 0.13
"""How far each route sits off the cell centres, as a share of a cell: side by side, not on top."""


def route_points(board, cells: Sequence[int], origin: tuple[int, int], shift: float) -> list[tuple[float, float]]:
    """Screen points through the centres of ``cells``, moved ``shift`` pixels down and right."""
    return [(origin[0] + x + shift, origin[1] + y + shift) for x, y in (board.cell_centre(c) for c in cells)]


def draw_routes(surface: pygame.Surface, board, origin: tuple[int, int], walked: Sequence[int],
                shortest: Sequence[int]) -> None:
    """The two routes as outlined lines, then a legend naming them and their lengths."""
    size = max(3.0, board.cell_pixels)
    width = max(2, int(size * 0.14))
    for cells, colour, side in ((walked, WALKED, -1), (shortest, SHORTEST, 1)):
        points = route_points(board, cells, origin, side * size * SIDE_SHARE)
        if len(points) < 2:
            continue
        pygame.draw.lines(surface, OUTLINE, False, points, width + max(2, width // 2) * 2)
        pygame.draw.lines(surface, colour, False, points, width)
    draw_legend(surface, surface.get_clip(), [(WALKED, f"your route: {plural(len(walked) - 1, 'move')}"),
                                              (SHORTEST, f"shortest route: {plural(len(shortest) - 1, 'move')}"),
                                              (None, "L: back to the box,  Enter: next")])


def draw_legend(surface: pygame.Surface, view: pygame.Rect, rows: list[tuple[Colour | None, str]]) -> None:
    """A small box at the board's top left: a colour bar and words for each route."""
    size = text.base_size(surface.get_height())
    rendered = [(colour, text.rendered(words, size, TEXT if colour else TEXT_DIM)) for colour, words in rows]
    bar = size * 2
    width = max(r.get_width() for _, r in rendered) + bar + size * 2
    height = sum(r.get_height() for _, r in rendered) + size * (len(rendered) + 1) // 2
    box = pygame.Rect(view.left + size // 2, view.top + size // 2, width, height)
    pygame.draw.rect(surface, PANEL, box, border_radius=size // 3)
    y = box.top + size // 2
    for colour, line in rendered:
        if colour is not None:
            middle = y + line.get_height() // 2
            pygame.draw.line(surface, OUTLINE, (box.left + size // 2, middle), (box.left + size // 2 + bar, middle),
                             max(4, size // 2))
            pygame.draw.line(surface, colour, (box.left + size // 2, middle), (box.left + size // 2 + bar, middle),
                             max(2, size // 4))
        surface.blit(line, (box.left + bar + size, y))
        y += line.get_height() + size // 2


@dataclass(frozen=True)
class BoxRow:
    """One line of a box as drawn: its words, type size, weight, dimming and top."""

    words: str
    size: int
    bold: bool
    dim: bool
    top: int


@dataclass(frozen=True)
class BoxLayout:
    """Where a box goes and each of its lines, every one inside the box (and the box inside the view)."""

    box: pygame.Rect
    rows: tuple[BoxRow, ...]
    margin: int


ITEM_GAP = "   "
"""What separates the items of a keys line ("R: again   Esc: leave"): a wrapped line breaks there first."""


def box_rows(lines: list[str], size: int, width: int) -> list[tuple[str, int, bool, bool, bool]]:
    """Each line wrapped to ``width`` pixels (the title bold and larger, a keys line between its
    items): (words, size, bold, dim, first piece of its line)."""
    rows = []
    for i, line in enumerate(lines):
        bold, dim = i == 0, 0 < i == len(lines) - 1
        line_size = round(size * 1.4) if bold else size
        pieces = (text.wrap(line, line_size, width, bold) if bold
                  else text.wrap_items(line.split(ITEM_GAP), line_size, width, ITEM_GAP))
        rows += [(piece, line_size, bold, dim, k == 0) for k, piece in enumerate(pieces)]
    return rows


def lay_out_box(lines: list[str], view: pygame.Rect, largest: int) -> BoxLayout:
    """The largest type (from ``largest`` down) at which every line, wrapped, fits ``view``: a line
    too long wraps (a keys line between its items) and the type steps down rather than lose an end."""
    size = largest
    while True:
        margin = max(4, size)
        rows = box_rows(lines, size, max(1, view.width - 2 * margin - 4))
        heights = [text.font(row[1], row[2]).get_height() for row in rows]
        gaps = [margin if first else margin // 4 for *_, first in rows[1:]]
        height = sum(heights) + sum(gaps) + 2 * margin
        if height <= view.height or size <= text.SMALLEST:
            break
        size = max(text.SMALLEST, size - max(1, size // 10))
    widest = max(text.font(row[1], row[2]).size(row[0])[0] for row in rows)
    box = pygame.Rect(0, 0, min(widest + 2 * margin + 4, view.width), min(height, view.height))
    box.center = view.center
    tops, y = [], box.top + margin
    for height_, gap in zip(heights, [*gaps, 0]):
        tops.append(y)
        y += height_ + gap
    return BoxLayout(box, tuple(BoxRow(words, row_size, bold, dim, top)
                                for (words, row_size, bold, dim, _), top in zip(rows, tops)), margin)


def draw_box(surface: pygame.Surface, view: pygame.Rect, lines: list[str]) -> BoxLayout | None:
    """A box in the middle of the board: a bold title, then lines (the last one dimmed),
    each wrapped or in smaller type so that all of it shows; returns where everything went."""
    if not lines:
        return None
    layout = lay_out_box(lines, view, text.base_size(surface.get_height()))
    box, radius = layout.box, layout.margin // 2
    pygame.draw.rect(surface, PANEL, box, border_radius=radius)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=radius)
    for row in layout.rows:
        line = text.rendered(row.words, row.size, TEXT_DIM if row.dim else TEXT, row.bold)
        surface.blit(line, line.get_rect(midtop=(box.centerx, row.top)))
    return layout
