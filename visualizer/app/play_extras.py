"""What the play scene shows of doors, keys and the minotaur: drawn on the board, named in the
panel, and their notices turned into messages. The rules are ``visualizer.play.game``'s; the scene
calls these few functions so its own file stays about walking.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from ..core.narration import plural
from ..play.game import CAUGHT, Game
from ..play.levels import FINAL_LEVEL
from ..play.race import NAMES, Race
from ..play.screens import format_time
from ..render.palette import CRUMB, DOOR_COLOURS, MINOTAUR, SECOND_PLAYER, SECOND_TRAIL
from .play_markers import draw_player

COLOURS = DOOR_COLOURS
"""Door and key colours on screen (the legend's too)."""
OUTLINE = (25, 25, 25)
MINOTAUR_RING = (215, 40, 40)
HORN = (245, 235, 205)


def race_panel(race: Race) -> list[tuple[str, str]]:
    """A race's panel: the maze, the clock, and each player's moves."""
    game = race.players[0]
    lines = [("Mode", "race: 2 players"), ("Level", f"{race.level} of {FINAL_LEVEL}"),
             ("Maze", f"{game.spec.algorithm}, {game.spec.shape_words(game.maze.grid)}"), ("Seed", str(game.spec.seed)),
             ("Time", format_time(race.elapsed) if race.started else "starts on the first move")]
    lines += [(name, plural(player.moves, "move") + ("  (won!)" if race.winner == i else ""))
              for i, (name, player) in enumerate(zip(NAMES, race.players))]
    return lines + [("Shortest", plural(game.shortest, "move"))]


def legend_keys(game: Game, race: Race | None) -> list[str]:
    """The legend entries of what the rules put on this board: player 2 in a race, doors and their
    keys, breadcrumbs dropped, the minotaur."""
    keys = ["player 2", "player 2 trail"] if race is not None else []
    if game.layout.doors:
        keys.append("door")
    if any(colour not in game.keys_held for colour, _ in game.layout.keys):
        keys.append("key")
    if game.crumbs:
        keys.append("crumb")
    return keys + (["minotaur"] if game.minotaur_in_sight else [])


SHARED_SHIFT = 0.2
SHARED_SIZE = 0.7
"""Two racers on one cell: each disc this much smaller, shifted this share of a cell off the centre
(player 1 up-left, player 2 down-right), so the two discs touch but do not overlap."""


def sharing_cell(race: Race | None) -> bool:
    """True when both racers stand on one cell (their discs are drawn side by side)."""
    return race is not None and race.players[0].position == race.players[1].position


RACE_WORDS = {"player": "player 1 (arrows)", "trail": "player 1's trail"}
"""A race's legend names both players: "you" would be either of them."""


def draw_second_player(surface: pygame.Surface, board: Any, origin: tuple[int, int], race: Race, size: float) -> None:
    """Player 2: their trail as a blue line through the cells walked, and a blue disc (smaller and
    down to the right when both stand on one cell, player 1's up to the left: neither hides the other)."""
    second, first = race.players[1], race.players[0]
    points = [(origin[0] + x, origin[1] + y) for x, y in map(board.cell_centre, second.trail)]
    if len(points) > 1:
        pygame.draw.lines(surface, SECOND_TRAIL, False, points, max(2, int(size * 0.14)))
    x, y = points[-1]
    if second.position == first.position:
        x, y, size = x + size * SHARED_SHIFT, y + size * SHARED_SHIFT, size * SHARED_SIZE
    draw_player(surface, (x, y), size, False, SECOND_PLAYER)


def panel_lines(game: Game) -> list[tuple[str, str]]:
    """The keys held and the minotaur's mood, for the panel (nothing on levels without them)."""
    lines = []
    if game.layout.doors:
        held = ", ".join(game.keys_held) or "none yet"
        lines.append(("Keys", f"{held}  ({len(game.keys_held)} of {len(game.layout.doors)})"))
    if game.minotaur is not None:
        lines.append(("Minotaur", "chasing you!" if game.minotaur.chasing else "wandering"))
    return lines


def after_rules(scene: Any, caught: bool = False) -> None:
    """Show the rules' latest notice; a catch redraws the restarted level from scratch."""
    game = scene.game
    if game is None or not game.notice:
        return
    notice, game.notice = game.notice, ""
    scene.host.message(notice)
    if caught or notice == CAUGHT:
        scene.sounds.play("bump")
        scene.start(game)


def walking(game: Game | None, playing: bool) -> bool:
    """True while a minotaur walks (the board redraws every frame to move it)."""
    return playing and game is not None and game.minotaur is not None and game.moves > 0


def draw_key(game: Game | None) -> tuple[Any, ...]:
    """What the extras' drawing depends on (the board redraws when it changes)."""
    if game is None:
        return ()
    minotaur = game.minotaur.position if game.minotaur is not None else None
    return tuple(game.keys_held), minotaur, tuple(game.crumbs)


def draw(surface: pygame.Surface, board: Any, origin: tuple[int, int], game: Game, size: float) -> None:
    """Doors (closed: a thick bar across the passage; open: its outline), keys, and the minotaur;
    with fog on only what has been seen, and the minotaur only within sight."""
    def at(cell: int) -> tuple[float, float]:
        x, y = board.cell_centre(cell)
        return origin[0] + x, origin[1] + y

    def seen(cell: int) -> bool:
        return not game.fog or cell in game.seen

    for cell in game.crumbs:  # dropped where the player stood: seen, so drawn in fog too
        _crumb(surface, at(cell), size)
    for door in game.layout.doors:
        a, b = door.cells
        if seen(a) or seen(b):
            _door(surface, at(a), at(b), COLOURS[door.colour], door.colour in game.keys_held, size)
    for colour, cell in game.layout.keys:
        if colour not in game.keys_held and seen(cell):
            _key(surface, at(cell), COLOURS[colour], size)
    if game.minotaur is not None and game.minotaur_in_sight:
        _minotaur(surface, at(game.minotaur.position), size)


def _door(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour: tuple[int, int, int],
          open_: bool, size: float) -> None:
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length  # across the passage
    half, thick = size * 0.42, max(3.0, size * 0.12)
    tx, ty = dx / length * thick, dy / length * thick
    corners = [(mx + nx * half + sx * tx, my + ny * half + sx * ty) for sx in (-1, 1)]
    corners += [(mx - nx * half + sx * tx, my - ny * half + sx * ty) for sx in (1, -1)]
    if open_:
        pygame.draw.polygon(surface, colour, corners, max(1, int(size / 14)))
    else:
        pygame.draw.polygon(surface, colour, corners)
        pygame.draw.polygon(surface, OUTLINE, corners, max(1, int(size / 14)))


def _crumb(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    half = max(2, int(size * 0.16))
    box = pygame.Rect(int(centre[0]) - half, int(centre[1]) - half, 2 * half, 2 * half)
    pygame.draw.rect(surface, OUTLINE, box.inflate(2, 2))
    pygame.draw.rect(surface, CRUMB, box)


def _key(surface: pygame.Surface, centre: tuple[float, float], colour: tuple[int, int, int], size: float) -> None:
    x, y = centre
    ring = max(3, int(size * 0.14))
    width = max(2, int(size * 0.08))
    head = (int(x - size * 0.14), int(y))
    tip = (int(x + size * 0.28), int(y))
    pygame.draw.line(surface, OUTLINE, head, tip, width + 2)
    pygame.draw.line(surface, colour, head, tip, width)
    tooth = (int(x + size * 0.22), int(y + size * 0.12))
    pygame.draw.line(surface, colour, (tooth[0], int(y)), tooth, width)
    pygame.draw.circle(surface, OUTLINE, head, ring + 2)
    pygame.draw.circle(surface, colour, head, ring, max(2, ring // 2))


def _minotaur(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    x, y = centre
    radius = max(3, int(size * 0.3))
    for side in (-1, 1):  # two horns above the head
        horn = [(x + side * radius * 0.5, y - radius * 0.6), (x + side * radius * 1.3, y - radius * 1.5),
                (x + side * radius * 0.95, y - radius * 0.3)]
        pygame.draw.polygon(surface, HORN, horn)
        pygame.draw.polygon(surface, OUTLINE, horn, 1)
    pygame.draw.circle(surface, MINOTAUR_RING, (int(x), int(y)), radius + max(1, radius // 4))
    pygame.draw.circle(surface, MINOTAUR, (int(x), int(y)), radius)
