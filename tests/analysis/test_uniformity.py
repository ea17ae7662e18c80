"""The uniformity lab: every spanning tree of a tiny grid, counted per algorithm and tested against uniform."""

from __future__ import annotations

import csv
import math
import sys
from collections import Counter, deque
from pathlib import Path

import numpy as np
import pygame
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS
from visualizer.analysis.uniformity import (
    Sampler,
    TreeTable,
    check_algorithm,
    chi_square,
    grid_edges,
    maze_tree,
    spanning_trees,
    spread,
)
from visualizer.app.keys import SHELL_KEYS, SHIFT, KeyPress, markdown_table
from visualizer.app.main import open_window
from visualizer.app.scenes.lab import BOARDS, LAB_KEYS, LabScene, tile_aspect, tile_rects
from visualizer.app.shell import Shell
from visualizer.cli import main
from visualizer.grids import make_grid
from visualizer.run.spec import MazeSpec

# --- enumeration ---------------------------------------------------------------------------------


def reduced_laplacian_determinant(kind: str, width: int, height: int) -> int:
    """Kirchhoff's count, built here from the grid's neighbour lists (not from the lab's code)."""
    grid = make_grid(kind, width, height)
    laplacian = np.zeros((grid.size, grid.size))
    for cell in range(grid.size):
        for _, nb in grid.neighbours(cell):
            laplacian[cell, nb] = -1
            laplacian[cell, cell] += 1
    return round(float(np.linalg.det(laplacian[1:, 1:])))


def connected(edges, size: int) -> bool:
    links: dict[int, list[int]] = {c: [] for c in range(size)}
    for a, b in edges:
        links[a].append(b)
        links[b].append(a)
    seen, queue = {0}, deque([0])
    while queue:
        for nb in links[queue.popleft()]:
            if nb not in seen:
                seen.add(nb)
                queue.append(nb)
    return len(seen) == size


@pytest.mark.parametrize(("width", "height", "count"), [(2, 2, 4), (2, 3, 15), (3, 2, 15), (3, 3, 192)])
def test_a_square_grid_has_the_known_number_of_spanning_trees(width, height, count):
    assert len(spanning_trees(make_grid("square", width, height))) == count


@pytest.mark.parametrize("size", [(2, 2), (3, 2), (2, 3), (3, 3), (2, 4)])
def test_a_hex_grid_has_as_many_trees_as_kirchhoff_says(size):
    expected = reduced_laplacian_determinant("hex", *size)
    assert expected > 1
    assert len(spanning_trees(make_grid("hex", *size))) == expected


@pytest.mark.parametrize("board", [("square", 3, 3), ("square", 2, 3), ("hex", 3, 2), ("hex", 2, 2)])
def test_every_enumerated_tree_is_a_distinct_spanning_tree(board):
    grid = make_grid(*board)
    pairs = {frozenset((cell, nb)) for cell in range(grid.size) for _, nb in grid.neighbours(cell)}
    trees = spanning_trees(grid)
    assert len({frozenset(tree) for tree in trees}) == len(trees)
    for tree in trees:
        assert len(tree) == grid.size - 1
        assert all(frozenset(edge) in pairs for edge in tree)
        assert connected(tree, grid.size)


def test_grids_too_big_for_the_lab_are_refused_in_one_line():
    for board, words in [(("square", 4, 4), "at most 12 cells"), (("hex", 3, 4), "76,609 spanning trees"),
                         (("square", 1, 5), "only one maze")]:
        with pytest.raises(ValueError, match=words) as caught:
            TreeTable(make_grid(*board))
        assert "\n" not in str(caught.value)


# --- sampling --------------------------------------------------------------------------------------

PERFECT = sorted(name for name, info in ALGORITHMS.items() if info.perfect)
LAB_BOARDS = [("square", 3, 3), ("square", 2, 3), ("hex", 3, 2), ("hex", 2, 2)]
TABLES = {board: TreeTable(make_grid(*board)) for board in LAB_BOARDS}


