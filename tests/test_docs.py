"""The README and the pages in docs/ say what the program does: the key tables are the help
overlay's, the commands they show run, and the architecture picture is drawn from the real imports."""

import importlib.util
import re
import shlex
from pathlib import Path

import pytest

from visualizer.algorithms import ALGORITHMS
from visualizer.app.keys import SHELL_KEYS, markdown_table
from visualizer.app.scenes import SCENES
from visualizer.solvers import SOLVERS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = {path.name: path.read_text(encoding="utf-8") for path in sorted((ROOT / "docs").glob("*.md"))}
PAGES = {"README.md": README, **{f"docs/{name}": text for name, text in DOCS.items()}}

KEY_TABLE_PAGES = {"watch": "README.md", "play": "docs/playing.md", "compare": "docs/using.md", "lab": "docs/using.md"}
"""Where each scene's key table lives; a scene added later may put its table on any page."""


def key_table(name: str) -> str:
    scene = getattr(SCENES[name], "__self__", SCENES[name])  # a class, or a class's factory method
    return markdown_table(scene.help_rows() + SHELL_KEYS.help_rows())


@pytest.mark.parametrize("name", list(SCENES))
def test_each_scenes_key_table_is_its_help_overlay(name):
    """A page holds, verbatim, the table the help overlay shows for each scene (the watch scene's in
    the README); the failure message is the table to paste."""
    table = key_table(name)
    page = KEY_TABLE_PAGES.get(name)
    holders = [page] if page else list(PAGES)
    assert any(table in PAGES[holder] for holder in holders), \
        f"{page or 'no page'} is missing or has an outdated key table for the {name} scene:\n{table}"


def test_the_readme_shows_only_the_watch_keys():
    """The README is for a first run: the other scenes' tables live in docs/ and are linked."""
    for name in SCENES:
        assert (key_table(name) in README) == (name == "watch"), name


@pytest.mark.parametrize("name", list(ALGORITHMS) + list(SOLVERS))
def test_every_algorithm_and_solver_is_documented(name):
    assert f"`{name}`" in DOCS["algorithms.md"]


def test_readme_gives_exactly_the_two_setup_commands():
    commands = [line.strip() for line in README.splitlines() if line.strip().startswith("python3 -m venv")]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/maze-visualizer",
        "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/pytest -n auto --dist loadfile",
    ]
    ci = (ROOT / ".ci" / "run").read_text()
    assert commands[1] in ci


def test_the_readme_stays_short_and_links_every_page():
    assert len(README.splitlines()) <= 200
    for name in DOCS:
        assert f"](docs/{name})" in README, name


def test_every_link_between_the_pages_leads_to_a_file():
    for page, text in PAGES.items():
        folder = (ROOT / page).parent
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
            assert (folder / target).exists(), f"{page} links to {target}, which does not exist"


def documented_commands() -> list[tuple[str, str]]:
    """Every ``maze-visualizer ...`` command shown as code on a page: (page, command without comment)."""
    found = []
    for page, text in PAGES.items():
        for line in re.findall(r"^    maze-visualizer\b(.*)$", text, re.MULTILINE):
            found.append((page, line.split("  #")[0].strip()))
    return found


@pytest.mark.parametrize(("page", "command"), documented_commands())
def test_every_documented_command_is_one_the_command_line_takes(page, command, own_files, monkeypatch):
    from visualizer.cli import parse

    monkeypatch.chdir(ROOT)  # the pages name the examples/ files from the top of a checkout

    parse(shlex.split(command))  # a refused option or value exits with status 2


def test_the_readme_animations_are_what_the_documented_commands_write(tmp_path):
    """Each GIF the README shows is made by the command docs/headless.md gives for it, byte for byte."""
    from visualizer.cli import main

    commands = re.findall(r"^\s+maze-visualizer (generate .* -o (docs/\S+\.gif))$", DOCS["headless.md"],
                          re.MULTILINE)
    assert len(commands) >= 2
    for command, target in commands:
        assert f"]({target})" in README  # shown on the front page
        args = shlex.split(command)
        args[args.index("-o") + 1] = str(tmp_path / "out.gif")
        assert main(args) == 0
        shown = ROOT / target
        assert (tmp_path / "out.gif").read_bytes() == shown.read_bytes(), target


def test_the_architecture_diagram_is_drawn_from_the_imports_as_they_are():
    """docs/architecture.md's picture is what scripts/architecture_diagram.py draws now, so it cannot
    go stale: after moving code between packages, run the script and commit the page."""
    spec = importlib.util.spec_from_file_location("architecture_diagram", ROOT / "scripts" / "architecture_diagram.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.page_diagram(DOCS["architecture.md"]) == script.diagram(), \
        "docs/architecture.md's diagram is out of date: run python scripts/architecture_diagram.py"


def test_the_diagram_shows_every_package_on_its_floor():
    shown = DOCS["architecture.md"]
    packages = sorted(p.name for p in (ROOT / "visualizer").iterdir() if (p / "__init__.py").exists())
    for package in packages:
        assert f'{package}["{package}/"]' in shown, package


def test_the_runaway_limit_in_the_docs_is_the_checkers_own_rule():
    """The page gives the rule and one worked figure; both come from the checker's constants."""
    from visualizer.plugins.checker import RUNAWAY_RULE, event_limit

    assert f"(more than {RUNAWAY_RULE}: {event_limit(300):,} events on 300 cells)" in DOCS["write-your-own.md"]
