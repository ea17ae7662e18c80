"""What the play scene shows: its panel and legend, the markers on the board (player, exit, ghost,
the second racer), the arrow to an exit off screen, and the text of its start and end boxes.

The scene keeps the game and turns keys into moves; these functions only read it, so what is on
screen can change without touching how play works.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from ..core.narration import plural
from ..play import screens
from ..play.game import Game
from ..play.ghost import PACES, Ghost
from ..play.levels import FINAL_LEVEL
from ..play.records import format_seconds
from ..play.screens import CHOOSE_LEVEL, CONFIRM_NEW, GAVE_UP, PLAYING, START, WON, format_time
from ..run.overlay import Mark
from . import play_extras
from .exit_arrow import ArrowPlace, cells_apart, draw_exit_arrow
from .keys import PLAY_KEYS
from .play_markers import draw_ghost, draw_goal, draw_player

if TYPE_CHECKING:
    from .scenes.play import PlayScene

KEY_LABELS = {binding.command: binding.label for binding in PLAY_KEYS.bindings}
"""Each command's key as the help names it: the start screen says the same."""
JOLT_SHIFT = 0.18
"""How far the player's marker jolts toward a wall it walked into, in cell sizes."""
JOLT_SECONDS = 0.18
MOVE_ANGLES = {"up": -90, "down": 90, "left": 180, "right": 0, "up-left": -150, "up-right": -30,
               "down-left": 150, "down-right": 30}
"""Screen angle of each move name: the direction the marker jolts when a wall stops it."""


class Jolt:
    """The player's marker jolting toward a wall it walked into, for a moment, and flashing."""

    def __init__(self) -> None:
        self.until = 0.0
        self.direction = (0.0, 0.0)

    def start(self, move: str, now: float) -> None:
        angle = math.radians(MOVE_ANGLES.get(move, 0))
        self.direction = (math.cos(angle), math.sin(angle))
        self.until = now + JOLT_SECONDS

    def active(self, now: float) -> bool:
        return now < self.until

    def settling(self, now: float) -> bool:
        """Still moving, or just stopped (one more frame draws the marker back in place)."""
        return now < self.until + 0.05


# --- the panel and the legend ------------------------------------------------------


def panel_lines(scene: PlayScene) -> list[tuple[str, str]]:
    """The level, the maze, the moves and the clock; a race's two players; before a game, the recipe."""
    game = scene.game
    if game is None:
        return [("Mode", "play"), ("Grid", scene.base.grid), ("Algorithm", scene.base.algorithm)]
    if scene.race is not None:
        return play_extras.race_panel(scene.race)
    spec = game.spec
    return [
        ("Mode", "play" + ("  (fog)" if game.fog else "")),
        ("Level", level_words(scene, game)),
        ("Maze", f"{spec.algorithm}, {spec.shape_words(game.maze.grid)}"),
        ("Seed", f"{spec.seed}" + (f" (daily, {game.daily})" if game.daily else "")),
        ("Moves", f"{game.moves:,}"),
        ("Time", format_time(game.elapsed) if game.clock_running else "starts on your first move"),
        ("Shortest", plural(game.shortest, "move")),
    ] + play_extras.panel_lines(game) + record_lines(scene, game)


def level_words(scene: PlayScene, game: Game) -> str:
    """Which level this is: of the series, the daily maze, or a maze of one's own."""
    if game.daily:
        return f"daily maze of {game.daily}"
    return "your maze" if scene.own_maze else f"{game.level} of {FINAL_LEVEL}"


def record_lines(scene: PlayScene, game: Game) -> list[tuple[str, str]]:
    """This level's best so far and the ghost's pace, for the panel."""
    lines = []
    record = scene.records.get(game.spec, game.level, game.daily)
    if record is not None:
        lines.append(("Best", f"{format_seconds(record.best_time)}, {plural(record.fewest_moves, 'move')}"))
    if scene.ghost is not None:
        lines.append(("Ghost", f"{scene.ghost_level}, arrives at {format_seconds(scene.ghost.arrival)}"))
    if not scene.sounds.enabled:
        lines.append(("Sound", "off (M)"))
    return lines


