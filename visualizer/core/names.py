"""The one-line message for a name no registry holds, with the nearest names first: a typo such as
``krusk`` should not leave the reader to find ``kruskal`` in a list of twenty-six."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable
from pathlib import PurePath

FILE_KINDS = {"algorithm": "an", "solver": "a"}
"""What a file of one's own can stand for (``-a my.py``, ``--solve my_solver.py``), with its article."""


def looks_like_file(value: str) -> bool:
    """True when a name has a folder or an extension in it (``first_maze.txt``, ``./my``): no
    registry name has either, so it was meant as a file."""
    return os.sep in value or "/" in value or bool(PurePath(value).suffix)


def not_python(what: str, value: str) -> str:
    """``first_maze.txt: an algorithm file must be a .py file``."""
    return f"{value}: {FILE_KINDS[what]} {what} file must be a .py file"


def unknown(what: str, name: str, names: Iterable[str], files: bool = True) -> str:
    """``unknown algorithm 'krusk' (did you mean kruskal?); choose one of: ...``; a name that looks
    like a file that is not a .py says so instead of listing every name (unless ``files`` is False:
    where only registry names are taken, such as a lesson's slides)."""
    if files and what in FILE_KINDS and looks_like_file(name) and not name.endswith(".py"):
        return not_python(what, name)
    listed = list(names)
    near = difflib.get_close_matches(name.lower(), listed, n=3, cutoff=0.6)
    near += [known for known in listed if name and known.startswith(name.lower()) and known not in near]
    hint = f" (did you mean {' or '.join(near[:3])}?)" if near else ""
    return f"unknown {what} {name!r}{hint}; choose one of: {', '.join(listed)}"
