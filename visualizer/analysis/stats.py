"""``maze-visualizer stats``: maze metrics over many seeds, to tell algorithms apart with numbers.

One table of mean ± sample standard deviation per algorithm on stdout; the raw per-maze rows as CSV
or JSON and a comparison chart on request. Mazes are measured in worker processes when there is
enough work to pay for them; the results do not depend on how many (each maze depends on its seed
only, and the rows are put back in seed order).

numpy, matplotlib, tqdm and multiprocessing are imported where they are used, so that importing
this module costs next to nothing and a quick run pays only for what it uses.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..algorithms import get_algorithm
from ..files.stopping import worker_signals
from ..run.spec import MazeSpec
from .columns import aligned

MAX_SAMPLES = 100_000
"""Mazes per algorithm at most (as before: enough for any comparison, not enough to fill the memory)."""

TABLE_METRICS: tuple[tuple[str, str], ...] = (
    ("dead_ends_pct", "dead ends %"),
    ("longest_path_pct", "longest path %"),
    ("solution_pct", "solution %"),
    ("straight_pct", "straight %"),
    ("turning_pct", "turning %"),
    ("junctions", "junctions"),
)
"""(raw column, table heading) of the figures the table, and the chart, show as mean ± sd."""

ROW_FIELDS: tuple[str, ...] = (
    "algorithm", "grid", "width", "height", "seed", "params",
    "open_cells", "dead_ends_pct", "longest_path_pct", "solution_cells", "solution_pct",
    "straight_pct", "turning_pct", "junctions",
)
"""The columns of a raw row before the dead-end direction counts (which depend on the grid)."""

DUNGEON_METRICS: tuple[tuple[str, str], ...] = (
    ("floor_pct", "floor %"),
    ("rooms", "rooms"),
    ("room_cells", "room cells"),
    ("largest_room", "largest room"),
    ("corridor_pct", "corridors %"),
    ("dead_end_cells", "dead ends"),
    ("loops", "loops"),
    ("room_span", "room to room"),
)
"""(raw column, heading) of a dungeon's figures (``DungeonFigures.numbers``): a second table for the
algorithms whose mazes leave rock, and columns after the directions in the raw rows."""

DIRECTION_PREFIX = "dead_ends_open_"
"""Raw column of the dead ends opening toward one direction: ``dead_ends_open_N`` and so on."""

SD_TEXT = "sd = sample standard deviation, divisor n - 1"
PLOT_HINT = "--plot needs matplotlib: pip install 'maze-visualizer[analysis]'"

POOL_MIN_CELLS = 30_000
"""Below this many cells in all (a few tenths of a second of work) one process beats starting a pool."""
CHUNKS_PER_WORKER = 4
"""Chunks handed to each worker: enough to balance slow and fast algorithms, few enough to keep overhead small."""
MAX_CHUNK = 500
"""Mazes per chunk at most, so the progress bar moves and no one result is a huge pickle."""
MAX_CHUNK_CELLS = 300_000
"""Cells per chunk at most (a few seconds of work): the progress bar moves on big mazes too."""
PROGRESS_DELAY = 1.0
"""Seconds before the progress bar shows: quick runs print nothing but the table."""


@dataclass(frozen=True)
class Plan:
    """What to measure, checked: which algorithms run (with their parameters) and which are skipped."""

    grid: str
    width: int
    height: int
    samples: int
    first_seed: int
    params: dict[str, dict[str, Any]]
    """Parameters per algorithm that runs, defaults included (in the order asked)."""
    skipped: list[str]
    """One note per algorithm that does not run on the grid."""
    given: list[str] = field(default_factory=list)
    """The ``--param`` texts as typed, for the table's title."""

    @property
    def algorithms(self) -> list[str]:
        return list(self.params)

    @property
    def total(self) -> int:
        return self.samples * len(self.params)


@dataclass(frozen=True)
class Chunk:
    """Consecutive seeds of one algorithm: the unit of work sent to a worker."""

    algorithm: str
    grid: str
    width: int
    height: int
    params: dict[str, Any]
    first_seed: int
    count: int


