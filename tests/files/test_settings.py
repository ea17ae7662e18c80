"""The window's remembered look: saved atomically, read back, a damaged file set aside with one line."""

import json

import pytest

from visualizer.app.layout import Arrangement
from visualizer.cli import options
from visualizer.files import settings
from visualizer.grids.layout import WALL_WEIGHTS
from visualizer.render.themes import THEMES


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("MAZE_VISUALIZER_CONFIG", str(tmp_path))
    return tmp_path


def test_the_choices_are_the_renderers_names():
    assert settings.CHOICES["theme"] == tuple(THEMES) and set(options.THEMES) == set(THEMES)
    assert settings.CHOICES["walls"] == tuple(WALL_WEIGHTS) == options.WALLS
    assert settings.CHOICES["layout"] == tuple(a.value for a in Arrangement) == options.LAYOUTS


def test_nothing_saved_gives_the_defaults(config):
    assert settings.load() == {"theme": "dark", "walls": "normal", "layout": "side"}
    assert not list(config.iterdir())


def test_a_choice_is_remembered_and_merged(config):
    assert settings.save({"theme": "high-contrast"}) is None
    assert settings.save({"walls": "thick"}) is None
    assert settings.save({"layout": "presenting"}) is None
    chosen = {"theme": "high-contrast", "walls": "thick", "layout": "presenting"}
    assert settings.load() == chosen
    assert json.loads((config / "settings.json").read_text()) == chosen


@pytest.mark.parametrize("damage", [b"{not json", b"\xff\xfe", b"[1, 2]", b"null"])
def test_a_damaged_file_is_set_aside_with_one_line(config, capsys, damage):
    (config / "settings.json").write_bytes(damage)
    assert settings.load() == settings.DEFAULTS
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "settings file" in err and "Traceback" not in err
    assert (config / "settings.json.damaged").read_bytes() == damage  # nothing the user saved is lost
    assert not (config / "settings.json").exists()
    assert settings.save({"theme": "light"}) is None and settings.load()["theme"] == "light"


def test_unknown_values_are_ignored(config):
    (config / "settings.json").write_text('{"theme": "neon", "walls": "thick", "layout": "x", "other": 1}')
    assert settings.load() == {"theme": "dark", "walls": "thick", "layout": "side"}


def test_a_folder_that_cannot_be_written_gives_a_reason_not_a_crash(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("MAZE_VISUALIZER_CONFIG", str(blocker / "sub"))
    assert settings.save({"theme": "light"}).startswith("settings not saved")


def test_the_default_folder_is_the_users_config_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("MAZE_VISUALIZER_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings.settings_path() == tmp_path / "maze-visualizer" / "settings.json"
