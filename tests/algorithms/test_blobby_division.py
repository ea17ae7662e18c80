"""Blobby division in bulk: the shown and the quiet splits make the same maze, a perfect one, and
the mazes come with the same odds as the cell-by-cell split this generator ran before (kept here)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.analysis.chi_square import chi_square_p
from visualizer.core.events import Kind, expand
from visualizer.core.maze import Maze
from visualizer.grids import make_grid
from visualizer.grids.masked import Mask

BLOBBY = ALGORITHMS["blobby_division"]


def built(grid, seed: int, show: bool) -> Maze:
    return Maze(grid).fold(BLOBBY.run(grid, seed, show=show))


def passages(maze: Maze) -> tuple[int, ...]:
    return tuple(maze.passages.tolist())


def is_perfect(maze: Maze) -> bool:
    """Every cell reached from cell 0 along passages, with one passage fewer than cells."""
    grid = maze.grid
    opened = sum(bin(p).count("1") for p in maze.passages.tolist()) // 2
    seen, todo = {0}, [0]
    while todo:
        cell = todo.pop()
        for d, nb in grid.neighbours(cell):
            if maze.passages[cell] >> d & 1 and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return opened == grid.size - 1 and len(seen) == grid.size


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), width=st.integers(2, 14),
       height=st.integers(2, 10), seed=st.integers(0, 2**32))
def test_the_shown_and_the_quiet_split_make_the_same_perfect_maze(kind, width, height, seed):
    try:
        grid = make_grid(kind, width, height)
    except ValueError:
        return  # a size this shape refuses
    shown, quiet = built(grid, seed, True), built(grid, seed, False)
    assert passages(shown) == passages(quiet)
    assert is_perfect(quiet)



@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "polar"]), width=st.integers(2, 16), height=st.integers(2, 12),
       seed=st.integers(0, 2**32), step=st.sampled_from([0.25, 3.0, 50.0]), few=st.sampled_from([1, 4, 10**9]))
def test_how_the_quiet_race_steps_never_changes_the_maze(kind, width, height, seed, step, few):
    """The bulk race's bar step and its short-round cut only decide how the work is cut up: any of
    them makes the shown split's maze, wall for wall in the shown order."""
    from visualizer.algorithms import blob_race

    try:
        grid = make_grid(kind, width, height)
    except ValueError:
        return
    shown = [e[1:] for e in expand(BLOBBY.run(grid, seed, show=True)) if e[0] == Kind.WALL]
    saved = blob_race.STEP, blob_race.FEW
    blob_race.STEP, blob_race.FEW = step, few
    try:
        quiet = [e[1:] for e in expand(list(BLOBBY.run(grid, seed, show=False))) if e[0] == Kind.WALL]
    finally:
        blob_race.STEP, blob_race.FEW = saved
    assert quiet == shown

def test_a_masked_grid_too():
    grid = make_grid("square", 12, 8, Mask(("....XXXX....",) * 4 + ("............",) * 4))
    for seed in range(5):
        assert passages(built(grid, seed, True)) == passages(built(grid, seed, False))
        assert is_perfect(built(grid, seed, False))


def test_the_quiet_stream_packs_each_depth_of_walls_and_says_the_same_walls():
    grid = make_grid("hex", 20, 15)
    quiet = list(BLOBBY.run(grid, 3, show=False))
    assert any(event[0] == Kind.WALLS for event in quiet)
    shown_walls = {e[1:] for e in expand(BLOBBY.run(grid, 3, show=True)) if e[0] == Kind.WALL}
    assert {e[1:] for e in expand(quiet) if e[0] == Kind.WALL} == shown_walls


def test_the_same_seed_makes_the_same_maze_and_another_seed_another():
    grid = make_grid("square", 30, 20)
    assert passages(built(grid, 5, False)) == passages(built(grid, 5, False))
    assert passages(built(grid, 5, False)) != passages(built(grid, 6, False))


