"""``random.Random``'s numbers thousands at a time, for the quiet paths of the generators.

numpy's MT19937 is the Mersenne Twister that ``random.Random`` runs: loaded with ``rng``'s state
it makes the same 32-bit words, so a quiet path can draw in bulk exactly the numbers the shown
path draws one by one, make the same maze, and leave ``rng`` where the shown path leaves it.
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

from ..core.graph import chain_ends

if TYPE_CHECKING:
    import numpy as np
else:
    from ..core.lazy_numpy import np  # imported on first use: --help stays fast

BULK_SHUFFLE_FROM = 4096
"""Shorter lists are shuffled by ``rng.shuffle`` itself (numpy's set-up costs more than it saves)."""
TARGETS_AT_ONCE = 8192
"""Swap targets worked out in one batch by ``shuffled_positions``."""


class Draws:
    """``rng``'s words in batches; numbers drawn and not used are handed back (``give_back``), and
    ``rng`` is then set to the state it would have reached drawing the used ones one by one."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.version, words, self.gauss = rng.getstate()
        self.twister = np.random.MT19937(0)  # its seed is replaced by rng's state at once
        self.twister.state = {"bit_generator": "MT19937",
                              "state": {"key": np.array(words[:-1], dtype=np.uint32), "pos": words[-1]}}
        self.mark = self.twister.state
        """The state before the last batch (to hand unused numbers back)."""
        self.count = 0
        """How many numbers the last batch drew."""
        self.per_number = 1
        """Words a number of the last batch took (two for a float)."""

    def words(self, count: int) -> np.ndarray:
        """The next ``count`` 32-bit words (as uint64): the last batch from now on."""
        self.mark, self.count, self.per_number = self.twister.state, count, 1
        return self.twister.random_raw(count)

    def floats(self, count: int) -> np.ndarray:
        """The next ``count`` numbers ``rng.random()`` would return (two words each, the 53-bit
        ``genrand_res53`` way)."""
        words = self.words(2 * count)
        self.count, self.per_number = count, 2
        return ((words[0::2] >> 5) * 67108864 + (words[1::2] >> 6)) * (1.0 / 9007199254740992.0)

    def quarters(self, count: int) -> np.ndarray:
        """The next ``count`` values of ``int(rng.random() * 4)`` (int8): the top two bits of the
        first word of each number, as the float's top bits are that word's."""
        words = self.words(2 * count)
        self.count, self.per_number = count, 2
        return (words[0::2] >> np.uint64(30)).astype(np.int8)

    def below(self, n: int, count: int) -> list[int]:
        """The next ``count`` values of ``int(rng.random() * n)``."""
        return (self.floats(count) * n).astype(np.int64).tolist()

    def give_back(self, unused: int) -> None:
        """Hand back the last ``unused`` numbers of the last batch and leave ``rng`` after the rest."""
        self._rewind(self.per_number * (self.count - unused))

    def finish(self) -> None:
        """Leave ``rng`` after every number drawn so far."""
        self._store()

    def _rewind(self, words: int) -> None:
        self.twister.state = self.mark
        self.twister.random_raw(words)
        self._store()

    def _store(self) -> None:
        state = self.twister.state["state"]
        self.rng.setstate((self.version, (*state["key"].tolist(), int(state["pos"])), self.gauss))


def shuffled_positions(rng: random.Random, n: int) -> np.ndarray:
    """The list ``rng.shuffle(list(range(n)))`` makes, as an array, with ``rng`` left as that call
    leaves it. Long lists are worked out in bulk (``_bulk_shuffle``), when this Python's shuffle
    is the one it reproduces (checked once)."""
    if not BULK_SHUFFLE_FROM <= n < 2**31 or type(rng) is not random.Random or not _bulk_shuffle_matches():
        order = list(range(n))
        rng.shuffle(order)
        return np.fromiter(order, dtype=np.intp, count=n)
    return _bulk_shuffle(rng, n)


@cache
def _bulk_shuffle_matches() -> bool:
    """Whether ``_bulk_shuffle`` gives what this Python's ``random.shuffle`` gives (it draws
    ``getrandbits(n.bit_length())`` until below ``n``, for n = len .. 2: true of CPython 3.10-3.13)."""
    n = 3 * TARGETS_AT_ONCE // 2 + 7
    expected = list(range(n))
    shown, quiet = random.Random(20261201), random.Random(20261201)
    shown.shuffle(expected)
    return _bulk_shuffle(quiet, n).tolist() == expected and shown.random() == quiet.random()


def _bulk_shuffle(rng: random.Random, n: int) -> np.ndarray:
    """Fisher-Yates as ``random.shuffle`` runs it, without a Python loop over the swaps."""
    return _permutation_from_targets(_swap_targets(rng, n), n)  # no name keeps the targets: freed early


def _swap_targets(rng: random.Random, n: int) -> np.ndarray:
    """``j`` for the steps ``i = n-1 .. 1`` of ``rng.shuffle``: ``randbelow(i + 1)``, a word's top
    ``k`` bits drawn again while they are ``>= i + 1`` (``k`` the bit length of ``i + 1``).

    Which words a batch of steps accepts depends on how many were accepted before each (the
    bound falls by one a step): found as a fixed point, whose agreeing prefix grows each round."""
    draws = Draws(rng)
    targets = np.empty(max(n - 1, 0), dtype=np.int32 if n < 2**31 else np.int64)
    done = 0
    bound = n
    while bound >= 2:
        k = bound.bit_length()
        steps = min(bound - (1 << (k - 1)) + 1, TARGETS_AT_ONCE)  # the same bit length throughout
        batch = 2 * steps + 64  # at least half the words are taken: rarely too few
        while True:
            tops = (draws.words(batch) >> np.uint64(32 - k)).astype(np.int64)
            accepted = _accepted_words(tops, bound, steps)
            if len(accepted) >= steps:
                break
            draws.give_back(draws.count)  # all of them: again with more words
            batch *= 4
        accepted = accepted[:steps]
        targets[done:done + steps] = tops[accepted]
        draws.give_back(draws.count - int(accepted[-1]) - 1)
        done += steps
        bound -= steps
    draws.finish()
    return targets


def _accepted_words(tops: np.ndarray, bound: int, steps: int) -> np.ndarray:
    """Positions of the words taken by ``steps`` steps whose bounds are ``bound, bound - 1, ...``
    (a word is taken when below the bound of the step it falls to). Whether a word is taken
    depends only on the words before it, so each round agrees with the answer on one more word
    at least: a fixed point within ``len(tops) + 1`` rounds, in practice a handful."""
    taken = tops < bound
    while True:
        before: np.ndarray = np.cumsum(taken) - taken  # steps already done when each word is drawn
        again = (tops < bound - before) & (before < steps)
        if np.array_equal(again, taken):
            return np.flatnonzero(taken)
        taken = again


def _permutation_from_targets(targets: np.ndarray, n: int) -> np.ndarray:
    """The list range(n) after the swaps ``x[i], x[j] = x[j], x[i]`` for ``i = n-1 .. 1``.

    Position ``i`` is final after step ``i``. What it gets is the value at ``j`` just then: the
    value the latest earlier step aimed at ``j`` carried there (or ``j``'s own), and what a step
    carries is, the same way, what stood at its own position. Those hand-overs form chains,
    followed to their ends by pointer doubling."""
    if n < 2:
        return np.arange(n, dtype=np.intp)
    small = np.int32 if n < 2**31 else np.int64
    js = targets[::-1].astype(small)  # steps i = 1 .. n-1 in order
    del targets  # the caller's reference is its last (``_bulk_shuffle``): 2 million walls are 16 MB each
    order = np.argsort(js, kind="stable").astype(small)  # by target, steps in order within one
    step_of = order + 1
    target_of = js[order]
    del order
    same = target_of[1:] == target_of[:-1]
    later = np.full(n - 1, -1, dtype=small)
    """For each step (in sorted order): the next step aimed at the same position, or -1."""
    later[:-1][same] = step_of[1:][same]
    later_by_step = np.empty(n, dtype=small)
    later_by_step[step_of] = later
    heads = np.flatnonzero(np.concatenate(([True], ~same))).astype(small)
    del same
    feeds = np.full(n, -1, dtype=small)
    feeds[target_of[heads]] = step_of[heads]
    second = np.full(n, -1, dtype=small)
    second[target_of[heads]] = later[heads]
    del later, heads, step_of, target_of
    cells = np.arange(n, dtype=small)
    feeds = np.where(feeds == cells, second, feeds)  # the first step after i that aims at i
    del second
    source = chain_ends(np.where(feeds >= 0, feeds, cells))
    del feeds, cells
    result = np.empty(n, dtype=small)  # C ints index as well as intp, in half the memory
    result[0] = source[0]
    feeding = later_by_step[1:]
    result[1:] = np.where(feeding >= 0, source[np.maximum(feeding, 0)], js)
    return result
