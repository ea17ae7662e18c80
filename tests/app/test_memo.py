"""The memo that the scenes keep their figures in: a value is computed once per key, and while a
caller says it may not compute, the last value stands in."""

from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.memo import Memo


def test_a_value_is_computed_once_per_key():
    calls = []
    memo: Memo[int] = Memo()
    for key in (1, 1, 2, 2, 1):
        assert memo.get(key, lambda k=key: calls.append(k) or k * 10) == key * 10
    assert calls == [1, 2, 1]


def test_the_first_value_is_computed_even_when_computing_is_not_allowed():
    memo: Memo[str] = Memo()
    assert memo.empty and memo.last is None
    assert memo.get("a", lambda: "A", may_compute=False) == "A"
    assert memo.get("b", lambda: "B", may_compute=False) == "A"  # stale, but something to show
    assert not memo.fresh("b") and memo.fresh("a")
    assert memo.get("b", lambda: "B") == "B" and memo.fresh("b")


def test_clearing_forgets_the_value_and_when_it_was_computed():
    memo: Memo[int] = Memo()
    memo.get(1, lambda: 1)
    assert memo.computed_at > float("-inf")
    memo.clear()
    assert memo.empty and memo.last is None and memo.computed_at == float("-inf")
    assert memo.get(1, lambda: 2) == 2


@given(st.lists(st.tuples(st.integers(0, 3), st.booleans()), max_size=30))
def test_a_memo_answers_like_the_plain_rule(asks):
    """Recompute when there is nothing yet, or when the key changed and computing is allowed;
    otherwise answer with the last value (its key may be an older one)."""
    memo: Memo[tuple[int, int]] = Memo()
    model: tuple[int, int] | None = None  # (key it was computed for, how many computations so far)
    computations = 0

    def compute(key):
        nonlocal computations
        computations += 1
        return key, computations

    for key, may in asks:
        if model is None or (model[0] != key and may):
            model = (key, computations + 1)
        assert memo.get(key, lambda k=key: compute(k), may) == model
        assert memo.fresh(model[0])
