"""A normal install must carry every subpackage and asset (a missing one only shows up installed)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def listed_packages() -> set[str]:
    text = (ROOT / "pyproject.toml").read_text()
    block = re.search(r"packages = \[(.*?)\]", text, re.S).group(1)
    return set(re.findall(r'"([\w.]+)"', block))


def test_every_subpackage_is_listed_in_pyproject():
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "visualizer").rglob("__init__.py")}
    assert found <= listed_packages(), f"add to pyproject.toml packages: {sorted(found - listed_packages())}"


def test_assets_are_present():
    assert (ROOT / "assets" / "fonts" / "DejaVuSans.ttf").is_file()
    assert (ROOT / "assets" / "icon.png").is_file()
    from visualizer.files.assets import asset

    assert asset("fonts", "DejaVuSans-Bold.ttf").stat().st_size > 100_000


def test_every_asset_file_is_in_the_package_data():
    """A shipped file no package-data pattern names is left out of a normal (non-editable) install."""
    from fnmatch import fnmatch

    text = (ROOT / "pyproject.toml").read_text()
    patterns = re.findall(r'"([^"]+)"', re.search(r'"visualizer.assets" = \[(.*?)\]', text, re.S).group(1))
    files = [p.relative_to(ROOT / "assets").as_posix() for p in (ROOT / "assets").rglob("*")
             if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts]
    assert "masks/heart.png" in files and "masks/maze.txt" in files
    missing = [f for f in files if not any(fnmatch(f, pattern) and f.count("/") == pattern.count("/")
                                           for pattern in patterns)]
    assert not missing, f"add to [tool.setuptools.package-data]: {missing}"


def test_a_source_checkout_finds_the_shipped_assets_without_an_install(monkeypatch):
    """Run from a checkout (no ``visualizer.assets`` package), fonts and masks come from ``assets/``."""
    from importlib import resources

    from visualizer.files import assets

    def not_installed(name: str):
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(resources, "files", not_installed)
    # CI imports the installed copy; point it at the checkout's own file, as a source run would be.
    monkeypatch.setattr(assets, "__file__", str(ROOT / "visualizer" / "files" / "assets.py"))
    assert (assets.assets_dir() / "fonts" / "DejaVuSans.ttf").is_file()
    assert (assets.assets_dir() / "masks").is_dir()
