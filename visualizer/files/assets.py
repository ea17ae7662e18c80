"""Find files shipped in ``assets/``, installed or straight from a source checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def assets_dir() -> Path:
    """The folder holding fonts and the icon.

    Installed, ``assets/`` is the package ``visualizer.assets``; in a source checkout it sits beside
    the ``visualizer`` folder.
    """
    try:
        return Path(str(resources.files("visualizer.assets")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[2] / "assets"  # visualizer/files/assets.py -> the checkout


def asset(*parts: str) -> Path:
    """Path of one shipped file; FileNotFoundError names it when the install is incomplete."""
    path = assets_dir().joinpath(*parts)
    if not path.is_file():
        raise FileNotFoundError(f"missing asset {'/'.join(parts)} (looked in {path.parent})")
    return path
