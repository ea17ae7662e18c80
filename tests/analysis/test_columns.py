"""Plain-text tables (``visualizer.analysis.columns``): the stats, lab and records tables line up."""

from hypothesis import given
from hypothesis import strategies as st

from visualizer.analysis.columns import aligned


@given(rows=st.integers(1, 4).flatmap(lambda width: st.lists(
    st.lists(st.text("ab ±", max_size=5).map(str.strip), min_size=width, max_size=width), min_size=1, max_size=5)),
    data=st.data())
def test_aligned_columns_start_at_the_same_place_on_every_line(rows, data):
    """Each column two spaces after the widest cell of the one before; numbers flush right, words flush
    left; no trailing spaces."""
    right = data.draw(st.sets(st.integers(0, len(rows[0]) - 1)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    starts = [sum(widths[:i]) + 2 * i for i in range(len(widths))]
    for row, line in zip(rows, aligned(rows, right)):
        assert not line.endswith(" ")
        full = line.ljust(starts[-1] + widths[-1])
        for i, cell in enumerate(row):
            assert full[starts[i]:starts[i] + widths[i]] == (cell.rjust(widths[i]) if i in right else
                                                              cell.ljust(widths[i]))
            assert i == 0 or full[starts[i] - 2:starts[i]] == "  "
