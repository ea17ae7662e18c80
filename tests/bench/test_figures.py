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
