"""Colours and what they mean. Okabe-Ito hues, so no two meanings differ by red vs green alone.

Every cell gets a *style*; each style has a colour and a rank. An open passage between two cells
takes the style of the lower-ranked one, so a trail (stack, path) reads as one continuous line and
the passage from the current cell back to the trail is drawn in the trail's colour.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

Colour = tuple[int, int, int]

BACKGROUND: Colour = (18, 20, 26)
"""The window behind the panel and the scrub bar."""
MAT: Colour = (104, 112, 128)
"""Around the maze on the board: a mid slate, so the maze's near-black outer wall stands out from it
(3:1) where the window's own dark background would swallow it."""
WALL: Colour = (10, 10, 14)
CONNECTOR: Colour = (240, 228, 66)  # Okabe-Ito yellow
REJECTED: Colour = (240, 60, 60)
"""Drawn over the board for what is refused or wrong: a kept wall's cross, a loop an edit made."""
ERASED: Colour = (250, 120, 200)
"""Drawn over the board round what is taken away: erased walks, cells an edit cut off."""
PANEL: Colour = (28, 31, 40)
TEXT: Colour = (235, 235, 228)
TEXT_DIM: Colour = (160, 166, 180)
ACCENT: Colour = (86, 180, 233)
CODE_BACKGROUND: Colour = (20, 22, 30)
CODE_LIT: Colour = (255, 214, 10)
"""The pseudocode line running now: a bright bar (dark text on it) seen from the back of a room."""
CODE_LIT_TEXT: Colour = (18, 20, 26)

REGION_COLOURS: tuple[Colour, ...] = (
    (118, 186, 232), (242, 182, 96), (130, 206, 178), (226, 150, 196), (196, 190, 110), (150, 160, 236),
    (236, 140, 110), (120, 200, 220), (210, 170, 140), (176, 220, 130), (200, 150, 226), (246, 210, 150),
)


class Style(IntEnum):
    FLOOR = 0
    ROOM = 1
    SEARCH = 2
    DEAD_END = 3
    STACK = 4
    WALK = 5
    PATH = 6
    FRONTIER = 7
    CURRENT = 8
    UNVISITED = 9
    PRUNED = 10
    TRAIL = 11
    FOG = 12
    LOOKED = 13
    """A solver took the cell off its to-do list and looked at it (BFS's queue): apart from the
    cells still waiting in it."""
    REMOVED = 14
    """A cell hand edits took out of a finished maze: not waiting to be visited, so not grey."""
    REGION = 15  # REGION + k for region colour k


STYLE_COLOURS: dict[Style, Colour] = {
    # Two tiers against the near-black walls (both at least 3:1 against them): the light floor, and
    # the marks on it, mid-dark and saturated, each at least 3:1 against the floor they sit on.
    Style.FLOOR: (242, 240, 232),
    Style.ROOM: (40, 128, 110),      # deep teal: rooms stand out from the light corridors
    Style.SEARCH: (150, 214, 196),   # pale bluish green, under the dark solution path
    Style.DEAD_END: (130, 112, 80),  # brown
    Style.STACK: (20, 118, 196),     # blue
    Style.WALK: (184, 64, 156),      # reddish purple
    Style.PATH: (0, 96, 186),        # deep blue
    Style.FRONTIER: (122, 100, 214),  # violet: apart from the vermillion current cell in every vision
    Style.CURRENT: (200, 64, 0),     # vermillion
    Style.UNVISITED: (104, 106, 118),
    Style.PRUNED: (112, 98, 124),
    Style.TRAIL: (0, 140, 110),      # bluish green
    Style.FOG: (156, 210, 254),      # mist: a pale sky blue, 3:1 from the mat (a fogged maze keeps its edge)
    Style.LOOKED: (104, 128, 32),    # olive: >= 3.9:1 to floor and walls in every theme, apart from the queue by hue
    Style.REMOVED: (220, 200, 255),  # pale lavender: 3:1 from the grey unvisited cells and the mat, 12:1 from walls
}
STYLE_RANKS: dict[Style, int] = {
    Style.FLOOR: 0, Style.ROOM: 0, Style.SEARCH: 2, Style.DEAD_END: 2, Style.STACK: 3, Style.WALK: 3,
    Style.PATH: 4, Style.FRONTIER: 5, Style.CURRENT: 6, Style.UNVISITED: 7, Style.PRUNED: 7,
    Style.TRAIL: 3, Style.FOG: 8, Style.LOOKED: 2, Style.REMOVED: 7,
}
REGION_RANK = 1