def old_blobby(grid, rng: random.Random) -> tuple[int, ...]:
    """The split this generator ran before the bulk one: a random frontier cell of either half
    claims its free neighbours, one cell at a time; returns the maze's passages."""
    neighbours = grid.neighbours
    label = [0] * grid.size
    walls = set()
    next_label = 1
    regions = [list(range(grid.size))]
    while regions:
        region = regions.pop()
        if len(region) < 2:
            continue
        old = label[region[0]]
        seeds = rng.sample(region, 2)
        halves: tuple[list[int], list[int]] = ([], [])
        frontier = []
        for side, seed in enumerate(seeds):
            label[seed] = next_label + side
            halves[side].append(seed)
            frontier.append(seed)
        while frontier:
            cell = frontier.pop(rng.randrange(len(frontier)))
            for _, nb in neighbours(cell):
                if label[nb] == old:
                    label[nb] = label[cell]
                    halves[label[cell] - next_label].append(nb)
                    frontier.append(nb)
        seam = [(c, d) for c in halves[0] for d, nb in neighbours(c) if label[nb] == next_label + 1]
        seam.pop(rng.randrange(len(seam)))
        walls.update(seam)
        next_label += 2
        regions.extend(halves)
    maze = Maze(grid)
    maze.apply((Kind.OPEN_FIELD, -1, -1, -1))
    for c, d in walls:
        maze.apply((Kind.WALL, c, grid.neighbour(c, d), d))
    return passages(maze)


def test_the_mazes_come_with_the_odds_of_the_cell_by_cell_split():
    """A chi-square test of homogeneity on a 3 x 3 board: the bulk split's counts of each maze
    against the old split's (a wrong wait, say uniform instead of exponential, fails it)."""
    grid = make_grid("square", 3, 3)
    samples = 1500
    rng = random.Random(27)
    old = Counter(old_blobby(grid, rng) for _ in range(samples))
    new = Counter(passages(built(grid, seed, False)) for seed in range(samples))
    mazes = sorted(set(old) | set(new))
    statistic = 0.0
    for maze in mazes:
        both = old[maze] + new[maze]
        for counts in (old, new):
            expected = both / 2
            statistic += (counts[maze] - expected) ** 2 / expected
    assert chi_square_p(statistic, len(mazes) - 1) > 0.001, (statistic, len(mazes))


def test_as_many_dead_ends_and_straight_cells_as_the_cell_by_cell_split():
    """On 6 x 6 the means of two counts a player sees agree within 4 standard errors (exponential
    waits; uniform waits, or every wait the same, are 5 to 12 standard errors off)."""
    grid = make_grid("square", 6, 6)
    samples = 2000
    rng = random.Random(2027)
    old = [old_blobby(grid, rng) for _ in range(samples)]
    new = [passages(built(grid, seed, False)) for seed in range(samples)]
    for shape in (lambda p: bin(p).count("1") == 1, lambda p: p in (5, 10)):  # a dead end, a straight
        counts = [[sum(1 for p in maze if shape(p)) for maze in mazes] for mazes in (old, new)]
        means = [sum(c) / samples for c in counts]
        variance = sum(sum((x - m) ** 2 for x in c) / (samples - 1) for c, m in zip(counts, means))
        assert abs(means[0] - means[1]) < 4 * (variance / samples) ** 0.5, means


def full_sort(split):
    """The shown split's order of a depth's places by every key: region, claim, half, cell."""
    import numpy as np

    return np.lexsort((split.cells, split.owner, split.claim[split.cells], split.region))


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), width=st.integers(2, 30),
       height=st.integers(2, 20), seed=st.integers(0, 2**32), coarse=st.booleans())
def test_the_shown_order_of_a_depths_cells_is_the_full_sort(kind, width, height, seed, coarse):
    """One sort of a packed key, the close claims sorted again: the very order of a sort by every
    key; ``coarse`` claims (a few values, each nudged below the key's bits) make many such ties."""
    import numpy as np

    from visualizer.algorithms import blob_race, blobby_division

    try:
        grid = make_grid(kind, width, height)
    except ValueError:
        return
    for split in blob_race.depths(grid, seed):
        if coarse:
            places = len(split.cells)
            nudge = np.random.default_rng(seed).integers(0, 3, places) * 1e-13
            split.claim[split.cells] = np.round(split.claim[split.cells] / 4) * 4 + nudge
        assert blobby_division._claim_order(split).tolist() == full_sort(split).tolist()


