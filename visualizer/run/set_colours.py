"""Colours for the sets of Kruskal's, Eller's and blobby division: twelve of them, chosen so that
two sets that touch never share one.

A mixin of :class:`~visualizer.run.overlay.Overlay` (it works on the overlay's ``set_id``, ``dirty`` and
``full_redraw``): a SET event calls :meth:`SetColouring._join`, which looks only at the joining
cell's neighbours in the common case and recolours the smaller of two clashing sets otherwise.
"""

from __future__ import annotations

import numpy as np

from ..grids import Grid

SET_COLOURS = 12
"""How many colours the sets are painted in (``render.palette.REGION_COLOURS`` has one each)."""
_FILL_SHARE = 1000
"""A set to recolour is found by a flood fill from the conflict when it has fewer than
``grid.size / _FILL_SHARE`` cells (a Python step a cell), else by one numpy scan of ``set_id``."""
_LOOP_CELLS = 64
"""Up to this many cells, a recoloured set's neighbours are looked at in Python, beyond it with numpy."""
_MOST_BLOCKERS = 256
"""To free a colour for a set whose neighbours have all of them, at most this many sets are moved."""
_BULK_JOIN = 16
"""Fewer cells joining one set than this are joined one by one (numpy's set-up costs more)."""
_MANY_CELLS = 4096
"""A recolouring of more cells than this asks for a full redraw instead of listing them (as the session does)."""


