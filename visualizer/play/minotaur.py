"""The minotaur: something to avoid from MINOTAUR_FROM on.

It wanders the maze (never stepping back unless it must) until it smells you: you are within SMELL
steps of it along open passages (walls and locked doors block the scent, so it "sees" you round
corners but never through a wall). Then it follows you, each step the first of the shortest open way
to where you stand (in a perfect maze that is your own trail with its detours cut), at a little under
your speed: CHASE_SHARE of your pace so far, never slower than WANDER_PACE nor faster than TOP_PACE.
It loses you when you get more than LOSE steps away. Reaching your cell catches you: the level
restarts. Every step is through an open passage, checked by the rules here alone.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Collection
from dataclasses import dataclass

from ..core.distance import distances_from
from ..core.maze import Maze

MINOTAUR_FROM = 6
"""The first level with a minotaur."""
SMELL = 5
"""Steps along open passages within which the minotaur notices you."""
LOSE = 9
"""Steps beyond which a chasing minotaur loses you and wanders again."""
WANDER_PACE = 1.5
"""Cells a second while wandering (and the slowest chase)."""
CHASE_SHARE = 0.85
"""A chase runs at this share of the player's own pace (moves a second so far)."""
TOP_PACE = 8.0
"""Cells a second the minotaur never exceeds."""

Blocked = Callable[[int, int], bool]
"""True when the passage between two cells is closed to walkers (a locked door)."""


def never(a: int, b: int) -> bool:
    return False


@dataclass
class Minotaur:
    start: int
    position: int = -1
    previous: int = -1
    chasing: bool = False
    steps: int = 0
    """Steps taken: with the seed, it makes each wandering choice repeatable across saves."""
    seed: int = 0
    clock: float = 0.0
    """Seconds gathered toward the next step."""

    def __post_init__(self) -> None:
        if self.position < 0:
            self.position = self.start

    @classmethod
    def placed(cls, maze: Maze, seed: int, avoid: Collection[int] = ()) -> "Minotaur":
        """A minotaur in a lair at least half the maze's depth from the entrance, off the cells to
        ``avoid`` (the way out: it comes to you, you are never made to walk into it)."""
        depth = distances_from(maze, maze.entrance[0])
        reach = [int(c) for c in range(len(depth)) if depth[c] >= 0]
        deepest = max(int(depth[c]) for c in reach)
        skip = {*avoid, maze.entrance[0], maze.exit[0]}
        far = [c for c in reach if depth[c] * 2 >= deepest and c not in skip] or reach
        return cls(start=random.Random(seed).choice(far), seed=seed)

    def reset(self) -> None:
        """Back to its lair (a restarted level)."""
        self.position, self.previous, self.chasing, self.clock = self.start, -1, False, 0.0

    def pace(self, player_pace: float) -> float:
        if not self.chasing:
            return WANDER_PACE
        return min(TOP_PACE, max(WANDER_PACE, CHASE_SHARE * player_pace))

    def advance(self, seconds: float, maze: Maze, player: int, player_pace: float,
                blocked: Blocked = never) -> list[int]:
        """Walk for ``seconds``; the cells stepped into, stopping on the player's cell."""
        self.clock += seconds
        walked: list[int] = []
        while self.position != player and self.clock >= 1.0 / self.pace(player_pace):
            self.clock -= 1.0 / self.pace(player_pace)
            nxt = self.next_step(maze, player, blocked)
            if nxt < 0:
                break
            self.previous, self.position = self.position, nxt
            self.steps += 1
            walked.append(nxt)
        return walked

    def next_step(self, maze: Maze, player: int, blocked: Blocked = never) -> int:
        """The cell it steps into next (-1 when it is walled in)."""
        way = way_to(maze, self.position, player, LOSE if self.chasing else SMELL, blocked)
        self.chasing = way is not None
        if way:
            return way[0]
        ways = [nb for nb in maze.open_neighbours(self.position) if not blocked(self.position, nb)]
        if not ways:
            return -1
        onward = [nb for nb in ways if nb != self.previous] or ways
        return random.Random(self.seed * 1_000_003 + self.steps).choice(onward)


def way_to(maze: Maze, start: int, goal: int, most: int, blocked: Blocked = never) -> list[int] | None:
    """The cells after ``start`` on the shortest open way to ``goal`` if it is at most ``most``
    steps, else None."""
    came = {start: start}
    frontier = deque([(start, 0)])
    while frontier:
        cell, depth = frontier.popleft()
        if cell == goal:
            way = []
            while cell != start:
                way.append(cell)
                cell = came[cell]
            return way[::-1]
        if depth == most:
            continue
        for nb in maze.open_neighbours(cell):
            if nb not in came and not blocked(cell, nb):
                came[nb] = cell
                frontier.append((nb, depth + 1))
    return None
