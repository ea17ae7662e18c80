"""The wary reader of untrusted files: a message cut to one line, a nesting depth counted
whatever the strings hold, and a file opened without waiting, never as a terminal, never for a child."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.files.safe_read import json_depth, one_line


def test_one_line_cuts_at_the_limit_with_an_ellipsis():
    assert one_line("x" * 300) == "x" * 199 + "…"
    assert one_line("x" * 30, 20) == "x" * 19 + "…"
    assert one_line("a\n  b\tc", 20) == "a b c"


def nesting(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    return 0


TRICKY = st.text(alphabet='[]{}"\\ a', max_size=8)


JSON_VALUES = st.recursive(st.none() | st.integers() | TRICKY,
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY, inner, max_size=4),
                           max_leaves=20)


@settings(derandomize=True, max_examples=300)
@given(JSON_VALUES)
def test_the_depth_scan_counts_the_nesting_whatever_the_strings_hold(value):
    """Brackets, quotes and runs of backslashes inside strings never fool the scan: a save whose
    names hold them is neither refused as too deep nor let through when it is."""
    assert json_depth(json.dumps(value).encode()) == nesting(value)


@pytest.mark.parametrize("value", [
    "[[", ["\\"], ["\\", [[]]], ["\\\"[", [[]]], ["a\\\\\"[[", {"k\\": [[1]]}], 'x"', 7, {"\\\\\\": "]]"},
    [["\\\\", "\\\""], "[[[", [[["\\"]]]],
])
def test_the_depth_scan_on_hand_picked_strings(value):
    assert json_depth(json.dumps(value).encode()) == nesting(value)


def test_a_save_is_opened_without_waiting_never_as_a_terminal_and_not_for_child_processes(tmp_path, monkeypatch):
    """What keeps a hostile save harmless before a byte is read: a FIFO in its place must not make
    the game wait (non-blocking), a terminal device must not become the game's controlling
    terminal, and no child process (the sound or the recorder's workers) inherits the file."""
    import os

    from visualizer.files import safe_read

    path = tmp_path / "save.json"
    path.write_bytes(b"{}")
    seen = []
    real_open = os.open
    monkeypatch.setattr(safe_read.os, "open", lambda p, flags, *a: seen.append(flags) or real_open(p, flags, *a))
    assert safe_read.read_regular(path, 10) == b"{}"
    (flags,) = seen
    for flag in (os.O_NONBLOCK, os.O_NOCTTY, os.O_CLOEXEC):
        assert flags & flag, flag
    assert flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC) == 0  # read only, never made or cut
