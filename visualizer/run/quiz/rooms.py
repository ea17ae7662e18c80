"""Rooms and corridors: where a room is tried is chance; whether it is kept is not: one that
overlaps or touches a room kept already (no rock between them) is refused. Tunnels do not count.
The dungeon's rooms ask the same, refused only when they overlap (``room_question``)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CHOICE, Question, QuestionMaker, Seen

KIND = "kept or refused"
CHOICES = ("kept", "refused")
KEPT, REFUSED = 0, 1
_ROOM, _REJECT = int(Kind.ROOM), int(Kind.REJECT)
LOOKS_AHEAD = 10_000
"""Events read ahead at most for a tried room's last cell (a room is at most that big)."""


def _tried(seen: Seen) -> tuple[int, int] | None:
    """The corners of the room tried next: a refused one's event says them, a kept one's floor
    events run from its first cell to its last."""
    first = seen.peek(0)
    if first is None:
        return None
    if int(first[0]) == _REJECT:
        return first[1], first[2]
    if int(first[0]) != _ROOM or first[3] in seen.maze.rooms:
        return None
    last = first[1]
    for index in range(1, LOOKS_AHEAD):
        event = seen.peek(index)
        if event is None or int(event[0]) != _ROOM or event[3] != first[3]:
            return first[1], last
        last = event[1]
    return None


def ask(seen: Seen) -> Question | None:
    return room_question(seen, touching=True) if seen.narrator.phase == "rooms" else None


def room_question(seen: Seen, touching: bool) -> Question | None:
    """Kept or refused, for the room tried next (its two corners ringed and named, the rooms kept
    so far drawn): refused when it overlaps a kept room, or, with ``touching``, has no rock
    between it and one."""
    corners = _tried(seen)
    if corners is None:
        return None
    grid = seen.grid
    (x0, y0), (x1, y1) = grid.coords(corners[0]), grid.coords(corners[1])
    kept = {c for cells in seen.maze.rooms.values() for c in cells}
    margin = 1 if touching else 0
    near = sorted(grid.cell(x, y) for y in range(max(0, y0 - margin), min(grid.height, y1 + 1 + margin))
                  for x in range(max(0, x0 - margin), min(grid.width, x1 + 1 + margin)) if grid.cell(x, y) in kept)
    box = f"{seen.name(corners[0])} to {seen.name(corners[1])}"
    if near and touching:
        answer = REFUSED
        why = (f"the room {box} overlaps or touches a room kept already (at {seen.name(near[0])}, with no rock "
               "between): it is refused")
    elif near:
        answer, why = REFUSED, f"the room {box} overlaps a room kept already (at {seen.name(near[0])}): it is refused"
    elif touching:
        answer = KEPT
        why = f"the room {box} has rock all round it, touching no room kept so far (tunnels do not count): it is kept"
    else:
        answer, why = KEPT, f"the room {box} overlaps no room kept so far (it may touch one): it is kept"
    return Question(KIND, f"A room is tried from {box}: kept or refused?", CHOICE, frozenset({answer}),
                    why, CHOICES, focus=corners, decision=True)


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    return question.expected == frozenset({REFUSED if int(events[0][0]) == _REJECT else KEPT})


MAKER = QuestionMaker(ask, happened)
