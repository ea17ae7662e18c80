"""``maze-visualizer stats``: the table, the raw rows, the chart and the workers, checked against the
mazes themselves (MazeSpec.build + metrics.measure) and against statistics recomputed here."""

import csv
import io
import json
import os
import re
import statistics
import sys
from pathlib import Path

import pygame
import pytest
from helpers import at_least
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.algorithms import ALGORITHMS, get_algorithm
from visualizer.analysis import stats
from visualizer.cli import main
from visualizer.core.metrics import measure
from visualizer.grids import GRIDS
from visualizer.run.spec import MazeSpec

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PLOT_HINT = "--plot needs matplotlib: pip install 'maze-visualizer[analysis]'"
INT_FIELDS = {"width", "height", "seed", "open_cells", "solution_cells", "junctions"}
DUNGEON_COLUMNS = ["floor_pct", "rooms", "room_cells", "largest_room", "corridor_pct", "dead_end_cells", "loops",
                   "room_span"]
TEXT_FIELDS = {"algorithm", "grid"}
TABLE_COLUMNS = ["dead_ends_pct", "longest_path_pct", "solution_pct", "straight_pct", "turning_pct", "junctions"]
FIXTURES_REUSED = settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
QUICK = [name for name, info in ALGORITHMS.items() if not info.slow]


