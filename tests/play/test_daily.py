"""The daily maze: the seed is a function of the date alone (stable, and another date gives another
maze), ``--daily`` refuses what it cannot go with in one line, and its records are its own."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.play.daily import DAILY_LEVEL, SEED_RANGE, daily_game, daily_seed, parse_day
from visualizer.play.records import Records
from visualizer.run.spec import MazeSpec

DAYS = st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31))


def test_the_seed_of_a_date_is_fixed_for_ever():
    """Pinned: a change to the derivation would give everyone a different maze for a past day."""
    assert daily_seed(date(2026, 12, 2)) == daily_seed(date.fromisoformat("2026-12-02")) == PINNED


PINNED = 370401400


@given(day=DAYS)
def test_the_seed_is_stable_for_a_date_and_in_range(day):
    assert daily_seed(day) == daily_seed(date(day.year, day.month, day.day))
    assert 0 <= daily_seed(day) < SEED_RANGE


@given(day=DAYS, other=DAYS)
def test_two_dates_have_two_seeds(day, other):
    if day != other:
        assert daily_seed(day) != daily_seed(other)


def test_a_year_of_days_has_a_year_of_different_seeds():
    first = date(2026, 1, 1)
    seeds = {daily_seed(first + timedelta(days=n)) for n in range(366)}
    assert len(seeds) == 366


def test_the_daily_game_is_the_same_maze_for_everyone_and_another_day_another():
    base = MazeSpec()
    one, two = daily_game(base, date(2026, 12, 2)), daily_game(base, date(2026, 12, 2))
    other = daily_game(base, date(2026, 12, 3))
    assert one.maze.same_as(two.maze) and one.layout == two.layout and one.daily == "2026-12-02"
    assert not one.maze.same_as(other.maze)
    assert one.level == DAILY_LEVEL and one.spec.seed == daily_seed(date(2026, 12, 2))


@pytest.mark.parametrize("text", ["2026-13-01", "yesterday", "2026-1-1", "", "2026-12-02x"])
def test_a_bad_date_is_refused_in_one_line(text):
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_day(text)


def test_today_is_today():
    assert parse_day("today", date(2026, 12, 2)) == date(2026, 12, 2)


@pytest.mark.parametrize("args, message", [
    (["--daily", "--seed", "3"], "--daily cannot be used with --seed"),
    (["--daily", "2026-12-02", "--continue"], "--daily cannot be used with --continue"),
    (["--daily", "--records"], "--daily cannot be used with --records"),
    (["--daily", "2026-02-30"], "YYYY-MM-DD"),
])
def test_play_daily_refuses_bad_combinations_in_one_line(capsys, data, args, message):
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_daily_records_are_their_own(data):
    records = Records.load()
    game = daily_game(MazeSpec(), date(2026, 12, 2))
    records.add_win(game.spec, game.level, 30.0, 40, game.daily)
    assert records.get(game.spec, game.level) is None  # the same recipe, not a daily: no record
    assert records.get(game.spec, game.level, game.daily).fewest_moves == 40
    records.save()
    row, = Records.load().table()
    assert row[0] == "daily 2026-12-02" and row[2] == str(game.spec.seed)
