"""numpy, imported on first use.

``maze-visualizer --help`` and ``list`` read the algorithm and grid registries, whose modules use
numpy only inside functions: importing it up front cost 0.1 s of a 0.3 s budget. The modules on
that path write ``np`` as usual; at run time it is this stand-in, which imports numpy when an
attribute is first read and then keeps each attribute as its own (a plain lookup from then on).
Type checkers see the real numpy (``if TYPE_CHECKING: import numpy as np``).
"""

from __future__ import annotations

import importlib
from typing import Any


class LazyNumpy:
    """Stands in for the numpy module until an attribute is read."""

    def __getattr__(self, name: str) -> Any:
        value = getattr(importlib.import_module("numpy"), name)
        setattr(self, name, value)
        return value


np = LazyNumpy()
