"""What a scene is, and the narrow part of the shell it may use.

The shell (the window) owns layout, the board surface, the panel, messages, help, screenshots,
zoom and the scrub bar. A scene (watch, play, and later compare and lab) owns what is shown and
how it changes: its keys, its time, the maze on the board, panel lines, legend and help rows.
Scenes reach the shell only through :class:`Host`, and open each other by name through the shell's
scene registry, so no scene imports another scene's module.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..run.teaching import TeachingView
from .keys import Binding, KeyPress, KeyTable

if TYPE_CHECKING:
    import pygame

    from ..core.maze import Maze
    from ..grids import Grid
    from ..render.board import Board
    from ..run.overlay import Overlay
    from ..run.spec import MazeSpec


class Host(Protocol):
    """The shell as a scene sees it."""

    clock_time: float

    def message(self, text: str, seconds: float = ..., yields: bool = ...) -> None:
        """Show a one-line message in the panel for a few seconds (``yields``: until the next key,
        for words that would otherwise crowd the pseudocode while the class steps)."""

    def open_scene(self, name: str, **context: Any) -> None:
        """Put the scene registered as ``name`` on top (built with ``context``)."""

    def close_scene(self) -> None:
        """Leave the top scene and go back to the one under it."""

    def quit(self) -> None:
        """Close the window."""

    def request_quit(self) -> None:
        """Close the window, unless work is unsaved: then say what, and close at the second ask."""

    def view_aspect(self) -> float:
        """Height / width of the board view (so a new maze can fill it)."""

    def show_whole_maze(self) -> None:
        """Fit the whole maze in the board view, as Z does (play's route view asks for it)."""

    def work_budget(self, minimum: float) -> float:
        """Seconds a busy scene may work this frame: at least ``minimum``, more when drawing is slow,
        so that drawing never takes more than about 15 % of a frame."""

    def repaint_cells(self, seconds: float) -> int:
        """About how many cells the board restyles and repaints in ``seconds`` (as the last large
        repaints went): what a scene hands it a frame."""


@dataclass(frozen=True)
class BoardContent:
    """What the board shows: a maze on a grid with its display state."""

    grid: "Grid"
    maze: "Maze"
    overlay: "Overlay"


@dataclass(frozen=True)
class TimelineView:
    """What the scrub bar shows: where the run stands, how far it is known, and its phases."""

    position: int
    recorded: int
    total: int | None
    """Events of the whole run once it is known, else None (the bar then grows as it runs)."""
    phases: list[tuple[int, str]] = field(default_factory=list)
    estimate: int = 0
    """A guess at the whole run's length while it is unknown (the bar's scale until then)."""
    bookmarks: list[int] = field(default_factory=list)
    """Positions the teacher marked (F6), drawn as flags on the bar."""

    @property
    def length(self) -> int:
        """The events the bar spans: the whole run once known, else the estimate."""
        return self.total if self.total is not None else max(self.recorded, self.estimate, 1)



@dataclass(frozen=True)
class ColourScale:
    """A continuous colour key (the distance map): what it measures and its two ends."""

    title: str
    low: str
    high: str
    colours: tuple[tuple[int, int, int], ...]
    """Near to far, evenly spaced."""


class Scene:
    """Base class: a scene that shows nothing and ignores everything. Subclasses override."""

    name = "scene"
    keys = KeyTable(())
    pauses_under_help = False
    """True when the scene's clock stops while the board is hidden: help over it, the window
    minimised (a game's timer must not count time the player could not play)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A scene whose key table names a command it lacks is refused when it is defined."""
        super().__init_subclass__(**kwargs)
        missing = cls.keys.missing_commands(cls)
        if missing:
            raise TypeError(f"{cls.__name__}'s keys name commands it lacks: {', '.join(missing)}")

    def __init__(self, host: Host) -> None:
        self.host = host

    # --- input --------------------------------------------------------------------

    def handle_key(self, press: KeyPress) -> bool:
        """Dispatch through the scene's key table; True when a binding took the key."""
        return self.keys.handle(self, press)

    def click(self, cell: int, shift: bool) -> None:
        """A click on a board cell."""

    def click_wall(self, cell: int, direction: int) -> bool:
        """A click on the wall (or passage) between ``cell`` and its neighbour in ``direction``;
        False when the scene does nothing with walls: the click then goes to the cell beside it."""
        return False

    def grab(self, cell: int, ctrl: bool, shift: bool = False) -> bool:
        """The button went down on ``cell`` (``ctrl``, ``shift`` held): True when the scene takes the
        drag that may follow (moving a marker, painting) instead of the view panning."""
        return False

    def drag_over(self, cell: int) -> None:
        """The pointer moved onto ``cell`` during a drag the scene took."""

    def drop(self, cell: int) -> bool:
        """The button came up on ``cell`` (-1: off the board) after a grab; False: the press is
        a plain click after all (it never left its cell)."""
        return False

    # --- time ---------------------------------------------------------------------

    def advance(self, dt: float) -> None:
        """Move the scene on by ``dt`` seconds of wall time."""

    @property
    def busy(self) -> bool:
        """True while the scene changes by itself (the shell then draws every frame)."""
        return False

    @property
    def background(self) -> bool:
        """True while the scene still has unseen work to do a little each frame (snapshots to fill,
        narration to catch up): the window keeps its frame rate instead of resting."""
        return False

    @property
    def unthrottled(self) -> bool:
        """True while the scene wants every moment it can get (no 60 fps sleep between frames)."""
        return False

    # --- what the shell draws -----------------------------------------------------

    def board_content(self) -> BoardContent | None:
        return None

    def draw_on_board(self, surface: "pygame.Surface", board: "Board", origin: tuple[int, int]) -> None:
        """Markers and screens over the board (the board view's clip is set)."""

    def draw_on_screen(self, surface: "pygame.Surface", view: "pygame.Rect") -> None:
        """What to show in the board's place when there is no maze (a start screen)."""

    def draw_key(self) -> Hashable:
        """Anything drawn over the board besides the maze: when it changes, the board is redrawn."""
        return None

    def follow_cell(self) -> int | None:
        """A cell the view should keep in sight when cells are small (the player), or None."""
        return None

    def panel_lines(self) -> list[tuple[str, str]]:
        return []

    def hover_lines(self, cell: int) -> list[tuple[str, str]]:
        """Panel lines about the cell under the pointer."""
        return []

    def legend_keys(self) -> list[str]:
        return []

    def extra_panel(self) -> tuple[str, list[tuple[str, str]]] | None:
        """A titled block of figures shown instead of the legend (the metrics panel), or None."""
        return None

    def bar_chart(self) -> tuple[str, dict[str, int]] | None:
        """A titled bar chart under the extra block, or None."""
        return None

    def repaint_interval(self) -> float:
        """Seconds the board may go without a repaint while the scene is busy (0: every frame)."""
        return 0.0

    def teaching(self) -> TeachingView | None:
        """The teaching panel (pseudocode, sentences, data) shown instead of the figures, or None."""
        return None

    def colour_scale(self) -> ColourScale | None:
        """A colour scale shown above the legend (the distance map's), or None."""
        return None

    def legend_label(self, key: str) -> str | None:
        """The scene's own words for a legend entry (per algorithm), or None for the usual ones."""
        return None

    @classmethod
    def help_rows(cls) -> list[Binding]:
        """The rows of the help overlay (and of the README's key table) for this scene."""
        return cls.keys.help_rows()

    def choice_phrases(self) -> tuple[str, ...]:
        """The numbered choices of a question the words ask now, as written there (clickable)."""
        return ()

    def pick_choice(self, index: int) -> None:
        """A click on choice ``index`` (from 0) of the question asked (see ``choice_phrases``)."""

    def overlay_rows(self) -> list[Binding]:
        """The help overlay's rows for the scene as it is now (a game lists its own grid's moves)."""
        return self.help_rows()

    def hint(self) -> str:
        return "H help"

    def words_room(self) -> bool:
        """True while the scene has more words than usual to show whole (the presenting strip grows)."""
        return False

    def pseudocode(self) -> tuple[str, ...]:
        """The lines of pseudocode the scene's words explain its run with (none: no explanations);
        the presenting strip makes room for them whole."""
        return ()

    def recipe(self) -> "MazeSpec | None":
        """The maze on screen as a recipe (screenshot names), or None."""
        return None

    def timeline(self) -> TimelineView | None:
        return None

    def automation_state(self, view: "pygame.Rect") -> dict[str, Any]:
        """What the scene adds to the state file for automation (the shell writes it), given the view."""
        return {}

    def seek(self, position: int) -> None:
        """Jump the run to ``position`` events (the scrub bar)."""

    # --- lifetime -----------------------------------------------------------------

    def unsaved(self) -> list[str]:
        """What the student made here that is not in a file yet, each as a phrase naming its save
        key ("5 quiz answers (Ctrl+K saves them)"); quitting asks again while there is any."""
        return []

    def leave(self) -> None:
        """The scene is closing (or the window): save what must be saved."""

    def resume(self) -> None:
        """The scene is on top again after the one above it closed."""

    def hands_back(self) -> "tuple[MazeSpec, dict[str, Any]] | None":
        """The maze a stand-in scene below should show once this one closes, and the context that
        opens this scene again on it (None: leave the stand-in be). A command that opens this scene
        puts a stand-in below it; Esc should not land on that."""
        return None

    def take_over(self, spec: "MazeSpec", back: dict[str, Any]) -> None:
        """Show ``spec`` instead of the stand-in maze (the scene above handed it back with ``back``)."""
