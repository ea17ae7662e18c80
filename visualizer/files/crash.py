"""A bug in the window is reported as a bug: its traceback goes to a file beside the settings, and
the one line the user sees names that file (never a usage error's wording, never a wall of text).
"""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from pathlib import Path

from .settings import settings_path


class InternalError(Exception):
    """Something the program got wrong (not the user); ``report`` is where its traceback went."""

    def __init__(self, error: BaseException, report: Path | None) -> None:
        self.error, self.report = error, report
        where = f"; the details are in {report}" if report is not None else ""
        super().__init__(f"internal error (a bug, please report it): {type(error).__name__}: {error}{where}")


def save_report(error: BaseException, folder: Path | None = None) -> Path | None:
    """Write ``error``'s traceback to ``crash-<time>-<pid>.txt`` in the settings folder (else the
    temporary folder); None when neither can be written."""
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    for place in ([folder] if folder is not None else [settings_path().parent, Path(tempfile.gettempdir())]):
        try:
            place.mkdir(parents=True, exist_ok=True)
            path = place / name
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def internal_error(error: BaseException) -> InternalError:
    """``error`` as a bug to report, its traceback saved."""
    return InternalError(error, save_report(error))
