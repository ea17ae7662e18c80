"""Unicursal labyrinths (``unicursal=1``): one path through every lane, the maze's corridors
doubled, every step told, the solvers treat it as any maze, and bad requests refused in one line."""

import pytest
from helpers import is_spanning_tree, passages_are_symmetric
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.algorithms.braid import BraidNarrator
from visualizer.algorithms.unicursal import lanes_for
from visualizer.cli import main
from visualizer.core.events import Kind, changes_maze, expand
from visualizer.core.maze import Maze
from visualizer.core.narration import Narration
from visualizer.run.spec import MazeSpec
from visualizer.solvers import SOLVERS, run_to_end

PAIRS = [(name, kind) for name, info in ALGORITHMS.items() if info.perfect
         for kind in ("square", "hex") if kind in info.grid_names]
even = st.integers(1, 9).map(lambda n: 2 * n)


def walk(maze: Maze) -> list[int]:
    """Follow the passages from the entrance cell, never turning back: the path, cell by cell."""
    grid = maze.grid
    path, previous = [maze.entrance[0]], -1
    while True:
        ahead = [nb for d, nb in grid.neighbours(path[-1]) if maze.is_open(path[-1], d) and nb != previous]
        if not ahead:
            return path
        assert len(ahead) == 1, path
        previous = path[-1]
        path.append(ahead[0])


@settings(max_examples=60, deadline=None)
@given(pair=st.sampled_from(PAIRS), w=even, h=even, seed=st.integers(0, 2**32))
def test_the_labyrinth_is_one_path_through_every_cell(pair, w, h, seed):
    name, kind = pair
    maze = MazeSpec(name, kind, w, h, seed, {"unicursal": 1}).build()
    degrees = [int(p).bit_count() for p in maze.passages]
    assert max(degrees) <= 2 and degrees.count(1) == 2
    assert is_spanning_tree(maze) and passages_are_symmetric(maze)
    path = walk(maze)
    assert len(path) == len(set(path)) == maze.grid.size  # one path, every lane on it


@pytest.mark.parametrize("name", ["backtracker", "kruskal", "recursive_division", "eller"])
def test_every_corridor_of_the_half_size_maze_is_doubled(name):
    """The labyrinth keeps the maze's look: the same seed's maze at half size, each corridor a pair
    of lanes between the two blocks, and no lane where it has a wall."""
    plain = MazeSpec(name, "square", 10, 7, 4).build()
    maze = MazeSpec(name, "square", 20, 14, 4, {"unicursal": 1}).build()
    lanes = lanes_for(maze.grid)
    assert lanes is not None
    for block in range(plain.grid.size):
        for d, other in plain.grid.neighbours(block):
            pair = lanes.lane_pair(block, other)
            assert all(maze.is_open(a, maze.grid.direction_between(a, b)) == plain.is_open(block, d)
                       for a, b in pair)


@pytest.mark.parametrize("kind", ["square", "hex"])
def test_every_event_is_told_and_the_quiet_stream_makes_the_same_maze(kind):
    spec = MazeSpec("wilson", kind, 8, 6, 2, {"unicursal": 1})
    grid = spec.make_grid()
    shown = list(spec.events(grid))
    quiet = list(expand(spec.events(grid, show=False)))
    assert [e for e in shown if changes_maze(e)] == [e for e in quiet if changes_maze(e)]
    info = spec.info
    post = BraidNarrator(grid)
    narration = Narration(info.narrator(grid, info.resolve(spec.params)), post)
    for event in shown:
        narration.fold([event])
        assert narration.narrator is post
        sentence = narration.detail or narration.sentences[-1]
        assert len(sentence) > 20 and "{" not in sentence and "None" not in sentence
        assert narration.code[narration.lit] in post.shown_code.texts
    plain = MazeSpec("wilson", "square", 4, 3, 2).build()  # the same maze at half size
    corridors = plain.grid.size - 1
    closing = sum(int(p).bit_count() < 4 for p in plain.passages)
    # the phase, a step a corridor (two lanes), a step a block with lane ends to join, the kept wall
    assert narration.steps == 1 + corridors + closing + 1
    assert post.data()[0] == ("Corridors", f"{corridors} of {corridors} doubled")


@pytest.mark.parametrize("solver", list(SOLVERS))
def test_the_solvers_follow_the_one_path(solver):
    maze = MazeSpec("backtracker", "square", 12, 10, 5, {"unicursal": 1}).build()
    path = run_to_end(SOLVERS[solver].run(maze))
    line = walk(maze)
    goal = maze.exit[0]
    assert path == line[:line.index(goal) + 1]


@pytest.mark.parametrize(("argv", "message"), [
    (["-s", "11x8"], "needs an even width and height on a whole square or hex grid, not 11x8 square"),
    (["-g", "triangle", "-s", "12x8"], "not 12x8 triangle"),
    (["-a", "dungeon"], "needs a perfect maze"),
    (["-p", "braid=20"], "cannot go together"),
    (["-p", "unicursal=2"], "unicursal must be at most 1"),
])
def test_what_cannot_be_made_unicursal_is_refused_in_one_line(capsys, tmp_path, argv, message):
    given = ["-p", "unicursal=1"] if "unicursal=2" not in argv else []
    code = main(["generate", *given, *argv, "-o", str(tmp_path / "m.txt")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "m.txt").exists()


def test_a_mask_is_refused():
    from visualizer.grids import Mask

    mask = Mask(("XX....XX", "X......X", "..XXXX..", "..XXXX..", "X......X", "XX....XX"), "ring")
    with pytest.raises(ValueError, match="with a mask"):
        MazeSpec("backtracker", "square", 8, 8, 1, {"unicursal": 1}, mask).check()


def test_one_cell_wide_halves_still_make_a_path():
    maze = MazeSpec("backtracker", "square", 2, 2, 1, {"unicursal": 1}).build()
    assert walk(maze) == [0, 2, 3, 1]
    assert [e[0] for e in MazeSpec("backtracker", "square", 2, 2, 1, {"unicursal": 1}).events()][-1] == Kind.WALL
