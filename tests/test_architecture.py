"""The shape of the code: no import cycles, generators without pygame, scenes independent."""

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "visualizer"


def load_import_reader():
    """The import reader the architecture diagram is drawn with (scripts/architecture_diagram.py):
    the rule and the picture read imports the same way."""
    spec = importlib.util.spec_from_file_location("architecture_diagram", ROOT / "scripts" / "architecture_diagram.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


READER = load_import_reader()
module_name = READER.module_name
imports_of = READER.imported_names
"""Modules of this package (and their members) that a file imports at run time (not under TYPE_CHECKING)."""


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}


def test_no_import_cycles():
    edges = graph()
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                raise AssertionError("import cycle: " + " -> ".join(trail[trail.index(nxt):] + [nxt]))
            if nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])


def imports_pygame(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "pygame" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame":
            return True
    return False


PURE = ("core", "grids", "algorithms", "solvers", "files", "run", "analysis", "export", "play")
"""Packages that never import pygame: the model, the generators and everything a headless command runs."""


def test_the_model_generators_and_headless_layers_never_import_pygame():
    pure = [p for folder in PURE for p in (PACKAGE / folder).rglob("*.py")]
    assert not [str(p.relative_to(PACKAGE)) for p in pure if imports_pygame(p)]


LAYERS = (
    ("core",),
    ("grids",),
    ("files",),
    ("algorithms", "solvers", "api"),
    ("run", "plugins"),
    ("analysis", "render"),
    ("export",),
    ("play",),
    ("app",),
    ("bench",),
    ("cli",),
)
"""The floors, bottom first: a module imports only from its own package or from a floor below."""


def floor_of(module: str) -> tuple[int, str]:
    package = module.split(".")[1] if module.count(".") else ""
    for number, names in enumerate(LAYERS):
        if package in names:
            return number, package
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def test_every_package_is_on_a_floor_and_imports_only_point_down():
    upward = []
    for module, imported in graph().items():
        if module in ("visualizer", "visualizer.__main__"):
            continue
        floor, package = floor_of(module)
        for target in imported:
            if target == "visualizer":
                continue
            other_floor, other = floor_of(target)
            if other != package and other_floor >= floor:
                upward.append(f"{module} -> {target}")
    assert not upward, upward


def test_no_scene_imports_another_scene():
    scenes = {p.stem for p in (PACKAGE / "app" / "scenes").glob("*.py")} - {"__init__"}
    for scene in scenes:
        imported = imports_of(PACKAGE / "app" / "scenes" / f"{scene}.py")
        others = {f"visualizer.app.scenes.{s}" for s in scenes - {scene}}
        assert not imported & others, (scene, imported & others)
