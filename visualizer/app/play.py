"""Play mode in the window: keys to moves, the player and goal markers, level and save screens.

The rules live in ``visualizer.play.game``; this module turns keys into calls and draws the state.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pygame

from ..overlay import Mark, Overlay
from ..play.game import Game
from ..play.levels import FINAL_LEVEL, level_for_width
from ..play.save import continue_or_explain, save_game, save_path
from ..render.palette import ACCENT, BUMP, GOAL, PANEL, PLAYER, PLAYER_RING, TEXT, TEXT_DIM
from ..spec import MazeSpec
from . import text

if TYPE_CHECKING:
    from .watch import App

START, PLAYING, WON, GAVE_UP, ALL_DONE = "start", "playing", "won", "gave up", "all done"
BUMP_SECONDS = 0.18

SQUARE_KEYS = {pygame.K_UP: "up", pygame.K_w: "up", pygame.K_DOWN: "down", pygame.K_s: "down",
               pygame.K_LEFT: "left", pygame.K_a: "left", pygame.K_RIGHT: "right", pygame.K_d: "right"}
HEX_KEYS = {pygame.K_UP: "up", pygame.K_w: "up", pygame.K_DOWN: "down", pygame.K_s: "down",
            pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_q: "up-left", pygame.K_e: "up-right",
            pygame.K_a: "down-left", pygame.K_d: "down-right"}



class PlayMode:
    """One game in the window: a level at a time, saved on completion and on leaving."""

    def __init__(self, app: "App", game: Game | None, stage: str = PLAYING, save_file: Path | None = None,
                 base: MazeSpec | None = None) -> None:
        self.app = app
        self.save_file = save_file or save_path()
        self.base = base or (game.spec if game else MazeSpec())
        self.stage = stage
        self.bump_until = 0.0
        self.bump_direction = (0.0, 0.0)
        self.game: Game | None = None
        if game is not None:
            self.start(game)

    # --- entering -----------------------------------------------------------------

    @classmethod
    def from_current_maze(cls, app: "App") -> "PlayMode":
        """P in watch mode: play the maze on screen (its generation finished first)."""
        run = app.run
        run.finish_generation()
        run.clear_solution()
        spec = run.spec
        level = level_for_width(spec.width)
        game = Game(spec=spec, maze=run.maze.copy(), level=level)
        return cls(app, game)

    @classmethod
    def start_screen(cls, app: "App", base: MazeSpec, save_file: Path | None = None) -> "PlayMode":
        return cls(app, None, stage=START, save_file=save_file, base=base)

    def start(self, game: Game) -> None:
        self.game = game
        self.stage = WON if game.won else PLAYING
        self.overlay = Overlay(game.maze.grid)
        for cell in game.trail:
            self.overlay.mark[cell] = Mark.TRAIL
        self.apply_fog()
        self.overlay.full_redraw = True  # a new grid shape gets a new layout by itself
        pygame.key.set_repeat(220, 85)  # holding a key walks at a steady pace

    def new_game(self) -> None:
        self.start(Game.new_level(1, self.base.with_(params={})))

    def continue_game(self) -> None:
        game, message = continue_or_explain(self.save_file)
        self.app.toast_message(message, 6.0)
        if game is not None:
            self.start(game)

    # --- state for the window -----------------------------------------------------

    @property
    def ready(self) -> bool:
        return self.game is not None

    def apply_fog(self) -> None:
        game = self.game
        if game is None:
            return
        if not game.fog:
            self.overlay.hidden = None
        else:
            hidden = np.ones(game.maze.grid.size, dtype=bool)
            hidden[list(game.seen)] = False
            self.overlay.hidden = hidden
        self.overlay.full_redraw = True

    def leave(self) -> None:
        """Save (when a level is under way) and stop the key repeat."""
        self.save()
        pygame.key.set_repeat(0)

    def save(self) -> None:
        """Save what Continue should bring back: the level under way, or after a win the next one
        (saved when the level was won), or after giving up a fresh try at the same level."""
        if self.game is None or self.stage in (ALL_DONE, WON, START):
            return
        if self.stage == GAVE_UP:
            self.game.restart_level()
        try:
            save_game(self.game, self.save_file)
        except OSError as err:
            self.app.toast_message(f"Could not save the game: {err.strerror or err}", 6.0)

    # --- keys ---------------------------------------------------------------------

    def handle_key(self, key: int, mod: int) -> None:
        if self.stage == START:
            if key == pygame.K_c:
                self.continue_game()
            elif key in (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.new_game()
            return
        game = self.game
        assert game is not None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.stage in (WON, GAVE_UP):
            self.advance_level()
        elif key == pygame.K_r and self.stage != ALL_DONE:
            game.restart_level()
            self.start(game)
        elif key == pygame.K_f:
            game.fog = not game.fog
            self.apply_fog()
            self.app.toast_message("Fog of war " + ("on" if game.fog else "off"))
        elif key == pygame.K_x and self.stage == PLAYING:
            for cell in game.give_up():
                self.overlay.mark[cell] = Mark.PATH
            self.overlay.hidden = None
            self.overlay.full_redraw = True
            self.stage = GAVE_UP
        elif self.stage == PLAYING:
            self.try_move(key)

    def try_move(self, key: int) -> None:
        game = self.game
        assert game is not None
        names = SQUARE_KEYS if game.maze.grid.kind == "square" else HEX_KEYS
        name = names.get(key)
        if name is None:
            return
        before = game.position
        if game.move_named(name):
            self.overlay.mark[game.position] = Mark.TRAIL
            self.overlay.dirty.extend((before, game.position))
            if self.overlay.hidden is not None:
                newly = [c for c in game.seen if self.overlay.hidden[c]]
                self.overlay.hidden[newly] = False
                self.overlay.dirty.extend(newly)
            if game.won:
                self.level_won()
        else:
            self.bump(name)

    def bump(self, name: str) -> None:
        """Brief visible feedback for walking into a wall: the marker jolts toward it and flashes."""
        angles = {"up": -90, "down": 90, "left": 180, "right": 0, "up-left": -150, "up-right": -30,
                  "down-left": 150, "down-right": 30}
        angle = math.radians(angles.get(name, 0))
        self.bump_direction = (math.cos(angle), math.sin(angle))
        self.bump_until = self.app.clock_time + BUMP_SECONDS

    def level_won(self) -> None:
        game = self.game
        assert game is not None
        self.stage = WON
        if game.is_final_level:
            self.stage = ALL_DONE
            try:
                if self.save_file.exists():
                    self.save_file.unlink()  # the game is complete: nothing left to continue
            except OSError:
                pass
            return
        self.save_next_level()

    def save_next_level(self) -> None:
        """A level is done: save the start of the next one, so Continue resumes there."""
        game = self.game
        assert game is not None
        try:
            save_game(game.next_level(), self.save_file)
        except OSError as err:
            self.app.toast_message(f"Could not save the game: {err.strerror or err}", 6.0)

    def advance_level(self) -> None:
        game = self.game
        assert game is not None
        if game.is_final_level:
            self.stage = ALL_DONE
            return
        self.start(game.next_level())

    def advance(self, dt: float) -> None:
        if self.stage == PLAYING and self.game is not None and not self.app.show_help:
            self.game.elapsed += dt

    # --- drawing ------------------------------------------------------------------

    def status_lines(self) -> list[tuple[str, str]]:
        game = self.game
        if game is None:
            return [("Mode", "play"), ("Grid", self.base.grid), ("Algorithm", self.base.algorithm)]
        spec = game.spec
        lines = [
            ("Mode", "play" + ("  (fog)" if game.fog else "")),
            ("Level", f"{game.level} of {FINAL_LEVEL}"),
            ("Maze", f"{spec.algorithm}, {spec.grid} {spec.width} x {spec.height}"),
            ("Seed", str(spec.seed)),
            ("Moves", f"{game.moves:,}"),
            ("Time", format_time(game.elapsed)),
            ("Shortest", f"{game.shortest:,} moves"),
        ]
        return lines

    def legend_keys(self) -> list[str]:
        keys = ["player", "goal", "trail", "floor"]
        if self.game is not None and self.game.maze.rooms:
            keys.append("room")
        if self.stage == GAVE_UP:
            keys.append("path")
        if self.game is not None and self.game.fog:
            keys.append("fog")
        return keys + ["wall"]

    def draw_markers(self, screen: pygame.Surface, origin: tuple[int, int]) -> None:
        """The goal and the player on top of the board."""
        game, board = self.game, self.app.board
        if game is None or board is None:
            return
        size = max(3.0, board.cell_pixels)
        gx, gy = board.cell_centre(game.goal)
        goal = [(origin[0] + gx + dx * size * 0.36, origin[1] + gy + dy * size * 0.36)
                for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))]
        pygame.draw.polygon(screen, GOAL, goal)
        pygame.draw.polygon(screen, (40, 40, 40), goal, max(1, int(size / 14)))
        px, py = board.cell_centre(game.position)
        bumping = self.app.clock_time < self.bump_until
        if bumping:
            px += self.bump_direction[0] * size * 0.18
            py += self.bump_direction[1] * size * 0.18
        radius = max(2, int(size * 0.32))
        centre = (int(origin[0] + px), int(origin[1] + py))
        pygame.draw.circle(screen, BUMP if bumping else PLAYER_RING, centre, radius + max(1, radius // 4))
        pygame.draw.circle(screen, PLAYER, centre, radius)

    def draw_screen(self, screen: pygame.Surface, view: pygame.Rect) -> None:
        """The start, level-complete and final panels over the board."""
        if self.stage == PLAYING:
            return
        game = self.game
        if self.stage == START:
            exists = self.save_file.exists()
            lines = ["Maze game", f"{self.base.algorithm} on a {self.base.grid} grid, {FINAL_LEVEL} levels",
                     "N or Enter: new game", "C: continue the saved game" if exists else "(no saved game yet)"]
        elif self.stage == WON and game is not None:
            lines = [f"Level {game.level} complete!", f"Moves {game.moves}   Time {format_time(game.elapsed)}",
                     f"Shortest path {game.shortest}   Efficiency {game.efficiency:.0%}",
                     "Enter: next level   R: play it again"]
        elif self.stage == GAVE_UP and game is not None:
            lines = ["The shortest path", f"{game.shortest} moves from the entrance",
                     "Enter: next level   R: try again"]
        else:
            lines = ["You finished every level!", "Esc: back to the visualizer", "(the saved game is complete)"]
            if game is not None:
                lines.insert(1, f"Last level: {game.moves} moves in {format_time(game.elapsed)}, "
                                f"efficiency {game.efficiency:.0%}")
        size = text.base_size(screen.get_height())
        rendered = [text.rendered(lines[0], round(size * 1.4), TEXT, True)]
        rendered += [text.rendered(line, size, TEXT if i < len(lines) - 2 else TEXT_DIM)
                     for i, line in enumerate(lines[1:])]
        width = max(r.get_width() for r in rendered) + 2 * size
        height = sum(r.get_height() for r in rendered) + size * (len(rendered) + 1)
        box = pygame.Rect(0, 0, width, height)
        box.center = view.center
        pygame.draw.rect(screen, PANEL, box, border_radius=size // 2)
        pygame.draw.rect(screen, ACCENT, box, 2, border_radius=size // 2)
        y = box.top + size
        for surface in rendered:
            screen.blit(surface, surface.get_rect(midtop=(box.centerx, y)))
            y += surface.get_height() + size


def format_time(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}:{secs:02d}"
