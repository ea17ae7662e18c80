"""The compare bench row: it runs, and prints the ratio beside its target."""

import pygame

from visualizer.bench.compare import TARGET, compare_bench


def test_the_compare_row_prints_its_ratio_and_target():
    lines: list[str] = []
    try:
        figures = compare_bench(16, 12, out=lines.append)
    finally:
        pygame.quit()
    (line,) = lines
    assert "4 panes of 16x12" in line and f"target <= {TARGET:g}x" in line and "ratio" in line
    assert figures["window"] > 0 and figures["quiet"] > 0 and figures["frames"] >= 2