class SetColouring:
    """Per-cell colours for sets (``hue``) kept free of clashes as SET events arrive."""

    grid: Grid
    set_id: np.ndarray
    dirty: list[int]
    full_redraw: bool
    _directions: int

    def _init_set_colours(self, n: int) -> None:
        """The colour arrays for ``n`` cells (called from the overlay's constructor)."""
        self.hue = np.full(n, -1, dtype=np.int8)
        """The colour (0 .. SET_COLOURS - 1) each cell's set is painted in, -1 outside any set. Cells of
        one set share it and cells of sets that touch never do (see :meth:`_join`)."""
        self._set_of = memoryview(self.set_id)  # type: ignore[arg-type]
        self._hue = memoryview(self.hue)  # type: ignore[arg-type]
        # Per set id, while SET events come: its cell count and its colour (valid while the count is
        # above 0). Not snapshotted: rebuilt from set_id and hue after a restore (``restored``).
        self._sizes = memoryview(np.zeros(0, dtype=np.int32))  # type: ignore[arg-type]
        self._colours = memoryview(np.zeros(0, dtype=np.int8))  # type: ignore[arg-type]
        self._sets_stale = True
        self._neighbour_table: np.ndarray | None = None
        """The grid's (size, directions) neighbour table, int32, made at the first SET event."""
        self._neighbour_flat = memoryview(b"")
        """The same table flat, -1 past the edge: ``cell * directions + d`` (cheaper than ``grid.neighbours``)."""
        self._recoloured: list[np.ndarray] = []
        self._recoloured_count = 0
        self._recoloured_all = False

    def _join(self, cell: int, value: int) -> None:
        """``cell`` now belongs to set ``value``: it takes the set's colour, or a new set picks one.

        The rule every SET keeps: cells of different sets that are grid neighbours have different
        colours. Only this cell's neighbours can break it, so only they are looked at (the common
        case: a few lookups). A neighbour of another set in the same colour is a conflict, solved by
        recolouring the smaller of the two sets (ties: the neighbour's) in a colour none of its
        neighbours has. Every choice depends only on ``set_id``, ``hue`` and the event, never on
        history, so a timeline restore followed by the same events paints the same picture.
        """
        set_of = self._set_of
        old = set_of[cell]
        if old == value:
            return
        if self._sets_stale or value >= len(self._sizes):
            self._prepare_sets(value)
        hue, sizes = self._hue, self._sizes
        if old >= 0:
            sizes[old] -= 1
        if value < 0:
            set_of[cell] = hue[cell] = -1
            return
        d = self._directions
        around = self._neighbour_flat[cell * d:cell * d + d]
        set_of[cell] = value
        if sizes[value]:
            sizes[value] += 1
            hue[cell] = colour = self._colours[value]
            for nb in around:  # (nb -1: past the edge, and hue[-1] is the last cell's)
                if hue[nb] == colour and nb >= 0 and set_of[nb] != value:
                    self._resolve(cell, value)
                    return
        else:  # a new set (or one that had lost every cell): a colour none of its neighbours has
            sizes[value] = 1
            used = [0] * SET_COLOURS
            for nb in around:
                if nb >= 0 and hue[nb] >= 0:
                    used[hue[nb]] += 1
            hue[cell] = self._colours[value] = colour = _pick(used, value, force=True)
            if used[colour]:  # only with more than 12 neighbours
                self._resolve(cell, value)

    def _join_many(self, cells: np.ndarray, values: np.ndarray) -> None:
        """:meth:`_join` for each cell in turn, in bulk where that provably paints the same: a
        stretch of cells joining one set that already has cells and a colour ``c``, when none of
        them was painted ``c`` (in another set) and no cell next to them is ``c`` in another set.
        Then no join in the stretch meets a conflict, so each takes ``c``. Else one by one."""
        join, start, total = self._join, 0, len(cells)
        bounds = np.flatnonzero(values[1:] != values[:-1]) + 1
        if len(bounds) * _BULK_JOIN >= total:  # short stretches (blobby division's two halves at once)
            for cell, value in zip(cells.tolist(), values.tolist()):
                join(cell, value)
            return
        for stop in [*bounds.tolist(), total]:
            value = int(values[start])
            if stop - start < _BULK_JOIN or not self._join_bulk(cells[start:stop], value):
                for cell in cells[start:stop].tolist():
                    join(cell, value)
            start = stop

    def _join_bulk(self, cells: np.ndarray, value: int) -> bool:
        """Join ``cells`` (distinct) to set ``value`` at once when no join among them would meet a
        conflict (see :meth:`_join_many`); False, with nothing changed, when that is not sure."""
        if value < 0 or self._sets_stale or value >= len(self._sizes) or not self._sizes[value]:
            return False
        colour = self._colours[value]
        old = self.set_id[cells]
        moving = cells[old != value]
        if not len(moving) or (self.hue[moving] == colour).any():
            return False
        assert self._neighbour_table is not None, "made with the per-set tables"
        around = self._neighbour_table[moving].ravel()
        around = around[around >= 0]
        if ((self.hue[around] == colour) & (self.set_id[around] != value)).any():
            return False
        if len(np.unique(moving)) != len(moving):
            return False
        sizes = np.asarray(self._sizes)
        left = old[old != value]
        left = left[left >= 0]
        if len(left):
            np.subtract.at(sizes, left, 1)
        sizes[value] += len(moving)
        self.set_id[moving] = value
        self.hue[moving] = colour
        return True

    def _resolve(self, cell: int, value: int) -> None:
        """``cell`` just joined set ``value`` and touches other sets (*rivals*) in the same colour."""
        set_of, hue, sizes = self._set_of, self._hue, self._sizes
        colour = hue[cell]
        rivals: dict[int, int] = {}
        """Rival set id -> its cell next to ``cell`` (where its flood fill starts)."""
        d = self.grid.directions
        for nb in self._neighbour_flat[cell * d:cell * d + d]:
            rival = set_of[nb]
            if nb >= 0 and hue[nb] == colour and rival != value and rival not in rivals:
                rivals[rival] = nb
        if any(sizes[r] > sizes[value] for r in rivals) and self._recolour(value, cell):
            return
        for rival in sorted(rivals):
            if hue[rivals[rival]] != colour or self._recolour(rival, rivals[rival]):
                continue  # (moved already, to free a colour for an earlier rival)
            if self._recolour(value, cell):
                return  # a new colour for the joined set clears every conflict at once
            self._recolour(rival, rivals[rival], force=True)

    def _recolour(self, set_id: int, start: int, force: bool = False, clear: bool = True) -> bool:
        """Paint set ``set_id`` (which holds cell ``start``) in a colour none of its neighbours has.

        When its neighbours have all 12 (a big set, late in a large maze), ``clear`` first tries to
        free one by recolouring the few neighbour sets that have it (see :meth:`_clear_colour`).
        Failing that: False, or with ``force`` the colour least used around it, which may leave it
        touching a set of the same colour: the one case where the rule can break. It needs two sets
        whose every colour is held by neighbours that cannot move; never met in the runs tried
        (Kruskal's up to 1000 x 1000, blobby division on hexagons, Eller's up to 500 x 500)."""
        members = self._members(set_id, start)
        around = self._around(set_id, members)
        current = self._hue[start]
        used = np.bincount(self.hue[around], minlength=SET_COLOURS).tolist()
        used[current] += 1  # never "recolour" in the colour it has
        colour = _pick(used, set_id, force=False)
        if colour < 0 and clear:
            colour = self._clear_colour(set_id, around, current)
        if colour < 0 and force:  # the least-used colour but its own (which surely clashes)
            used = np.bincount(self.hue[around], minlength=SET_COLOURS).tolist()
            used[current] = len(around) + 1
            colour = _pick(used, set_id, force=True)
        if colour < 0:
            return False
        self.hue[members] = colour
        self._colours[set_id] = colour
        self._note_recoloured(members)
        return True

    def _clear_colour(self, set_id: int, around: np.ndarray, current: int) -> int:
        """Free a colour for set ``set_id`` by recolouring every neighbour set that has it, trying
        the colours held by the fewest cells first (by ``_MOST_BLOCKERS`` sets at most); each of
        those moves only to a colour free around it, so the rule holds throughout. Returns the
        colour freed, or -1 (some sets may have moved, validly, on a failed try)."""
        ids, first = np.unique(self.set_id[around], return_index=True)
        starts = around[first]
        start_of = dict(zip(ids.tolist(), starts.tolist()))
        hues = self.hue[starts]
        holders = np.bincount(hues, minlength=SET_COLOURS).tolist()
        cells = np.bincount(hues, weights=np.asarray(self._sizes)[ids], minlength=SET_COLOURS).tolist()
        order = [c for c in _order(set_id) if c != current and holders[c] <= _MOST_BLOCKERS]
        for colour in sorted(order, key=cells.__getitem__):  # the fewest cells repainted first
            hues = self.hue[starts]  # fresh: a failed try may have moved some
            blockers = ids[hues == colour].tolist()
            if len(blockers) <= _MOST_BLOCKERS and all(
                    self._recolour(b, start_of[b], clear=False) for b in blockers):
                return colour
        return -1

    def _members(self, set_id: int, start: int) -> np.ndarray:
        """The cells of set ``set_id``, one of which is ``start``: flood-filled from ``start`` when
        the set is small and all of it is connected, else found by a scan."""
        size = self._sizes[set_id]
        if size * _FILL_SHARE < self.grid.size:
            set_of, flat, d = self._set_of, self._neighbour_flat, self.grid.directions
            seen, todo = {start}, [start]
            while todo:
                cell = todo.pop()
                for nb in flat[cell * d:cell * d + d]:
                    if set_of[nb] == set_id and nb >= 0 and nb not in seen:
                        seen.add(nb)
                        todo.append(nb)
            if len(seen) == size:
                return np.array(sorted(seen), dtype=np.intp)
        return np.flatnonzero(self.set_id == set_id)

    def _around(self, set_id: int, members: np.ndarray) -> np.ndarray:
        """The cells of other sets next to ``members``, once per (member, neighbour) pair."""
        if len(members) <= _LOOP_CELLS:
            set_of, flat, d = self._set_of, self._neighbour_flat, self.grid.directions
            return np.array([nb for cell in members.tolist() for nb in flat[cell * d:cell * d + d]
                             if nb >= 0 and set_of[nb] >= 0 and set_of[nb] != set_id], dtype=np.intp)
        assert self._neighbour_table is not None, "made with the per-set tables"
        around = self._neighbour_table[members].ravel()
        around = around[around >= 0]
        ids = self.set_id[around]
        return around[(ids >= 0) & (ids != set_id)]

    def _note_recoloured(self, cells: np.ndarray) -> None:
        """Cells repainted without an event naming them: the board redraws them, the timeline's next
        snapshot stores them (:meth:`take_recoloured`)."""
        if len(cells) > _MANY_CELLS:
            self.full_redraw = True
        else:
            self.dirty.extend(cells.tolist())
        if self._recoloured_all:
            return
        self._recoloured.append(cells)
        self._recoloured_count += len(cells)
        if self._recoloured_count > self.grid.size // 2:  # bounded memory: the snapshot takes all
            self._recoloured_all = True
            self._recoloured.clear()

    def take_recoloured(self) -> np.ndarray | None:
        """The cells recoloured since the last call (or restore) besides those SET events named,
        sorted, each once; None when so many that storing the whole ``hue`` array is simpler. Resets."""
        cells: np.ndarray | None = None
        if not self._recoloured_all:
            cells = np.unique(np.concatenate(self._recoloured)) if self._recoloured else np.empty(0, np.intp)
        self._recoloured = []
        self._recoloured_count = 0
        self._recoloured_all = False
        return cells

    def restored(self) -> None:
        """``set_id`` and ``hue`` were written from outside (a timeline restore): the per-set counts
        and colours are rebuilt from them at the next SET, and no recolouring is pending."""
        self._sets_stale = True
        self.take_recoloured()

    def _prepare_sets(self, value: int) -> None:
        """Size the per-set tables for set id ``value``, rebuilding them from the arrays if stale."""
        if self._neighbour_table is None:
            self._neighbour_table = self.grid.neighbour_array(np.int32)
            self._neighbour_flat = memoryview(self._neighbour_table.ravel())  # type: ignore[arg-type]
        capacity = max(len(self._sizes), self.grid.size + 1, value + 1)
        if capacity > len(self._sizes) and not self._sets_stale:
            capacity = max(capacity, 2 * len(self._sizes))
        if self._sets_stale:
            in_set = self.set_id >= 0
            ids = self.set_id[in_set]
            capacity = max(capacity, int(ids.max()) + 1 if len(ids) else 0)
            sizes = np.bincount(ids, minlength=capacity).astype(np.int32)
            colours = np.full(capacity, -1, dtype=np.int8)
            colours[ids] = self.hue[in_set]
            self._sets_stale = False
        else:
            sizes = np.zeros(capacity, dtype=np.int32)
            colours = np.full(capacity, -1, dtype=np.int8)
            sizes[:len(self._sizes)] = self._sizes
            colours[:len(self._colours)] = self._colours
        self._sizes = memoryview(sizes)  # type: ignore[arg-type]
        self._colours = memoryview(colours)  # type: ignore[arg-type]


def _order(set_id: int) -> list[int]:
    """The colours in the order set ``set_id`` prefers them: from ``set_id % SET_COLOURS`` round (so
    sets keep the varied look of colouring by id when nothing is in the way)."""
    first = set_id % SET_COLOURS
    return list(range(first, SET_COLOURS)) + list(range(first))


def _pick(used: list[int], set_id: int, force: bool) -> int:
    """The first colour in set ``set_id``'s order that ``used`` counts 0 times; -1 when every colour
    is used, unless ``force``: then the least-used one (ties in the same order). With 12 colours
    and at most 6 neighbours a single cell always finds a free one."""
    first = set_id % SET_COLOURS
    if not used[first]:  # the common case, kept quick
        return first
    order = _order(set_id)
    for colour in order:
        if not used[colour]:
            return colour
    return min(order, key=used.__getitem__) if force else -1
