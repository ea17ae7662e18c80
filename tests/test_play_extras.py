"""Play worth coming back to: best times and fewest moves kept per level and maze, a ghost to race,
a seeded series a friend can replay, and sounds that never stop a silent machine."""

from __future__ import annotations

import json

import numpy as np
import pygame
import pytest
from helpers import key, walk_shortest_path

from visualizer.app.shell import Shell
from visualizer.app.sounds import SoundBoard, synthesize
from visualizer.cli import main
from visualizer.play.ghost import Ghost, next_level, race_result
from visualizer.play.records import MAX_RECORDS, Records, recipe_key, records_path
from visualizer.render.palette import GHOST
from visualizer.run.spec import MazeSpec

SPEC = MazeSpec("backtracker", "square", 8, 5, 41)


# --- records --------------------------------------------------------------------------------


def test_a_win_is_a_record_until_a_better_one_beats_it(tmp_path):
    records = Records.load(tmp_path / "records.json")
    first = records.add_win(SPEC, 2, 30.0, 40)
    assert first.first_win and not first.new_best_time
    slower = records.add_win(SPEC, 2, 35.0, 38)
    assert not slower.new_best_time and slower.new_fewest_moves
    assert slower.previous.best_time == 30.0 and slower.record.fewest_moves == 38
    faster = records.add_win(SPEC, 2, 20.5, 50)
    assert faster.new_best_time and not faster.new_fewest_moves and faster.record.wins == 3
    records.save()
    again = Records.load(tmp_path / "records.json")
    assert again.get(SPEC, 2) == faster.record and again.get(SPEC, 3) is None


def test_a_record_belongs_to_the_recipe_and_the_level():
    keys = {recipe_key(SPEC, 1), recipe_key(SPEC, 2), recipe_key(SPEC.with_(seed=42), 1),
            recipe_key(SPEC.with_(params={"braid": 50}), 1), recipe_key(SPEC.with_(grid="hex"), 1)}
    assert len(keys) == 5
    assert recipe_key(SPEC, 1) == recipe_key(SPEC.with_(params={"braid": 0}), 1)  # defaults spelled out


def test_only_the_newest_records_are_kept_when_there_are_too_many(tmp_path):
    records = Records.load(tmp_path / "records.json")
    for seed in range(MAX_RECORDS + 3):
        records.add_win(SPEC.with_(seed=seed), 1, 10.0, 10)
    assert len(records.entries) == MAX_RECORDS
    assert records.get(SPEC.with_(seed=0), 1) is None and records.get(SPEC.with_(seed=MAX_RECORDS + 2), 1)


@pytest.mark.parametrize("content", [
    b"{", b"[]", b'{"format": "maze-visualizer-records", "version": 2, "records": []}',
    b'{"format": "maze-visualizer-records", "version": 1, "records": [{"key": "x", "time": 1, "moves": 1}]}',
    b'{"format": "maze-visualizer-records", "version": 1, "records": [{"key": "a|b|c|d|e|1", "time": -1, "moves": 1}]}',
    b'{"format": "maze-visualizer-records", "version": 1, "records": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    b'{"format": "maze-visualizer-records", "version": true, "records": []}',
])
def test_a_damaged_records_file_is_set_aside_in_one_line_and_play_goes_on(tmp_path, content):
    path = tmp_path / "records.json"
    path.write_bytes(content)
    records = Records.load(path)
    assert records.entries == {} and records.problem and "\n" not in records.problem
    assert len(records.problem) <= 200
    assert not path.exists() and any(p.name.startswith("records.json.bad-") for p in tmp_path.iterdir())
    records.add_win(SPEC, 1, 5.0, 5)
    records.save()
    assert Records.load(path).get(SPEC, 1) is not None


def test_unknown_settings_are_dropped_and_known_ones_kept(tmp_path):
    path = tmp_path / "records.json"
    path.write_text(json.dumps({"format": "maze-visualizer-records", "version": 1, "records": [],
                                "settings": {"sound": False, "ghost": "hard", "volume": 11}}))
    assert Records.load(path).settings == {"sound": False, "ghost": "hard"}
    path.write_text(json.dumps({"format": "maze-visualizer-records", "version": 1, "records": [],
                                "settings": {"sound": "loud", "ghost": "scary"}}))
    assert Records.load(path).settings == {}


# --- the ghost --------------------------------------------------------------------------------


