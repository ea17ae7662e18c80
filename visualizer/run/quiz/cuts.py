"""BSP's split: where a part is cut is chance, which way is not when its shape decides: only a part
at least twice ``leaf_min`` across is cut that way, and one big enough both ways is cut across its
longer side (a coin only when it is square: nothing to ask)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.events import Event, Kind
from .question import CHOICE, Question, QuestionMaker, Seen

CHOICES = ("a cut down a column: left and right halves", "a cut along a row: top and bottom halves")
DOWN, ALONG = 0, 1
_CHAMBER = int(Kind.CHAMBER)


def ask(seen: Seen) -> Question | None:
    event = seen.peek(0)
    narrator = seen.narrator
    if event is None or int(event[0]) != _CHAMBER or narrator.phase != "split":
        return None
    w = seen.grid.width
    width, height = event[2] % w - event[1] % w + 1, event[2] // w - event[1] // w + 1
    least = 2 * int(narrator.params.get("leaf_min", 6))
    wide, tall = width >= least, height >= least
    size = f"{width} x {height}"
    if wide and tall and width == height:
        return None  # square: a coin decides
    if wide and (not tall or width > height):
        answer = DOWN
        why = (f"the part is {size}: {'wider than tall' if tall else f'only its width is {least} or more'}, so the "
               "cut splits the width, down a column")
    else:
        answer = ALONG
        why = (f"the part is {size}: {'taller than wide' if wide else f'only its height is {least} or more'}, so "
               "the cut splits the height, along a row")
    corners = f"{seen.name(event[1])} to {seen.name(event[2])}"
    return Question("cut", f"BSP cuts the part {corners} in two: which way does the cut run?", CHOICE,
                    frozenset({answer}), why, CHOICES, focus=(event[1], event[2]), decision=wide and tall,
                    detail=(w,))


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """A cut down a column leaves the first half's far corner on the part's bottom row; one along a
    row leaves it higher up."""
    chambers = [e for e in events if int(e[0]) == _CHAMBER]
    if len(chambers) < 2:
        return False
    (w,) = question.detail
    down = chambers[1][2] // w == chambers[0][2] // w
    return question.expected == frozenset({DOWN if down else ALONG})


MAKER = QuestionMaker(ask, happened)