@given(name=st.sampled_from(PERFECT), board=st.sampled_from(LAB_BOARDS), seed=st.integers(0, 2**40))
def test_every_perfect_maze_is_one_of_the_enumerated_trees(name, board, seed):
    """Built the ordinary way (a fresh grid, the spec's own fold), the maze is a listed tree, and the
    lab's sampler (one maze reused) files it under the same tree."""
    assume(ALGORITHMS[name].supports(board[0]))
    table = TABLES[board]
    maze = MazeSpec(name, *board, seed).build()
    tree = maze_tree(maze)
    assert tree in table.trees
    sampler = Sampler(name, table, seed)
    sampler.run(2)  # a maze before it must not leak into the next
    sampler.reset()
    assert sampler.sample_one() == table.trees.index(tree)


def test_binary_tree_reaches_exactly_16_of_the_192_mazes():
    sampler = Sampler("binary_tree", TABLES[("square", 3, 3)], seed=1)
    sampler.run(2000)
    assert spread(sampler.counts).reached == 16  # 2 choices in each of the 4 cells off the bias edges


def test_wilson_looks_uniform_and_reaches_every_maze():
    """20,000 mazes (about 3 s): 104 expected per tree."""
    sampler = Sampler("wilson", TABLES[("square", 3, 3)], seed=1)
    sampler.run(20_000)
    test = chi_square(sampler.counts)
    assert spread(sampler.counts).reached == 192
    assert test is not None and test.p_value > 0.001 and test.verdict == "looks uniform"


def test_the_backtracker_is_biased():
    sampler = Sampler("backtracker", TABLES[("square", 3, 3)], seed=1)
    sampler.run(3000)
    test = chi_square(sampler.counts)
    assert test is not None and test.p_value < 1e-6 and test.verdict == "biased"


def test_a_sampler_counts_every_maze_once_from_consecutive_seeds():
    table = TABLES[("hex", 3, 2)]
    sampler = Sampler("aldous_broder", table, seed=40)
    sampler.run(300)
    expected = Counter(table.trees.index(maze_tree(MazeSpec("aldous_broder", "hex", 3, 2, seed).build()))
                       for seed in range(40, 340))
    assert sampler.samples == sum(sampler.counts) == 300
    assert {i: c for i, c in enumerate(sampler.counts) if c} == dict(expected)


def test_algorithms_that_do_not_make_spanning_trees_are_refused():
    grid = make_grid("square", 3, 3)
    with pytest.raises(ValueError, match="perfect maze"):
        check_algorithm("dungeon", grid)
    with pytest.raises(ValueError, match="braid=25"):
        check_algorithm("backtracker", grid, {"braid": 25})
    with pytest.raises(ValueError, match="works on square"):
        check_algorithm("sidewinder", make_grid("hex", 3, 2))


# --- the chi-square test ---------------------------------------------------------------------------

def reference_chi_square(counts):
    from scipy.stats import chi2

    expected = sum(counts) / len(counts)
    statistic = sum((o - expected) ** 2 / expected for o in counts)
    return statistic, float(chi2.sf(statistic, len(counts) - 1))


def test_chi_square_matches_the_formula_on_a_fixed_table():
    counts = [30, 10, 25, 35, 20, 40, 15, 25]
    statistic, p = reference_chi_square(counts)
    test = chi_square(counts)
    assert test is not None and test.df == 7
    assert test.statistic == pytest.approx(statistic, rel=1e-12)
    assert test.p_value == pytest.approx(p, rel=1e-9)


def test_chi_square_on_a_hand_checked_example():
    """10 and 30 where 20 each were expected: (10² + 10²) / 20 = 10 on one degree of freedom, whose
    tail is erfc(sqrt(10 / 2)) = 0.00157: biased."""
    test = chi_square([10, 30])
    assert test is not None and test.statistic == pytest.approx(10.0)
    assert test.p_value == pytest.approx(math.erfc(math.sqrt(5)), rel=1e-9)
    assert test.verdict == "biased"
    assert chi_square([20, 21]).verdict == "looks uniform"


@given(st.lists(st.integers(0, 500), min_size=2, max_size=40).filter(any))
@settings(max_examples=40)
def test_chi_square_is_pearsons_statistic_for_any_counts(counts):
    statistic, p = reference_chi_square(counts)
    test = chi_square(counts)
    assert test is not None
    assert test.statistic == pytest.approx(statistic, rel=1e-9, abs=1e-9)
    assert test.p_value == pytest.approx(p, rel=1e-6, abs=1e-300)


