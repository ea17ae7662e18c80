"""Saving files so that a crash in the middle never destroys the last good copy."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` to a temp file beside ``path``, flush it to disk, then rename it over ``path``.

    Raises OSError with the original reason when the folder is missing or not writable; the
    temp file is removed on any failure, so no partial file is ever left behind.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
