"""An internal error is a bug, not the user's mistake: it is said so in one line, and its traceback is
kept in a file that line names, to be sent with a report.

A usage mistake is a ``UsageError``, or a ``ValueError`` this package raises on purpose (a ``raise``
statement of its own: a bad mask, a damaged lesson). Any other exception, a ``ValueError`` out of numpy
or a bare ``int()`` included, reaches ``report_bug``: the traceback goes to
``$MAZE_VISUALIZER_CRASHES``, else the user's cache folder (``~/.cache/maze-visualizer/crashes`` on
Linux), else the temp folder; the newest ``KEEP_REPORTS`` are kept.
"""

from __future__ import annotations

import dis
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

from .errors import PROG, escaped_line

BUG_EXIT = 70
"""EX_SOFTWARE (sysexits.h): an internal error, told apart from a usage mistake (2) and a failed write (1)."""
KEEP_REPORTS = 20
"""Crash reports kept: older ones are removed when a new one is written."""
REPORT_PREFIX = "crash-"
MAX_SAID = 300
"""Characters of the exception's own message in the line (the whole of it is in the file)."""
PACKAGE_DIR = Path(__file__).resolve().parents[1]
RAISE = dis.opmap["RAISE_VARARGS"]


def is_refusal(err: BaseException) -> bool:
    """``err`` was raised on purpose by this package's own ``raise`` statement (a check refusing input),
    not by a library or by Python on the way (``int('²')``, a numpy shape mismatch): the innermost
    frame is ours and stopped at a RAISE instruction."""
    tb = err.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    code = tb.tb_frame.f_code
    try:
        ours = Path(code.co_filename).resolve().is_relative_to(PACKAGE_DIR)
    except (OSError, ValueError):
        return False
    return ours and 0 <= tb.tb_lasti < len(code.co_code) and code.co_code[tb.tb_lasti] == RAISE


def crash_folders() -> list[Path]:
    """Where a report may go, best first."""
    override = os.environ.get("MAZE_VISUALIZER_CRASHES")
    if override:
        return [Path(override)]
    folders = []
    try:
        from platformdirs import user_cache_dir

        folders.append(Path(user_cache_dir(PROG, appauthor=False)) / "crashes")
    except Exception:  # noqa: BLE001 (platformdirs missing or failing: the temp folder still takes it)
        pass
    return [*folders, Path(tempfile.gettempdir())]


def prune(folder: Path) -> None:
    """Keep the newest ``KEEP_REPORTS`` reports of the crash folder (never in the shared temp folder)."""
    if folder == Path(tempfile.gettempdir()):
        return
    reports = sorted(folder.glob(f"{REPORT_PREFIX}*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in reports[KEEP_REPORTS:]:
        old.unlink(missing_ok=True)


def save_traceback(err: BaseException) -> Path | str:
    """The file the traceback was written to, or why none could be written."""
    text = "".join(traceback.format_exception(type(err), err, err.__traceback__))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    why = "no folder to write it"
    for folder in crash_folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"{REPORT_PREFIX}{stamp}-", suffix=".txt", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            try:
                prune(folder)
            except OSError:
                pass
            return Path(name)
        except OSError as failed:
            why = f"{folder}: {failed.strerror or failed}"
    return why


def report_bug(err: BaseException) -> int:
    """The one line that says this is a bug and where its traceback is; the exit status."""
    saved = save_traceback(err)
    where = f"the traceback is in {saved}" if isinstance(saved, Path) else f"the traceback could not be saved ({saved})"
    said = str(err)
    said = said if len(said) <= MAX_SAID else said[:MAX_SAID] + "..."
    what = f"{type(err).__name__}: {said}" if said else type(err).__name__
    line = f"{PROG}: internal error (a bug, not a mistake of yours): {what}; {where}; please report it"
    print(escaped_line(line), file=sys.stderr)
    return BUG_EXIT
