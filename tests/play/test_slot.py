"""The save slot: the only way the play window writes its save. A window that does not hold the
save, or plays without saving, never touches the file; a new game keeps the old one as a backup."""

from pathlib import Path

from visualizer.play import save_lock
from visualizer.play.game import Game
from visualizer.play.save import load_game, save_game
from visualizer.play.slot import SaveSlot
from visualizer.run.spec import MazeSpec

SPEC = MazeSpec(width=6, height=5, seed=3)


def saved_game(path: Path, level: int = 2) -> Game:
    game = Game.new_level(level, SPEC)
    save_game(game, path)
    return game


def test_a_second_slot_on_a_held_save_plays_without_saving(tmp_path):
    path = tmp_path / "save.json"
    saved_game(path, level=3)
    first, second = SaveSlot(path), SaveSlot(path)
    try:
        assert first.hold() is None and first.keeps
        note = second.hold()
        assert note is not None and not second.keeps
        assert note.startswith("Saving is off in this window: this save is in use")
        assert second.in_use_note and second.held_elsewhere
        before = path.read_bytes()
        assert second.write(Game.new_level(1, SPEC)) is None
        second.finish()
        assert path.read_bytes() == before  # neither a write nor the end of a game touched it
    finally:
        first.let_go()
    assert not save_lock.lock_path(path).exists()


def test_a_new_game_sets_the_save_aside_and_takes_it_back(tmp_path):
    path = tmp_path / "save.json"
    old = saved_game(path, level=4)
    slot = SaveSlot(path)
    slot.set_aside()
    assert not path.exists() and slot.has_replaced and slot.keeps
    assert slot.write(Game.new_level(1, SPEC)) is None and load_game(path).level == 1
    game, _ = slot.take_back()
    assert game is not None and game.level == old.level
    assert load_game(path).level == old.level  # the two changed places


def test_resume_with_only_a_backup_takes_the_replaced_game_back(tmp_path):
    path = tmp_path / "save.json"
    saved_game(path, level=5)
    slot = SaveSlot(path)
    slot.set_aside()
    game, _ = slot.resume()
    assert game is not None and game.level == 5


def test_a_finished_game_leaves_nothing_to_continue_unless_the_window_plays_without_saving(tmp_path):
    path = tmp_path / "save.json"
    saved_game(path)
    quiet = SaveSlot(path, keeps=False)
    quiet.finish()
    assert path.exists()
    SaveSlot(path).finish()
    assert not path.exists()


def test_a_save_that_cannot_be_set_aside_stays_and_the_new_game_is_not_saved(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    saved_game(path, level=3)
    before = path.read_bytes()
    slot = SaveSlot(path)

    def refuse(_path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("visualizer.play.slot.set_save_aside", refuse)
    note = slot.set_aside()
    assert "could not be moved aside" in note and "Permission denied" in note and not slot.keeps
    slot.write(Game.new_level(1, SPEC))
    assert path.read_bytes() == before
