"""How the command line fails: the exit statuses, the two exceptions a command raises and the one line
that reports them.

Every user mistake ends as one line on stderr and exit status 2 (``ERROR_EXIT``), never a traceback.
A failure to write standard output (a full disk) is one line and status 1 (``IO_EXIT``); a reader that
goes away (``generate | head``) ends the command quietly with status 141 (``PIPE_EXIT``, 128 + SIGPIPE),
as the shell reports for other tools; a signal ends it with 128 + N (``files.stopping``). Anything else
is a bug, not the user's mistake: one line that says so and names the file its traceback went to,
status 70 (``crash``). Messages never span lines: control characters are escaped.
"""

from __future__ import annotations

import sys

PROG = "maze-visualizer"
ERROR_EXIT = 2
IO_EXIT = 1
PIPE_EXIT = 141
INTERRUPT_EXIT = 130


class UsageError(Exception):
    """A mistake in what the user asked for; the message is shown as it is."""


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed file); shown as it is, status 1."""


def escaped_line(text: str) -> str:
    """``text`` with newlines and other control characters escaped, so that a message stays one line
    and still shows every character the user typed (``files.safe_read.one_line`` folds and cuts instead)."""
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def report(message: object) -> None:
    """The one error line on stderr."""
    print(f"{PROG}: error: {escaped_line(str(message))}", file=sys.stderr)


def note(message: str) -> None:
    """A one-line note on stderr that is not an error (a seed chosen, cells left out)."""
    print(f"{PROG}: {message}", file=sys.stderr)


def describe(err: OSError) -> str:
    """An OSError as its file and reason, without Python's ``[Errno N]``."""
    reason = err.strerror or str(err)
    return f"{err.filename}: {reason}" if err.filename is not None else reason