def legend_keys(scene: PlayScene) -> list[str]:
    """What the board shows now, in the legend's order (the ghost, doors and fog only when there);
    nothing before a game is on the board (the start screen shows no maze to explain)."""
    game, overlay = scene.game, scene.overlay
    if game is None:
        return []
    goal = [] if scene.fogged(game.goal) else ["goal"]  # the exit unseen in fog is not drawn
    ghost = ["ghost"] if scene.ghost is not None and not scene.fogged(*scene.ghost.where(game.elapsed)[:2]) else []
    keys = ["player", *goal, "trail", "floor", *ghost]
    keys += play_extras.legend_keys(game, scene.race)
    if game.maze.rooms:
        keys.append("room")
    if overlay is not None and (overlay.mark == Mark.PATH).any():
        keys.append("path")
    if game.fog:
        keys.append("fog")
    return keys + ["wall"]


def automation_state(scene: PlayScene, view: pygame.Rect) -> dict[str, Any]:
    """The stage and level, and the exit arrow when one is drawn (its tip in window pixels and
    the angle it points along), for tests driving a real window."""
    race = {"players": 2, "winner": scene.race.winner} if scene.race is not None else {"players": 1}
    arrow = scene.exit_arrow
    pointer = None if arrow is None else {"tip": [round(view.left + arrow.tip[0]), round(view.top + arrow.tip[1])],
                                          "angle": arrow.angle}
    game = scene.game
    where = {} if game is None else {"player": game.position, "exit": game.maze.exit[0]}
    return {"stage": scene.stage, "level": game.level if game is not None else None,
            "exit_arrow": pointer, **where, **race}


def view_words(first_person: bool, racing: bool, started: bool) -> str:
    """What V says: the view now, and in first person the keys that walk it."""
    if racing:
        return ("Split screen: each player walks inside the maze (Up / W on, Left / Right or A / D turn)"
                if first_person else "Top-down view: both players on one board")
    if not started:
        return "The game will start in first person" if first_person else "The game will start top-down"
    return "First-person view: Up walks on, Left / Right turn, B the map" if first_person else "Top-down view"


def ghost_words(level: str, racing: bool, ghost: Ghost | None = None, elapsed: float = 0.0) -> str:
    """What G says: the ghost's pace (a race has two players already, so it waits for one-player
    games). The ghost keeps the level's clock, so one chosen late is already on its way, or at the
    exit: say so, and how to race it from the start."""
    if racing:
        return f"Ghost: {level} (it joins one-player games; a race has two players already)"
    pace = PACES.get(level)
    words = f"Ghost: {level}" + (f", {pace:g} cells a second along the shortest path" if pace else "")
    if ghost is not None and elapsed > 0:
        where = "it has reached the exit already" if ghost.arrived(elapsed) else "it set off with the clock"
        words += f" ({where}: R races it from the start)"
    return words


def fog_mask(game: Game) -> np.ndarray | None:
    """Which cells fog hides (True: not seen yet); None with fog off."""
    if not game.fog:
        return None
    hidden = np.ones(game.maze.grid.size, dtype=bool)
    hidden[list(game.seen)] = False
    return hidden


# --- when to draw again -------------------------------------------------------------


def draw_key(scene: PlayScene) -> Hashable:
    """Everything the picture depends on besides the board: equal keys, the same picture."""
    game = scene.game
    bumping = scene.jolt.active(scene.host.clock_time)
    racers: tuple[Hashable, ...] = tuple(p.position for p in scene.race.players) if scene.race is not None else ()
    if scene.split is not None and scene.first_person:
        racers += scene.split.pose_key(scene.host.clock_time)
    return (scene.stage, game.position if game else None, bumping, id(game), ghost_key(scene), eye_key(scene),
            scene.route_view, play_extras.draw_key(game), racers, scene.chosen_level)


def eye_key(scene: PlayScene) -> Hashable:
    """The first-person pose (changes every frame while the eye glides), or None top-down."""
    if not scene.first_person or scene.eye is None:
        return None
    x, y, angle = scene.eye.camera.pose(scene.host.clock_time)
    trail = len(scene.game.trail) if scene.game else 0
    return round(x, 3), round(y, 3), round(angle, 3), scene.eye.minimap, trail


