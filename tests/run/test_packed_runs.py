"""Packed display runs (SETS, CURRENTS, WALKS): a generator may say a run of display events as one,
and nobody can tell. The same seed gives the very events it gave before packing (their hashes were
recorded from the code before it packed anything), and a run (the window's model) shows, counts,
seeks and steps through them exactly as through the single events, one by one at slow speeds."""

import hashlib

import numpy as np
import pytest
from helpers import straight
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.core.events import PACKED, SHOWN_PACKED, Kind, expand, last_single, packed, singles
from visualizer.grids import make_grid
from visualizer.run.overlay import Overlay
from visualizer.run.session import Run
from visualizer.run.spec import MazeSpec
from visualizer.run.timeline import EventLog

OLD_STREAMS = {
    ("kruskal", "square", 1): (138, "558f67f11e6e999f"), ("kruskal", "square", 2): (136, "6b487853333d6360"),
    ("kruskal", "hex", 1): (158, "0c4635c5f4cabfdc"), ("kruskal", "hex", 2): (139, "3c58f83e23d829e6"),
    ("kruskal", "triangle", 1): (129, "bde0175742c8f7d6"), ("kruskal", "triangle", 2): (136, "4eadc3f75ca9e91e"),
    ("kruskal", "polar", 1): (289, "11c86f386ba7da40"), ("kruskal", "polar", 2): (277, "383755744092ae91"),
    ("blobby_division", "square", 1): (425, "cd694b2696d89347"),
    ("blobby_division", "square", 2): (361, "1f944d86e0ce84bc"),
    ("blobby_division", "hex", 1): (461, "da8b3a0bf0604e5a"), ("blobby_division", "hex", 2): (420, "2ec0621f8d4e501e"),
    ("blobby_division", "triangle", 1): (385, "9491220fd99e3e43"),
    ("blobby_division", "triangle", 2): (343, "acd1acafbc2a948b"),
    ("blobby_division", "polar", 1): (815, "29c9e6da2cb19de7"),
    ("blobby_division", "polar", 2): (974, "524374072008517a"),
    ("aldous_broder", "square", 1): (268, "d1d0b47a56902960"),
    ("aldous_broder", "square", 2): (457, "fc029f9053cd5950"),
    ("aldous_broder", "hex", 1): (287, "4754f5f609c6a383"), ("aldous_broder", "hex", 2): (340, "646de5e812598657"),
    ("aldous_broder", "triangle", 1): (516, "da6182497f7c8b24"),
    ("aldous_broder", "triangle", 2): (245, "10a8ab27e5a5bd8d"),
    ("aldous_broder", "polar", 1): (804, "eeffcd7c40a004ba"), ("aldous_broder", "polar", 2): (403, "6098d05a57448d37"),
    ("wilson", "square", 1): (170, "51b41ef727f8a1ac"), ("wilson", "square", 2): (258, "674f87bb8e579d32"),
    ("wilson", "hex", 1): (240, "408671dc1eebe1f4"), ("wilson", "hex", 2): (291, "ceeffef6b92e2e0f"),
    ("wilson", "triangle", 1): (349, "ea0430847a8d8220"), ("wilson", "triangle", 2): (622, "37d93deaddccef63"),
    ("wilson", "polar", 1): (541, "431007b889b51244"), ("wilson", "polar", 2): (215, "27d1ffa08134b0f4"),
    ("dungeon", "square", 1): (217, "0aa0caf18697cedc"), ("dungeon", "square", 2): (222, "0cc03ddb542e5e9a"),
    ("dungeon", "hex", 1): (184, "bb1c1469f1d50401"), ("dungeon", "hex", 2): (166, "2729046be9e5f427"),
    ("dungeon", "triangle", 1): (204, "7f337b4d6f48d226"), ("dungeon", "triangle", 2): (206, "007287552a3abdbb"),
    ("dungeon", "polar", 1): (321, "960e50c1673dfd2c"), ("dungeon", "polar", 2): (326, "c426bf34c280891a"),
}
"""``(algorithm, grid, seed)`` -> (events, hash) of the shown stream on a 7 x 6 grid, before packing
(blobby division's recorded again when its seeds became two draws a region, not a key a cell:
the mazes from a seed changed, on purpose)."""
OLD_LARGE = {"kruskal": (14660, "da9ca45cd913c1b6"), "blobby_division": (51747, "473d6ea3ede725c4"),
             "aldous_broder": (102216, "3e85cf0a06f89a4f"), "wilson": (24669, "0b63095cff2bd95c"),
             "dungeon": (8120, "980223b333458b59")}