@dataclass(slots=True)
class Sample:
    """The figures of one maze, as a raw CSV/JSON row holds them (slots: a run may hold a million)."""

    algorithm: str
    grid: str
    width: int
    height: int
    seed: int
    params: dict[str, Any]
    """Shared by every sample of a chunk: never changed."""
    open_cells: int
    dead_ends_pct: float
    longest_path_pct: float
    solution_cells: int
    solution_pct: float
    straight_pct: float
    turning_pct: float
    junctions: int
    dead_end_directions: dict[str, int]
    dungeon: dict[str, float] | None = None
    """The dungeon figures by DUNGEON_METRICS column, when the maze leaves rock."""

    def row(self) -> dict[str, Any]:
        """Flat name -> value, the direction counts as ``dead_ends_open_<DIR>`` columns, then the
        dungeon figures when there are some."""
        out = {name: getattr(self, name) for name in ROW_FIELDS}
        out.update({DIRECTION_PREFIX + d: count for d, count in self.dead_end_directions.items()})
        out.update(self.dungeon or {})
        return out


@dataclass(frozen=True)
class Summary:
    """One table row: an algorithm's mean and sd of each figure, and its pooled dead-end directions."""

    algorithm: str
    grid: str
    count: int
    means: dict[str, float]
    sds: dict[str, float] | None
    """None for a single maze: the sample sd needs two."""
    shares: dict[str, float]
    """Percent of all dead ends (of every maze together) opening toward each direction."""
    dungeon: DungeonSummary | None = None
    """The dungeon figures' mean and sd, over the mazes that left rock (None when none did)."""


@dataclass(frozen=True)
class DungeonSummary:
    """Mean and sd of each dungeon figure over the ``count`` mazes of an algorithm that left rock."""

    count: int
    means: dict[str, float]
    sds: dict[str, float] | None


# --- the plan ------------------------------------------------------------------------------------


def skip_note(name: str) -> str:
    info = get_algorithm(name)
    return f"{name}: runs on {' and '.join(info.grid_names)} grids only, skipped"