def counting_depths(monkeypatch) -> list[int]:
    """A spy on the shown split's depths: the number of places of each depth as it is worked out."""
    from visualizer.algorithms import blob_race, blobby_division

    worked, depths = [], blob_race.depths

    def counted(grid, key):
        for split in depths(grid, key):
            worked.append(len(split.cells))
            yield split

    monkeypatch.setattr(blobby_division, "split_depths", counted)
    return worked


def depths_at_each_region(events, worked: list[int]) -> list[int]:
    """How many depths were worked out as each region (its CHAMBER, in a MIXED run) was said."""
    return [len(worked) for event in events if event[0] == Kind.MIXED
            for kind in event[3][:, 0].tolist() if kind == Kind.CHAMBER]


def test_each_depth_is_worked_out_when_its_first_region_is_reached(monkeypatch):
    """The window starts on the first split at once and never waits for every depth at once: the
    root's cells and walls come with one depth worked out, the next region with two, and the
    n-th region with at most n + 1 (a region of depth d comes after d others); the last depth only
    once a region of it is reached."""
    from visualizer.algorithms import blob_race, blobby_division

    worked = counting_depths(monkeypatch)
    monkeypatch.setattr(blobby_division, "WORK", 0)  # a depth at a time
    grid = make_grid("square", 40, 30)
    events = BLOBBY.run(grid, 8, show=True)
    first = [next(events) for _ in range(2)]
    assert [e[0] for e in first] == [Kind.OPEN_FIELD, Kind.MIXED]
    rows = first[1][3]
    assert rows[0, 0] == Kind.CHAMBER and (rows[1:grid.size + 1, 0] == Kind.SET).all() and worked == [grid.size]
    seen = depths_at_each_region([first[1]], worked) + depths_at_each_region(events, worked)
    total = len(list(blob_race.depths(grid, random.Random(8).getrandbits(64))))
    assert seen[1] == 2 and seen == sorted(seen) and all(count <= n + 1 for n, count in enumerate(seen))
    assert seen[-1] == total and seen.index(total) > 2 * total  # many regions said before the deepest


def test_the_small_deep_depths_are_worked_out_together(monkeypatch):
    """Each go works out one depth, then the next ones while all of them hold at most WORK places:
    fewer goes (and fewer looks over every depth for the places) where the depths are small."""
    from visualizer.algorithms import blobby_division

    worked = counting_depths(monkeypatch)
    grid = make_grid("square", 40, 30)
    monkeypatch.setattr(blobby_division, "WORK", grid.size)
    seen = depths_at_each_region(BLOBBY.run(grid, 8, show=True), worked)
    steps = sorted(set(seen))
    assert seen[:2] == [1, 2] and seen[-1] == len(worked)
    assert len(steps) < len(worked) and any(later - sooner > 1 for sooner, later in zip(steps, steps[1:]))
    for sooner, later in zip(steps, steps[1:]):  # a go: one depth, then as many as fit in WORK
        assert later - sooner == 1 or sum(worked[sooner:later]) <= grid.size


@settings(max_examples=20, deadline=None)
@given(kind=st.sampled_from(["square", "hex", "triangle", "polar"]), width=st.integers(2, 24),
       height=st.integers(2, 16), seed=st.integers(0, 2**32), regions=st.sampled_from([1, 2, 7]),
       work=st.sampled_from([0, 50, 10**9]))
def test_how_the_shown_split_cuts_its_work_never_changes_the_events(kind, width, height, seed, regions, work):
    """The shown split lays its regions' events out a few regions at a time, and works out a few
    depths at a time: any number of them makes the same events (the packed runs spelt out) in the
    same order."""
    from visualizer.algorithms import blobby_division

    try:
        grid = make_grid(kind, width, height)
    except ValueError:
        return
    whole = list(expand(BLOBBY.run(grid, seed, show=True)))
    saved = blobby_division.REGIONS, blobby_division.WORK
    blobby_division.REGIONS, blobby_division.WORK = regions, work
    try:
        assert list(expand(BLOBBY.run(grid, seed, show=True))) == whole
    finally:
        blobby_division.REGIONS, blobby_division.WORK = saved