def run(capsys, *argv):
    status = main(["stats", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def read_csv(path):
    """Rows with their values typed back: ints, floats, params from their JSON text."""
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        rows = [typed(row) for row in reader]
        return reader.fieldnames, rows


def typed(row):
    out = {}
    for key, text in row.items():
        if key in TEXT_FIELDS:
            out[key] = text
        elif text == "":
            out[key] = None  # a maze's dungeon figures beside dungeons
        elif key == "params":
            out[key] = json.loads(text)
        elif key in INT_FIELDS or key.startswith("dead_ends_open_"):
            out[key] = int(text)
        else:
            out[key] = float(text)
    return out


def expected_row(name, grid, width, height, seed, texts):
    """What one sample must say, from the maze built here and measured here."""
    params = get_algorithm(name).parse_params(texts)
    m = measure(MazeSpec(name, grid, width, height, seed, params).build())
    row = {"algorithm": name, "grid": grid, "width": width, "height": height, "seed": seed, "params": params,
           "open_cells": m.open_cells, "dead_ends_pct": m.dead_ends, "longest_path_pct": m.longest_path,
           "solution_cells": m.solution, "solution_pct": 100 * m.solution / m.open_cells,
           "straight_pct": m.straight, "turning_pct": m.turning, "junctions": m.junctions}
    row.update({f"dead_ends_open_{d}": count for d, count in m.dead_end_directions.items()})
    if m.dungeon is not None:
        row.update(zip(DUNGEON_COLUMNS, [m.dungeon.floor, len(m.dungeon.room_sizes),
                                         statistics.fmean(m.dungeon.room_sizes) if m.dungeon.room_sizes else 0,
                                         max(m.dungeon.room_sizes, default=0), m.dungeon.corridors,
                                         m.dungeon.dead_ends, m.dungeon.loops, m.dungeon.room_span]))
    return row


def same_columns(rows):
    """The raw rows all have the dungeon columns when one has: empty for a maze that leaves no rock."""
    if any("floor_pct" in row for row in rows):
        for row in rows:
            row.update({column: row.get(column) for column in DUNGEON_COLUMNS})
    return rows


def parse_table(out):
    """(title, {algorithm: (grid, [(mean, sd)] * 6, {direction: share})}, other lines); the dungeon
    table, after a blank line, is dungeon_table's."""
    lines = out.split("\n\n")[0].splitlines()
    title, heading, body = lines[0], lines[1], lines[2:]
    assert heading.split()[:2] == ["algorithm", "grid"]
    rows, notes = {}, []
    for line in body:
        cells = re.split(r" {2,}", line.strip())
        if len(cells) != 2 + len(TABLE_COLUMNS) + 1:
            notes.append(line)
            continue
        pairs = []
        for cell in cells[2:-1]:
            match = re.fullmatch(r"(-?\d+\.\d\d) ± (\d+\.\d\d)", cell)
            assert match, f"not 'mean ± sd': {cell!r}"
            pairs.append((float(match[1]), float(match[2])))
        words = cells[-1].split()
        shares = {d: int(pct) for d, pct in zip(words[::2], words[1::2])}
        rows[cells[0]] = (cells[1], pairs, shares)
    return title, rows, notes


# --- the raw rows --------------------------------------------------------------------------------


@FIXTURES_REUSED
@given(grid=st.sampled_from(list(GRIDS)), names=st.lists(st.sampled_from(QUICK), min_size=1, max_size=3, unique=True),
       width=st.integers(2, 7), height=st.integers(2, 6), samples=st.integers(1, 4), seed=st.integers(0, 10**6),
       braid=st.sampled_from([None, 0, 40]))
def test_each_csv_row_is_the_maze_its_seed_builds(tmp_path, capsys, grid, names, width, height, samples, seed, braid):
    width, height = at_least(grid, width, height)
    names = [n for n in names if get_algorithm(n).supports(grid)] or ["backtracker"]
    texts = [] if braid is None else [f"braid={braid}"]
    argv = ["-g", grid, "-s", f"{width}x{height}", "-n", str(samples), "--seed", str(seed), "--csv",
            str(tmp_path / "rows.csv"), "-j", "1", *(arg for n in names for arg in ("-a", n)),
            *(arg for t in texts for arg in ("-p", t))]
    status, _, _ = run(capsys, *argv)
    assert status == 0
    header, rows = read_csv(tmp_path / "rows.csv")
    expected = same_columns([expected_row(n, grid, width, height, seed + i, texts)
                             for n in names for i in range(samples)])
    assert rows == expected
    assert header == list(expected[0])


def test_json_rows_equal_the_csv_rows(tmp_path, capsys):
    csv_path, json_path = tmp_path / "rows.csv", tmp_path / "rows.json"
    status, _, _ = run(capsys, "-a", "binary_tree", "-a", "dungeon", "-g", "hex", "-s", "7x6", "-n", "3",
                       "--seed", "11", "-p", "braid=20", "--csv", str(csv_path), "--json", str(json_path))
    assert status == 0
    header, csv_rows = read_csv(csv_path)
    document = json.loads(json_path.read_text(encoding="utf-8"))
    assert document["rows"] == csv_rows
    assert [list(row) for row in document["rows"]] == [header] * len(csv_rows)
    assert (document["grid"], document["width"], document["height"], document["samples"]) == ("hex", 7, 6, 3)


# --- the table -----------------------------------------------------------------------------------


@FIXTURES_REUSED
@given(grid=st.sampled_from(list(GRIDS)), names=st.lists(st.sampled_from(QUICK), min_size=1, max_size=3, unique=True),
       samples=st.integers(2, 6), seed=st.integers(0, 10**6))
def test_the_table_shows_the_mean_and_sample_sd_of_the_csv(tmp_path, capsys, grid, names, samples, seed):
    names = [n for n in names if get_algorithm(n).supports(grid)] or ["backtracker"]
    status, out, _ = run(capsys, "-g", grid, "-s", "6x5", "-n", str(samples), "--seed", str(seed),
                         "--csv", str(tmp_path / "rows.csv"), *(arg for n in names for arg in ("-a", n)))
    assert status == 0
    title, table, notes = parse_table(out)
    assert f"mean ± sd over {samples} mazes" in title and "sample standard deviation" in title
    assert list(table) == names and notes == []
    _, rows = read_csv(tmp_path / "rows.csv")
    for name, (shown_grid, pairs, shares) in table.items():
        mine = [row for row in rows if row["algorithm"] == name]
        assert shown_grid == grid and len(mine) == samples
        for column, (mean, sd) in zip(TABLE_COLUMNS, pairs):
            values = [row[column] for row in mine]
            assert mean == pytest.approx(statistics.fmean(values), abs=0.005 + 1e-9), column
            assert sd == pytest.approx(statistics.stdev(values), abs=0.005 + 1e-9), column
        counts = {d: sum(row[f"dead_ends_open_{d}"] for row in mine) for d in GRIDS[grid].direction_names}
        total = sum(counts.values())
        assert list(shares) == list(counts)
        for d, share in shares.items():
            assert share == pytest.approx(100 * counts[d] / total if total else 0, abs=0.5 + 1e-9), d


def parse_dungeon_table(out):
    """{algorithm: ("mazes/samples", [(mean, sd)] * 8)} from the table after the blank line."""
    parts = out.split("\n\n")
    if len(parts) == 1:
        return {}
    lines = parts[1].splitlines()
    assert lines[0].startswith("dungeon figures") and lines[1].split()[:2] == ["algorithm", "mazes"]
    table = {}
    for line in lines[2:]:
        cells = re.split(r" {2,}", line.strip())
        assert len(cells) == 2 + len(DUNGEON_COLUMNS), line
        pairs = [tuple(map(float, re.fullmatch(r"(-?\d+\.\d\d) ± (\d+\.\d\d)", c).groups())) if "±" in c
                 else (float(c), 0.0) for c in cells[2:]]
        table[cells[0]] = (cells[1], pairs)
    return table


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), samples=st.integers(2, 4))
def test_the_dungeon_table_shows_the_mean_and_sd_of_the_dungeon_columns(tmp_path, capsys, seed, samples):
    names = ["bsp", "caves", "rooms_corridors", "backtracker"]
    status, out, _ = run(capsys, "-s", "16x12", "-n", str(samples), "--seed", str(seed), "--csv",
                         str(tmp_path / "rows.csv"), *(arg for n in names for arg in ("-a", n)))
    assert status == 0
    _, table, notes = parse_table(out)
    assert list(table) == names and notes == []
    dungeons = parse_dungeon_table(out)
    _, rows = read_csv(tmp_path / "rows.csv")
    assert all(row["floor_pct"] is None for row in rows if row["algorithm"] == "backtracker")
    shown = [n for n in names if any(r["floor_pct"] is not None for r in rows if r["algorithm"] == n)]
    assert list(dungeons) == shown and "backtracker" not in dungeons
    for name, (count, pairs) in dungeons.items():
        mine = [row for row in rows if row["algorithm"] == name and row["floor_pct"] is not None]
        assert count == f"{len(mine)}/{samples}"
        for column, (mean, sd) in zip(DUNGEON_COLUMNS, pairs):
            values = [row[column] for row in mine]
            assert mean == pytest.approx(statistics.fmean(values), abs=0.005 + 1e-9), column
            if len(values) > 1:
                assert sd == pytest.approx(statistics.stdev(values), abs=0.005 + 1e-9), column