def make_plan(algorithms: Sequence[str], grid: str, size: tuple[int, int], samples: int, first_seed: int,
              params: Sequence[str] = ()) -> Plan:
    """Check every choice before any maze is made, so a mistake costs nothing. ``params`` are the
    ``--param`` texts, given to every algorithm."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"--samples must be from 1 to {MAX_SAMPLES}, got {samples}")
    width, height = size
    parsed: dict[str, dict[str, Any]] = {}
    skipped: list[str] = []
    for name in algorithms:
        info = get_algorithm(name)
        if info.supports(grid):
            parsed[name] = dict(info.parse_params(list(params)))
        else:
            skipped.append(skip_note(name))
    if not parsed:
        raise ValueError(f"no chosen algorithm runs on {grid} grids ({'; '.join(skipped)})")
    return Plan(grid, width, height, samples, first_seed, parsed, skipped, list(params))


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ValueError(PLOT_HINT) from None


def worker_count(requested: int) -> int:
    """``--jobs 0`` means every core this process may run on (the affinity mask, not the machine);
    more than that is never started (40 processes on 2 cores only wait for each other)."""
    if hasattr(os, "sched_getaffinity"):
        cores = max(1, len(os.sched_getaffinity(0)))
    else:
        cores = os.cpu_count() or 1
    return min(requested, cores) if requested > 0 else cores


# --- measuring -----------------------------------------------------------------------------------


def measure_sample(algorithm: str, grid: str, width: int, height: int, params: dict[str, Any],
                   seed: int) -> Sample:
    """Build one maze and read its figures; a pure function of its arguments (workers rely on it)."""
    from ..core.metrics import measure
    from ..plugins.checker import refuse_stopped

    maze = MazeSpec(algorithm, grid, width, height, seed, params).build()
    refuse_stopped(maze, algorithm, seed)
    m = measure(maze)
    return Sample(
        algorithm=algorithm, grid=grid, width=width, height=height, seed=seed, params=params,
        open_cells=m.open_cells, dead_ends_pct=m.dead_ends, longest_path_pct=m.longest_path,
        solution_cells=m.solution, solution_pct=100 * m.solution / max(1, m.open_cells),
        straight_pct=m.straight, turning_pct=m.turning, junctions=m.junctions,
        dead_end_directions=dict(m.dead_end_directions),
        dungeon=None if m.dungeon is None else m.dungeon.numbers(),
    )


def measure_chunk(chunk: Chunk) -> list[Sample]:
    """A worker's job: the chunk's mazes in seed order."""
    return [measure_sample(chunk.algorithm, chunk.grid, chunk.width, chunk.height, chunk.params, seed)
            for seed in range(chunk.first_seed, chunk.first_seed + chunk.count)]


def chunk_size(plan: Plan, workers: int) -> int:
    """A few chunks per worker, none longer than a few seconds (big mazes: one maze a chunk)."""
    balanced = math.ceil(plan.total / (workers * CHUNKS_PER_WORKER))
    return max(1, min(MAX_CHUNK, MAX_CHUNK_CELLS // (plan.width * plan.height), balanced))


def make_chunks(plan: Plan, size: int) -> list[Chunk]:
    """Algorithm by algorithm, seeds in runs of ``size``: the order the rows come out in."""
    chunks = []
    for name, params in plan.params.items():
        for start in range(0, plan.samples, size):
            count = min(size, plan.samples - start)
            chunks.append(Chunk(name, plan.grid, plan.width, plan.height, params, plan.first_seed + start, count))
    return chunks


def worth_a_pool(plan: Plan, workers: int) -> bool:
    """A pool costs tens of milliseconds to start: only for more than one worker and real work."""
    return workers > 1 and plan.total > 1 and plan.total * plan.width * plan.height >= POOL_MIN_CELLS


def progress_bar(total: int) -> Any:
    """tqdm on stderr, shown after PROGRESS_DELAY and only on a terminal (``disable=None``), never on stdout."""
    from tqdm import tqdm

    return tqdm(total=total, desc="stats", unit="maze", file=sys.stderr, delay=PROGRESS_DELAY,
                disable=None, leave=False, dynamic_ncols=True)


def measure_here(chunks: Iterable[Chunk], total: int) -> list[Sample]:
    """In this process, maze by maze."""
    samples = []
    with progress_bar(total) as bar:
        for chunk in chunks:
            for seed in range(chunk.first_seed, chunk.first_seed + chunk.count):
                samples.append(measure_sample(chunk.algorithm, chunk.grid, chunk.width, chunk.height,
                                              chunk.params, seed))
                bar.update(1)
    return samples


def measure_numbered(job: tuple[int, Chunk]) -> tuple[int, list[Sample]]:
    """A worker's job with its place in the plan, so that results arriving in any order can be put back."""
    index, chunk = job
    return index, measure_chunk(chunk)


def start_pool(workers: int) -> Any:
    """A ``multiprocessing`` pool: unlike concurrent.futures before Python 3.14, it can be stopped at once
    (``terminate``, which leaving its ``with`` block does), so Ctrl-C does not wait for the queued work."""
    import multiprocessing

    return multiprocessing.Pool(workers, initializer=worker_signals)


def measure_in_pool(chunks: list[Chunk], total: int, workers: int) -> list[Sample]:
    """In worker processes; results are put back in chunk order whatever order they finish in."""
    results: list[list[Sample]] = [[] for _ in chunks]
    with start_pool(min(workers, len(chunks))) as pool:
        # The workers start (fork) here, before the progress bar starts its monitor thread.
        finished = pool.imap_unordered(measure_numbered, enumerate(chunks))
        with progress_bar(total) as bar:
            for index, samples in finished:
                results[index] = samples
                bar.update(len(samples))
    return [sample for chunk_samples in results for sample in chunk_samples]


def collect_samples(plan: Plan, jobs: int) -> list[Sample]:
    """Every maze of the plan, in plan order (algorithm, then seed)."""
    workers = worker_count(jobs)
    if worth_a_pool(plan, workers):
        return measure_in_pool(make_chunks(plan, chunk_size(plan, workers)), plan.total, workers)
    return measure_here(make_chunks(plan, plan.samples), plan.total)


# --- summarising ---------------------------------------------------------------------------------


def pooled_shares(samples: Sequence[Sample]) -> dict[str, float]:
    """Percent of all dead ends of all the mazes opening toward each direction (0 when there are none)."""
    totals: dict[str, int] = {}
    for sample in samples:
        for d, count in sample.dead_end_directions.items():
            totals[d] = totals.get(d, 0) + count
    whole = sum(totals.values())
    return {d: 100 * count / whole if whole else 0.0 for d, count in totals.items()}


