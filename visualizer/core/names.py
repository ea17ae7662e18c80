"""The one-line message for a name no registry holds, with the nearest names first: a typo such as
``krusk`` should not leave the reader to find ``kruskal`` in a list of twenty-six."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def unknown(what: str, name: str, names: Iterable[str]) -> str:
    """``unknown algorithm 'krusk' (did you mean kruskal?); choose one of: ...``."""
    listed = list(names)
    near = difflib.get_close_matches(name.lower(), listed, n=3, cutoff=0.6)
    near += [known for known in listed if name and known.startswith(name.lower()) and known not in near]
    hint = f" (did you mean {' or '.join(near[:3])}?)" if near else ""
    return f"unknown {what} {name!r}{hint}; choose one of: {', '.join(listed)}"
