"""One remembered value and what it was computed from: asked again with the same key, the value
is not computed again.

A scene asks for its figures several times a frame (the panel, the frame key, the hover line);
some cost a search of the whole maze, so they are computed once per change of what they depend on,
and on a large maze that is still growing perhaps not even then (``may_compute``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

_NOTHING = object()


class Memo(Generic[V]):
    """The last value computed, its key, and when it was computed."""

    def __init__(self) -> None:
        self._key: Hashable = _NOTHING
        self._value: V | None = None
        self.computed_at = -math.inf
        """``time.perf_counter()`` when the value was computed (for callers that compute at most so often)."""

    @property
    def empty(self) -> bool:
        return self._key is _NOTHING

    @property
    def last(self) -> V | None:
        """The value computed last, whatever its key (None before the first)."""
        return self._value

    def fresh(self, key: Hashable) -> bool:
        """True when the value remembered was computed for ``key``."""
        return not self.empty and self._key == key

    def get(self, key: Hashable, compute: Callable[[], V], may_compute: bool = True) -> V:
        """The value for ``key``: remembered, or computed now. When the key changed but
        ``may_compute`` is False, the last value (computed for an older key) stands in; only
        the very first value is computed regardless."""
        if self.empty or (self._key != key and may_compute):
            self.computed_at = time.perf_counter()
            self._value = compute()
            self._key = key
        return self._value  # type: ignore[return-value]

    def put(self, key: Hashable, value: V) -> None:
        """Remember ``value`` as computed for ``key`` (a value computed elsewhere, over frames)."""
        self.computed_at, self._value, self._key = time.perf_counter(), value, key

    def clear(self) -> None:
        """Forget the value: the next ``get`` computes."""
        self._key, self._value, self.computed_at = _NOTHING, None, -math.inf