def mean_and_sd(rows: Sequence[dict[str, float]], keys: Iterable[str]) -> tuple[dict[str, float],
                                                                               dict[str, float] | None]:
    """Mean and sample sd (ddof=1, as numpy, pandas and R's sd() report it) of each key; no sds for one row."""
    import numpy as np

    means: dict[str, float] = {}
    sds: dict[str, float] = {}
    for key in keys:
        values = np.array([row[key] for row in rows], dtype=np.float64)
        means[key] = float(values.mean())
        if len(values) > 1:
            sds[key] = float(values.std(ddof=1))
    return means, sds if len(rows) > 1 else None


def summarize_algorithm(samples: Sequence[Sample]) -> Summary:
    """Mean and sd of each table figure, the pooled dead-end directions, and the dungeon figures of
    the mazes that have them."""
    means, sds = mean_and_sd([{key: getattr(s, key) for key, _ in TABLE_METRICS} for s in samples],
                             (key for key, _ in TABLE_METRICS))
    dungeons = [s.dungeon for s in samples if s.dungeon is not None]
    dungeon = None
    if dungeons:
        dungeon = DungeonSummary(len(dungeons), *mean_and_sd(dungeons, (key for key, _ in DUNGEON_METRICS)))
    first = samples[0]
    return Summary(first.algorithm, first.grid, len(samples), means, sds, pooled_shares(samples), dungeon)


def summarize(samples: Sequence[Sample], plan: Plan) -> list[Summary]:
    by_algorithm: dict[str, list[Sample]] = {name: [] for name in plan.algorithms}
    for sample in samples:
        by_algorithm[sample.algorithm].append(sample)
    return [summarize_algorithm(group) for group in by_algorithm.values()]


# --- the table -----------------------------------------------------------------------------------


def mean_sd_text(summary: Summary | DungeonSummary, key: str) -> str:
    mean = f"{summary.means[key]:.2f}"
    return mean if summary.sds is None else f"{mean} ± {summary.sds[key]:.2f}"


def shares_text(shares: dict[str, float]) -> str:
    """Every direction's share in a few characters: ``N 25 E 24 S 26 W 25``."""
    return " ".join(f"{d} {pct:.0f}" for d, pct in shares.items())


def title_line(plan: Plan) -> str:
    last = plan.first_seed + plan.samples - 1
    seeds = f"seed {plan.first_seed}" if plan.samples == 1 else f"seeds {plan.first_seed}-{last}"
    params = f", params {' '.join(plan.given)}" if plan.given else ""
    if plan.samples == 1:
        spread = "one maze per algorithm (no sd from one maze)"
    else:
        spread = f"mean ± sd over {plan.samples} mazes per algorithm ({SD_TEXT})"
    return f"{plan.grid} {plan.width}x{plan.height}, {seeds}{params}: {spread}"


def format_table(plan: Plan, summaries: Sequence[Summary]) -> str:
    """The one table: a title, a heading, a row per algorithm, then a line per skipped algorithm."""
    heading = ["algorithm", "grid", *(label for _, label in TABLE_METRICS), "dead ends open toward (% of all)"]
    rows = [heading]
    for s in summaries:
        rows.append([s.algorithm, s.grid, *(mean_sd_text(s, key) for key, _ in TABLE_METRICS), shares_text(s.shares)])
    numeric = set(range(2, 2 + len(TABLE_METRICS)))
    return "\n".join([title_line(plan), *aligned(rows, numeric), *plan.skipped, *dungeon_table(plan, summaries)])


DUNGEON_TITLE = "dungeon figures, over the mazes that leave rock (room cells: mean room size; room to room: " \
    "the longest shortest walk between two rooms, in steps; a lower bound on maps of very many rooms):"


def dungeon_table(plan: Plan, summaries: Sequence[Summary]) -> list[str]:
    """After a blank line, a row per algorithm whose mazes leave rock (none: no lines at all)."""
    dungeons = [(s, s.dungeon) for s in summaries if s.dungeon is not None]
    if not dungeons:
        return []
    rows = [["algorithm", "mazes", *(label for _, label in DUNGEON_METRICS)]]
    for s, d in dungeons:
        rows.append([s.algorithm, f"{d.count}/{s.count}", *(mean_sd_text(d, key) for key, _ in DUNGEON_METRICS)])
    return ["", DUNGEON_TITLE, *aligned(rows, set(range(1, 2 + len(DUNGEON_METRICS))))]


