"""What the play screens say: the start screen (what is saved, what a new game would replace, which
key does what), the clock, and the command that replays a game.

The keys are named by the caller (from its key table), so the screen and the help never disagree.
The default choice (Enter) always keeps what is saved; replacing a save takes N and then Y.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.narration import plural
from ..grids import DEFAULT_GRID
from ..run.spec import MazeSpec
from .backup import backup_path, describe
from .game import Game
from .levels import FINAL_LEVEL
from .race import NAMES, Race
from .records import Outcome, format_seconds
from .save import stays_damaged

START, PLAYING, WON, GAVE_UP, ALL_DONE = "start", "playing", "won", "gave up", "all done"
"""The play scene's stages: which screen it shows (a box over the board, or none while playing)."""
CONFIRM_NEW = "confirm new game"
"""N on the start screen over a save: the question, until Y, or Enter / C / Esc keep the save."""
CHOOSE_LEVEL = "choose level"
"""L on the start screen: the arrows choose a level already reached, Enter starts it (asking first over a
save), Esc goes back."""
UNREADABLE = "a save that cannot be read (continuing sets it aside)"


@dataclass(frozen=True)
class Saved:
    """The save and the backup of a replaced game, as the start screen describes them."""

    current: str | None
    """The save in words, or None when there is none."""
    replaced: str | None
    """The backup in words, or None when there is none."""
    stuck: bool = False
    """A damaged save that could not be moved aside is there (not continued, never written over)."""

    @classmethod
    def look(cls, save: Path) -> "Saved":
        """The files as they are now; read again only when one of them changed (the start screen
        asks every frame, and a large save takes a moment to read)."""
        if stays_damaged(save):
            return cls(None, _look(save, None, stamp(backup_path(save))).replaced, stuck=True)
        return _look(save, stamp(save), stamp(backup_path(save)))

    @property
    def anything(self) -> bool:
        return self.current is not None or self.replaced is not None


@lru_cache(maxsize=4)
def _look(save: Path, save_stamp: tuple[int, ...] | None, backup_stamp: tuple[int, ...] | None) -> Saved:
    return Saved(None if save_stamp is None else words(save),
                 None if backup_stamp is None else words(backup_path(save)))


def stamp(path: Path) -> tuple[int, ...] | None:
    """Which file is at ``path`` and when it was written (None when there is none)."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


def words(path: Path) -> str:
    return describe(path) or UNREADABLE


def start_lines(saved: Saved, recipe: str, keys: Mapping[str, str], reached: int = 1,
                in_use: str | None = None) -> list[str]:
    """The start screen: the save (or the backup) first, Enter's choice bright, then the others
    (level select beside the recipe once a level beyond 1 is reached). ``keys`` maps a command to
    its key's label; the last line is drawn dim. ``in_use``: why the save is another window's (the
    box then offers only what this window can do: a game or a race played without saving)."""
    if reached > 1:
        recipe = f"{recipe}   {keys['l_key']}: choose a level (1 - {reached} reached)"
    lines = ["Maze game", recipe]
    if in_use is not None:
        lines += [f"Saving is off in this window: {in_use}", f"{keys['new_game_key']}: new game (played, not saved)",
                  "(the saved game is left as it is for the other window)"]
    elif saved.current is not None:
        lines += [f"Saved game: {saved.current}", f"{keys['confirm']}  or  {keys['continue_game']}: continue it"]
        lines.append(f"{keys['new_game_key']}: new game (asks first)")
        lines.append(f"{keys['b_key']}: back to the game you replaced ({saved.replaced})" if saved.replaced
                     else "(a new game keeps this one as a backup)")
    elif saved.replaced is not None:
        lines += [f"The game you replaced: {saved.replaced}",
                  f"{keys['confirm']}  or  {keys['b_key']}: take it back and continue",
                  f"{keys['new_game_key']}: new game",
                  "(kept until a new game has been saved twice)"]
    else:
        lines += [f"{keys['confirm']}  or  {keys['new_game_key']}: new game",
                  "(the damaged save stays as it is, not written over)" if saved.stuck else "(no saved game yet)"]
    lines.insert(-1, f"{keys['race_key']}: race a friend on this keyboard (arrows and W A S D)")
    return lines


def confirm_lines(saved: Saved, keys: Mapping[str, str], level: int | None = None) -> list[str]:
    """N (or a level chosen, named even when it is 1) over a save: what would be lost, in words, and
    the safe choice first."""
    question = "Start a new game?" if level is None else f"Start a new game at level {level}?"
    note = (f"(it is kept as a backup: {keys['b_key']} takes it back)" if saved.replaced is None
            else "(it is kept as a backup, the older backup under a dated name)")
    return [question, f"It replaces your saved game: {saved.current}",
            f"{keys['confirm']}  or  {keys['continue_game']}: no, continue the saved game",
            f"{keys['confirm_new_game']}: yes, start a new game", note]


def choose_lines(level: int, reached: int, saved: Saved, keys: Mapping[str, str]) -> list[str]:
    """Level select: the level chosen among those reached, and what Enter does with it."""
    then = "start it (asks first: it replaces your saved game)" if saved.current is not None else "start it"
    return ["Choose a level", f"Level {level}   (1 - {reached} reached)",
            "Left / Right  or  Up / Down: another level",
            f"{keys['confirm']}: {then}", f"{keys['leave_key']}: back to the start screen"]


def race_lines(race: Race, keys: Mapping[str, str]) -> list[str]:
    """A race won: the winner by name, both players' moves, and what comes next."""
    moves = "   ".join(f"{name.split(' (')[0]}: {plural(game.moves, 'move')}"
                       for name, game in zip(NAMES, race.players))
    nxt = "a new race on the next level" if race.level < FINAL_LEVEL else "a new race"
    return [race.result_line(), f"{moves}   Time {format_seconds(race.elapsed)}",
            f"{keys['confirm']}: {nxt}   {keys['restart_level']}: race this maze again   {keys['leave_key']}: leave"]


