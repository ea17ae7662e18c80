"""The bench's figures: each prints what it measures (the first-person frame, the animated exports)."""

from __future__ import annotations

from visualizer.export.animation import write_gif, write_webp


def test_the_bench_prints_the_first_person_frame_time():
    from visualizer.bench.figures import TARGET_FIRST_PERSON_MS, first_person_figures

    lines: list[str] = []
    figures = first_person_figures(frames=2, mazes=(("square", 30, 20), ("hex", 12, 8)), out=lines.append)
    assert set(figures) == {"square 30x20", "hex 12x8"}
    assert all(row["best_ms"] > 0 for row in figures.values())
    assert sum("ms" in line and f"<= {TARGET_FIRST_PERSON_MS:g} ms" in line for line in lines) == 2


WRITERS = {"gif": write_gif, "webp": write_webp}


def test_the_bench_prints_time_and_size_of_both_formats():
    from visualizer.bench.figures import animation_figures

    lines: list[str] = []
    figures = animation_figures(width=8, height=6, seconds=1.0, out=lines.append)
    text = "\n".join(lines)
    for fmt in WRITERS:
        assert figures[fmt]["seconds"] > 0 and figures[fmt]["mb"] > 0
        assert f"{fmt} " in text and f"{figures[fmt]['mb']:.2f} MB" in text


def test_a_grid_that_cannot_take_a_size_is_skipped_with_a_note_not_an_exit(monkeypatch):
    from visualizer.bench import figures as bench

    monkeypatch.setattr(bench, "_print_targets", lambda *args, **kwargs: None)
    lines: list[str] = []
    figures = bench.run_bench(sizes=[1000], algorithms=["backtracker"], grids=["polar"], out=lines.append,
                              heavy=False)
    assert figures["rows"] == [] and [row[:2] for row in figures["refused"]] == [("polar", 1000)]
    note = next(line for line in lines if "skipped" in line)
    assert "polar" in note and "cells" in note
    assert any(bench.HEAVY_NOTE in line for line in lines)  # the quiet targets' row says why it is empty


def test_the_generator_rows_print_every_ratio_against_its_target(monkeypatch):
    from visualizer.bench import generators

    monkeypatch.setattr(generators, "kruskal_child",
                        lambda side: {"seconds": side * side * 2e-6, "peak_mb": 123.0})
    lines: list[str] = []
    figures = generators.generator_figures(out=lines.append, big=60, small=20, huge=80)
    text = "\n".join(lines)
    assert figures["walk_steps"][60] > figures["walk_steps"][20] > 20 * 20
    for target in ("<= 3x", "<= 5x", "<= 1.3x", "<= 400 MB"):
        assert target in text, target
    assert "123 MB" in text and "steps" in text