def test_mazes_alone_print_no_dungeon_table(capsys):
    status, out, _ = run(capsys, "-a", "prim", "-a", "kruskal", "-s", "6x6", "-n", "2")
    assert status == 0 and "\n\n" not in out and "dungeon" not in out


def test_one_maze_shows_means_without_an_sd(capsys):
    status, out, _ = run(capsys, "-a", "prim", "-s", "5x5", "-n", "1", "--seed", "4")
    assert status == 0
    lines = out.splitlines()
    assert "no sd" in lines[0] and "±" not in out
    m = measure(MazeSpec("prim", "square", 5, 5, 4).build())
    assert f"{m.dead_ends:.2f}" in lines[2] and f"{m.junctions:.2f}" in lines[2]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_stdout_is_only_the_table_and_the_progress_bar_goes_to_a_terminal_stderr(monkeypatch, capsys, jobs):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(stats, "PROGRESS_DELAY", 0.0)
    monkeypatch.setattr(stats, "POOL_MIN_CELLS", 0)  # -j 2: the pool's progress too
    monkeypatch.setattr(sys, "stderr", terminal)
    status = main(["stats", "-a", "backtracker", "-a", "sidewinder", "-g", "hex", "-s", "5x5", "-n", "3", "-j", jobs])
    out = capsys.readouterr().out
    assert status == 0
    _, table, notes = parse_table(out)
    assert list(table) == ["backtracker"] and len(notes) == 1
    assert len(out.splitlines()) == 4  # title, heading, one row, one note
    assert "stats:" in terminal.getvalue() and "maze" in terminal.getvalue()
    assert "stats:" not in out


