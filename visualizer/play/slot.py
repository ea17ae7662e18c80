"""The one save a play window writes: held against a second window, written as levels go, set
aside when a new game replaces it, taken back, released on leaving.

The play scene decides when (which screen, which key) and shows the sentences these return; what
may be written, moved or kept is decided here, so the scene reaches the disk only through these
few doors.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .backup import has_backup, keep_unreplaced_backup, save_keeping_backup, set_save_aside, take_back
from .game import Game
from .save import continue_or_explain
from .save_lock import Claim, claim, release
from .screens import Saved


@dataclass
class SaveSlot:
    """A window's save file and whether this window may write it."""

    path: Path
    keeps: bool = True
    """False: this window plays without saving (a race, the daily, another window holds the save...)."""
    claim: Claim | None = field(default=None, init=False)
    """This window's hold on the save (``save_lock``); not ours: another window plays it."""

    def hold(self) -> str | None:
        """Hold the save for this window; when another window plays it, this one plays without
        saving (and leaves the save and its backup alone): the sentence saying so."""
        self.claim = claim(self.path)
        if self.claim.ours:
            return None
        self.keeps = False
        return f"{self.in_use_note}."

    def hold_unless_occupied(self) -> str:
        """A maze of one's own (P) never replaces a saved game or a replaced game's backup: with
        either there, or another window holding the save, it is played without saving."""
        if self.occupied:
            self.play_without_saving()
            return "A saved game exists: this maze is played but not saved (play --continue resumes it)"
        return self.hold() or ""

    def play_without_saving(self) -> None:
        """This window never writes the save (a race, the daily maze, a maze played over a save)."""
        self.keeps = False

    @property
    def held_elsewhere(self) -> bool:
        """Another window holds the save: it is not this window's to touch."""
        return self.claim is not None and not self.claim.ours

    @property
    def in_use_why(self) -> str | None:
        """Why the save is not ours to touch ("this save is in use by another window..."), else None."""
        return self.claim.why if self.held_elsewhere and self.claim else None

    @property
    def in_use_note(self) -> str | None:
        """The sentence saying so: this window plays without saving, and why."""
        why = self.in_use_why
        return None if why is None else f"Saving is off in this window: {why}"

    @property
    def saved(self) -> Saved:
        """The save and the replaced game's backup, as the start screen names them."""
        return Saved.look(self.path)

    @property
    def has_replaced(self) -> bool:
        """The backup of a game a new one replaced is there to take back."""
        return has_backup(self.path)

    @property
    def occupied(self) -> bool:
        """A save or a replaced game's backup exists (a maze played with P must not replace either)."""
        return self.path.exists() or self.has_replaced

    def resume(self) -> tuple[Game | None, str]:
        """Continue the save, or say why not; with no save but the backup of a game a new one
        replaced, take that back."""
        if not self.path.exists() and self.has_replaced:
            return self.take_back()
        return continue_or_explain(self.path)

    def take_back(self) -> tuple[Game | None, str]:
        """Continue the game a new one replaced (the two change places)."""
        try:
            return take_back(self.path)
        except OSError as err:
            return None, f"Could not take back the replaced game: {err.strerror or err}"

    def set_aside(self) -> str:
        """A new game replaces the save: the save becomes the replaced game's backup. When it cannot
        be moved, it stays where it is and the new game is played without saving."""
        try:
            return set_save_aside(self.path)
        except OSError as err:
            self.keeps = False
            return f"The saved game could not be moved aside ({err.strerror or err}): this game is not saved"

    def starting_fresh(self) -> None:
        """A new game with nothing saved: an old replaced game's backup stays one until replaced."""
        keep_unreplaced_backup(self.path)

    def write(self, game: Game) -> str | None:
        """Save ``game`` (the backup of a replaced game kept), unless this window plays without saving."""
        if not self.keeps:
            return None
        try:
            save_keeping_backup(game, self.path)
        except OSError as err:
            return f"Could not save the game: {err.strerror or err}"
        return None

    def finish(self) -> None:
        """The game is complete: nothing is left to continue."""
        try:
            if self.keeps and self.path.exists():
                self.path.unlink()
        except OSError:
            pass

    def let_go(self) -> None:
        """Leaving: another window may play the save now."""
        if self.claim is not None and self.claim.ours:
            release(self.path)
            self.claim = None
