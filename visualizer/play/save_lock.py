"""One window at a time on a save: a lock file beside it names the window's process.

Two windows on one save would each write their own progress over the other's when they leave. The
window that plays a saved game first writes ``save.lock`` (``pid start-time host``, created
exclusively); a second window finds it held by a live process and is told the save is in use (it plays
without saving and leaves the save, its backup and the lock alone). A lock whose process is gone (a
crash, ``kill -9``, a power cut) is taken over; a process number reused by some other program since
is told apart by its start time (Linux). A lock written on another host cannot be checked from here
and is kept; the message names the lock file, to delete by hand when that window is really gone.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from pathlib import Path

from ..files.atomic import TEMP_MARK, temp_prefix

LOCK_SUFFIX = ".lock"
MAX_LOCK_BYTES = 512
"""A lock file is a line of a few dozen bytes; anything larger is not ours to trust."""

_held: set[str] = set()
"""Saves this process holds (two windows of one process are two holders too)."""


def lock_path(save: Path) -> Path:
    """``save.lock`` beside ``save.json`` (not ``save.json.*``: those are the save's own backups)."""
    return save.with_name(save.stem + LOCK_SUFFIX)


def start_time(pid: int) -> str:
    """When process ``pid`` started, in clock ticks since boot (Linux), else ``"-"``: with the pid it
    names one process for good, where the pid alone is reused."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
        return stat.rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return "-"


def alive(pid: int, started: str) -> bool:
    """Process ``pid`` runs and is the one that wrote the lock (same start time when known)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    except (OSError, OverflowError):
        return False
    now = start_time(pid)
    return started == "-" or now == "-" or now == started


@dataclass(frozen=True)
class Holder:
    """Who a lock file names."""

    pid: int
    started: str
    host: str

    def line(self) -> str:
        return f"{self.pid} {self.started} {self.host}\n"

    @classmethod
    def parse(cls, text: str) -> Holder | None:
        parts = text.split()
        if len(parts) != 3 or not parts[0].isascii() or not parts[0].isdecimal():
            return None
        return cls(int(parts[0]), parts[1], parts[2])

    def gone(self) -> bool:
        """The holder's process no longer runs (checked only on this host)."""
        return self.host == this_host() and not alive(self.pid, self.started)


def this_host() -> str:
    return socket.gethostname().split()[0] if socket.gethostname().strip() else "-"


def me() -> Holder:
    return Holder(os.getpid(), start_time(os.getpid()), this_host())


def read_holder(lock: Path) -> tuple[Holder | None, str]:
    """The lock's holder (None: unreadable or not one of ours) and its raw text."""
    try:
        with open(lock, "rb") as handle:
            raw = handle.read(MAX_LOCK_BYTES + 1)
    except OSError:
        return None, ""
    text = raw.decode("ascii", errors="replace")
    return (Holder.parse(text) if len(raw) <= MAX_LOCK_BYTES else None), text


def _create(lock: Path) -> bool:
    """Make the lock whole in one step (a temp file hard-linked to the lock's name: never seen empty),
    or exclusively where the file system has no hard links; False when it exists already."""
    import tempfile

    # Named as every temp file of this program: one a kill -9 leaves here is cleared by a later write.
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(lock.name), suffix=TEMP_MARK, dir=lock.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(me().line())
        try:
            os.link(tmp, lock)
            return True
        except FileExistsError:
            return False
        except OSError:  # no hard links here (FAT, some shares)
            pass
        try:
            made = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
        except FileExistsError:
            return False
        with os.fdopen(made, "w", encoding="ascii") as out:
            out.write(me().line())
        return True
    finally:
        os.unlink(tmp)


@dataclass
class Claim:
    """The outcome of claiming a save: ``ours`` (this window may write it), else ``why`` not."""

    ours: bool
    why: str = ""


def claim(save: Path) -> Claim:
    """Take the save's lock for this window, taking over one whose process is gone. A folder where
    no lock can be written (read-only) claims nothing and refuses nothing: saving fails there anyway,
    with its own message."""
    key = str(save.resolve())
    lock = lock_path(save)
    if key in _held:
        return Claim(False, "this save is in use by another window of this program")
    for _ in range(3):
        try:
            save.parent.mkdir(parents=True, exist_ok=True)
            if _create(lock):
                _held.add(key)
                return Claim(True)
        except OSError:
            return Claim(True)
        holder, text = read_holder(lock)
        if holder is not None and not holder.gone():
            where = "" if holder.host == this_host() else f" on {holder.host}"
            return Claim(False, f"this save is in use by another window (process {holder.pid}{where}); "
                         f"if none is open, delete {lock}")
        if holder is None and text.strip():
            return Claim(False, f"the save's lock {lock} is not one this program wrote: delete it to save here")
        if read_holder(lock)[1] == text:  # still the same stale lock: nobody took it over meanwhile
            try:
                lock.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                return Claim(True)
    return Claim(False, f"this save is in use by another window (its lock {lock} keeps changing)")


def release(save: Path) -> None:
    """Give the lock back (only ours: a lock another window took over stays)."""
    key = str(save.resolve())
    if key not in _held:
        return
    _held.discard(key)
    lock = lock_path(save)
    holder, _ = read_holder(lock)
    if holder == me():
        try:
            lock.unlink()
        except OSError:
            pass