HEAT_ANCHORS: tuple[Colour, ...] = (
    (255, 246, 176), (254, 212, 104), (250, 160, 70), (232, 96, 62), (200, 56, 110), (172, 60, 150),
)
"""The distance map's scale, near to far: light to dark and yellow to purple, so it reads in grey too
and both ends stay 3:1 apart from the dark walls."""
HEAT_LEVELS = 64


def _heat_colours(levels: int = HEAT_LEVELS) -> np.ndarray:
    """The anchors blended evenly into ``levels`` colours."""
    anchors = np.array(HEAT_ANCHORS, dtype=float)
    where = np.linspace(0, len(anchors) - 1, levels)
    low = np.minimum(where.astype(int), len(anchors) - 2)
    share = (where - low)[:, None]
    return np.rint(anchors[low] * (1 - share) + anchors[low + 1] * share).astype(np.uint8)


HEAT_COLOURS = _heat_colours()
HEAT = int(Style.REGION) + len(REGION_COLOURS)
"""First distance-map style: HEAT + k for step k of HEAT_LEVELS."""
TERRAIN_TINT: Colour = (176, 140, 92)
"""Sandy brown: dearer floor leans toward it, never far (the marks on it must still read)."""
TERRAIN_SHARE = 0.4
"""How far the dearest cell's floor leans toward the tint."""
TERRAIN_LEVELS = 9
"""One style per cell cost 1..9 (``core.weights.MAX_WEIGHT``): TERRAIN + cost - 1."""
TERRAIN = HEAT + HEAT_LEVELS
"""First weighted-floor style; cost 1 is the plain floor's colour."""


def terrain_colours(floor: Colour) -> np.ndarray:
    """The weighted floor's shades for one floor colour, cost 1 (the floor itself) to 9."""
    share = np.linspace(0, TERRAIN_SHARE, TERRAIN_LEVELS)[:, None]
    blended = np.array(floor, dtype=float) * (1 - share) + np.array(TERRAIN_TINT, dtype=float) * share
    return np.rint(blended).astype(np.uint8)


DEAREST = TERRAIN + TERRAIN_LEVELS - 1
"""The dearest ground's style: the legend's swatch for weights, the hatch over marked dear cells."""
STYLE_COUNT = TERRAIN + TERRAIN_LEVELS
PALETTE = np.vstack([np.array([STYLE_COLOURS[Style(i)] for i in range(Style.REGION)] + list(REGION_COLOURS),
                              dtype=np.uint8), HEAT_COLOURS, terrain_colours(STYLE_COLOURS[Style.FLOOR])])
"""Colour of each style index, shape (STYLE_COUNT, 3)."""
RANKS = np.array([STYLE_RANKS[Style(i)] for i in range(Style.REGION)] + [REGION_RANK] * len(REGION_COLOURS)
                 + [REGION_RANK] * HEAT_LEVELS + [STYLE_RANKS[Style.FLOOR]] * TERRAIN_LEVELS, dtype=np.int16)