# --- files ---------------------------------------------------------------------------------------


def direction_fields(samples: Sequence[Sample]) -> list[str]:
    names = samples[0].dead_end_directions if samples else {}
    return [DIRECTION_PREFIX + d for d in names]


def dungeon_fields(samples: Sequence[Sample]) -> list[str]:
    """The dungeon columns, when any maze left rock (the others' cells stay empty)."""
    return [key for key, _ in DUNGEON_METRICS] if any(s.dungeon is not None for s in samples) else []


def raw_rows(samples: Sequence[Sample]) -> list[dict[str, Any]]:
    """Every sample's row with the same columns: a maze that leaves no rock beside dungeons has
    empty (None) dungeon figures."""
    empty = dict.fromkeys(dungeon_fields(samples))
    return [{**sample.row(), **({} if sample.dungeon else empty)} for sample in samples]


def csv_text(samples: Sequence[Sample]) -> str:
    """One header row, then a row per maze; params as compact JSON so that they read back exactly."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=[*ROW_FIELDS, *direction_fields(samples), *dungeon_fields(samples)])
    writer.writeheader()
    for row in raw_rows(samples):
        row["params"] = json.dumps(row["params"], sort_keys=True, separators=(",", ":"))
        writer.writerow(row)
    return out.getvalue()


def json_text(samples: Sequence[Sample], plan: Plan) -> str:
    """``{"version": 1, ..., "rows": [...]}`` with one row per line: readable and diffable at any size."""
    head = {"version": 1, "command": "stats", "grid": plan.grid, "width": plan.width, "height": plan.height,
            "samples": plan.samples, "first_seed": plan.first_seed, "skipped": plan.skipped}
    fields = [f"{json.dumps(key)}: {json.dumps(value)}" for key, value in head.items()]
    rows = ",\n".join("  " + json.dumps(row) for row in raw_rows(samples))
    return "{" + ", ".join(fields) + ', "rows": [\n' + rows + "\n]}\n"


# --- the chart -----------------------------------------------------------------------------------


def chart_png(plan: Plan, summaries: Sequence[Summary]) -> bytes:
    """A panel per table figure (bar = mean, error bar = sd) and one of the dead-end directions."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    names = [s.algorithm for s in summaries]
    xs = list(range(len(names)))
    fig = Figure(figsize=(16.0 if len(names) <= 8 else 20.0, 8.0), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    axes = list(fig.subplots(2, 4).flat)
    for ax, (key, label) in zip(axes, TABLE_METRICS):
        means = [s.means[key] for s in summaries]
        errors = [s.sds[key] if s.sds else 0.0 for s in summaries]
        ax.bar(xs, means, yerr=errors if plan.samples > 1 else None, capsize=3, color="tab:blue", ecolor="black")
        ax.set_title(label)
        ax.set_xticks(xs, names, rotation=60, ha="right", fontsize=8)
    direction_panel(axes[len(TABLE_METRICS)], xs, names, summaries)
    legend_panel = axes[len(TABLE_METRICS) + 1]
    legend_panel.set_axis_off()
    legend_panel.legend(*axes[len(TABLE_METRICS)].get_legend_handles_labels(), title="dead ends open toward",
                        loc="center left")
    fig.suptitle(title_line(plan))
    out = io.BytesIO()
    fig.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def direction_panel(ax: Any, xs: list[int], names: list[str], summaries: Sequence[Summary]) -> None:
    """Stacked shares of the dead-end directions: a biased algorithm shows lopsided stripes."""
    bottoms = [0.0] * len(summaries)
    for d in summaries[0].shares:
        heights = [s.shares.get(d, 0.0) for s in summaries]
        ax.bar(xs, heights, bottom=bottoms, label=d)
        bottoms = [b + h for b, h in zip(bottoms, heights)]
    ax.set_title("dead ends open toward (%)")
    ax.set_xticks(xs, names, rotation=60, ha="right", fontsize=8)
