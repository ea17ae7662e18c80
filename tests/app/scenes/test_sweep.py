"""The sweep scene: one algorithm at several values of a parameter, a bar a value."""

import pygame
import pytest

from visualizer.analysis.uniformity import noise_floor, total_variation
from visualizer.app.main import open_window
from visualizer.app.scenes.sweep import BIASED_BAR, UNIFORM_BAR, SweepScene
from visualizer.app.shell import Shell
from visualizer.cli import main
from visualizer.run.spec import MazeSpec

SPEC = MazeSpec("origin_shift", "square", 3, 3, 1)


@pytest.fixture
def window():
    surface = open_window((1024, 768))
    yield surface
    pygame.quit()


def open_sweep(surface, values=(0, 1, 20), samples=3000) -> tuple[Shell, SweepScene]:
    shell = Shell(SPEC, screen=surface)
    shell.work_budget = lambda minimum: 0.0  # type: ignore[method-assign]  # one slice a frame
    shell.frame([], 1 / 60)
    shell.open_scene("sweep", spec=SPEC, param="iterations", values=list(values), samples=samples)
    assert isinstance(shell.scene, SweepScene)
    return shell, shell.scene


def run_out(shell, scene, frames=4000):
    for _ in range(frames):
        if not scene.busy:
            return
        shell.frame([], 1 / 60)
    raise AssertionError("the sweep did not finish")


def key(shell, code):
    shell.frame([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")], 1 / 60)


def test_every_value_grows_together_and_the_chain_is_seen_to_mix(window):
    shell, scene = open_sweep(window)
    for _ in range(40):
        shell.frame([], 1 / 60)
    counts = [s.samples for s in scene.samplers]
    assert min(counts) > 0 and max(counts) - min(counts) <= max(counts) // 2 + 64  # in turns, not one after another
    run_out(shell, scene)
    tests = [scene.test(i) for i in range(3)]
    assert not tests[0].uniform and not tests[1].uniform and tests[2].uniform  # 0 moves: the start maze only
    assert scene.summary() == "looks uniform from iterations = 20"
    assert "iterations = 20" in dict(scene.panel_lines())["So far"]


def test_the_bars_are_the_distances_in_their_verdicts_colours(window):
    shell, scene = open_sweep(window)
    run_out(shell, scene)
    shell.frame([], 1 / 60)
    _, plot = scene.plot_rect(shell.view_rect())
    bars = scene.bar_rects(plot)
    for sampler, bar in zip(scene.samplers, bars):
        assert bar.height == round(plot.height * min(1.0, total_variation(sampler.counts)))
    assert bars[0].height > bars[2].height * 3
    colours = [tuple(window.get_at(bar.center))[:3] for bar in bars if bar.height > 4]
    assert BIASED_BAR in colours and UNIFORM_BAR in colours
    floor = scene.floor_y(plot)
    assert floor == plot.bottom - round(plot.height * noise_floor(3000, len(scene.table)))


def test_space_pauses_then_samples_another_batch_and_r_resets(window):
    shell, scene = open_sweep(window, values=(1, 2), samples=200)
    key(shell, pygame.K_SPACE)
    assert scene.paused and not scene.busy
    key(shell, pygame.K_SPACE)
    run_out(shell, scene)
    assert all(s.samples == 200 for s in scene.samplers)
    key(shell, pygame.K_SPACE)
    assert scene.goal == 400 and scene.busy
    key(shell, pygame.K_r)  # the frame after it samples a first slice again
    assert all(s.samples < 100 for s in scene.samplers) and scene.goal == 200
    key(shell, pygame.K_ESCAPE)
    assert shell.scene.name == "watch"


def test_lab_sweep_window_opens_the_scene_with_the_values(monkeypatch):
    opened = {}

    def fake_app(spec, scene=None, **context):
        opened.update(spec=spec, scene=scene, **context)
        return 0

    monkeypatch.setattr("visualizer.app.main.run_app", fake_app)
    assert main(["lab", "-a", "origin_shift", "--sweep", "iterations=0,5,20", "--window", "-n", "500"]) == 0
    assert opened["scene"] == "sweep" and opened["values"] == [0, 5, 20] and opened["samples"] == 500
    assert opened["spec"].algorithm == "origin_shift" and opened["param"] == "iterations"
