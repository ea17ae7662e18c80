"""Maze Visualizer: watch maze and dungeon algorithms work step by step, then walk the result."""

import os

# pygame prints a banner on import; it would end up inside `generate`'s standard output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
