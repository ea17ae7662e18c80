"""The shape of the code: no import cycles, generators without pygame, scenes independent."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "visualizer"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Modules of this package that ``path`` imports at run time (not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text())
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = set()
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(child) for child in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(0, node.level - 1)):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            if target.startswith("visualizer"):
                found.add(target)
                found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("visualizer"))
    return found


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
    ("algorithms", "solvers"),
    ("run",),
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
