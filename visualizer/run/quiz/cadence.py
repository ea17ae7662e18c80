"""When the quiz asks: every step, every k steps, or only at decision points (``--quiz WHEN``).

Light on purpose: the command line reads ``--quiz`` before anything heavy is imported.
"""

from __future__ import annotations

DECISIONS = "decisions"
EVERY_STEP = "step"


def parse_cadence(text: str) -> int:
    """``step`` (1), ``decisions`` (0) or a number of steps k >= 1; a one-line ValueError otherwise."""
    word = text.strip().lower()
    if word in (EVERY_STEP, "steps", "every"):
        return 1
    if word in (DECISIONS, "decision"):
        return 0
    if word.isascii() and word.isdecimal() and int(word) >= 1:  # not isdigit(): "²" breaks int()
        return int(word)
    raise ValueError(f"--quiz takes 'step', 'decisions' or a number of steps (1 or more), not {text!r}")


def cadence_words(every: int) -> str:
    if every == 0:
        return "at decision points"
    return "every step" if every == 1 else f"every {every} steps"
