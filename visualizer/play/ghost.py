"""A ghost to race: a marker that walks the shortest path from the entrance at a set pace.

Where the ghost is follows from the level's clock alone (cells a second times seconds played), so
pausing, saving and continuing keep it honest, and the win screen can say who arrived first.
"""

from __future__ import annotations

from dataclasses import dataclass

PACES: dict[str, float] = {"easy": 2.0, "medium": 4.0, "hard": 7.0}
"""Cells a second for each ghost."""
LEVELS = ("off", *PACES)
"""The order G cycles through."""


@dataclass(frozen=True)
class Ghost:
    path: tuple[int, ...]
    """The shortest path from the entrance to the exit, both included."""
    pace: float
    """Cells a second."""

    @property
    def arrival(self) -> float:
        """Seconds the ghost takes to reach the exit."""
        return (len(self.path) - 1) / self.pace

    def where(self, seconds: float) -> tuple[int, int, float]:
        """(cell it last passed, cell it walks toward, share of that step done) after ``seconds``."""
        steps = max(0.0, seconds) * self.pace
        last = len(self.path) - 1
        if steps >= last:
            return self.path[-1], self.path[-1], 0.0
        index = int(steps)
        return self.path[index], self.path[index + 1], steps - index

    def arrived(self, seconds: float) -> bool:
        return seconds >= self.arrival


def next_level(name: str) -> str:
    """The ghost after ``name`` in G's cycle: off, easy, medium, hard, off."""
    return LEVELS[(LEVELS.index(name) + 1) % len(LEVELS)] if name in LEVELS else "off"


def race_result(ghost: Ghost, seconds: float) -> str:
    """The win screen's line about the race."""
    gap = ghost.arrival - seconds
    if abs(gap) < 0.05:
        return "A dead heat with the ghost!"
    if gap > 0:
        return f"You beat the ghost by {gap:.1f} s"
    return f"The ghost arrived {-gap:.1f} s before you"
