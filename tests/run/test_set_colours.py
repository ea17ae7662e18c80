"""Set colours (Kruskal, Eller, blobby division): sets that touch never share a colour, at every
moment of the animation, and seeking shows the colours a straight run shows."""


import numpy as np
from helpers import straight
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core.events import Kind
from visualizer.core.maze import Maze
from visualizer.grids import make_grid
from visualizer.render.palette import REGION_COLOURS, Style
from visualizer.render.styles import cell_styles
from visualizer.run.overlay import Overlay
from visualizer.run.session import Run
from visualizer.run.set_colours import SET_COLOURS
from visualizer.run.spec import MazeSpec

SET_RUNS = [("kruskal", "square"), ("kruskal", "hex"), ("eller", "square"), ("blobby_division", "square"),
            ("blobby_division", "hex")]
"""Every algorithm that paints sets, on every grid it runs on."""
SET = int(Kind.SET)

specs = st.builds(lambda run, width, height, seed: MazeSpec(run[0], run[1], width, height, seed),
                  st.sampled_from(SET_RUNS), st.integers(2, 14), st.integers(2, 10), st.integers(0, 10_000))


def neighbour_pairs(grid) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of neighbouring cells, once each way."""
    table = grid.neighbour_array()
    cells = np.repeat(np.arange(grid.size), table.shape[1])
    other = table.ravel()
    return cells[other >= 0], other[other >= 0]


def clashes(maze: Maze, overlay: Overlay, pairs: tuple[np.ndarray, np.ndarray]) -> list[tuple[int, int]]:
    """Neighbouring cells of different sets drawn in the same set colour (what the board shows)."""
    style = cell_styles(maze, overlay, np.arange(maze.grid.size))
    a, b = pairs
    painted = (style[a] >= Style.REGION) & (style[b] >= Style.REGION)
    bad = painted & (style[a] == style[b]) & (overlay.set_id[a] != overlay.set_id[b])
    return list(zip(a[bad].tolist(), b[bad].tolist()))


def colours_per_set(maze: Maze, overlay: Overlay) -> dict[int, set[int]]:
    """Set id -> the set colours its painted cells are drawn in."""
    style = cell_styles(maze, overlay, np.arange(maze.grid.size))
    found: dict[int, set[int]] = {}
    for cell in np.flatnonzero(style >= Style.REGION).tolist():
        found.setdefault(int(overlay.set_id[cell]), set()).add(int(style[cell]))
    return found


def assert_same_picture(run: Run, position: int) -> None:
    maze, overlay = straight(run.spec, position)
    cells = np.arange(run.grid.size)
    assert run.position == position
    assert np.array_equal(run.overlay.set_id, overlay.set_id)
    assert np.array_equal(run.overlay.hue, overlay.hue)
    assert np.array_equal(cell_styles(run.maze, run.overlay, cells), cell_styles(maze, overlay, cells))


def test_there_is_a_colour_for_every_palette_entry():
    assert len(REGION_COLOURS) == SET_COLOURS


@given(spec=specs)
def test_sets_that_touch_never_share_a_colour_at_any_moment(spec):
    grid = spec.make_grid()
    maze, overlay = Maze(grid), Overlay(grid)
    pairs = neighbour_pairs(grid)
    for event in spec.events(grid):
        maze.apply(event)
        overlay.apply(event)
        assert not clashes(maze, overlay, pairs), event
        assert all(len(colours) == 1 for colours in colours_per_set(maze, overlay).values()), event


def test_the_colour_rule_holds_on_larger_runs():
    """Bigger sets, more of them touching: many recolourings (checked on the arrays, for speed)."""
    for spec in (MazeSpec("kruskal", "square", 60, 45, 3), MazeSpec("kruskal", "hex", 50, 40, 8),
                 MazeSpec("blobby_division", "hex", 30, 24, 5), MazeSpec("eller", "square", 60, 40, 2)):
        grid = spec.make_grid()
        overlay = Overlay(grid)
        a, b = neighbour_pairs(grid)
        for event in spec.events(grid):
            overlay.apply(event)
            if event[0] == SET:
                s, h = overlay.set_id, overlay.hue
                assert not ((s[a] >= 0) & (s[b] >= 0) & (s[a] != s[b]) & (h[a] == h[b])).any(), (spec, event)
                assert ((s >= 0) == (h >= 0)).all()


def test_colouring_by_id_alone_would_clash_here():
    """The bug this fixes: 12 colours reused by set id put touching sets in one colour."""
    spec = MazeSpec("kruskal", "square", 14, 10, 1)
    grid = spec.make_grid()
    overlay = Overlay(grid)
    a, b = neighbour_pairs(grid)
    by_id_clashed = False
    for event in spec.events(grid):
        overlay.apply(event)
        s = overlay.set_id
        by_id_clashed |= bool(((s[a] >= 0) & (s[b] >= 0) & (s[a] != s[b]) & (s[a] % 12 == s[b] % 12)).any())
    assert by_id_clashed


@given(spec=specs)
def test_colours_change_only_to_settle_a_clash(spec):
    """A cell joining a set takes the set's colour and nothing else changes, unless that colour is
    next to it in another set: then some cells may be repainted (and the joiner may be too)."""
    grid = spec.make_grid()
    overlay = Overlay(grid)
    for event in spec.events(grid):
        if event[0] != SET:
            overlay.apply(event)
            continue
        _, cell, _, value = event
        set_before, hue_before = overlay.set_id.copy(), overlay.hue.copy()
        overlay.apply(event)
        changed = set(np.flatnonzero(overlay.hue != hue_before).tolist()) - {cell}
        own = hue_before[(set_before == value) & (np.arange(grid.size) != cell)]
        if not len(own):  # a new set: a colour none of its neighbours has, nothing else repainted
            assert not changed
            continue
        colour = int(own[0])
        clash = any(0 <= set_before[nb] != value and hue_before[nb] == colour for _, nb in grid.neighbours(cell))
        if not clash:
            assert not changed and overlay.hue[cell] == colour, event


def test_a_set_with_every_colour_around_it_gets_one_freed():
    """A small set whose neighbours hold all 12 colours meets a larger set of its own colour: a
    neighbour that can move takes another colour, so the small set can take the one it left."""
    overlay, row, big = hemmed_in()
    overlay.take_dirty()
    overlay.apply((Kind.SET, overlay.grid.cell(5, 2), -1, 16))  # now they touch
    assert no_clash(overlay)
    assert set(overlay.hue[big].tolist()) == {4}, "the larger set keeps its colour"
    assert len(set(overlay.hue[row].tolist())) == 1 and overlay.hue[row[0]] != 4
    assert set(overlay.take_dirty()[1]) >= set(row), "the repainted cells are redrawn"


def no_clash(overlay: Overlay) -> bool:
    """The rule on the arrays (for hand-made overlays, whose cells are not open, so not drawn)."""
    s, h = overlay.set_id, overlay.hue
    a, b = neighbour_pairs(overlay.grid)
    return not ((s[a] >= 0) & (s[b] >= 0) & (s[a] != s[b]) & (h[a] == h[b])).any()


def hemmed_in(both: bool = False) -> tuple[Overlay, list[int], list[int]]:
    """Set 4 (a row of 12 cells, colour 4) with single cells of the 11 other colours above it, and
    set 16 (a 42-cell block below, also colour 4) about to touch it at (5, 2); ``both``: single
    cells of those colours between the two as well, so both have every colour around them."""
    grid = make_grid("square", 14, 6)
    overlay = Overlay(grid)
    row = [grid.cell(x, 1) for x in range(1, 13)]
    big = [grid.cell(x, y) for y in range(3, 6) for x in range(14)]
    for cell in row:
        overlay.apply((Kind.SET, cell, -1, 4))  # set 4 prefers colour 4, and gets it
    for cell in big:
        overlay.apply((Kind.SET, cell, -1, 16))  # 16 % 12 == 4 too; not touching set 4 yet
    others = [c for c in range(12) if c != 4]
    for x, colour in zip(range(1, 12), others):
        overlay.apply((Kind.SET, grid.cell(x, 0), -1, 240 + colour))  # single cells: one colour each
    for x, colour in zip([*range(0, 5), *range(6, 12)], others if both else ()):
        overlay.apply((Kind.SET, grid.cell(x, 2), -1, 480 + colour))
    assert set(overlay.hue[row].tolist()) == {4} and set(overlay.hue[big].tolist()) == {4}
    assert set(overlay.hue[[grid.cell(x, 0) for x in range(1, 12)]].tolist()) == set(others)
    assert no_clash(overlay)
    return overlay, row, big


def test_when_no_colour_can_be_freed_for_the_smaller_set_the_larger_one_changes(monkeypatch):
    overlay, row, big = hemmed_in()
    monkeypatch.setattr(overlay, "_clear_colour", lambda *args: -1)
    overlay.apply((Kind.SET, overlay.grid.cell(5, 2), -1, 16))
    assert set(overlay.hue[row].tolist()) == {4}, "set 4 is hemmed in: it keeps its colour"
    assert set(overlay.hue[big + [overlay.grid.cell(5, 2)]].tolist()) == {5}, "the next colour in its order"
    assert no_clash(overlay)


def test_when_neither_set_can_change_the_smaller_takes_the_least_used_colour(monkeypatch):
    """The last resort (never met in the runs tried: it needs a set whose every colour is held by
    neighbours that cannot move): the rule breaks, at as few places as it can."""
    overlay, row, big = hemmed_in(both=True)
    monkeypatch.setattr(overlay, "_clear_colour", lambda *args: -1)
    overlay.apply((Kind.SET, overlay.grid.cell(5, 2), -1, 16))
    colour = overlay.hue[row[0]]
    assert set(overlay.hue[row].tolist()) == {colour} and colour != 4
    assert set(overlay.hue[big].tolist()) == {4}
    around = {nb for cell in row for _, nb in overlay.grid.neighbours(cell)} - set(row)
    assert sum(overlay.hue[nb] == colour for nb in around) == 1


def test_a_set_joined_or_left_for_nothing_changes_nothing():
    grid = make_grid("square", 5, 4)
    overlay = Overlay(grid)
    for cell in (6, 7, 8):
        overlay.apply((Kind.SET, cell, -1, 3))
    before = overlay.hue.copy()
    overlay.apply((Kind.SET, 7, -1, 3))
    assert np.array_equal(overlay.hue, before)
    overlay.apply((Kind.SET, 7, -1, -1))  # out of any set: no colour
    assert overlay.set_id[7] == -1 and overlay.hue[7] == -1 and overlay.hue[6] == overlay.hue[8] == 3
    overlay.apply((Kind.SET, 8, -1, 5))
    overlay.apply((Kind.SET, 6, -1, 5))  # set 3 is empty now: joining it again is a new set
    overlay.apply((Kind.SET, 12, -1, 3))
    assert overlay.hue[12] == 3 and no_clash(overlay)


def test_recolouring_a_large_set_redraws_the_whole_board():
    """Two sets of thousands of cells in one colour meet: the smaller is repainted, drawn in full."""
    grid = make_grid("square", 100, 100)
    overlay = Overlay(grid)
    for cell in range(45 * 100):
        overlay.apply((Kind.SET, cell, -1, 7))
    for cell in range(46 * 100, grid.size):
        overlay.apply((Kind.SET, cell, -1, 19))  # 19 % 12 == 7: the same colour
    overlay.take_dirty()
    overlay.apply((Kind.SET, grid.cell(50, 45), -1, 19))
    full, _ = overlay.take_dirty()
    assert full and overlay.hue[0] != 7 and overlay.hue[grid.size - 1] == 7 and no_clash(overlay)


@given(spec=specs, interval=st.sampled_from([8, 32, 128]), data=st.data())
def test_seeking_shows_the_colours_of_a_straight_run(spec, interval, data):
    total = sum(1 for _ in spec.events())
    run = Run(spec, interval=interval)
    run.step(data.draw(st.integers(0, total), label="first steps"),
             quiet=data.draw(st.booleans(), label="quiet"))
    for _ in range(4):
        target = data.draw(st.integers(0, total), label="seek")
        assert run.seek(target) == target
        assert_same_picture(run, target)
        forward = data.draw(st.integers(0, total - target), label="then step")
        run.step(forward)
        assert_same_picture(run, target + forward)


def test_seeking_back_and_forth_on_a_larger_run():
    """Snapshots far apart, many recolourings between them: every seek shows the straight run."""
    spec = MazeSpec("kruskal", "square", 40, 30, 11)
    run = Run(spec, interval=256)
    run.finish_generation()
    for target in (3000, 1234, 4097, 256, 2500, 0, 5000, 4999):
        run.seek(min(target, run.total))
        assert_same_picture(run, min(target, run.total))


def test_snapshots_skipped_by_quiet_steps_are_filled_with_the_right_colours():
    spec = MazeSpec("blobby_division", "hex", 20, 14, 4)
    run = Run(spec, interval=64)
    run.step(1500, quiet=True)
    while not run.fill_snapshots(deadline=float("inf")):
        pass
    for target in (1400, 700, 65, 1200):
        run.seek(target)
        assert_same_picture(run, target)
