"""Cellular-automaton mazes: the rule is a parameter checked in one line, each generation is one
step, and after the connection phase the floor is one region holding the entrance and the exit."""

import pytest
from helpers import passages_are_symmetric
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.algorithms.cellular_automaton import parse_rule
from visualizer.cli import main
from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.core.narration import Narration
from visualizer.run.spec import MazeSpec

CA = ALGORITHMS["cellular_automaton"]


def floor_is_one_region(maze: Maze) -> bool:
    open_cells = set(maze.open_cells().tolist())
    reach = set(maze.reachable_from(maze.entrance[0]).nonzero()[0].tolist())
    return maze.exit[0] in open_cells and maze.entrance[0] in open_cells and reach == open_cells


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), w=st.integers(1, 24), h=st.integers(1, 18),
       rule=st.sampled_from(["B3/S12345", "B3/S1234", "B36/S23", "B1/S", "B3678/S34678"]),
       fill=st.integers(0, 100))
def test_the_floor_is_one_connected_region_after_joining(seed, w, h, rule, fill):
    spec = MazeSpec("cellular_automaton", "square", w, h, seed, {"rule": rule, "fill": fill})
    maze = spec.build()
    assert floor_is_one_region(maze)
    assert passages_are_symmetric(maze)
    open_cells = maze.open_mask()
    for cell in range(maze.grid.size):  # a tile map: floor tiles side by side are always joined
        for d, nb in maze.grid.neighbours(cell):
            assert maze.is_open(cell, d) == bool(open_cells[cell] and open_cells[nb])


def test_each_generation_is_one_step_and_walls_follow_the_rule():
    spec = MazeSpec("cellular_automaton", "square", 20, 14, 5, {"generations": 6})
    grid = spec.make_grid()
    events = list(spec.events(grid))
    connect = next(i for i, e in enumerate(events) if e[0] == Kind.PHASE and e[3] == "connect")
    marks = [i for i, e in enumerate(events[:connect]) if e[0] == Kind.CURRENT]
    assert 1 <= len(marks) <= 6
    narration = Narration(CA.narrator(grid, CA.resolve(spec.params)), BraidNarrator(grid))
    narration.fold(events[:connect])
    assert narration.steps == 1 + len(marks)  # the soup, then one step a generation
    assert narration.narrator.generation == len(marks)

    def walls(upto):
        return ~Maze(grid).fold(events[:upto]).open_mask().astype(bool).reshape(grid.height, grid.width)

    for before, after in zip(marks, [*marks[1:], connect]):
        assert (by_hand(walls(before), {3}, {1, 2, 3, 4, 5}) == walls(after)).all()


def by_hand(walls, born, survive):
    """The rule as a student applies it: count the eight neighbours of each tile, one by one."""
    h, w = walls.shape
    after = walls.copy()
    for y in range(h):
        for x in range(w):
            count = sum(bool(walls[y + dy, x + dx]) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                        if (dy or dx) and 0 <= y + dy < h and 0 <= x + dx < w)
            after[y, x] = count in survive if walls[y, x] else count in born
    return after


def test_mazectric_and_maze_rules_make_different_boards():
    def board(rule):
        return MazeSpec("cellular_automaton", "square", 30, 20, 2, {"rule": rule}).build()

    assert not board("B3/S12345").same_as(board("B3/S1234"))


@pytest.mark.parametrize(("rule", "why"), [("B3S12345", "looks like B3/S12345"), ("B9/S1", "looks like"),
                                           ("B/S123", "no wall"), ("B03/S1", "B0"), ("maze", "looks like")])
def test_a_bad_rule_is_refused_in_one_line_with_exit_code_2(capsys, tmp_path, rule, why):
    code = main(["generate", "-a", "cellular_automaton", "-p", f"rule={rule}", "-o", str(tmp_path / "m.txt")])
    err = capsys.readouterr().err
    assert code == 2 and why in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "m.txt").exists()


def test_a_lowercase_rule_is_read_as_written_in_capitals():
    assert parse_rule(" b3/s1234 ") == (frozenset({3}), frozenset({1, 2, 3, 4}))


@pytest.mark.parametrize("grid", ["hex", "triangle", "polar"])
def test_other_grids_are_refused_in_one_line(capsys, tmp_path, grid):
    code = main(["generate", "-a", "cellular_automaton", "-g", grid, "-o", str(tmp_path / "m.json")])
    err = capsys.readouterr().err
    assert code == 2 and "works on square grids" in err and len(err.strip().splitlines()) == 1
