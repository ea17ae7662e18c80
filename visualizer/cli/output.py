"""Where a command's output goes: standard output, written so that a failure is one line, and files,
checked before any work and written whole or not at all."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable

from .errors import OutputError, UsageError

STDOUT_CHUNK = 1 << 16


def write_stdout(text: str) -> None:
    """Write and flush; a full disk becomes OutputError, a closed pipe stays BrokenPipeError.

    A real file descriptor is written a chunk at a time with ``os.write``: one large buffered write
    into a pipe whose reader leaves half way can report success on some kernels, and the output
    would be lost without a word (``generate | head`` must end with status 141)."""
    if sys.stdout is None:  # started with standard output closed (>&-)
        if not text:
            return  # nothing to write: a command that wrote only its file is fine
        raise OutputError("cannot write to standard output: it is closed")
    try:
        sys.stdout.flush()
        try:
            fd = sys.stdout.fileno() if os.name == "posix" else -1  # elsewhere text mode changes line ends
        except (AttributeError, ValueError, OSError):  # replaced (tests) or not a file
            fd = -1
        if fd < 0:
            sys.stdout.write(text)
            sys.stdout.flush()
            return
        data = memoryview(text.encode(sys.stdout.encoding or "utf-8", errors="replace"))
        while data:
            written = os.write(fd, data[:STDOUT_CHUNK])
            data = data[written:]
    except BrokenPipeError:
        raise
    except OSError as err:
        raise OutputError(f"cannot write to standard output: {err.strerror or err}") from None


def silence_stdout() -> None:
    """Point standard output at the null device, so that Python's flush at exit cannot fail again
    (which would print "Exception ignored ... BrokenPipeError" after our one line)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout replaced (tests) or already closed
        pass


def path_words(path: str, option: str | None) -> str:
    """How a message names an output file: ``--csv out.csv`` for a side file, else ``cannot write out.txt``."""
    return f"{option} {path}" if option else f"cannot write {path}"


def check_output_path(path: str, option: str | None = None, ending: str | None = None) -> None:
    """Refuse, before any work, an output path that cannot name a writable file in an existing folder.

    ``option`` names the side file's option (``--csv``) in the message; without it the path is the
    command's main output. An existing device or FIFO is written through, so its folder may be read-only.
    ``ending`` (``.pdf``), for a command that writes one format only, is what the name must end in, in
    any case: a PDF written into ``sheet.png`` or ``sheet`` would pass for a broken picture or no file."""
    if not path:
        raise UsageError(f"{option}: empty file name" if option else "empty output path")
    words = path_words(path, option)
    if path.endswith(("/", os.sep)):
        raise UsageError(f"{words}: a file path must not end with '/'")
    folder = os.path.dirname(path) or "."
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        raise UsageError(f"{words}: folder {folder} does not exist") from None
    except OSError as err:  # a symlink loop, a file used as a folder, no permission
        raise UsageError(f"{words}: folder {folder}: {err.strerror or err}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise UsageError(f"{words}: {folder} is not a folder")
    try:
        target: os.stat_result | None = os.stat(path)
    except OSError:
        target = None
    if target is not None and stat.S_ISDIR(target.st_mode):
        raise UsageError(f"{words}: is a folder, not a file")
    replaced = target is None or stat.S_ISREG(target.st_mode)
    if replaced and not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{words}: folder {folder} is not writable")
    if ending is not None and not path.lower().endswith(ending.lower()):
        stem = os.path.splitext(path)[0]
        named = stem if stem.lower().endswith(ending.lower()) else stem + ending
        raise UsageError(f"{words}: the file is a {ending.lstrip('.').upper()}, so its name must end in "
                         f"{ending}: name it {named}")


def write_file(path: str, data: str | bytes | Iterable[str | bytes], option: str | None = None) -> None:
    """Whole or not at all (``write_atomic``); a failure is one line naming the file and the reason."""
    from ..files.atomic import write_atomic

    try:
        write_atomic(path, data)
    except OSError as err:
        raise UsageError(f"{path_words(path, option)}: {err.strerror or err}") from None