"""The same on a 60 x 50 square grid, seed 3: large enough for the walk in bulk and long repaints."""
OLD_BRAIDED = {"aldous_broder": (77844, "e7f0fbf451f85256"), "kruskal": (15148, "a250effd74b28d64"),
               "wilson": (88493, "4fac74b4f199a70a"), "blobby_division": (52513, "ba382f78ed668b48"),
               "dungeon": (8057, "a9663880e14ca300")}
"""60 x 50 square, seed 4, ``braid=50``: braiding draws from the generator's ``rng`` after it, so
these hold only if the packed walks leave ``rng`` where the old ones did."""
PACKING = sorted({name for name, _, _ in OLD_STREAMS})


def stream_hash(events) -> tuple[int, str]:
    """(count, hash) of a stream's events, packed runs expanded: what the recorded figures hash."""
    digest, count = hashlib.sha256(), 0
    for kind, cell, other, value in expand(events):
        value = value if isinstance(value, str) else int(value)
        digest.update(repr((int(kind), int(cell), int(other), value)).encode())
        count += 1
    return count, digest.hexdigest()[:16]


def as_recorded(name: str, events):
    """The stream as the figures were recorded: since then Wilson shows each walk's first cell (a
    CURRENT not after an erasure) before the walk's first step, for the quiz; nothing else changed."""
    if name != "wilson":
        yield from events
        return
    previous = -1
    for event in expand(events):
        if not (event[0] == Kind.CURRENT and previous != Kind.WALK_ERASE):
            yield event
        previous = event[0]


@pytest.mark.parametrize("key", sorted(OLD_STREAMS))
def test_the_same_seed_says_the_same_events_as_before_packing(key):
    name, kind, seed = key
    assert stream_hash(as_recorded(name, ALGORITHMS[name].run(make_grid(kind, 7, 6), seed))) == OLD_STREAMS[key]


@pytest.mark.parametrize("name", PACKING)
def test_large_grids_say_the_same_events_as_before_packing(name):
    run = ALGORITHMS[name].run
    assert stream_hash(as_recorded(name, run(make_grid("square", 60, 50), 3))) == OLD_LARGE[name]
    assert stream_hash(as_recorded(name, run(make_grid("square", 60, 50), 4, braid=50))) == OLD_BRAIDED[name]


@pytest.mark.parametrize("name,share", [("kruskal", 1000), ("aldous_broder", 3), ("blobby_division", 2.5)])
def test_large_shown_streams_say_fewer_things(name, share):
    """What makes them quicker: many of their events come in runs (Kruskal's: a MIXED run for
    each block of merges)."""
    events = list(ALGORITHMS[name].run(make_grid("square", 60, 50), 3))
    assert sum(map(singles, events)) > share * len(events)


def test_expand_and_count_read_every_packed_kind():
    rows = [5, -1, 2, 6, -1, 2]
    for kind, single in PACKED.items():
        if kind == Kind.MIXED:
            continue
        event = packed(kind, rows)
        assert list(expand([event])) == [(single, 5, -1, 2), (single, 6, -1, 2)]
        assert singles(event) == 2 and last_single(event) == (single, 6, -1, 2)
    assert singles((Kind.SET, 1, -1, 2)) == 1 and last_single((Kind.SET, 1, -1, 2)) == (Kind.SET, 1, -1, 2)
    mixed = packed(Kind.MIXED, [Kind.WALK, 5, 6, 1, Kind.WALK_ERASE, 6, -1, -1, Kind.CARVE, 4, 5, 3])
    said = list(expand([mixed]))
    assert said == [(Kind.WALK, 5, 6, 1), (Kind.WALK_ERASE, 6, -1, -1), (Kind.CARVE, 4, 5, 3)]
    assert all(type(event[0]) is Kind for event in said)
    assert singles(mixed) == 3 and last_single(mixed) == (Kind.CARVE, 4, 5, 3)


def test_a_spec_hands_out_singles_unless_asked_for_runs():
    spec = MazeSpec("aldous_broder", "square", 50, 50, 2)
    assert not any(event[0] in PACKED for event in spec.events())
    assert any(event[0] in PACKED for event in spec.events(packed=True))


