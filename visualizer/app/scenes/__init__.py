"""The one registry of scenes. Adding a scene: one module, one line here.

Scenes open each other by these names through the shell (``host.open_scene("play", ...)``), so no
scene imports another scene's module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..scene import Host, Scene
from . import compare, lab, play, sweep, watch

SceneFactory = Callable[..., Scene]

SCENES: dict[str, SceneFactory] = {
    "watch": watch.WatchScene,
    "play": play.PlayScene.open,
    "compare": compare.CompareScene,
    "lab": lab.LabScene.open,
    "sweep": sweep.SweepScene.open,
}


def make_scene(name: str, host: Host, **context: Any) -> Scene:
    try:
        factory = SCENES[name]
    except KeyError:
        raise ValueError(f"unknown scene {name!r}; choose one of: {', '.join(SCENES)}") from None
    return factory(host, **context)


__all__ = ["SCENES", "make_scene"]