def test_the_spread_counts_trees_never_made():
    figures = spread([6, 0, 3, 0])
    assert (figures.samples, figures.trees, figures.reached, figures.least, figures.most) == (9, 4, 2, 0, 6)
    assert figures.expected == 9 / 4


def test_trees_never_made_count_in_the_test():
    """All samples spread evenly over half the trees is far from uniform over all of them."""
    test = chi_square([50] * 8 + [0] * 8)
    assert test is not None and test.df == 15 and test.verdict == "biased"


@pytest.fixture
def no_scipy(monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.stats", None)


def test_without_scipy_the_test_is_the_same(monkeypatch):
    with_scipy = chi_square([10, 30, 22, 18])
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    assert chi_square([10, 30, 22, 18]) == with_scipy


# --- the command line ------------------------------------------------------------------------------

def run(capsys, *argv):
    status = main(["lab", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def table_rows(out: str) -> dict[str, list[str]]:
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("algorithm"))
    rows = {}
    for line in lines[header + 1:]:
        if not line.strip() or line.startswith(("note", "the chi")):
            break
        rows[line.split()[0]] = line.split()
    return rows


def test_the_lab_prints_a_row_per_algorithm(capsys):
    status, out, _ = run(capsys, "-a", "wilson", "-a", "backtracker", "--size", "3x3", "-n", "2000")
    assert status == 0
    rows = table_rows(out)
    assert list(rows) == ["wilson", "backtracker"]
    assert rows["wilson"][1] == "2,000" and rows["wilson"][2:5] == ["192", "/", "192"]
    assert rows["wilson"][-2:] == ["looks", "uniform"] and rows["backtracker"][-1] == "biased"
    assert rows["wilson"][7] == rows["backtracker"][7] == "10.4"  # expected: 2,000 / 192 trees, made or not
    assert "192 spanning trees" in out and "p < 0.01" in out


def test_the_csv_has_a_row_per_tree_summing_to_the_samples(capsys, tmp_path):
    path = tmp_path / "lab.csv"
    status, _, _ = run(capsys, "-a", "wilson", "-a", "binary_tree", "-g", "hex", "-s", "3x2", "-n", "700",
                       "--csv", str(path))
    assert status == 0
    rows = list(csv.DictReader(path.open()))
    for name in ("wilson", "binary_tree"):
        mine = [row for row in rows if row["algorithm"] == name]
        assert len(mine) == 55
        assert sum(int(row["count"]) for row in mine) == 700
        assert sorted(int(row["tree"]) for row in mine) == list(range(55))
    assert rows[0]["passages"].count("-") == 5  # five passages join six cells
    assert {row["expected"] for row in rows} == {"12.727"}  # 700 / 55, though binary tree makes only 4


@pytest.mark.parametrize(("argv", "words"), [
    (["-s", "4x4"], "at most 12 cells"),
    (["-a", "dungeon"], "perfect maze"),
    (["-a", "sidewinder", "-g", "hex", "-s", "3x2"], "works on square"),
    (["-n", "0"], "--samples must be from 1"),
    (["-n", "1000001"], "--samples must be from 1"),
    (["-s", "3x4", "--window"], "pictures at most"),
])
def test_mistakes_are_one_line_and_status_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_without_scipy_the_table_still_gives_the_verdict(capsys, no_scipy):
    status, out, _ = run(capsys, "-a", "binary_tree", "-n", "400")
    assert status == 0 and "scipy" not in out
    assert table_rows(out)["binary_tree"][2:5] == ["16", "/", "192"]
    assert table_rows(out)["binary_tree"][-1] == "biased"


def test_all_means_every_perfect_algorithm_that_runs_on_the_grid(capsys):
    status, out, _ = run(capsys, "-a", "all", "-g", "hex", "-s", "2x2", "-n", "50")
    assert status == 0
    rows = table_rows(out)
    assert "sidewinder" not in rows and "dungeon" not in rows and {"wilson", "kruskal"} <= set(rows)


def test_window_opens_the_lab_scene_with_the_chosen_algorithms(monkeypatch):
    calls = []
    monkeypatch.setattr("visualizer.app.main.run_app", lambda spec, **context: calls.append((spec, context)) or 0)
    assert main(["lab", "--window", "-a", "kruskal", "-a", "wilson", "-g", "hex", "-s", "2x3", "-n", "900"]) == 0
    spec, context = calls[0]
    assert (spec.algorithm, spec.grid, spec.width, spec.height) == ("kruskal", "hex", 2, 3)
    assert context == {"scene": "lab", "algorithms": ["kruskal", "wilson"], "samples": 900}


# --- the scene -------------------------------------------------------------------------------------

@pytest.fixture
def window():
    """The smallest screen docs/using.md promises to fill: 1024 x 768."""
    surface = open_window((1024, 768))
    yield surface
    pygame.quit()


WATCHED = MazeSpec("backtracker", "square", 30, 20, 5)


def open_lab(surface, spec=WATCHED, **context) -> tuple[Shell, LabScene]:
    """The lab over the watch scene; each frame samples one slice of 32 mazes (no time budget), so
    what a frame does is the same on a fast machine and a slow one."""
    shell = Shell(spec, screen=surface)
    shell.work_budget = lambda minimum: 0.0  # type: ignore[method-assign]
    shell.frame([], 1 / 60)
    shell.open_scene("lab", spec=spec, **context)
    assert isinstance(shell.scene, LabScene)
    return shell, shell.scene


def press(shell, code, mod=0):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")], 1 / 60)


def frames_until_sampled(shell, scene, at_least=1):
    for _ in range(300):
        shell.frame([], 1 / 60)
        if scene.sampler.samples >= at_least:
            return
    raise AssertionError("the lab did not sample")


def test_the_lab_samples_live_and_says_so_in_the_panel(window):
    shell, scene = open_lab(window)
    assert scene.busy and scene.sampler.name == "backtracker"  # the maze's own algorithm first
    frames_until_sampled(shell, scene, 200)
    panel = dict(scene.panel_lines())
    assert f"{scene.sampler.samples:,}" in panel["Samples"]
    assert "degrees of freedom" in panel["Chi-square"] and "biased" in panel["Verdict"]
    assert scene.sampler.samples < scene.goals["backtracker"]  # a slice a frame, not all at once


def test_every_tree_gets_a_thumbnail_inside_the_view(window):
    shell, scene = open_lab(window)
    frames_until_sampled(shell, scene)
    view = shell.view_rect()
    assert view.width >= 500 and view.height >= 700
    tiles = scene.thumbnail_rects(view)
    assert len(tiles) == len(scene.table) == 192
    assert all(view.contains(tile) for tile in tiles)
    assert not any(a.colliderect(b) for a, b in zip(tiles, tiles[1:]))
    assert min(tile.width for tile in tiles) >= 24  # a 3x3 maze is still readable
    shell._last_key = None
    assert shell.draw()  # draws without raising


@given(count=st.integers(1, 400), width=st.integers(80, 1400), height=st.integers(80, 1000),
       picture=st.floats(0.3, 3.0))
def test_tiles_never_overlap_or_leave_the_area(count, width, height, picture):
    area = pygame.Rect(16, 30, width, height)
    tiles = tile_rects(count, area, tile_aspect(picture))
    assert len(tiles) == count
    assert all(area.contains(tile) for tile in tiles)
    assert len({tile.topleft for tile in tiles}) == count


def test_keys_switch_algorithm_and_grid_sort_reset_and_leave(window):
    shell, scene = open_lab(window, algorithms=["binary_tree", "wilson"], samples=400)
    frames_until_sampled(shell, scene, 400)
    shell.frame([], 1 / 60)
    assert not scene.busy and scene.sampler.samples == 400 and spread(scene.sampler.counts).reached == 16
    press(shell, pygame.K_s)
    order = scene.order()
    assert [scene.sampler.counts[i] for i in order] == sorted(scene.sampler.counts, reverse=True)
    press(shell, pygame.K_TAB)
    assert scene.sampler.name == "wilson" and scene.sampler.samples == 32  # a new one starts sampling
    press(shell, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert scene.sampler.name == "binary_tree" and scene.samplers["wilson"].samples == 32
    press(shell, pygame.K_SPACE)  # a finished batch: sample another
    assert scene.busy and scene.goals["binary_tree"] == 800 and scene.sampler.samples == 432
    press(shell, pygame.K_r)
    assert scene.sampler.samples == sum(scene.sampler.counts) == 32  # from the first seed again
    assert scene.goals["binary_tree"] == 400
    press(shell, pygame.K_g)
    assert (scene.table.grid.kind, scene.table.grid.width, scene.table.grid.height) == BOARDS[3]
    assert len(scene.table) == 8 and len(scene.sampler.counts) == 8
    press(shell, pygame.K_2)
    assert scene.sampler.name == "wilson"
    press(shell, pygame.K_ESCAPE)
    assert shell.running and shell.scene is shell.base


def test_space_pauses_and_resumes(window):
    shell, scene = open_lab(window)
    press(shell, pygame.K_SPACE)
    made = scene.sampler.samples
    for _ in range(5):
        shell.frame([], 1 / 60)
    assert not scene.busy and scene.sampler.samples == made
    assert "paused" in dict(scene.panel_lines())["Samples"]
    press(shell, pygame.K_SPACE)
    assert scene.busy


def test_a_hex_maze_opens_the_lab_on_a_small_hex_board(window):
    _, scene = open_lab(window, spec=MazeSpec("prim", "hex", 40, 30, 2))
    assert (scene.table.grid.kind, len(scene.table)) == ("hex", 55)
    assert scene.active[:2] == ["prim", "wilson"]


def test_a_maze_that_cannot_be_counted_leaves_its_algorithm_out(window):
    _, scene = open_lab(window, spec=MazeSpec("dungeon", "square", 40, 30, 2))
    assert scene.active == ["wilson", "aldous_broder", "backtracker", "binary_tree"]


def test_without_scipy_the_scene_gives_the_verdict(window, no_scipy):
    shell, scene = open_lab(window)
    frames_until_sampled(shell, scene)
    assert dict(scene.panel_lines())["Verdict"].endswith(("looks uniform", "biased"))


def test_every_lab_key_is_found_with_either_shift_key_and_caps_lock():
    for binding in LAB_KEYS.bindings:
        for code, mods in binding.chords:
            for held in ([pygame.KMOD_LSHIFT, pygame.KMOD_RSHIFT] if mods == SHIFT else [0, pygame.KMOD_CAPS]):
                assert LAB_KEYS.find(KeyPress.from_event(code, held)) is binding, binding.label


def test_grid_edges_are_each_pair_of_neighbours_once():
    grid = make_grid("hex", 3, 2)
    edges = grid_edges(grid)
    assert len(edges) == len(set(edges)) == sum(len(grid.neighbours(c)) for c in range(grid.size)) // 2


def test_the_docs_show_the_lab_keys_as_the_help_overlay_does():
    page = (Path(__file__).resolve().parents[2] / "docs" / "using.md").read_text(encoding="utf-8")
    assert markdown_table(LabScene.help_rows() + SHELL_KEYS.help_rows()) in page


@pytest.mark.parametrize("board, samples", [(("triangle", 4, 3), 2000), (("polar", 4, 2), 6000)])
@pytest.mark.parametrize("name", ["wilson", "aldous_broder"])
def test_the_uniform_samplers_are_uniform_on_triangles_and_rings(name, board, samples):
    """Wilson's and Aldous-Broder make every spanning tree equally often on the new shapes too: a
    triangle board of 35 trees and a two-ring disc of 384 (about 57 and 16 samples a tree)."""
    table = TreeTable(make_grid(*board))
    sampler = Sampler(name, table, seed=3)
    sampler.run(samples)
    test = chi_square(sampler.counts)
    assert spread(sampler.counts).reached == len(table.trees)
    assert test is not None and test.p_value > 0.001, test


def test_total_variation_is_zero_for_a_fair_die_and_near_one_for_a_single_maze():
    from visualizer.analysis.uniformity import total_variation

    assert total_variation([5, 5, 5, 5]) == 0
    assert total_variation([20, 0, 0, 0]) == pytest.approx(0.75)


def test_a_uniform_sampler_scores_about_the_noise_floor():
    from visualizer.analysis.uniformity import noise_floor, sweep

    table = TreeTable(make_grid("square", 3, 3))
    (point,) = sweep("houston", table, "share", [100], 2000)  # Aldous-Broder: uniform
    floor = noise_floor(2000, len(table))
    assert 0.7 * floor < point.distance < 1.3 * floor
