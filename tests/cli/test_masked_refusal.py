"""A refusal of a large masked maze comes from one build of its grid (each build finds the mask's
largest part: seconds at 2000 x 2000), however many checks before the work ask for it."""

from pathlib import Path

from visualizer.cli import main
from visualizer.grids import masked

HEART = str(Path(__file__).parents[2] / "assets" / "masks" / "heart.png")


def test_the_masked_grid_is_built_once_for_the_checks_before_a_refusal(tmp_path, monkeypatch, capsys):
    built = []
    making = masked.MaskedGrid.__init__

    def counted(self, base, mask):
        built.append(mask.name)
        making(self, base, mask)

    monkeypatch.setattr(masked.MaskedGrid, "__init__", counted)
    status = main(["generate", "--mask", HEART, "-s", "1500x1500", "-o", str(tmp_path / "m.webp")])
    error = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(error) == 1 and "to paint and encode" in error[0], error
    assert len(built) == 1
    assert not (tmp_path / "m.webp").exists()


def test_another_mask_or_size_gets_its_own_grid():
    from visualizer.files.masks import load_mask
    from visualizer.run.spec import MazeSpec

    heart = load_mask(HEART)
    one = MazeSpec(width=40, height=30, mask=heart)
    assert one.make_grid() is one.make_grid()
    assert one.with_(width=41).make_grid().width == 41
    assert one.make_grid().width == 40 and one.make_grid().size < 40 * 30


def test_a_grid_without_a_mask_lets_the_kept_masked_grid_go():
    import gc
    import weakref

    from visualizer.files.masks import load_mask
    from visualizer.run.spec import MazeSpec

    masked_spec = MazeSpec(width=40, height=30, mask=load_mask(HEART))
    kept = weakref.ref(masked_spec.make_grid())
    gc.collect()
    assert kept() is not None, "kept for the next check of the same recipe"
    masked_spec.with_(mask=None).make_grid()
    gc.collect()
    assert kept() is None
