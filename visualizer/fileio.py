"""Saving files so that a crash in the middle never destroys the last good copy."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

TEMP_PREFIX = "."
TEMP_SUFFIX = ".tmp"
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
    # tempfile.mkstemp puts 8 characters from [a-z0-9_] between prefix and suffix.
    return re.compile(re.escape(f"{TEMP_PREFIX}{name}.") + r"[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))


def remove_stale_temps(target: Path, older_than: float = STALE_AFTER) -> None:
    """Delete temp files that an earlier save of ``target`` left behind when it crashed."""
    pattern = _temp_name_pattern(target.name)
    folder = target.parent
    now = time.time()
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if not pattern.fullmatch(name):
            continue
        leftover = folder / name
        try:
            info = os.lstat(leftover)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                os.unlink(leftover)
        except OSError:
            pass


def _write_through(path: Path, payload: bytes) -> None:
    """Write into an existing non-regular file (a FIFO, a device) instead of replacing it."""
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    with os.fdopen(fd, "wb") as handle:
        handle.write(payload)


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` to a temp file beside ``path``, flush it to disk, then rename it over ``path``.

    Raises OSError with the original reason when the folder is missing or not writable; the
    temp file is removed on any failure, so no partial file is ever left behind.

    A symlink is followed, so the file it points to is replaced and the link stays. A target that
    exists but is not a regular file (a FIFO, a device such as /dev/null) is written into, never
    replaced. A new file gets the mode the umask allows (``0o666 & ~umask``); a replaced file keeps
    its mode. Temp files of earlier saves that crashed are removed.
    """
    target = Path(path)
    if os.path.islink(target):
        target = Path(os.path.realpath(target))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        existing: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        existing = None
    if existing is not None and stat.S_ISDIR(existing.st_mode):
        raise IsADirectoryError(21, os.strerror(21), str(path))
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        _write_through(target, payload)
        return
    mode = stat.S_IMODE(existing.st_mode) if existing is not None else 0o666 & ~current_umask()
    folder = target.parent
    remove_stale_temps(target)
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{target.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
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
