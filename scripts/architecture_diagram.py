#!/usr/bin/env python3
"""Draw the packages of ``visualizer/`` and the imports between them as a Mermaid flowchart, and
write it into docs/architecture.md between its marker comments.

The imports are read from the source with ``ast``, as the architecture test reads them: run-time
imports only (an import under ``if TYPE_CHECKING:`` is free). The floors are the ones that test
enforces (its ``LAYERS``), so the picture shows the rule and the arrows show that it holds. An arrow
``A --> B`` says that some module of package A imports from package B (how many would change with
every module added, and the picture is about the floors).

    python scripts/architecture_diagram.py           # rewrite the diagram in docs/architecture.md
    python scripts/architecture_diagram.py --check   # exit 1 when the page's diagram is out of date

A test runs the check, so the page cannot go stale: after moving code between packages, run the
first command and commit the page.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "visualizer"
PAGE = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- architecture-diagram: begin (written by scripts/architecture_diagram.py; do not edit) -->"
END = "<!-- architecture-diagram: end -->"


def module_name(path: Path) -> str:
    """``visualizer/core/maze.py`` -> ``visualizer.core.maze`` (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def type_checking_nodes(tree: ast.AST) -> set[int]:
    """Ids of the nodes under ``if TYPE_CHECKING:`` (imported for annotations only, never at run time)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(child) for child in ast.walk(node))
    return skip


def imported_names(path: Path) -> set[str]:
    """Dotted names under ``visualizer`` that ``path`` imports at run time (modules and their members)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    skip = type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(0, node.level - 1)):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name == "visualizer" or name.startswith("visualizer.")}


def package_of(module: str) -> str | None:
    """The package directly under ``visualizer`` that holds ``module``; None for the top level."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and (PACKAGE / parts[1]).is_dir() else None


def package_imports() -> Counter[tuple[str, str]]:
    """``(importing package, imported package)`` -> how many modules of the first import from the second."""
    paths = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    counts: Counter[tuple[str, str]] = Counter()
    for module, path in paths.items():
        source = package_of(module)
        if source is None:
            continue
        targets = {package_of(name) for name in imported_names(path) if name in paths}
        counts.update((source, target) for target in targets if target not in (None, source))
    return counts


def floors() -> tuple[tuple[str, ...], ...]:
    """The floors, bottom first, as the architecture test declares them (its ``LAYERS`` literal)."""
    for test in sorted((ROOT / "tests").rglob("test_architecture.py")):
        for node in ast.parse(test.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "LAYERS" for t in node.targets):
                return tuple(tuple(names) for names in ast.literal_eval(node.value))
    raise SystemExit("no LAYERS in tests/**/test_architecture.py: the floors are declared there")


def diagram() -> str:
    """The Mermaid flowchart, top floor first; arrows point from the importing package down."""
    layers = floors()
    placed = {name for names in layers for name in names}
    counts = package_imports()
    missing = sorted({name for pair in counts for name in pair} - placed)
    if missing:
        raise SystemExit(f"packages on no floor: {', '.join(missing)} (add them to LAYERS)")
    lines = ["```mermaid", "flowchart TB"]
    for number in reversed(range(len(layers))):
        lines.append(f'    subgraph floor{number}["floor {number}"]')
        lines.extend(f'        {name}["{name}/"]' for name in layers[number])
        lines.append("    end")
    order = {name: number for number, names in enumerate(layers) for name in names}
    for source, target in sorted(counts, key=lambda pair: (-order[pair[0]], pair)):
        lines.append(f"    {source} --> {target}")
    lines.append("```")
    return "\n".join(lines)


def page_diagram(text: str) -> str:
    """What the page holds between the markers (without them)."""
    _, begin, rest = text.partition(BEGIN)
    body, end, _ = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"{PAGE.relative_to(ROOT)} has no diagram markers ({BEGIN} ... {END})")
    return body.strip("\n")


def with_diagram(text: str, new: str) -> str:
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{new}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the page's diagram is out of date")
    args = parser.parse_args(argv)
    text = PAGE.read_text(encoding="utf-8")
    new = diagram()
    if args.check:
        if page_diagram(text) != new:
            print(f"{PAGE.relative_to(ROOT)}: the diagram is out of date; run scripts/architecture_diagram.py",
                  file=sys.stderr)
            return 1
        return 0
    page_diagram(text)  # the markers must be there
    PAGE.write_text(with_diagram(text, new), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
