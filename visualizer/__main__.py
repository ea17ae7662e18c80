"""``python -m visualizer``: the same as the ``maze-visualizer`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