def test_no_progress_bar_when_stderr_is_not_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(stats, "PROGRESS_DELAY", 0.0)
    status, out, err = run(capsys, "-s", "5x5", "-n", "2")
    assert status == 0 and err == "" and out.count("\n") == 3


# --- skipped algorithms and mistakes --------------------------------------------------------------


def test_an_algorithm_that_does_not_run_on_the_grid_is_one_line_and_the_others_are_measured(tmp_path, capsys):
    status, out, err = run(capsys, "-a", "sidewinder", "-a", "backtracker", "-a", "eller", "-g", "hex", "-s", "5x4",
                           "-n", "2", "--csv", str(tmp_path / "rows.csv"))
    assert status == 0 and err == ""
    _, table, notes = parse_table(out)
    assert list(table) == ["backtracker"]
    assert notes == ["sidewinder: runs on square grids only, skipped", "eller: runs on square grids only, skipped"]
    _, rows = read_csv(tmp_path / "rows.csv")
    assert {row["algorithm"] for row in rows} == {"backtracker"} and len(rows) == 2


def test_all_measures_every_algorithm_that_runs_on_the_grid(capsys):
    status, out, _ = run(capsys, "-a", "all", "-g", "hex", "-s", "3x3", "-n", "2")
    assert status == 0
    _, table, notes = parse_table(out)
    assert list(table) == [name for name, info in ALGORITHMS.items() if info.supports("hex")]
    assert len(notes) == sum(not info.supports("hex") for info in ALGORITHMS.values())


def one_error_line(err):
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("maze-visualizer: error: ") and "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("option", ["--csv", "--json", "--plot"])
@pytest.mark.parametrize("where", ["/nonexistent/dir/x.out", "{tmp}", ""])
def test_a_bad_output_path_is_one_line_and_status_2(tmp_path, capsys, monkeypatch, option, where):
    def never(*_):
        raise AssertionError("measured before the path was checked")

    monkeypatch.setattr(stats, "collect_samples", never)
    path = where.format(tmp=tmp_path)
    status, out, err = run(capsys, "-n", "2", "-s", "4x4", option, path)
    assert status == 2 and out == ""
    assert option in one_error_line(err)


def test_a_failed_write_is_one_line_and_status_2(tmp_path, capsys, monkeypatch):
    def full_disk(path, data):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr("visualizer.files.atomic.write_atomic", full_disk)
    status, _, err = run(capsys, "-n", "2", "-s", "4x4", "--csv", str(tmp_path / "x.csv"))
    assert status == 2 and "No space left on device" in one_error_line(err)
    assert not (tmp_path / "x.csv").exists()


@pytest.mark.parametrize("argv, words", [
    (["-n", "0"], "--samples"),
    (["-n", "100001"], "--samples"),
    (["-a", "nope"], "unknown algorithm"),
    (["-a", "prim", "-p", "winding=5"], "no parameter"),
    (["-a", "sidewinder", "-g", "hex"], "no chosen algorithm runs on hex"),
])
def test_mistakes_are_one_line_and_status_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and words in one_error_line(err)


# --- the chart -----------------------------------------------------------------------------------


def test_plot_writes_a_png_that_loads(tmp_path, capsys):
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    for path in (first, second):
        status, out, _ = run(capsys, "-a", "binary_tree", "-a", "wilson", "-s", "6x6", "-n", "3", "--plot", str(path))
        assert status == 0 and out.startswith("square 6x6")
    data = first.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    width, height = pygame.image.load(str(first)).get_size()
    assert 800 <= width <= 4000 and 400 <= height <= 2000
    assert second.read_bytes() == data  # no date or version in it: the same run, the same bytes