def ghost_key(scene: PlayScene) -> Hashable:
    """Where the ghost is drawn, to the pixel's worth (changes every frame while it walks)."""
    if scene.ghost is None or scene.game is None:
        return None
    cell, toward, share = scene.ghost.where(scene.game.elapsed)
    return cell, toward, round(share, 2)


# --- on the board --------------------------------------------------------------------


def draw_arrow_to_exit(scene: PlayScene, surface: pygame.Surface, board) -> ArrowPlace | None:
    """While the exit is off screen, an arrow at the edge points to it (with its distance once
    seen); where it was drawn, or None."""
    game = scene.game
    if game is None or scene.stage != PLAYING:
        return None
    player, goal = board.cell_centre(game.position), board.cell_centre(game.goal)
    away = None if scene.fogged(game.goal) else cells_apart(board, game.position, game.goal)
    return draw_exit_arrow(surface, surface.get_clip(), player, goal, away)


def draw_markers(scene: PlayScene, surface: pygame.Surface, board, origin: tuple[int, int]) -> None:
    """The ghost, the exit (in fog once seen) and the player on top of the board."""
    game = scene.game
    if game is None:
        return
    size = max(3.0, board.cell_pixels)
    draw_walking_ghost(scene, surface, board, origin, size)  # under the exit: a ghost that arrived must not hide it
    play_extras.draw(surface, board, origin, game, size)
    if scene.race is not None:
        play_extras.draw_second_player(surface, board, origin, scene.race, size)
    if not scene.fogged(game.goal):
        gx, gy = board.cell_centre(game.goal)
        draw_goal(surface, (origin[0] + gx, origin[1] + gy), size)
    px, py = board.cell_centre(game.position)
    if play_extras.sharing_cell(scene.race):
        px, py = px - size * play_extras.SHARED_SHIFT, py - size * play_extras.SHARED_SHIFT
        size *= play_extras.SHARED_SIZE
    bumping = scene.jolt.active(scene.host.clock_time)
    if bumping:
        px += scene.jolt.direction[0] * size * JOLT_SHIFT
        py += scene.jolt.direction[1] * size * JOLT_SHIFT
    draw_player(surface, (origin[0] + px, origin[1] + py), size, bumping)


def draw_walking_ghost(scene: PlayScene, surface: pygame.Surface, board, origin: tuple[int, int],
                       size: float) -> None:
    """The ghost gliding between cell centres; fog hides it (and the path it walks) until seen."""
    if scene.ghost is None or scene.game is None:
        return
    cell, toward, share = scene.ghost.where(scene.game.elapsed)
    if not scene.fogged(cell, toward):
        (ax, ay), (bx, by) = board.cell_centre(cell), board.cell_centre(toward)
        draw_ghost(surface, (origin[0] + ax + (bx - ax) * share, origin[1] + ay + (by - ay) * share), size)


# --- the boxes -------------------------------------------------------------------------


def screen_lines(scene: PlayScene) -> list[str]:
    """The start, level-complete and final boxes' text (empty while playing)."""
    game, stage = scene.game, scene.stage
    if stage == START:
        recipe = f"{scene.base.algorithm} on a {scene.base.grid} grid, {FINAL_LEVEL} levels"
        return screens.start_lines(scene.saved, recipe, KEY_LABELS, scene.reached, scene.slot.in_use_why)
    if stage == CONFIRM_NEW:
        return screens.confirm_lines(scene.saved, KEY_LABELS, scene.chosen_level if scene.level_picked else None)
    if stage == CHOOSE_LEVEL:
        return screens.choose_lines(scene.chosen_level, scene.reached, scene.saved, KEY_LABELS)
    if game is None or stage == PLAYING:
        return []
    if scene.race is not None:
        return screens.race_lines(scene.race, KEY_LABELS)
    wins = screens.win_lines(game, scene.outcome, scene.race_line, scene.in_series)
    wins.append("L: look at your route beside the shortest one")
    if stage == WON:
        return screens.won_lines(game, wins, scene.own_maze)
    if stage == GAVE_UP:
        return screens.gave_up_lines(game)
    return screens.final_lines(game, wins, scene.in_series)
