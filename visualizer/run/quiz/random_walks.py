"""Random walks (Aldous-Broder, Wilson's): where the walker steps is chance, what the step does
follows from the picture: a step into an unvisited cell carves; Wilson's walk grows, erases the
loop it just closed, or, on reaching the maze, is carved in whole. Houston's runs the one, then
the other."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...core.events import Event, Kind
from .question import CELLS, CHOICE, MOST_TO_CLICK, Question, QuestionMaker, Seen

_CARVE, _CURRENT, _WALK, _ERASE = int(Kind.CARVE), int(Kind.CURRENT), int(Kind.WALK), int(Kind.WALK_ERASE)
CARVES, WALKS_OVER = 0, 1
GROWS, ERASES, REACHES = 0, 1, 2
LOOKS_AHEAD = 100_000
"""Events read ahead at most for the cell a loop erasure lands on (a loop is at most the grid)."""


def _step_into(seen: Seen, event: Event, kind: str, prompt: str, choices: tuple[str, str],
               carves: str, walks_over: str) -> Question:
    """A walker steps into a cell (a CARVE's far cell, or a CURRENT's): a new cell is carved (dug),
    one already open only walked over. ``prompt``, ``carves`` and ``walks_over`` name the cell as {}."""
    into = event[2] if int(event[0]) == _CARVE else event[1]
    there = seen.name(into)
    answer, why = (CARVES, carves) if seen.unvisited(into) else (WALKS_OVER, walks_over)
    return Question(kind, prompt.format(there), CHOICE, frozenset({answer}), why.format(there), choices,
                    focus=(into,), decision=True)


def ask_aldous_broder(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or not (int(event[0]) == _CARVE and event[2] >= 0 or int(event[0]) == _CURRENT):
        return None
    return _step_into(seen, event, "carve or walk over", "The walker steps at random into {}: what does it do?",
                      ("carves a passage into it", "just walks over it"),
                      "{} is unvisited, so the walk carves a passage into it",
                      "{} is in the maze already, so the walk only walks over it: nothing is carved")


def carved_or_not(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    carved = int(events[0][0]) == _CARVE
    return question.expected == frozenset({CARVES if carved else WALKS_OVER})


def _landing(seen: Seen) -> int | None:
    """The cell the next walk step lands on: a WALK's far cell, or after a loop's erasures the CURRENT."""
    first = seen.peek(0)
    if first is None:
        return None
    if int(first[0]) == _WALK:
        return first[2]
    for index in range(1, LOOKS_AHEAD):
        event = seen.peek(index)
        if event is None or int(event[0]) not in (_ERASE, _CURRENT):
            return None
        if int(event[0]) == _CURRENT:
            return event[1]
    return None


def ask_wilson(seen: Seen) -> Question | None:
    first = seen.peek(0)
    if first is None:
        return None
    walk = list(getattr(seen.narrator, "walk", ()))
    if int(first[0]) == _CARVE and first[2] >= 0 and 0 < len(walk) <= MOST_TO_CLICK:
        cells = frozenset(walk)
        return Question("carved in", "The walk has reached the maze: which cells join the maze now?", CELLS, cells,
                        f"the whole walk is carved in, loops erased: {seen.names(cells)}", focus=(walk[-1],),
                        decision=len(cells) > 1)
    if int(first[0]) not in (_WALK, _ERASE):
        return None
    into = _landing(seen)
    if into is None:
        return None
    there = seen.name(into)
    if not seen.unvisited(into):
        answer, why = REACHES, f"{there} is in the maze: the walk has found it, and is carved in next"
    elif into in walk:
        answer, why = ERASES, f"{there} is on the walk already: the loop from it is erased, the walk cut back to it"
    else:
        answer, why = GROWS, f"{there} is neither on the walk nor in the maze: the walk grows by one cell"
    return Question("walk step", f"Wilson's walk steps at random into {there}: what happens?", CHOICE,
                    frozenset({answer}), why, ("the walk grows", "a loop is erased", "it reaches the maze"),
                    focus=(into,), decision=True)


def wilson_happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The step carved the walk in, erased a loop, or stepped on; ``following`` (the next step's
    first event) tells a walk that grew from one that reached the maze: only the latter is carved next."""
    kind = int(events[0][0])
    if question.form == CELLS:
        return kind == _CARVE and frozenset(e[2] for e in events if int(e[0]) == _CARVE) == question.expected
    if kind == _ERASE:
        return question.expected == frozenset({ERASES})
    reached = following is not None and int(following[0]) == _CARVE
    return kind == _WALK and question.expected == frozenset({REACHES if reached else GROWS})


ALDOUS_BRODER = QuestionMaker(ask_aldous_broder, carved_or_not)
WILSON = QuestionMaker(ask_wilson, wilson_happened)


def ask_houston(seen: Seen) -> Question | None:
    """Houston's: Aldous-Broder's question while the random walk carves, Wilson's in the walks."""
    inner = getattr(seen.narrator, "inner", None)
    if inner is None:
        return None
    inside = replace(seen, narrator=inner)
    return ask_wilson(inside) if inner is getattr(seen.narrator, "walks", None) else ask_aldous_broder(inside)


def houston_happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    if question.kind == "carve or walk over":
        return carved_or_not(question, events, following)
    return wilson_happened(question, events, following)


HOUSTON = QuestionMaker(ask_houston, houston_happened)


def ask_drunkard(seen: Seen) -> Question | None:
    """The drunkard's walkers: where one staggers is chance; rock it steps on is dug out, floor is
    just walked over."""
    event = seen.peek(0)
    if event is None or seen.narrator.phase != "walk" or event[2] < 0 or int(event[0]) not in (_CARVE, _CURRENT):
        return None
    return _step_into(seen, event, "dig or walk over", "A walker staggers at random into {}: what does it do?",
                      ("digs it out", "just walks over it"),
                      "{} is rock, so the walker digs it out: it becomes floor, open to the floor by it",
                      "{} is floor already, so the walker only walks over it: nothing is dug")


DRUNKARD = QuestionMaker(ask_drunkard, carved_or_not)
