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
