"""Aldous-Broder's random walk: the quiet walk, drawing its numbers in bulk, carves what the
shown walk carves and leaves the random generator where the shown walk leaves it."""

import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import Kind, expand
from visualizer.run.spec import MazeSpec


@pytest.mark.parametrize("kind", ["square", "hex", "triangle", "polar"])
def test_the_quiet_random_walk_leaves_the_generator_where_the_shown_one_does(kind):
    """Aldous-Broder's quiet walk draws its numbers thousands at a time and hands the unused ones
    back: on a grid large enough for several batches, the carves match the shown walk's and the
    random generator ends in the same state (braiding draws from it next)."""
    import random

    grid = MazeSpec("aldous_broder", kind, 40, 30, 1).make_grid()
    streams = []
    for show in (True, False):
        rng = random.Random(11)
        carves = [e for e in expand(ALGORITHMS["aldous_broder"].func(grid, rng, show=show)) if e[0] == Kind.CARVE]
        streams.append((carves, rng.getstate()))
    assert streams[0] == streams[1]


def test_a_random_generator_of_another_kind_takes_the_plain_walk():
    import random

    class Other(random.Random):
        pass

    grid = MazeSpec("aldous_broder", "square", 12, 9, 1).make_grid()
    shown = list(expand(ALGORITHMS["aldous_broder"].func(grid, random.Random(5), show=False)))
    other = list(expand(ALGORITHMS["aldous_broder"].func(grid, Other(5), show=False)))
    assert shown == other


def test_the_square_walk_in_bulk_carves_what_the_step_by_step_walk_carves():
    """Same carves in the same order, rng left in the same state, on square and oblong grids
    (narrow ones: the walk is held at both walls many times a batch)."""
    import random as _random

    from visualizer.algorithms import aldous_broder as walk
    from visualizer.core.events import expand as _expand
    from visualizer.grids import make_grid as _make_grid

    for width, height, seed in ((48, 48, 1), (60, 50, 2), (300, 48, 3), (49, 130, 4)):
        grid = _make_grid("square", width, height)
        step_by_step, bulk = _random.Random(seed), _random.Random(seed)
        loop = [tuple(map(int, e[1:])) for e in _expand(walk._walk_quiet(grid, step_by_step))]
        batch = [tuple(map(int, e[1:])) for e in _expand(walk._walk_square(grid, bulk))]
        assert loop == batch and len(batch) == grid.size
        assert step_by_step.random() == bulk.random()


def test_the_quiet_walk_says_how_long_it_walked():
    import random as _random

    from visualizer.algorithms import aldous_broder as walk
    from visualizer.grids import make_grid as _make_grid

    for kind, side in (("square", 60), ("hex", 20)):
        events = walk.aldous_broder(_make_grid(kind, side, side), _random.Random(5), show=False)
        try:
            while True:
                next(events)
        except StopIteration as done:
            assert done.value > side * side
