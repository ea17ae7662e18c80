"""The game a new one replaced: kept beside the save until the new game has been saved twice.

Starting a new game over a save moves the save to ``save.json.replaced`` (a rename: the file is kept
byte for byte). B on the start screen, or ``play --continue`` when there is no save, takes it back.
The backup goes only when a save overwrites a save written after the backup was made: the new
game's second save (its first one creates the file, or overwrites a save older than the backup).
"Made" is the backup's modification time, set when it takes its place; a backup that no number of
saves may retire has an empty ``save.json.replaced.kept`` beside it. Both are files, so the rule
holds across sessions. Nothing here deletes a save: an older backup that a second
new game would push out is kept under a dated name, as damaged saves are.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from ..files.safe_read import read_regular
from .game import Game
from .levels import FINAL_LEVEL
from .save import MAX_SAVE_BYTES, continue_or_explain, save_game

BACKUP_SUFFIX = ".replaced"
KEPT_SUFFIX = ".kept"
"""Beside the backup: it is kept until a new game replaces the save (no save retires it)."""
TAKING_BACK_SUFFIX = ".taking-back"
"""The name the backup has for an instant while it changes places with the save."""


def backup_path(save: Path) -> Path:
    return save.with_name(save.name + BACKUP_SUFFIX)


def has_backup(save: Path) -> bool:
    return os.path.lexists(backup_path(save))


def set_save_aside(save: Path) -> str:
    """A new game is about to replace the save: the save becomes the backup. Returns what the
    player is told (one line). An older backup is kept under a dated name, never removed."""
    backup = backup_path(save)
    note = ""
    if os.path.lexists(backup):
        older = dated_name(backup)
        os.replace(backup, older)
        unmark_kept(backup)  # its mark is not the next backup's
        note = f" (the older backup was kept as {older.name})"
    if os.path.lexists(save):
        os.replace(save, backup)
        mark_made(backup)
    return f"New game: B on the start screen takes back the game you replaced{note}"


def take_back(save: Path) -> tuple[Game | None, str]:
    """Continue the backup: it becomes the save again, and the save it displaces (if any) becomes
    the backup. Returns the game (None when the backup cannot be used) and a one-line message."""
    backup = backup_path(save)
    if not os.path.lexists(backup):
        return None, "There is no replaced game to take back"
    if os.path.lexists(save):
        swap = save.with_name(save.name + TAKING_BACK_SUFFIX)
        os.replace(backup, swap)
        os.replace(save, backup)
        mark_kept(backup)
        os.replace(swap, save)
    else:
        os.replace(backup, save)
    game, message = continue_or_explain(save)
    if game is None:
        return None, message
    left = " (the game you left is now the backup)" if has_backup(save) else ""
    return game, f"Took back the game you had replaced: {game.level_words}{left}"


def keep_unreplaced_backup(save: Path) -> None:
    """A new game started while only the backup is on disk replaced nothing: mark the backup kept,
    so no number of this game's saves retires it (the next new game over the save dates it)."""
    backup = backup_path(save)
    if not os.path.lexists(save) and os.path.lexists(backup):
        mark_kept(backup)


def save_keeping_backup(game: Game, save: Path) -> None:
    """``save_game``, then retire the backup if this save overwrote one written since the backup
    was made: the new game has now been saved twice."""
    written_since = saved_after_backup(save)
    save_game(game, save)
    if written_since:
        try:
            os.unlink(backup_path(save))
        except FileNotFoundError:
            pass


def saved_after_backup(save: Path) -> bool:
    """True when a backup exists, is not kept, and the save was written after it took its place."""
    backup = backup_path(save)
    if os.path.lexists(kept_path(backup)):
        return False
    try:
        made = os.stat(backup).st_mtime_ns
        written = os.stat(save).st_mtime_ns
    except OSError:
        return False
    return written > made


def kept_path(backup: Path) -> Path:
    return backup.with_name(backup.name + KEPT_SUFFIX)


def mark_kept(backup: Path) -> None:
    """The game left by taking another back is kept until a new game replaces the save (it then
    moves to a dated name): saving the game taken back never retires it. The mark is a file of its
    own, not a date far in the future (shown as the year 2100, and refused by some filesystems)."""
    try:
        kept_path(backup).touch()
    except OSError:
        pass


def mark_made(backup: Path) -> None:
    """Date the backup now: saves written before this moment are not the new game's (and a mark
    that kept the backup before it was one no longer applies)."""
    try:
        os.utime(backup)
    except OSError:
        pass
    unmark_kept(backup)


def unmark_kept(backup: Path) -> None:
    try:
        os.unlink(kept_path(backup))
    except OSError:
        pass


def dated_name(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target, counter = path.with_name(f"{path.name}-{stamp}"), 2
    while os.path.lexists(target):
        target, counter = path.with_name(f"{path.name}-{stamp}-{counter}"), counter + 1
    return target


def describe(save: Path) -> str | None:
    """What a save holds, in the words the start screen uses ("level 3 of 10, 4 min played"), or
    None when it is missing or cannot be read (Continue then says why and sets it aside)."""
    try:
        data = json.loads(read_regular(save, MAX_SAVE_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    level, times = data.get("level"), [data.get("time", 0), data.get("played", 0)]
    if type(level) is not int or not all(type(t) in (int, float) for t in times):
        return None
    what = "your own maze" if data.get("own") is True else f"level {level} of {FINAL_LEVEL}"
    return f"{what}, {played_words(sum(times))} played"


def played_words(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return "under a minute"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"