def win_lines(game: Game, outcome: Outcome | None, race_line: str, in_series: bool) -> list[str]:
    """Under the score: what the win did to the records, the race with the ghost, the seed (of a
    series, with the command that gives the same mazes)."""
    lines = []
    if outcome is not None and outcome.previous is not None:
        before = outcome.previous
        news = [what for what, new in (("time", outcome.new_best_time), ("fewest moves", outcome.new_fewest_moves))
                if new]
        lead = f"New best {' and '.join(news)}! " if news else ""
        lines.append(f"{lead}Best before: {format_seconds(before.best_time)}, {before.fewest_moves} moves")
    elif outcome is not None:
        lines.append("Your first win of this maze: the record to beat")
    if race_line:
        lines.append(race_line)
    if game.daily:
        lines.append(f"Daily seed {game.spec.seed}: {daily_command(game.spec, game.daily)} plays this same maze")
    elif in_series:
        seed = base_seed(game)
        lines.append(f"Seed {seed}: {replay_command(game.spec, seed)} races these same mazes")
    else:
        lines.append(f"Seed {game.spec.seed}")
    return lines


def won_lines(game: Game, wins: list[str], own_maze: bool) -> list[str]:
    """A level won: the score, then what comes next (a maze from the maze view of the final level's
    size ends there: it is not the end of a game)."""
    last = (own_maze and game.is_final_level) or bool(game.daily)
    title = f"The daily maze of {game.daily} solved!" if game.daily else (
        "Your maze solved!" if own_maze else f"Level {game.level} complete!")
    return [title,
            f"Moves {game.moves}   Time {format_seconds(game.elapsed)}",
            f"Shortest path {game.shortest}   Efficiency {game.efficiency:.0%}", *wins,
            "R: play it again   Esc: back to the maze view" if last else "Enter: next level   R: play it again"]


def gave_up_lines(game: Game) -> list[str]:
    """Given up: the shortest path is shown; moving on counts the level as given up, not won."""
    follow = ("Enter or R: try again" if game.is_final_level or game.daily
              else "Enter: next level (this one counts as given up)   R: try again")
    return ["The shortest path", f"{plural(game.shortest, 'move')} from the entrance", follow]


def final_lines(game: Game, wins: list[str], in_series: bool) -> list[str]:
    """The last level won: how many levels were won, and which were given up on the way."""
    skipped, played = game.skipped, FINAL_LEVEL - game.first_level + 1
    start = f" from level {game.first_level}" if game.first_level > 1 else ""
    if not skipped:
        title = f"You won every level{start}!" if in_series else "You won the last level!"
    else:
        title = (f"The end: {played - len(skipped)} of {played} levels won{start}" if in_series
                 else f"The end: {len(skipped)} given up on the way")
    given_up = [f"Given up: level{'s' if len(skipped) > 1 else ''} {', '.join(map(str, skipped))}"] if skipped else []
    return [title, *given_up,
            f"Last level: {plural(game.moves, 'move')} in {format_seconds(game.elapsed)}, "
            f"efficiency {game.efficiency:.0%}",
            *wins, "Esc: back to the visualizer", "(the saved game is complete)"]


def base_seed(game: Game) -> int:
    """The seed of level 1 of this game (each level's seed is one more than the last)."""
    return game.spec.seed - (game.level - 1)


def format_time(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}:{secs:02d}"


def replay_command(spec: MazeSpec, seed: int) -> str:
    """The ``play`` command that gives these levels again: the seed of level 1 and every option that
    differs from play's defaults (a mask of one's own is named FILE: its path is not kept)."""
    return " ".join([*play_options(spec), "--seed", str(seed)])


def daily_command(spec: MazeSpec, day: str) -> str:
    """The ``play`` command that gives a daily maze again (any day after, too)."""
    return " ".join([*play_options(spec), "--daily", day])


def play_options(spec: MazeSpec) -> list[str]:
    """``play`` and the recipe's options that differ from play's defaults."""
    parts = ["play"]
    if spec.algorithm != MazeSpec.algorithm:
        parts += ["-a", spec.algorithm]
    if spec.grid != DEFAULT_GRID:
        parts += ["-g", spec.grid]
    if spec.mask is not None:
        from ..files.masks import shipped_masks

        parts += ["--mask", spec.mask.name if spec.mask.name in shipped_masks() else "FILE"]
    return parts