@settings(max_examples=50, deadline=None)
@given(size=st.integers(0, 400), regions=st.integers(1, 40), coarse=st.booleans(), seed=st.integers(0, 2**32))
def test_the_walls_order_by_one_packed_key_is_the_full_sort(size, regions, coarse, seed):
    """Walls by region, then claim, the rest as they came: one sort of a packed key and the close
    claims sorted again make the very order of a sort by every key (``coarse``: claims a hair apart,
    below the key's bits, and many equal ones)."""
    import numpy as np

    from visualizer.algorithms import blobby_division

    rng = np.random.default_rng(seed)
    region = rng.integers(0, regions, size)
    claims = rng.exponential(5.0, len(region))
    if coarse:
        claims = np.round(claims) + rng.integers(0, 3, len(region)) * np.spacing(np.round(claims))
    full = np.lexsort((np.arange(len(region)), claims, region))
    assert blobby_division._by_claim(region, claims).tolist() == full.tolist()


@settings(max_examples=60, deadline=None)
@given(sizes=st.lists(st.integers(2, 40), min_size=1, max_size=30), salt=st.integers(0, 2**64 - 1))
def test_each_region_gets_two_different_seeds_of_its_own(sizes, salt):
    import numpy as np

    from visualizer.algorithms import blob_race

    starts = np.concatenate(([0], np.cumsum(sizes)))
    numbers = np.random.default_rng(salt).permutation(len(sizes))
    seed_a, seed_b = blob_race._seeds(salt, starts, numbers)
    assert (seed_a != seed_b).all()
    for seeds in (seed_a, seed_b):
        assert ((starts[:-1] <= seeds) & (seeds < starts[1:])).all()


def test_every_ordered_pair_of_seeds_is_as_likely():
    """A region of 5 places and one of 2 beside it: the 20 ordered pairs of the first come up
    evenly over many salts (a seed drawn from the wrong range, or b never above a, fails it)."""
    import numpy as np

    from visualizer.algorithms import blob_race

    starts = np.array([0, 2, 7])
    counts: Counter = Counter()
    for salt in range(4000):
        seed_a, seed_b = blob_race._seeds(salt * 0x9E3779B97F4A7C15 % 2**64, starts, np.array([1, 0]))
        counts[(int(seed_a[1]), int(seed_b[1]))] += 1
    assert len(counts) == 20
    expected = 4000 / 20
    statistic = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square_p(statistic, 19) > 0.001, counts


@settings(max_examples=80, deadline=None)
@given(sizes=st.lists(st.integers(2, 12), min_size=1, max_size=25), seed=st.integers(0, 2**32))
def test_the_next_depths_places_are_each_half_in_order_numbered_as_side_by_side(sizes, seed):
    """Every half of two places or more becomes a region of the next depth holding its cells in
    the order they were held, and is numbered as if each region's halves lay side by side in the
    order of the regions' numbers (the seeds are drawn from these numbers: the maze from a seed
    must not depend on where the halves are laid out); a half of one place is left out."""
    import numpy as np

    from visualizer.algorithms import blob_race

    rng = np.random.default_rng(seed)
    starts = np.concatenate(([0], np.cumsum(sizes)))
    cells = rng.permutation(int(starts[-1]) * 2)[:int(starts[-1])]
    numbers = rng.permutation(len(sizes))
    side = rng.integers(0, 2, len(cells)).astype(np.int8)
    new_cells, new_starts, new_numbers, pairs = blob_race._next_places(cells, starts, numbers, side)
    halves = {}  # (region's number, side) -> its cells in order
    for region in range(len(sizes)):
        here = slice(starts[region], starts[region + 1])
        for half in (0, 1):
            halves[(int(numbers[region]), half)] = cells[here][side[here] == half].tolist()
    expected = [key for key in sorted(halves) if len(halves[key]) >= 2]
    assert sorted(new_numbers.tolist()) == list(range(len(expected)))
    assert new_starts[-1] == len(new_cells) == sum(len(halves[key]) for key in expected)
    for region in range(len(sizes)):
        for half in (0, 1):
            key, new = (int(numbers[region]), half), int(pairs[region, half])
            if len(halves[key]) < 2:
                assert new == -1
                continue
            assert new_cells[new_starts[new]:new_starts[new + 1]].tolist() == halves[key]
            assert new_numbers[new] == expected.index(key)
