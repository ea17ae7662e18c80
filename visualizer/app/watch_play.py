"""The watch scene's way into play and back: P plays the maze on screen (edits and all), and after
``maze-visualizer play`` the watch view, which only stood in below the game, takes over the maze
last played (Esc) so that P goes back to that game rather than starting the maze as one's own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..run.session import Run
    from ..run.spec import MazeSpec
    from .hand_edits import HandEdits
    from .scene import Host


class PlayKeys:
    """P and the hand-back from play (the watch scene owns the run and the edits)."""

    host: Host
    run: Run
    edits: HandEdits
    game_behind: tuple[MazeSpec, dict[str, Any]] | None = None
    """The game Esc left (its level's recipe, play's context): P on that maze goes back to it."""

    if TYPE_CHECKING:
        @property
        def spec(self) -> MazeSpec: ...

        def restart(self, spec: MazeSpec | None = None) -> None: ...

    def take_over(self, spec: MazeSpec, back: dict[str, Any]) -> None:
        """The maze just played, made again step by step (the command's recipe was never seen); P
        on it goes back to the game (``back``: play's context for that)."""
        self.restart(spec)
        self.game_behind = (spec, back)
        self.host.message("The maze you played, made again step by step: P goes back to the game")

    def play(self) -> None:
        """P: play the maze on screen (as edited), finished first if it was still growing; on the
        maze of a game Esc left, back to that game."""
        self.run.finish_generation()
        maze = self.run.maze
        if self.edits.edited and not maze.reachable_from(maze.entrance[0])[maze.exit[0]]:
            self.host.message("The exit is cut off from the entrance: open a wall first (Ctrl+Z undoes the edit)")
            return
        self.run.clear_solution()
        if self.game_behind is not None and self.game_behind[0] == self.spec and not self.edits.edited:
            self.host.open_scene("play", spec=self.spec, **self.game_behind[1])
            return
        self.host.open_scene("play", spec=self.spec, maze=maze.copy())  # edits and all