DOOR_COLOURS: dict[str, Colour] = {"red": (225, 60, 60), "blue": (70, 135, 245), "green": (60, 200, 95)}
"""Play's door and key colours (bright and apart: they must read from the back of a room)."""
MINOTAUR: Colour = (60, 40, 30)
"""Near-black brown (with a red ring and pale horns): unlike the orange player and the pale ghost."""
SECOND_PLAYER: Colour = (40, 120, 230)
SECOND_TRAIL: Colour = (120, 175, 245)
"""Player 2 in a race: blue, unlike player 1's vermillion disc and the theme's trail."""
CRUMB: Colour = (236, 178, 92)
"""A breadcrumb in play: warm wheat, unlike the trail, the player, the keys and the exit (board,
first person and minimap alike)."""
ENTRANCE: Colour = (0, 146, 104)
"""The maze's entrance marker (a triangle): a deep Okabe-Ito bluish green."""
EXIT: Colour = (192, 96, 150)
"""The maze's exit marker (a square): a deep Okabe-Ito reddish purple, which reads as pink."""
SOLVER_START: Colour = (213, 94, 0)
"""The solver's own start (a ring on the board and in the legend): vermillion."""
SOLVER_GOAL: Colour = (168, 126, 0)
"""The solver's own goal (a diamond): dark gold. The four endpoint markers are mid-dark so their
fill stands 3:1 from the near-white floor and the black walls in every theme (white or yellow
showed only by its dark edge on the dark theme's floor)."""
PLAYER_RING: Colour = (255, 255, 255)
"""White: the player's outline in play."""
LEGEND: dict[str, tuple[Colour, str]] = {
    "floor": (STYLE_COLOURS[Style.FLOOR], "in the maze"),
    "room": (STYLE_COLOURS[Style.ROOM], "room"),
    "unvisited": (STYLE_COLOURS[Style.UNVISITED], "not yet visited"),
    "removed": (STYLE_COLOURS[Style.REMOVED], "removed (not in the maze)"),
    "current": (STYLE_COLOURS[Style.CURRENT], "current cell"),
    "stack": (STYLE_COLOURS[Style.STACK], "on the stack"),
    "frontier": (STYLE_COLOURS[Style.FRONTIER], "frontier"),
    "walk": (STYLE_COLOURS[Style.WALK], "random walk"),
    "region": (REGION_COLOURS[0], "region (until joined)"),
    "set": (REGION_COLOURS[2], "set: cells joined so far (sets that touch differ)"),
    "dead end": (STYLE_COLOURS[Style.DEAD_END], "filled dead end"),
    "connector": (CONNECTOR, "connector (door)"),
    "pruned": (STYLE_COLOURS[Style.PRUNED], "pruned dead end"),
    "search": (STYLE_COLOURS[Style.SEARCH], "searched by the solver"),
    "looked": (STYLE_COLOURS[Style.LOOKED], "looked at by the solver"),
    "path": (STYLE_COLOURS[Style.PATH], "solution path"),
    "wall": (WALL, "wall"),
    "trail": (STYLE_COLOURS[Style.TRAIL], "your trail"),
    "player": ((213, 94, 0), "you"),
    "ghost": ((200, 190, 240), "the ghost (shortest path, G changes its pace)"),
    "goal": (CONNECTOR, "the exit: reach it to win"),
    "entrance": (ENTRANCE, "the entrance (the solver starts here)"),
    "exit": (EXIT, "the exit"),
    "solver start": (SOLVER_START, "the solver's own start (click a cell; again: back to the entrance)"),
    "solver goal": (SOLVER_GOAL, "the solver's own goal (Shift+click a cell)"),
    "fog": (STYLE_COLOURS[Style.FOG], "not seen yet (fog)"),
    "longest": ((0, 170, 255), "longest path (both ends ringed)"),
    "loop": (REJECTED, "a loop the edits made (drawn in red)"),
    "cut off": (ERASED, "cut off from the entrance (boxed)"),
    "distance": (HEAT_ANCHORS[2], "distance map: light near, dark far"),
    "weight": (tuple(int(v) for v in terrain_colours(STYLE_COLOURS[Style.FLOOR])[-1]),  # type: ignore[dict-item]
               "dearer ground: darker cells cost more to enter"),
    "door": (DOOR_COLOURS["red"], "door: the key of its colour opens it"),
    "key": (DOOR_COLOURS["blue"], "key: walk onto it to pick it up"),
    "crumb": (CRUMB, "breadcrumb (K drops one, K again picks it up)"),
    "minotaur": (MINOTAUR, "the minotaur: keep away, it catches you"),
    "player 2": (SECOND_PLAYER, "player 2 (W A S D)"),
    "player 2 trail": (SECOND_TRAIL, "player 2's trail"),
}
LEGEND_MIXED: dict[str, tuple[Colour, Colour]] = {
    "region": (REGION_COLOURS[0], REGION_COLOURS[3]),
    "set": (REGION_COLOURS[2], REGION_COLOURS[5]),
    "door": (DOOR_COLOURS["red"], DOOR_COLOURS["blue"]),
    "key": (DOOR_COLOURS["blue"], DOOR_COLOURS["green"]),
}
"""Entries that stand for many colours (each set or region its own): their swatch shows two."""
LEGEND_SHAPES: dict[str, str] = {"entrance": "wedge", "exit": "box", "goal": "diamond", "player": "disc",
                                 "player 2": "disc", "ghost": "disc", "solver start": "ring",
                                 "solver goal": "diamond"}
"""Entries the board draws as a marker over the cells: their swatch is that marker's shape."""
PLAYER: Colour = (213, 94, 0)
GHOST: Colour = (200, 190, 240)
"""The ghost: pale lavender, unlike any cell colour, so it reads as something passing through."""
GHOST_RING: Colour = (90, 70, 160)
GOAL: Colour = CONNECTOR
BUMP: Colour = (230, 159, 0)
