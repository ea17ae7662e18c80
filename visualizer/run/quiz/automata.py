"""Cellular automata (the caves' 4-5 rule, the cellular-automaton maze's B/S rule): the random soup
is chance, every generation after it is not: one cell's next state follows from the rule and how
many of its neighbours are rock (a wall) now. The quiz names a cell on the edge between rock and
floor, a different one each generation, and asks what it will be."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...algorithms.caves import corner_neighbours
from ...algorithms.cellular_automaton import GENERATIONS, parse_rule
from ...algorithms.floor import is_floor
from ...core.events import Event, Kind
from .question import CHOICE, Question, QuestionMaker, Seen

if TYPE_CHECKING:
    from ...grids import Grid

ROCK, FLOOR = 0, 1
_SCAN, _CURRENT, _CARVE, _PRUNE = int(Kind.SCAN), int(Kind.CURRENT), int(Kind.CARVE), int(Kind.PRUNE)
SPREAD = 37
"""How far along the edge cells the named cell moves from one generation to the next."""
_tables: dict[int, tuple[Grid, list[list[int]]]] = {}


def _corner_table(grid: Grid) -> list[list[int]]:
    """The caves' neighbour table for ``grid`` (-1: missing, counts as rock), worked out once a grid."""
    held = _tables.get(id(grid))
    if held is None or held[0] is not grid:
        _tables.clear()
        held = _tables[id(grid)] = (grid, corner_neighbours(grid).tolist())
    return held[1]


def _pick(seen: Seen, around: Callable[[int], list[int]], generation: int) -> int:
    """A cell with rock and floor among its neighbours (any cell when there is none), a different
    one each generation: where the rule has something to decide."""
    rock = [not is_floor(seen.maze, c) for c in range(seen.grid.size)]
    edge = [c for c in range(seen.grid.size)
            if len({rock[nb] if nb >= 0 else None for nb in around(c)} - {None}) > 1]
    cells = edge or list(range(seen.grid.size))
    return cells[(generation * SPREAD) % len(cells)]


def _question(seen: Seen, cell: int, rocky: int, of: int, rule: str, after: bool, words: tuple[str, str]) -> Question:
    now = not is_floor(seen.maze, cell)
    here = seen.name(cell)
    answer = ROCK if after else FLOOR
    why = (f"{here} is {words[ROCK] if now else words[FLOOR]} with {rocky} of its {of} neighbours "
           f"{words[ROCK]}; {rule}: it {'stays' if now == after else 'turns'} {words[answer]}")
    kind = f"{words[ROCK].removeprefix('a ')} next generation"
    return Question(kind, f"Next generation: will {here} be {words[ROCK]} or {words[FLOOR]}?", CHOICE,
                    frozenset({answer}), why, words, focus=(cell,), decision=True, detail=(cell, int(now)))


def ask_caves(seen: Seen) -> Question | None:
    event = seen.peek(0)
    if event is None or int(event[0]) != _SCAN or seen.narrator.phase != "generations":
        return None
    table = _corner_table(seen.grid)
    cell = _pick(seen, lambda c: table[c], int(event[3]))
    rocky = sum(1 for nb in table[cell] if nb < 0 or not is_floor(seen.maze, nb))
    of, now = len(table[cell]), not is_floor(seen.maze, cell)
    half = of / 2
    after = rocky > half or now and rocky >= half
    rule = (f"rock stays rock with at least {half:g} rock around, floor turns rock with more than {half:g} "
            "(off the map counts as rock)")
    return _question(seen, cell, rocky, of, rule, after, ("rock", "floor"))


def _eight(grid: Grid, cell: int) -> list[int]:
    """The eight tiles around ``cell`` in rows and columns (-1: outside, which counts as floor)."""
    x, y = cell % grid.width, cell // grid.width
    return [grid.cell(x + dx, y + dy) if 0 <= x + dx < grid.width and 0 <= y + dy < grid.height else -1
            for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def ask_automaton(seen: Seen) -> Question | None:
    event = seen.peek(0)
    narrator = seen.narrator
    if event is None or int(event[0]) != _CURRENT or narrator.phase != GENERATIONS:
        return None
    rule_text = str(getattr(narrator, "rule", "B3/S12345"))
    born, survive = parse_rule(rule_text)
    cell = _pick(seen, lambda c: _eight(seen.grid, c), int(getattr(narrator, "generation", 0)) + 1)
    walls = sum(1 for nb in _eight(seen.grid, cell) if nb >= 0 and not is_floor(seen.maze, nb))
    now = not is_floor(seen.maze, cell)
    after = walls in (survive if now else born)
    rule = (f"rule {rule_text}: a wall survives with a count in S, floor is born a wall with a count in B "
            "(outside the grid counts as floor)")
    return _question(seen, cell, walls, 8, rule, after, ("a wall", "floor"))


def happened(question: Question, events: Sequence[Event], following: Event | None) -> bool:
    """The cell turned rock (PRUNE), turned floor (CARVE on its own) or stayed as it was."""
    cell, was = question.detail
    rock = bool(was)
    for event in events:
        if event[1] == cell and int(event[0]) == _PRUNE:
            rock = True
        elif event[1] == cell and int(event[0]) == _CARVE and event[2] < 0:
            rock = False
    return question.expected == frozenset({ROCK if rock else FLOOR})


CAVES = QuestionMaker(ask_caves, happened)
AUTOMATON = QuestionMaker(ask_automaton, happened)