def test_the_log_writes_a_run_as_its_single_events():
    log = EventLog(16)
    run = packed(Kind.WALKS, [1, 2, 0, 2, 3, 1])
    log.extend_runs([(Kind.CARVE, 0, -1, -1), run, (Kind.PHASE, -1, -1, "maze")])
    assert log.events(0, 4) == [(Kind.CARVE, 0, -1, -1), (Kind.WALK, 1, 2, 0), (Kind.WALK, 2, 3, 1),
                                (Kind.PHASE, -1, -1, "maze")]
    assert log.kinds(0, 4) == bytes((Kind.CARVE, Kind.WALK, Kind.WALK, Kind.PHASE))


def overlay_state(overlay: Overlay) -> tuple:
    return (overlay.mark.tobytes(), overlay.set_id.tobytes(), overlay.hue.tobytes(), overlay.current,
            overlay.last, sorted(set(overlay.dirty)))


@pytest.mark.parametrize("name", ["kruskal", "aldous_broder", "blobby_division", "wilson"])
def test_an_overlay_folds_a_run_as_it_folds_its_events(name):
    """Marks, sets and their colours, the walker and the cells to redraw: the same either way."""
    grid = make_grid("square", 60, 50)
    bulk, one_by_one = Overlay(grid), Overlay(grid)
    for event in ALGORITHMS[name].run(grid, 3):
        bulk.apply(event)
        for single in expand([event]):
            one_by_one.apply(single)
        if event[0] in SHOWN_PACKED:
            assert overlay_state(bulk) == overlay_state(one_by_one)
            bulk.dirty.clear()
            one_by_one.dirty.clear()
    assert overlay_state(bulk) == overlay_state(one_by_one)


def stepped(spec: MazeSpec, steps: list[int], quiet: bool = False) -> Run:
    """A run stepped by each of ``steps`` events in turn (then a thousand at a time to the end)."""
    run = Run(spec, interval=256)
    for count in steps:
        assert run.step(count, quiet=quiet) == count or run.finished
    while not run.finished:
        run.step(1000, quiet=quiet)
    return run


@pytest.mark.parametrize("name", ["kruskal", "aldous_broder"])
@settings(max_examples=8, deadline=None)
@given(steps=st.lists(st.integers(1, 700), min_size=1, max_size=12), data=st.data())
def test_a_run_counts_shows_and_seeks_single_events(name, steps, data):
    """Whatever the step sizes, a step of n events applies n events, the log holds the singles
    the spec says, and any position then shows what folding that many singles shows."""
    spec = MazeSpec(name, "square", 50, 48, 5)
    run = stepped(spec, steps, quiet=data.draw(st.booleans()))
    events = list(spec.events())
    assert run.total == len(events) and run.logged_events(0, run.total) == events
    position = data.draw(st.integers(0, len(events)))
    run.seek(position)
    maze, overlay = straight(spec, position)
    assert run.maze.same_as(maze)
    for name_ in ("mark", "set_id", "hue"):
        assert np.array_equal(getattr(run.overlay, name_), getattr(overlay, name_)), name_
    assert (run.overlay.current, run.overlay.last) == (overlay.current, overlay.last)


def test_one_event_a_step_shows_a_repaint_cell_by_cell():
    """A student at slow speed sees Kruskal's set repainted a cell a step, as before."""
    spec = MazeSpec("kruskal", "square", 50, 48, 5)
    events = list(spec.events())
    assert {event[0] for event in spec.events(packed=True)} == {Kind.MIXED}
    start = next(i for i in range(1, len(events)) if events[i - 1][0] == Kind.CARVE
                 and all(e[0] == Kind.SET and e[3] == events[i][3] != e[1] for e in events[i:i + 4]))
    run = Run(spec, interval=256)
    run.step(start)
    for offset in range(3):
        assert run.step(1) == 1
        assert run.overlay.last == events[start + offset] and run.position == start + offset + 1
        cell, value = events[start + offset][1], events[start + offset][3]
        assert run.overlay.set_id[cell] == value
        assert run.overlay.set_id[events[start + offset + 1][1]] != value


@pytest.mark.parametrize("name", ["kruskal", "aldous_broder", "blobby_division"])
def test_a_run_without_a_timeline_cuts_runs_the_same(name):
    """Compare panes and animations run unrecorded: each step shows what that many singles show."""
    spec = MazeSpec(name, "square", 50, 48, 6)
    run = Run(spec, record=False)
    for count in (1, 3, 40, 1, 555, 9, 2000):
        assert run.step(count) == count
        maze, overlay = straight(spec, run.position)
        assert run.maze.same_as(maze) and run.overlay.last == overlay.last
        assert np.array_equal(run.overlay.mark, overlay.mark) and np.array_equal(run.overlay.hue, overlay.hue)
