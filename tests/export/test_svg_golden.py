"""The SVG text of a few mazes of every grid is the very text it was (its hash): the walls' polylines
are walked and written in bulk, and a change to that work must not change one byte of a drawing."""

from __future__ import annotations

import hashlib

import pytest

from visualizer.cli import main

GOLDEN = {
    ("hex", "20x14", "1", "backtracker"): "6ef38df4449bdcc95acaffa0d280117ca0d3a62166b22b8f01fbf2407208440b",
    ("hex", "60x40", "2", "backtracker"): "ed5faaef9357151133a089e47d0cc200531dc84e50413bd09edc36727c441bf3",
    ("hex", "60x40", "4", "dungeon"): "c30e11a307d5f73710167affdb7e9d73b8f7d1b3d0fe1306820e18456d8a139c",
    ("square", "20x14", "1", "backtracker"): "1710d50934eb01ce55e32fb0c56d0d5746dba308e8828266b50773a3bd94a84c",
    ("triangle", "20x14", "2", "backtracker"): "44e24f71b34f6768d7564b082e7c5e6a454deb25b8852fffaba480222cecc432",
    ("polar", "20x14", "1", "backtracker"): "9c0eb2323cfc9e53aeeb31927c7107cc8335884c654761b50ad8be3189a7631c",
}
"""sha256 of ``generate -g GRID -s SIZE --seed SEED -a ALGORITHM -o maze.svg``, from the code that
walked the walls one Python step a wall (2026-12-02)."""


@pytest.mark.parametrize(("grid", "size", "seed", "algorithm"), sorted(GOLDEN))
def test_svg_bytes_are_those_of_the_drawing_before(tmp_path, grid, size, seed, algorithm):
    out = tmp_path / "maze.svg"
    assert main(["generate", "-g", grid, "-s", size, "--seed", seed, "-a", algorithm, "-o", str(out)]) == 0
    assert hashlib.sha256(out.read_bytes()).hexdigest() == GOLDEN[(grid, size, seed, algorithm)]
