"""The legend: what each colour on the board means, as many entries as fit (the least needed go
first, and a line counts them), each beside a swatch drawn as the board draws that colour."""

from __future__ import annotations

import pygame

from ..core.narration import plural
from ..render import contrast
from ..render.palette import LEGEND, LEGEND_MIXED, LEGEND_SHAPES
from ..render.themes import current, ui
from . import text
from .words import MORE, draw_lines

Legend = tuple[tuple[str, "str | None"], ...]
"""Legend entries: (legend key, the scene's own words for it, or None for the usual ones)."""


def meaning(key: str, label: str | None) -> str:
    """What a legend entry says: the scene's own words, else the usual ones."""
    return label or LEGEND[key][1]


def legend_height(legend: Legend, width: int, size: int) -> int:
    """Pixels the legend needs at text ``size`` (heading and every entry, wrapped)."""
    return int(size * 1.5) + entries_height(legend, width, size) + size // 2 if legend else 0


def entries_height(legend: Legend, width: int, size: int) -> int:
    """Pixels the entries of ``legend`` take, wrapped beside their swatches."""
    swatch, line = int(size * 0.95), int(size * 1.4)
    return line * sum(len(text.wrap(meaning(key, label), size, width - swatch - size // 2)) for key, label in legend)


LEAST_NEEDED = ("wall", "floor", "unvisited", "room", "weight", "exit", "entrance")
"""Legend entries left out first when the legend cannot be whole (the board shows them plainly,
the endpoints by their own shapes); after them the entries go from the end of the reading order,
the most needed last."""


MOST_NEEDED = ("current", "path", "longest", "loop", "cut off", "removed")
"""Legend entries kept to the last: where the run is, what the solver found, what an edit did."""


def legend_fit(legend: Legend, width: int, size: int, room: int) -> tuple[Legend, int]:
    """The entries shown in ``room`` pixels under the heading, and how many were left out: every
    entry when they fit, else the least needed go first and one line says how many are missing."""
    if entries_height(legend, width, size) <= room:
        return legend, 0
    order = [k for k in LEAST_NEEDED if any(key == k and least_needed(key, label) for key, label in legend)]
    order += [key for key, _ in reversed(legend) if key not in order and key not in MOST_NEEDED]
    order += [key for key, _ in reversed(legend) if key in MOST_NEEDED]
    shown = list(legend)
    for key in order:
        shown = [entry for entry in shown if entry[0] != key]
        note = len(text.wrap(missing_words(len(legend) - len(shown)), size, width))
        if entries_height(tuple(shown), width, size) + int(size * 1.4) * note <= room:
            break
    return tuple(shown), len(legend) - len(shown)


def least_needed(key: str, label: str | None) -> bool:
    """Whether an entry is among the first to go: a plain one in its usual words, or a marker
    (its shape says it). One the algorithm gives its own words (Kruskal's "a set of one cell" for
    the grey cells) explains what the run is doing, and stays longer."""
    return key in LEAST_NEEDED and (label is None or key in LEGEND_SHAPES)


def missing_words(count: int) -> str:
    """The legend's last line when entries were left out."""
    return f"{MORE}{plural(count, 'more colour')} not listed"


def draw_legend(surface: pygame.Surface, legend: Legend, x: int, y: int, width: int, size: int, bottom: int) -> None:
    """The legend's heading and its entries (swatch, wrapped meaning) above ``bottom``; nothing,
    not even the heading, when there are no entries. Entries that do not fit are left out, the
    least needed first, and a last line says so: the type never shrinks to make room."""
    shown, missing = legend_fit(legend, width, size, bottom - size // 2 - y - int(size * 1.5))
    if not shown:
        return  # nothing to list, or no room for the heading and one entry (a heading alone would mislead)
    surface.blit(text.rendered("Legend", size, ui().text, True), (x, y))
    y += int(size * 1.5)
    swatch = int(size * 0.95)
    line = int(size * 1.4)
    for key, label in shown:
        colour = current().legend_colour(key)
        parts = text.wrap(meaning(key, label), size, width - swatch - size // 2)
        if y + line * len(parts) > bottom - size // 2:
            missing += 1
            continue
        draw_swatch(surface, key, colour, pygame.Rect(x, y + 2, swatch, swatch))
        for part in parts:
            surface.blit(text.rendered(part, size, ui().text), (x + swatch + size // 2, y))
            y += line
    if missing:
        draw_lines(surface, text.wrap(missing_words(missing), size, width), x, y, size, ui().text_dim, bottom)


def draw_swatch(surface: pygame.Surface, key: str, colour: tuple[int, int, int], box: pygame.Rect) -> None:
    """A legend entry's colour; one that stands for many (sets, regions) shows two, split
    corner to corner, as the board shows neighbouring sets in different colours. A colour close
    to the panel's (black walls on the high-contrast theme's black panel) is drawn as a band
    across a contrasting square, as the board draws a wall across the floor: filled with its
    colour it would read as an empty box."""
    shape = LEGEND_SHAPES.get(key)
    if shape is not None:
        draw_marker_swatch(surface, shape, colour, box)
        return
    pygame.draw.rect(surface, colour, box)
    mixed = LEGEND_MIXED.get(key)
    if mixed is not None:
        pygame.draw.polygon(surface, mixed[0], (box.topleft, box.topright, box.bottomleft))
        pygame.draw.polygon(surface, mixed[1], (box.topright, box.bottomright, box.bottomleft))
    if contrast.ratio(colour, ui().panel) >= SWATCH_CONTRAST:
        pygame.draw.rect(surface, ui().text_dim, box, 1)
        return
    mat = max((current().floor, ui().text), key=lambda c: contrast.ratio(c, colour))
    band = max(2, box.height * 2 // 5)
    pygame.draw.rect(surface, mat, box)  # the colour as the board shows a wall: across light floor
    pygame.draw.rect(surface, colour, (box.left, box.centery - band // 2, box.width, band))
    pygame.draw.rect(surface, mat, box, 1)


def draw_marker_swatch(surface: pygame.Surface, shape: str, colour: tuple[int, int, int], box: pygame.Rect) -> None:
    """A marker's swatch in the shape the board draws it (the entrance's triangle, the exit's square
    or diamond, a disc, the solver's start ring), with a dark edge as on the board: colour alone
    would not tell them apart."""
    x, y, half = box.centerx, box.centery, box.width / 2
    edge = (20, 20, 20)
    if shape == "disc":
        pygame.draw.circle(surface, colour, (x, y), half)
        pygame.draw.circle(surface, edge, (x, y), half, 1)
        return
    if shape == "ring":  # the solver's start: a light ring on a dark one, as the board draws it
        pygame.draw.circle(surface, edge, (x, y), half, max(3, int(half / 2.5)))
        pygame.draw.circle(surface, colour, (x, y), half * 0.9, max(2, int(half / 4)))
        return
    points = [(x + dx * half, y + dy * half) for dx, dy in MARKER_CORNERS[shape]]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, edge, points, 1)


MARKER_CORNERS = {"wedge": ((0, -1), (1, 0.75), (-1, 0.75)), "diamond": ((0, -1), (1, 0), (0, 1), (-1, 0)),
                  "box": ((-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8))}
"""A marker swatch's corners, in halves of the swatch from its centre."""


SWATCH_CONTRAST = 1.5
"""Below this contrast with the panel a swatch's own colour would not show its edge."""
