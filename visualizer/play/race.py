"""Racing a friend: two players on one keyboard walk the same maze, first to the exit wins.

Each player is a ``Game`` of their own (position, trail, moves) on one shared maze; the race owns
the clock and the winner, and refuses every move once someone has won. A race is a plain maze of
the level's size: no doors and no minotaur (one player's key would open the other's door).
Pure Python: the window sorts the keys into players (arrows: player 1, letters: player 2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.distance import distances_from
from ..core.maze import Maze
from ..run.spec import MazeSpec
from .game import Game
from .levels import FINAL_LEVEL

PLAYERS = 2
NAMES = ("Player 1 (arrows)", "Player 2 (W A S D)")
"""How the screens name the players: by their keys, so nobody has to ask who is who."""


@dataclass
class Race:
    """One level raced by two players."""

    players: list[Game]
    elapsed: float = 0.0
    winner: int = -1
    """The player who reached the exit first (-1 while the race is on)."""
    order: list[int] = field(default_factory=list)
    """Players in the order they reached the exit (the winner first)."""

    @classmethod
    def new_level(cls, level: int, base: MazeSpec) -> "Race":
        """Level ``level``'s maze of the base's recipe, both players at the entrance."""
        first = Game.new_level(level, base)
        players = [Game(spec=first.spec, maze=first.maze, level=first.level) for _ in range(PLAYERS)]
        return cls(players)

    @property
    def maze(self) -> Maze:
        return self.players[0].maze

    @property
    def level(self) -> int:
        return self.players[0].level

    @property
    def finished(self) -> bool:
        return self.winner >= 0

    @property
    def started(self) -> bool:
        """True from either player's first move key: the race clock waits for it."""
        return any(p.started for p in self.players)

    def move_named(self, player: int, name: str) -> bool:
        """Player ``player`` presses move ``name``; False when nothing moved (a wall, or the race is won)."""
        return self.step(player, lambda game: game.move_named(name))

    def move(self, player: int, direction: int) -> bool:
        """Player ``player`` steps through the side ``direction`` (first person turns keys into sides)."""
        return self.step(player, lambda game: game.move(direction))

    def step(self, player: int, how: Callable[[Game], bool]) -> bool:
        if self.finished:
            return False
        game = self.players[player]
        moved = how(game)
        if moved and game.won:
            self.winner = player
            self.order.append(player)
        return moved

    def tick(self, seconds: float) -> None:
        """The race clock runs from the first move until someone wins."""
        if self.started and not self.finished:
            self.elapsed += seconds

    def restart(self) -> None:
        """The same maze again, both at the entrance, the clock at zero."""
        for game in self.players:
            game.restart_level()
            game.played = 0.0
        self.elapsed, self.winner, self.order = 0.0, -1, []

    def next_level(self) -> "Race":
        """The next level's race (the final level again after it), seed one more."""
        spec = self.players[0].spec
        level = min(self.level + 1, FINAL_LEVEL)
        return Race.new_level(level, spec.with_(seed=spec.seed + 1))

    def result_line(self) -> str:
        """The winner by name, and how far the other was from the exit."""
        if not self.finished:
            return ""
        loser = self.players[1 - self.winner]
        left = int(distances_from(self.maze, loser.goal)[loser.position])
        return f"{NAMES[self.winner]} wins! {NAMES[1 - self.winner]} was {left} steps from the exit"
