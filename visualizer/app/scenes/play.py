"""The play scene: walk the maze with the arrow keys, level after level, saved as you go.

The rules live in ``visualizer.play.game``; this scene turns keys into calls and draws the state.
Which key moves where is the grid's own map (``Grid.PLAY_KEYS``), so a new grid shape brings its
own keys.
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import date
from pathlib import Path
from typing import Any

import pygame

from ...core.maze import Maze
from ...grids import GRIDS
from ...play.daily import daily_game
from ...play.game import Game
from ...play.ghost import PACES, Ghost, next_level, race_result
from ...play.levels import level_for_width
from ...play.race import NAMES, Race
from ...play.records import Outcome, Records, records_path
from ...play.save import save_path
from ...play.screens import ALL_DONE, CHOOSE_LEVEL, CONFIRM_NEW, GAVE_UP, PLAYING, START, WON, Saved
from ...play.slot import SaveSlot
from ...run.overlay import Mark, Overlay
from ...run.spec import MazeSpec
from ...solvers import shortest_path
from .. import play_extras, play_view, race_keys
from ..exit_arrow import ArrowPlace
from ..first_person_mode import FirstPersonMode
from ..help import move_rows
from ..keys import PLAY_KEYS, Binding, KeyPress
from ..play_start import StartScreen
from ..play_view import Jolt
from ..race_view import SplitEyes
from ..route_view import BoxLayout, draw_box, draw_routes
from ..scene import BoardContent, Host, Scene
from ..sounds import SoundBoard

LEVEL_STEPS = {"right": 1, "up": 1, "left": -1, "down": -1}
"""Arrow key names while choosing a level: one level on or back."""


class PlayScene(StartScreen, Scene):
    """One game in the window: a level at a time, saved on completion and on leaving."""

    name = "play"
    keys = PLAY_KEYS
    pauses_under_help = True

    def __init__(self, host: Host, game: Game | None, stage: str = PLAYING, save_file: Path | None = None,
                 base: MazeSpec | None = None, ghost: str | None = None, first_person: bool = False) -> None:
        super().__init__(host)
        self.slot = SaveSlot(save_file or save_path())
        self.records = Records.load(records_path(self.slot.path.parent))
        if self.records.problem:
            host.message(self.records.problem, 6.0)
        self.sounds = SoundBoard(enabled=self.records.settings.get("sound", True))
        self.ghost_level: str = ghost or self.records.settings.get("ghost", "off")
        self.ghost: Ghost | None = None
        self.outcome: Outcome | None = None
        """What the last win did to the records (the win screen shows it)."""
        self.in_series = game is None
        """True for the game's series of levels (``play``, N, C); False for one maze played with P."""
        self.first_person = first_person
        """V: walk inside the maze (the raycast view) instead of looking down on it."""
        self.eye: FirstPersonMode | None = None
        self.minimap = True
        """B: the first-person minimap, kept across levels and view switches."""
        self.race_line = ""
        """What the win screen says about the race, fixed when the level is won."""
        self.base = base or (game.spec if game else MazeSpec())
        self.stage = stage
        self.chosen_level = 1
        """The level a new game starts at (level select), back to 1 when the choice is dropped."""
        self.level_picked = False
        """True while N's question is about a level chosen with level select (it names the level)."""
        self.jolt = Jolt()
        """The player's marker jolting toward a wall it walked into."""
        self.route_view = False
        """L after a win: the box put away, the route walked and the shortest one drawn instead."""
        self.exit_arrow: ArrowPlace | None = None
        """Where the arrow to the exit was last drawn (None: the exit is in view)."""
        self.game: Game | None = None
        self.race: Race | None = None
        """Two players on one keyboard (``self.game`` is player 1's); None for one player."""
        self.split: SplitEyes | None = None
        """A race in first person: both players' eyes, side by side."""
        self.overlay: Overlay | None = None
        self.box: BoxLayout | None = None
        """Where the box over the board was last drawn and each of its lines (None: no box)."""
        if game is not None:
            self.start(game)

    # --- entering -----------------------------------------------------------------

    @classmethod
    def open(cls, host: Host, spec: MazeSpec, maze: Maze | None = None, mode: str = "maze",
             save_file: Path | None = None, ghost: str | None = None, view: str | None = None,
             day: str | None = None, players: int = 1) -> "PlayScene":
        """Build the scene for a request: ``maze`` plays the given maze; ``new`` starts level 1 (or the
        start screen when a save exists); ``continue`` resumes the save; ``daily`` plays the maze of
        ``day`` (YYYY-MM-DD). ``ghost``: a pace to race (else the one chosen last time); ``view``:
        "first-person" to start inside the maze; ``players``: 2 starts a race at once."""
        first_person = view == "first-person"
        if players == 2:
            scene = cls(host, None, stage=START, save_file=save_file, base=spec, ghost=ghost)
            scene.race_key()
            return scene
        if mode == "daily" and day is not None:
            return cls.open_daily(host, spec, day, save_file, ghost, first_person)
        if mode == "maze" and maze is not None:
            game = Game(spec=spec, maze=maze, level=level_for_width(spec.width), own=True)
            scene = cls(host, game, save_file=save_file, ghost=ghost, first_person=first_person)
            scene.say(scene.slot.hold_unless_occupied(), 8.0)
            return scene
        scene = cls(host, None, stage=START, save_file=save_file, base=spec, ghost=ghost, first_person=first_person)
        if not scene.hold_save():
            return scene  # the start screen: C and B say the save is in use, N plays without saving
        if mode == "continue":
            scene.continue_game()
        elif not scene.saved.anything:
            scene.new_game()
        return scene

    @classmethod
    def open_daily(cls, host: Host, spec: MazeSpec, day: str, save_file: Path | None, ghost: str | None,
                   first_person: bool) -> "PlayScene":
        """The daily maze: played, never saved (a saved game stays as it is), its records its own."""
        game = daily_game(spec, date.fromisoformat(day))
        scene = cls(host, game, save_file=save_file, base=spec, ghost=ghost, first_person=first_person)
        scene.slot.play_without_saving()
        host.message(f"Daily maze of {day}, seed {game.spec.seed}: the same maze for everyone today "
                     f"({scene.not_saved_note('not saved')})", 6.0)
        return scene

    def hold_save(self) -> bool:
        """Hold the save for this window; False (and said) when another window plays it."""
        note = self.slot.hold()
        self.say(note, 8.0)
        return note is None

    @property
    def save_in_use(self) -> bool:
        """Another window holds the save: say so instead of touching it (True), else False."""
        note = self.slot.in_use_note
        self.say(note)
        return note is not None

    @property
    def own_maze(self) -> bool:
        """True while the maze played is the one from the maze view (P): "your maze", not a level."""
        return self.game is not None and self.game.own

    @property
    def saved(self) -> Saved:
        """The save and the replaced game's backup, as the start screen names them."""
        return self.slot.saved

    def start(self, game: Game) -> None:
        self.game = game
        self.in_series = self.in_series and not game.own  # a continued maze of one's own: no series seed
        self.remember_reached(game, game.level)
        self.stage = WON if game.won else PLAYING
        self.overlay = Overlay(game.maze.grid)
        for cell in game.trail:
            self.overlay.mark[cell] = Mark.TRAIL
        self.apply_fog()
        self.outcome = None
        self.race_line = ""
        self.route_view = False
        self.make_ghost()
        self.eye = self.eye_for(game) if self.first_person else None
        pygame.key.set_repeat(220, 85)  # holding a key walks at a steady pace

    def remember_reached(self, game: Game, level: int) -> None:
        """A level of a game's series is under way, or the one before it won: level select offers it
        from now on (a maze of one's own or the daily reaches no level)."""
        if game.own or game.daily or self.race is not None or not self.records.reach(game.spec, level):
            return
        self.save_records("records")

    def save_records(self, what: str) -> None:
        """Write the records file; a failure, or records dropped to keep it under its size, is said."""
        self.say(self.records.save_saying(what))

    def make_ghost(self) -> None:
        """The ghost for this level at the chosen pace (None when off)."""
        game = self.game
        pace = PACES.get(self.ghost_level)
        racing = self.race is not None
        self.ghost = Ghost(tuple(shortest_path(game.maze)), pace) if game is not None and pace and not racing else None

    def automation_state(self, view: pygame.Rect) -> dict[str, Any]:
        return play_view.automation_state(self, view)

    def new_game(self) -> None:
        """A new game at the chosen level (1 unless level select chose another): level k has the
        series' seed plus k - 1, so it is the level k of the game that starts at 1 with that seed."""
        level, self.chosen_level = self.chosen_level, 1
        game = Game.new_level(level, self.base.with_(params={}, seed=self.base.seed + level - 1))
        game.first_level = level
        self.start(game)

    def race_key(self) -> None:
        """2 on the start screen: a race between two players on this keyboard (the save untouched)."""
        if self.stage in (START, CONFIRM_NEW, CHOOSE_LEVEL):
            self.start_race(Race.new_level(1, self.base.with_(params={})))
            self.host.message(f"Race: {NAMES[0]} and {NAMES[1]}, first to the exit wins "
                              f"({self.not_saved_note('a race is not saved')})", 6.0)

    def not_saved_note(self, lead: str) -> str:
        """``lead``, then what stays as it is on disk: only a game that is there is said to be kept."""
        saved = self.saved
        if saved.current is not None:
            return f"{lead}: your saved game is kept"
        return f"{lead}: the game you replaced is kept" if saved.replaced is not None else lead

    def start_race(self, race: Race) -> None:
        """A race's level (in first person, split screen), never saved."""
        self.race = race
        self.slot.play_without_saving()
        self.start(race.players[0])
        self.split_eyes()

    def split_eyes(self) -> None:
        """Both racers' eyes when the race is seen in first person (None top-down)."""
        race = self.race
        self.split = SplitEyes(race, self.minimap) if race is not None and self.first_person else None

    # --- state --------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        return self.game is not None

    def apply_fog(self) -> None:
        """The board hides what the player has not seen yet (nothing with fog off)."""
        if self.game is not None and self.overlay is not None:
            self.overlay.hidden = play_view.fog_mask(self.game)
            self.overlay.full_redraw = True

    def leave(self) -> None:
        """Stop the key repeat (first: a held Esc must not reach the scene below) and save."""
        pygame.key.set_repeat(0)
        self.save()
        self.slot.let_go()

    def save(self) -> None:
        """Save what Continue should bring back: the level under way, or after a win the next one
        (saved when the level was won), or after giving up a fresh try at the same level."""
        if self.game is None or self.stage in (ALL_DONE, WON, START, CONFIRM_NEW, CHOOSE_LEVEL) \
                or not self.slot.keeps:
            return
        if self.stage == GAVE_UP:
            self.game.restart_level()
        self.say(self.slot.write(self.game))

    # --- keys ---------------------------------------------------------------------

    def handle_key(self, press: KeyPress) -> bool:
        """The table first (give up, restart, fog...), then the grid's movement keys."""
        if self.keys.handle(self, press):
            return True
        if self.stage == CHOOSE_LEVEL and pygame.key.name(press.key) in LEVEL_STEPS:
            self.choose_level(LEVEL_STEPS[pygame.key.name(press.key)])
            return True
        if self.stage != PLAYING or self.game is None:
            return False
        if self.race is not None:
            return race_keys.press(self, pygame.key.name(press.key))
        if self.first_person and self.eye is not None:
            intent = self.eye.intent_for(pygame.key.name(press.key))
            if intent is None:
                return False
            self.walk_first_person(intent)
            return True
        name = self.game.maze.grid.PLAY_KEYS.get(pygame.key.name(press.key))
        if name is None:
            return False
        self.try_move(name)
        return True

    def confirm(self) -> None:
        """Enter / Space: on the start screen continue what is saved (a new game only when nothing
        is), after N keep the save; the next level after a win or giving up; the level chosen."""
        if self.stage == CHOOSE_LEVEL:
            self.start_chosen_level()
        elif self.race is not None:
            if self.stage == WON:
                self.start_race(self.race.next_level())
        elif self.stage == CONFIRM_NEW or (self.stage == START and self.saved.anything):
            self.continue_game()
        elif self.stage == START:
            self.new_game()
        elif self.stage == GAVE_UP and self.game is not None and (self.game.is_final_level or self.game.daily):
            self.restart_level()  # the last level is only finished by reaching the exit
            self.host.message("Your maze again: reach the exit to solve it" if self.own_maze or self.game.daily
                              else "The last level again: reach the exit to finish the game")
        elif self.stage == GAVE_UP and self.game is not None:
            self.host.message(f"Level {self.game.level} given up: it counts as not won. On to level "
                              f"{self.game.level + 1}", 6.0)
            self.advance_level()
        elif self.stage == WON and self.game is not None and not self.game.daily and not (
                self.own_maze and self.game.is_final_level):
            self.advance_level()

    def restart_level(self) -> None:
        if self.race is not None:
            self.race.restart()
            self.start(self.race.players[0])
            self.split_eyes()
        elif self.game is not None and self.stage not in (ALL_DONE, START, CONFIRM_NEW, CHOOSE_LEVEL):
            self.game.restart_level()
            self.start(self.game)

    def toggle_view(self) -> None:
        """V: first person <-> top-down, at any moment; position and trail are the game's, so both stay."""
        self.first_person = not self.first_person
        game = self.game
        if self.race is not None:
            self.split_eyes()
        elif self.first_person and game is not None:
            if self.eye is None or self.eye.game is not game:
                self.eye = self.eye_for(game)
            else:
                self.eye.stand()  # back where the game stands, facing the way you faced
        self.host.message(play_view.view_words(self.first_person, self.race is not None, game is not None))

    def eye_for(self, game: Game) -> FirstPersonMode:
        """The first-person eye on ``game``, with the minimap as it was last left."""
        eye = FirstPersonMode(game)
        eye.minimap = self.minimap
        return eye

    def toggle_minimap(self) -> None:
        if self.split is not None and self.first_person:
            self.minimap = not self.minimap
            self.split.set_minimap(self.minimap)
        elif self.eye is not None and self.first_person:
            self.minimap = self.eye.minimap = not self.eye.minimap

    def cycle_ghost(self) -> None:
        """G: race a ghost - off, easy (2 cells/s), medium (4), hard (7); remembered for next time."""
        self.ghost_level = next_level(self.ghost_level)
        if self.stage == PLAYING:
            self.make_ghost()  # after a win the race is over: the new pace starts with the next level
        self.remember("ghost", self.ghost_level)
        elapsed = self.game.elapsed if self.game is not None and self.stage == PLAYING else 0.0
        self.host.message(play_view.ghost_words(self.ghost_level, self.race is not None, self.ghost, elapsed))

    def toggle_sound(self) -> None:
        """M: sound on / off; remembered for next time."""
        on = self.sounds.toggle()
        self.remember("sound", on)
        state = "on" if on else "off"
        self.host.message(f"Sound {state}" + ("" if self.sounds.available or not on else " (no audio device found)"))

    def remember(self, setting: str, value: Any) -> None:
        self.records.settings[setting] = value
        self.save_records("setting")

    def toggle_fog(self) -> None:
        if self.game is None:
            return
        if self.race is not None:
            self.host.message("No fog in a race: both players see the whole maze")
            return
        self.game.fog = not self.game.fog
        self.apply_fog()
        self.host.message("Fog of war " + ("on" if self.game.fog else "off"))

    def toggle_crumb(self) -> None:
        """K: a breadcrumb on the player's cell, or picked up again (the rules keep them)."""
        if self.stage == PLAYING and self.game is not None:
            self.game.toggle_crumb()
            play_extras.after_rules(self)

    def give_up(self) -> None:
        if self.stage != PLAYING or self.game is None or self.overlay is None:
            return
        if self.race is not None:
            self.host.message("No giving up in a race: R starts it again")
            return
        for cell in self.game.give_up():
            self.overlay.mark[cell] = Mark.PATH
        self.overlay.hidden = None
        self.overlay.full_redraw = True
        self.stage = GAVE_UP

    def try_move(self, name: str) -> None:
        game, overlay = self.game, self.overlay
        assert game is not None and overlay is not None
        before = game.position
        if not self.after_move(before, game.move_named(name)):
            self.sounds.play("bump")
            self.bump(name)
        play_extras.after_rules(self)  # a locked door, a key, the minotaur

    def after_move(self, before: int, moved: bool) -> bool:
        """Mark the trail, lift the fog, check for the win after a move (in either view); returns ``moved``."""
        game, overlay = self.game, self.overlay
        assert game is not None and overlay is not None
        if not moved:
            return False
        self.sounds.play("step")
        overlay.mark[game.position] = Mark.TRAIL
        overlay.dirty.extend((before, game.position))
        if overlay.hidden is not None:
            newly = [c for c in game.seen if overlay.hidden[c]]
            overlay.hidden[newly] = False
            overlay.dirty.extend(newly)
        if game.won:
            self.level_won()
        return True

    def walk_first_person(self, intent: str) -> None:
        """One first-person key: a turn, a step (the game moves as a top-down move would), or a bump."""
        game, eye = self.game, self.eye
        assert game is not None and eye is not None
        now = self.host.clock_time
        step = eye.act(intent, now)
        if step.moved >= 0:
            self.after_move(game.position, game.move(step.moved))
            play_extras.after_rules(self)
        elif step.bumped:
            self.sounds.play("bump")
        eye.follow(now)

    def bump(self, name: str) -> None:
        """Brief visible feedback for walking into a wall: the marker jolts toward it and flashes."""
        self.jolt.start(name, self.host.clock_time)

    def level_won(self) -> None:
        game = self.game
        assert game is not None
        self.stage = WON
        self.record_win(game)
        if (game.is_final_level and self.own_maze) or game.daily:
            return  # a maze of the final level's size from the maze view, or the daily, ends no game
        if game.is_final_level:
            self.stage = ALL_DONE
            self.slot.finish()
            return
        self.remember_reached(game, game.level + 1)
        self.save_next_level()

    def record_win(self, game: Game) -> None:
        """Keep the best time and fewest moves for this level and recipe; a new best gets its fanfare."""
        self.race_line = race_result(self.ghost, game.elapsed) if self.ghost is not None else ""
        self.outcome = self.records.add_win(game.spec, game.level, game.elapsed, game.moves, game.daily)
        beaten = self.outcome.new_best_time or self.outcome.new_fewest_moves
        self.sounds.play("best" if beaten else "exit")
        self.save_records("records")

    def save_next_level(self) -> None:
        """A level is done: save the start of the next one, so Continue resumes there."""
        game = self.game
        assert game is not None
        if self.slot.keeps:
            self.say(self.slot.write(game.next_level()))

    def say(self, note: str | None, seconds: float = 6.0) -> None:
        """Show a sentence about the save or the records when there is one."""
        if note:
            self.host.message(note, seconds)

    def advance_level(self) -> None:
        game = self.game
        assert game is not None
        if game.is_final_level:
            self.stage = ALL_DONE
            return
        self.start(game.next_level())

    def toggle_route_view(self) -> None:
        """L after a win: put the box away to compare your route with the shortest one (L: the box)."""
        if self.stage in (WON, ALL_DONE) and self.game is not None and not self.first_person:
            self.route_view = not self.route_view
            if self.route_view:
                self.host.show_whole_maze()  # the whole route, not just its end

    def leave_key(self) -> None:
        """Esc: leave play; while N's question is asked or a level is chosen, back to the start screen
        (the save kept)."""
        if self.stage in (CONFIRM_NEW, CHOOSE_LEVEL):
            self.stage, self.chosen_level = START, 1
        else:
            self.host.close_scene()

    # --- time ---------------------------------------------------------------------

    def advance(self, dt: float) -> None:
        if self.race is not None:
            self.race.tick(dt)
        elif self.stage == PLAYING and self.game is not None:
            self.game.tick(dt)
            play_extras.after_rules(self, self.game.advance(dt))

    @property
    def busy(self) -> bool:
        moving = self.eye is not None and self.first_person and self.eye.moving(self.host.clock_time)
        moving = moving or (self.split is not None and self.split.moving(self.host.clock_time))
        return (self.jolt.settling(self.host.clock_time) or self.ghost_walking or moving
                or play_extras.walking(self.game, self.stage == PLAYING))

    @property
    def ghost_walking(self) -> bool:
        """True while the ghost is on its way (the board redraws every frame to move it)."""
        game = self.game
        return (self.ghost is not None and game is not None and self.stage == PLAYING and game.clock_running
                and not self.ghost.arrived(game.elapsed))

    # --- drawing ------------------------------------------------------------------

    def board_content(self) -> BoardContent | None:
        if self.game is None or self.overlay is None or (self.first_person and (self.eye or self.split) is not None):
            return None  # first person draws its own picture in the board's place
        return BoardContent(self.game.maze.grid, self.game.maze, self.overlay)

    def follow_cell(self) -> int | None:
        """The player's cell for the view to follow (a race shows the whole maze: two players)."""
        return self.game.position if self.game is not None and self.race is None else None

    def panel_lines(self) -> list[tuple[str, str]]:
        return play_view.panel_lines(self)

    def legend_keys(self) -> list[str]:
        return play_view.legend_keys(self)

    def legend_label(self, key: str) -> str | None:
        """In a race, "player 1" and "player 2" rather than "you"."""
        return play_extras.RACE_WORDS.get(key) if self.race is not None else None

    @classmethod
    def help_rows(cls) -> list[Binding]:
        """Movement rows from every grid type, then the table's own rows (the docs' key table; the
        overlay lists the grid being played: ``overlay_rows``)."""
        moves = [Binding(label, action, "", ()) for kind in GRIDS.values() for label, action in kind.PLAY_HELP]
        return list(dict.fromkeys(moves)) + cls.keys.help_rows()

    def overlay_rows(self) -> list[Binding]:
        """The help overlay: the moves of the grid being played only, then the table's own rows."""
        return move_rows(self.recipe().grid) + self.keys.help_rows()

    def hint(self) -> str:
        return "H help   Esc leave play"

    def recipe(self) -> MazeSpec:
        return self.game.spec if self.game is not None else self.base

    def hands_back(self) -> tuple[MazeSpec, dict[str, Any]] | None:
        """The recipe of the level on screen and how P comes back to the game: the daily maze, or
        the save. A maze of one's own is handed back too: a command only plays one from the save,
        which keeps its recipe, and the command's level 1 is a maze never seen (a race has no save);
        but not one edited by hand before P: its recipe makes another maze."""
        game = self.game
        if game is None or self.race is not None or (game.own and not game.maze.same_as(game.spec.build())):
            return None
        return game.spec, {"mode": "daily", "day": game.daily} if game.daily else {"mode": "continue"}

    def draw_key(self) -> Hashable:
        return play_view.draw_key(self)

    def fogged(self, *cells: int) -> bool:
        """True when fog still hides any of ``cells`` on the board."""
        hidden = self.overlay.hidden if self.overlay is not None else None
        return hidden is not None and any(hidden[c] for c in cells)

    def draw_on_board(self, surface: pygame.Surface, board, origin: tuple[int, int]) -> None:
        if self.route_view and self.game is not None:
            draw_routes(surface, board, origin, self.game.trail, shortest_path(self.game.maze))
        play_view.draw_markers(self, surface, board, origin)
        self.exit_arrow = play_view.draw_arrow_to_exit(self, surface, board)
        self.draw_screen(surface, surface.get_clip())

    def draw_on_screen(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        if self.first_person and self.split is not None:
            self.split.draw(surface, view, self.host.clock_time)
        elif self.first_person and self.eye is not None:
            self.eye.draw(surface, view, self.host.clock_time, self.ghost)
        self.draw_screen(surface, view)

    def screen_lines(self) -> list[str]:
        """The start, level-complete and final panels' text (empty while playing)."""
        return play_view.screen_lines(self)

    def draw_screen(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        self.box = draw_box(surface, view, [] if self.route_view else self.screen_lines())
