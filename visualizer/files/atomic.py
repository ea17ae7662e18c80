"""Saving files so that a crash in the middle never destroys the last good copy."""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

TEMP_PREFIX = "."
TEMP_SUFFIX = ".tmp"
TEMP_MARK = ".maze-visualizer.tmp"
"""How this program's temp files end: ``.<name>.<pid>.<8 random>.maze-visualizer.tmp``. The mark and
the writer's pid tell a leftover of ours, whatever file it was for, from anyone else's temp file."""
TEMP_NAME_BYTES = 200
"""A long target name is cut to this many bytes in its temp file's name (a file name holds 255)."""
STALE_AFTER = 60.0
"""Seconds after which a leftover temp file of an earlier, crashed save is removed on the next save."""


def current_umask() -> int:
    """The process umask, read without changing it where Linux allows (``os.umask`` sets it meanwhile)."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _temp_name_pattern(name: str) -> re.Pattern[str]:
    """The temp files of ``name`` that earlier versions wrote (no mark: only this target's are touched)."""
    # tempfile.mkstemp puts 8 characters from [a-z0-9_] between prefix and suffix.
    return re.compile(re.escape(f"{TEMP_PREFIX}{name}.") + r"[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))


OUR_TEMP = re.compile(re.escape(TEMP_PREFIX) + r".*\.(?P<pid>[0-9]+)\.[a-z0-9_]{8}" + re.escape(TEMP_MARK),
                      re.DOTALL)
"""Any temp file this program writes, for any target."""


def temp_prefix(name: str) -> str:
    """The start of a temp file's name for the target ``name`` (``mkstemp`` adds the random part)."""
    short = name.encode("utf-8", "surrogateescape")[:TEMP_NAME_BYTES].decode("utf-8", "ignore")
    return f"{TEMP_PREFIX}{short}.{os.getpid()}."


def writer_gone(pid: int) -> bool:
    """No process ``pid`` (the temp file's writer crashed or was killed); this process is never gone."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):  # another user's (EPERM) or a number no pid can be
        return False
    return False


def is_stale(name: str, target_name: str) -> bool:
    """``name`` is a temp file a crashed save left: ours (by the mark, its writer gone) or, in the old
    naming, one of ``target_name``'s."""
    ours = OUR_TEMP.fullmatch(name)
    if ours is not None:
        return writer_gone(int(ours.group("pid")))
    return _temp_name_pattern(target_name).fullmatch(name) is not None


def remove_stale_temps(target: Path, older_than: float = STALE_AFTER) -> None:
    """Delete, in ``target``'s folder, the temp files of this program's naming that a save killed
    mid-way (``kill -9``, a power cut) left there more than ``older_than`` seconds ago: only regular
    files of this user whose writer is gone, so a save running now in another window keeps its file."""
    folder = target.parent
    now = time.time()
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if not name.endswith(TEMP_SUFFIX) or not is_stale(name, target.name):
            continue
        leftover = folder / name
        try:
            info = os.lstat(leftover)
            mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
            if stat.S_ISREG(info.st_mode) and mine and now - info.st_mtime > older_than:
                os.unlink(leftover)
        except OSError:
            pass


def _write_through(path: Path, payload: Iterable[bytes]) -> None:
    """Write into an existing non-regular file (a FIFO, a device) instead of replacing it."""
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    with os.fdopen(fd, "wb") as handle:
        for piece in payload:
            handle.write(piece)


def _write_fd(fd: int, payload: Iterable[bytes]) -> None:
    """Write all of ``payload`` into an open file descriptor, a chunk at a time."""
    for piece in payload:
        data = memoryview(piece)
        while data:
            data = data[os.write(fd, data[:1 << 16]):]


_FD_LINK = re.compile(r"/(?:proc/(self|\d+)/fd|dev/fd)/(\d+)")


def open_descriptor(path: str | os.PathLike[str]) -> int | None:
    """The file descriptor of this process that ``path`` names (/dev/stdout, /dev/fd/3,
    /proc/self/fd/1, or a link to one), else None.

    Such a name is an alias of a descriptor the shell opened (``>> log``, ``| cat``): the output
    belongs in that descriptor, at its position, in its mode. Following the link instead would
    replace the file it points to (a log appended to lost) or fail on a pipe (``pipe:[...]``)."""
    current = os.path.abspath(path)
    for _ in range(40):  # as many links as the kernel follows
        match = _FD_LINK.fullmatch(current)
        if match and match.group(1) in (None, "self", str(os.getpid())):
            return int(match.group(2))
        try:
            link = os.readlink(current)
        except OSError:
            return None
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))
    return None


def pieces(data: bytes | str | Iterable[bytes | str]) -> Iterator[bytes]:
    """``data`` as bytes, a piece at a time: a whole text or bytes is one piece, an iterable of
    pieces (a file made as it is written) gives each as it comes."""
    for piece in (data,) if isinstance(data, (bytes, str)) else data:
        yield piece.encode("utf-8") if isinstance(piece, str) else piece


def write_atomic(path: str | os.PathLike[str], data: bytes | str | Iterable[bytes | str], *,
                 regular_only: bool = False) -> None:
    """Write ``data`` to a temp file beside ``path``, flush it to disk, then rename it over ``path``.

    Raises OSError with the original reason when the folder is missing or not writable; the
    temp file is removed on any failure, so no partial file is ever left behind.

    A symlink is followed, so the file it points to is replaced and the link stays. A target that
    exists but is not a regular file (a FIFO, a device such as /dev/null) is written into, never
    replaced, and a name of one of this process's descriptors (/dev/stdout) is written to that
    descriptor. ``regular_only`` (the program's own data files: saves, records) refuses both
    instead: nothing reads a FIFO there, the write would wait for ever. A new file gets the mode
    the umask allows (``0o666 & ~umask``); a replaced file keeps its mode. Temp files of earlier
    saves that crashed, of any file in the folder, are removed
    (``remove_stale_temps``). ``data`` may be an iterable of pieces, written as they come (the whole
    is never held); if making a piece fails, the temp file goes and the target is untouched.
    """
    payload = pieces(data)
    descriptor = open_descriptor(path)
    if descriptor is not None:
        if regular_only:
            raise OSError(errno.EINVAL, "not a regular file (an open descriptor)", str(path))
        _write_fd(descriptor, payload)
        return
    target = Path(path)
    if os.path.islink(target):
        target = Path(os.path.realpath(target))
    try:
        existing: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        existing = None
    if existing is not None and stat.S_ISDIR(existing.st_mode):
        raise IsADirectoryError(21, os.strerror(21), str(path))
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        if regular_only:
            raise OSError(errno.EINVAL, "not a regular file (a device, a FIFO or a link to one)", str(path))
        _write_through(target, payload)
        return
    mode = stat.S_IMODE(existing.st_mode) if existing is not None else 0o666 & ~current_umask()
    folder = target.parent
    remove_stale_temps(target)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target.name), suffix=TEMP_MARK, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            for piece in payload:
                handle.write(piece)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
