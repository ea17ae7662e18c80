"""The window's remembered choices (theme, wall weight, layout): one small JSON file in the user's config folder.

A choice made with a key is there the next time the window opens; a choice given on the command
line wins over it and is remembered too. The folder is platformdirs' user config folder for
``maze-visualizer`` (``~/.config/maze-visualizer`` on Linux), or ``$MAZE_VISUALIZER_CONFIG`` when
set (the tests point it at a temporary folder, so they never touch the real home). Saving is
atomic; a file that cannot be read as settings is set aside (renamed ``settings.json.damaged``)
with one line on stderr, and the defaults are used: never a crash, and nothing is lost.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from .atomic import write_atomic
from .safe_read import MAX_DEPTH, json_depth, read_regular

APP_NAME = "maze-visualizer"
FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024
DEFAULTS: dict[str, str] = {"theme": "dark", "walls": "normal", "layout": "side"}
CHOICES: dict[str, tuple[str, ...]] = {"theme": ("dark", "light", "high-contrast"),
                                       "walls": ("thin", "normal", "thick"),
                                       "layout": ("side", "presenting", "board")}
"""Every setting and the values it may take (``render.themes.THEMES``, ``grids.WALL_WEIGHTS`` and
``app.layout.Arrangement`` spell the same)."""


def settings_path() -> Path:
    """Where the settings live: $MAZE_VISUALIZER_CONFIG, else the user's config folder."""
    override = os.environ.get("MAZE_VISUALIZER_CONFIG")
    if override:
        return Path(override) / FILE_NAME
    from platformdirs import user_config_dir
    return Path(user_config_dir(APP_NAME, appauthor=False)) / FILE_NAME


def load(path: Path | None = None) -> dict[str, str]:
    """The settings, every key present: the file's valid values over the defaults."""
    path = path or settings_path()
    settings = dict(DEFAULTS)
    try:
        raw = read_regular(path, MAX_BYTES)
        if json_depth(raw) > MAX_DEPTH:  # json.loads recurses: refuse before it meets deep nesting
            raise ValueError("nested too deeply")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except FileNotFoundError:
        return settings
    except (OSError, ValueError) as err:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        _set_aside(path, err)
        return settings
    for key, allowed in CHOICES.items():
        value = data.get(key)
        if isinstance(value, str) and value in allowed:
            settings[key] = value
    return settings


def _set_aside(path: Path, err: Exception) -> None:
    """Move a damaged settings file out of the way (so it is not read again, nor lost) and say so."""
    aside = path.with_name(path.name + ".damaged")
    try:
        os.replace(path, aside)
        where = f"moved to {aside}"
    except OSError:
        where = "left as it is"
    print(f"maze-visualizer: settings file {path} could not be read ({err}); {where}, using the defaults",
          file=sys.stderr)


def save(changes: Mapping[str, str], path: Path | None = None) -> str | None:
    """Remember ``changes`` (merged into what is saved); returns a one-line reason when it could
    not be written (the window then says so and goes on), else None."""
    path = path or settings_path()
    settings = load(path)
    settings.update({k: v for k, v in changes.items() if v in CHOICES.get(k, ())})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(settings, indent=2, sort_keys=True) + "\n")
    except OSError as err:
        return f"settings not saved: {err.strerror or err}"
    return None
