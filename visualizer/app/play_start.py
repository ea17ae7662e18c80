"""The play scene's start screen and level choosing: N, C, B, Y and L before a game is under way,
what each says about the save, and the chosen level a new game starts at (the scene owns the save
slot, the records and the stage; this only decides which of them a key reaches)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..play.screens import CHOOSE_LEVEL, CONFIRM_NEW, START

if TYPE_CHECKING:
    from ..play.game import Game
    from ..play.records import Records
    from ..play.screens import Saved
    from ..play.slot import SaveSlot
    from ..run.spec import MazeSpec
    from .scene import Host


class StartScreen:
    """The start screen's keys and level select, mixed into the play scene."""

    host: Host
    slot: SaveSlot
    records: Records
    base: MazeSpec
    stage: str
    chosen_level: int
    level_picked: bool

    if TYPE_CHECKING:
        @property
        def saved(self) -> Saved: ...

        @property
        def save_in_use(self) -> bool: ...

        def new_game(self) -> None: ...

        def start(self, game: Game) -> None: ...

        def toggle_route_view(self) -> None: ...

        def toggle_minimap(self) -> None: ...

    @property
    def reached(self) -> int:
        """The furthest level of the start screen's recipe reached so far."""
        return self.records.reached_level(self.base)

    def l_key(self) -> None:
        """L: on the start screen, choose a level already reached; after a win, the route view."""
        if self.stage == START:
            if self.reached > 1:
                self.stage, self.chosen_level = CHOOSE_LEVEL, self.reached
            else:
                self.host.message("Level select: reach level 2 first, then choose any level you have reached")
        else:
            self.toggle_route_view()

    def choose_level(self, step: int) -> None:
        self.chosen_level = min(max(self.chosen_level + step, 1), self.reached)

    def start_chosen_level(self) -> None:
        """Enter on the chosen level: over a save, the question first (the save is never lost)."""
        self.new_game_or_ask(level_picked=True)

    def new_game_or_ask(self, level_picked: bool) -> None:
        """A new game at once when nothing is saved (or the save is another window's: this game is
        then played, not saved), else N's question first."""
        if self.slot.held_elsewhere:
            self.new_game()
        elif self.saved.current is not None:
            self.stage, self.level_picked = CONFIRM_NEW, level_picked
        else:
            self.slot.starting_fresh()
            self.new_game()

    def continue_game(self) -> None:
        """C on the start screen (and ``play --continue``): resume the save, or explain why not; with
        no save but the backup of a game a new one replaced, take that back."""
        if self.stage not in (START, CONFIRM_NEW) or self.save_in_use:
            return
        self.start_from(*self.slot.resume())

    def take_back(self) -> None:
        """B on the start screen: continue the game a new one replaced (the two change places)."""
        if self.save_in_use:
            return
        self.start_from(*self.slot.take_back())

    def start_from(self, game: Game | None, message: str) -> None:
        """Back on the start screen, what the save said; the game it gave, if any, starts."""
        self.stage, self.chosen_level = START, 1
        self.host.message(message, 6.0)
        if game is not None:
            self.start(game)

    def new_game_key(self) -> None:
        """N on the start screen: a new game at once when nothing is saved, else the question first."""
        if self.stage == START:
            self.chosen_level = 1
            self.new_game_or_ask(level_picked=False)

    def confirm_new_game(self) -> None:
        """Y after N: the save becomes the backup of the game replaced, and a new game starts."""
        if self.stage != CONFIRM_NEW or self.save_in_use:
            return
        self.host.message(self.slot.set_aside(), 6.0)
        self.new_game()

    def b_key(self) -> None:
        """B: on the start screen, back to the replaced game; in first person, the minimap."""
        if self.stage in (START, CONFIRM_NEW):
            if self.slot.has_replaced:
                self.take_back()
        else:
            self.toggle_minimap()
