"""The lab's sorted chart: bias seen from the back row. Every tree's count is a bar, most first,
on one scale with the expected line and the band a uniform sampler's counts fall in: a uniform
sample lies along the line inside the band, a biased one runs from far above it to far below."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from visualizer.app.scenes.lab import bias_chart

AREA = pygame.Rect(10, 100, 600, 200)


def inside_band(chart) -> float:
    top, bottom = chart.band
    return sum(1 for bar in chart.bars if top <= bar.top <= bottom) / len(chart.bars)


def height_range(chart) -> int:
    return max(bar.height for bar in chart.bars) - min(bar.height for bar in chart.bars)


@pytest.mark.parametrize(("trees", "samples", "seed"), [(192, 20000, 1), (4, 500, 2), (377, 40000, 3), (15, 3000, 4)])
def test_a_uniform_sample_lies_along_the_line_and_a_biased_one_spreads(trees, samples, seed):
    rng = np.random.default_rng(seed)
    uniform = rng.multinomial(samples, [1 / trees] * trees).tolist()
    weights = np.linspace(1, 4, trees)  # the likeliest tree four times the least likely
    biased = rng.multinomial(samples, weights / weights.sum()).tolist()
    even, skewed = bias_chart(uniform, AREA), bias_chart(biased, AREA)
    assert even is not None and skewed is not None
    assert inside_band(even) >= 0.85, inside_band(even)
    assert inside_band(skewed) <= 0.6, inside_band(skewed)
    assert height_range(skewed) >= 2 * height_range(even)
    assert height_range(skewed) >= AREA.height // 4, "the difference must be seen across a room, not a few pixels"
    top, bottom = even.band
    assert top < even.expected_y < bottom


def test_the_bars_are_sorted_fill_the_area_and_share_one_scale():
    counts = [0, 30, 10, 5, 25, 0, 40]
    chart = bias_chart(counts, AREA)
    assert chart is not None and len(chart.bars) == len(counts)
    heights = [bar.height for bar in chart.bars]
    assert heights == sorted(heights, reverse=True)
    assert heights[-1] == 0 and heights[0] > 0
    assert all(AREA.contains(bar) or bar.height == 0 for bar in chart.bars)
    assert chart.bars[0].left == AREA.left and chart.bars[-1].right >= AREA.right - 2
    assert all(a.right <= b.left for a, b in zip(chart.bars, chart.bars[1:]))
    expected = sum(counts) / len(counts)
    assert abs((AREA.bottom - chart.expected_y) / AREA.height - expected / max(max(counts), 2 * expected)) < 0.02
    assert bias_chart([0, 0, 0], AREA) is None