def test_plot_without_matplotlib_is_one_line_before_any_work(tmp_path, capsys, monkeypatch):
    def never(*_):
        raise AssertionError("measured although the chart cannot be drawn")

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setattr(stats, "collect_samples", never)
    status, out, err = run(capsys, "-n", "2", "--plot", str(tmp_path / "chart.png"))
    assert status == 2 and out == ""
    assert one_error_line(err) == f"maze-visualizer: error: {PLOT_HINT}"
    assert not (tmp_path / "chart.png").exists()


# --- the workers ---------------------------------------------------------------------------------


def test_jobs_1_and_jobs_2_write_the_same_csv(tmp_path, capsys, monkeypatch):
    pools = []

    def counting_pool(workers):
        pools.append(workers)
        return real_pool(workers)

    real_pool = stats.start_pool
    monkeypatch.setattr(stats, "start_pool", counting_pool)
    monkeypatch.setattr(stats, "POOL_MIN_CELLS", 0)
    monkeypatch.setattr(stats, "MAX_CHUNK", 2)  # many small chunks, finishing in any order
    texts, tables = [], []
    for jobs in ("1", "2", "0"):
        path = tmp_path / f"jobs{jobs}.csv"
        status, out, _ = run(capsys, "-a", "aldous_broder", "-a", "binary_tree", "-a", "prim", "-s", "6x5", "-n",
                             "7", "--seed", "3", "-j", jobs, "--csv", str(path))
        assert status == 0
        texts.append(path.read_bytes())
        tables.append(out)
    assert pools == [2] + ([stats.worker_count(0)] if stats.worker_count(0) > 1 else [])  # -j 1: no pool
    assert texts[0] == texts[1] == texts[2] and tables[0] == tables[1] == tables[2]
    assert len(texts[0].splitlines()) == 1 + 3 * 7


def test_a_small_run_stays_in_this_process(capsys, monkeypatch):
    def no_pool(workers):
        raise AssertionError("a pool for a few tiny mazes")

    monkeypatch.setattr(stats, "start_pool", no_pool)
    status, _, _ = run(capsys, "-s", "5x5", "-n", "3", "-j", "4")
    assert status == 0


def test_a_pool_is_used_for_real_work(capsys, monkeypatch):
    pools = []
    real_pool = stats.start_pool
    monkeypatch.setattr(stats, "start_pool", lambda workers: pools.append(workers) or real_pool(workers))
    status, _, _ = run(capsys, "-s", "60x60", "-n", "10", "-j", "2")
    assert status == 0 and pools == [2]


def test_jobs_0_means_every_core_this_process_may_use_and_more_are_never_started():
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert stats.worker_count(0) == cores
    assert stats.worker_count(1) == 1
    assert stats.worker_count(cores + 5) == cores


@given(samples=st.integers(1, 300), size=st.integers(1, 50), first=st.integers(0, 10**9),
       names=st.lists(st.sampled_from(list(ALGORITHMS)), min_size=1, max_size=4, unique=True))
def test_chunks_cover_every_seed_once_in_order(samples, size, first, names):
    plan = stats.Plan("square", 4, 4, samples, first, {n: {} for n in names}, [])
    chunks = stats.make_chunks(plan, size)
    assert all(1 <= c.count <= size for c in chunks)
    seeds = [(c.algorithm, seed) for c in chunks for seed in range(c.first_seed, c.first_seed + c.count)]
    assert seeds == [(n, first + i) for n in names for i in range(samples)]


def test_the_documented_example_is_what_the_command_prints(capsys):
    page = (Path(__file__).resolve().parents[2] / "docs" / "headless.md").read_text(encoding="utf-8")
    command = "stats -a binary_tree -a backtracker -a sidewinder -g hex -n 50"
    assert f"`{command}`" in page
    status = main(command.split())
    out = capsys.readouterr().out
    assert status == 0
    assert "\n".join("    " + line for line in out.splitlines()) in page