def test_the_ghost_walks_its_path_at_its_pace_and_stops_at_the_exit():
    ghost = Ghost((5, 6, 7, 8, 9), 4.0)
    assert ghost.arrival == 1.0
    assert ghost.where(0) == (5, 6, 0.0)
    assert ghost.where(0.375) == (6, 7, 0.5)
    assert ghost.where(5.0) == (9, 9, 0.0) and ghost.arrived(1.0) and not ghost.arrived(0.99)
    assert race_result(ghost, 0.5) == "You beat the ghost by 0.5 s"
    assert race_result(ghost, 3.25) == "The ghost arrived 2.2 s before you"
    assert next_level("off") == "easy" and next_level("hard") == "off" and next_level("bogus") == "off"


# --- in the window ------------------------------------------------------------------------------


def play_a_level(screen, ghost=None, elapsed=None):
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="new", ghost=ghost)
    if elapsed is not None:
        app.scene.game.elapsed = elapsed
    walk_shortest_path(app)
    return app


def test_the_win_screen_says_new_best_and_shows_the_seed_to_share(screen, data):
    app = play_a_level(screen, elapsed=50.0)
    lines = app.scene.screen_lines()
    assert any("first win" in line for line in lines)
    assert any(f"play --seed {SPEC.seed} races these same mazes" in line for line in lines)
    app.scene.leave()
    (data / "save.json").unlink()  # start the series again from level 1
    app = play_a_level(screen, elapsed=10.0)
    lines = app.scene.screen_lines()
    assert any(line.startswith("New best time") and "0:50" in line for line in lines), lines
    rows = Records.load(records_path(data)).table()
    assert len(rows) == 1 and rows[0][0] == "1" and rows[0][3].startswith("0:10")


def test_play_records_prints_the_table(screen, data, capsys):
    play_a_level(screen, elapsed=12.0)
    pygame.quit()
    assert main(["play", "--records"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["level", "maze"] and "backtracker square 8x5" in out[1] and "0:12" in out[1]


def test_the_ghost_races_you_and_the_win_screen_says_who_won(screen, data):
    app = play_a_level(screen, ghost="hard", elapsed=100.0)
    assert any("The ghost arrived" in line for line in app.scene.screen_lines())
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="maze", maze=SPEC.build(), ghost="easy")
    scene = app.scene
    assert scene.busy  # the ghost is walking: the board redraws every frame
    scene.game.elapsed = 1.25
    app.frame([], 0)
    view = app.view_rect()
    pixels = pygame.surfarray.array3d(app.screen.subsurface(view))
    assert (pixels == np.array(GHOST)).all(axis=2).sum() > 10


def test_g_cycles_the_ghost_and_the_choice_is_remembered(screen, data):
    app = Shell(SPEC, screen=screen)
    app.open_scene("play", spec=SPEC, mode="new")
    assert app.scene.ghost is None
    key(app, pygame.K_g)
    key(app, pygame.K_g)
    assert app.scene.ghost_level == "medium" and app.scene.ghost.pace == 4.0
    key(app, pygame.K_m)
    assert not app.scene.sounds.enabled
    app2 = Shell(SPEC, screen=screen)
    app2.open_scene("play", spec=SPEC, mode="maze", maze=SPEC.build())
    assert app2.scene.ghost_level == "medium" and not app2.scene.sounds.enabled
    assert ("Sound", "off (M)") in app2.scene.panel_lines()


# --- sound ----------------------------------------------------------------------------------------


def test_the_sounds_are_short_distinct_and_not_silent():
    sounds = synthesize()
    assert set(sounds) == {"step", "bump", "exit", "best"}
    for name, samples in sounds.items():
        assert samples.dtype == np.int16 and samples.ndim == 2 and samples.shape[1] == 2
        assert 0.02 < len(samples) / 22050 < 0.6, name
        assert np.abs(samples).max() > 5000
    assert len({samples.tobytes() for samples in sounds.values()}) == 4


def test_no_audio_device_means_silence_not_a_crash(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    assert not board.available and board.play("step") is False
    assert board.toggle() is False and board.toggle() is True


def test_choosing_a_ghost_after_a_win_does_not_invent_a_race(screen, data):
    app = play_a_level(screen, elapsed=30.0)
    key(app, pygame.K_g)
    assert not any("ghost" in line for line in app.scene.screen_lines())
    key(app, pygame.K_RETURN)  # the next level is raced
    assert app.scene.ghost is not None and app.scene.ghost.pace == 2.0
