"""Tiled exports: a map the Tiled editor's own format readers open (pytiled-parser reads Tiled JSON
maps), its layers and room objects checked against the maze, its tileset picture beside it; grids
that are no tile map refused in one line before any work."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
import pytiled_parser
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from visualizer.cli import main
from visualizer.core.maze import Maze
from visualizer.export import tiled
from visualizer.export.formats import FORMATS, ExportOptions, beside_files, beside_path
from visualizer.grids import GRIDS, Mask
from visualizer.grids.square import E, S
from visualizer.run.spec import MazeSpec

FLOOR, WALL, DOOR = 1, 2, 3
"""The documented gids (firstgid 1: floor, wall, door)."""
SHAPE = Mask(("..XX..", ".X..X.", "......", "XX..XX"), "bowtie")


def export(spec: MazeSpec, folder: Path, name: str = "level") -> tuple[Maze, pytiled_parser.TiledMap]:
    """Write the map as ``generate`` does and read it back with pytiled-parser."""
    path = folder / f"{name}.tmj"
    argv = ["generate", "-a", spec.algorithm, "-s", spec.size_text, "--seed", str(spec.seed), "-o", str(path)]
    if spec.mask is not None:
        mask_file = folder / "shape.txt"
        mask_file.write_text("\n".join(spec.mask.rows) + "\n")
        argv += ["--mask", str(mask_file)]
    assert main(argv) == 0
    return spec.build(), pytiled_parser.parse_map(path)


def layers(parsed: pytiled_parser.TiledMap) -> dict[str, object]:
    return {layer.name: layer for layer in parsed.layers}


def tile_layer(parsed: pytiled_parser.TiledMap, name: str) -> np.ndarray:
    return np.array(layers(parsed)[name].data)  # type: ignore[attr-defined]


def check_against_the_model(maze: Maze, parsed: pytiled_parser.TiledMap) -> None:
    """Every open cell floor, every wall between two cells a wall tile, doors where rooms open."""
    grid = maze.grid
    floor, walls, doors = (tile_layer(parsed, name) for name in ("floor", "walls", "doors"))
    assert floor.shape == walls.shape == doors.shape == (2 * grid.height + 1, 2 * grid.width + 1)
    assert set(np.unique(floor)) <= {0, FLOOR} and set(np.unique(walls)) <= {0, WALL}
    assert set(np.unique(doors)) <= {0, DOOR}
    assert not ((floor > 0) & (walls > 0)).any()  # a tile is floor or wall, never both
    assert ((doors > 0) <= (floor > 0)).all()  # a door stands on floor
    open_cells = maze.open_mask()
    rooms = {cell: room for room, cells in maze.rooms.items() for cell in cells}
    for cell in range(grid.size):
        x, y = grid.coords(cell)
        tx, ty = 2 * x + 1, 2 * y + 1
        assert (floor[ty, tx] == FLOOR) == bool(open_cells[cell])
        for d, (dx, dy) in ((E, (1, 0)), (S, (0, 1))):
            other = grid.cell(x + dx, y + dy) if x + dx < grid.width and y + dy < grid.height else -1
            if other < 0:
                continue
            between = ty + dy, tx + dx
            if maze.is_open(cell, d):
                assert floor[between] == FLOOR and walls[between] == 0
                assert (doors[between] == DOOR) == (rooms.get(cell, -1) != rooms.get(other, -1))
            else:
                assert walls[between] == WALL and floor[between] == 0


def check_rooms(maze: Maze, parsed: pytiled_parser.TiledMap) -> None:
    """One rectangle object per room, covering exactly the tiles of its cells."""
    group = layers(parsed).get("rooms")
    if not maze.rooms:
        assert group is None
        return
    objects = group.tiled_objects  # type: ignore[attr-defined]
    assert len(objects) == len(maze.rooms)
    size = parsed.tile_size.width
    for obj in objects:
        room = obj.properties["room"]
        cells = maze.rooms[room]
        assert obj.class_ == "room" and obj.name == f"room {room}" and obj.properties["cells"] == len(cells)
        coords = {maze.grid.coords(c) for c in cells}
        left, top = int(obj.coordinates.x) // size, int(obj.coordinates.y) // size
        width, height = int(obj.size.width) // size, int(obj.size.height) // size
        inside = {((tx - 1) // 2, (ty - 1) // 2) for tx in range(left, left + width) for ty in range(top, top + height)}
        assert inside == coords  # the rectangle's tiles are the room's cells and the walls between them


def test_a_dungeon_map_opens_with_its_floor_walls_doors_and_rooms(tmp_path):
    maze, parsed = export(MazeSpec("dungeon", "square", 25, 17, 6), tmp_path)
    assert parsed.orientation == "orthogonal" and not parsed.infinite
    assert parsed.map_size == pytiled_parser.Size(51, 35) and parsed.tile_size == pytiled_parser.Size(16, 16)
    check_against_the_model(maze, parsed)
    check_rooms(maze, parsed)
    assert (tile_layer(parsed, "doors") == DOOR).any()
    assert parsed.properties == {"algorithm": "dungeon", "grid": "square", "size": "25x17", "seed": 6}


def test_the_tileset_picture_is_beside_the_map_and_matches_its_description(tmp_path):
    _, parsed = export(MazeSpec("prim", "square", 6, 4, 1), tmp_path, "castle")
    (tileset,) = parsed.tilesets.values()
    assert list(parsed.tilesets) == [1] and str(tileset.image) == "castle-tiles.png"
    picture = Image.open(tmp_path / "castle-tiles.png")
    assert picture.format == "PNG" and picture.size == (tileset.image_width, tileset.image_height)
    assert tileset.columns * tileset.tile_width == tileset.image_width and tileset.tile_count == 3
    assert {t.class_: t.properties["walkable"] for t in tileset.tiles.values()} == {
        "floor": True, "wall": False, "door": True}
    pixels = np.asarray(picture.convert("RGB"))
    floor, wall = pixels[0, 0], pixels[0, 16]
    assert tuple(floor) != tuple(wall)


@given(algorithm=st.sampled_from(["backtracker", "dungeon", "kruskal", "sidewinder"]),
       w=st.integers(1, 16), h=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_every_map_reads_back_as_its_maze(algorithm, w, h, seed):
    spec = MazeSpec(algorithm, "square", w, h, seed)
    maze = spec.build()
    with tempfile.TemporaryDirectory() as folder:
        options = ExportOptions(name="m")
        for ending, content in beside_files(FORMATS["tiled"], maze, spec, options).items():
            (Path(folder) / f"m{ending}").write_bytes(content)
        (Path(folder) / "m.tmj").write_text(tiled.write(maze, spec, options))
        parsed = pytiled_parser.parse_map(Path(folder) / "m.tmj")
    check_against_the_model(maze, parsed)
    check_rooms(maze, parsed)
    openings = {obj.name: obj for obj in layers(parsed)["openings"].tiled_objects}  # type: ignore[attr-defined]
    x, y = maze.grid.coords(maze.entrance[0])
    assert (openings["entrance"].coordinates.x, openings["entrance"].coordinates.y) == ((2 * x + 1.5) * 16, 8)


def test_a_masked_map_leaves_the_tiles_outside_the_shape_empty(tmp_path):
    spec = MazeSpec("dungeon", "square", 18, 12, 3, mask=SHAPE)
    maze, parsed = export(spec, tmp_path)
    stacked = sum(tile_layer(parsed, name) for name in ("floor", "walls"))
    holes = maze.grid.tile_map(maze) == 0
    assert holes.any() and ((stacked == 0) == holes).all()
    check_rooms(maze, parsed)


def test_the_map_has_the_fields_the_format_documents(tmp_path):
    """Read with plain json, field by field (doc.mapeditor.org, JSON map format, 1.10)."""
    export(MazeSpec("dungeon", "square", 12, 9, 2), tmp_path)
    data = json.loads((tmp_path / "level.tmj").read_text())
    assert data["type"] == "map" and data["orientation"] == "orthogonal" and data["renderorder"] == "right-down"
    assert data["width"] == 25 and data["height"] == 19 and data["tilewidth"] == data["tileheight"] == 16
    ids = [layer["id"] for layer in data["layers"]]
    assert ids == list(range(1, len(ids) + 1)) and data["nextlayerid"] == len(ids) + 1
    objects = [obj["id"] for layer in data["layers"] for obj in layer.get("objects", [])]
    assert sorted(objects) == list(range(1, len(objects) + 1)) and data["nextobjectid"] == len(objects) + 1
    for layer in data["layers"]:
        if layer["type"] == "tilelayer":
            assert len(layer["data"]) == 25 * 19 and (layer["width"], layer["height"]) == (25, 19)
    (tileset,) = data["tilesets"]
    assert tileset["firstgid"] == 1 and tileset["tilecount"] == 3 and tileset["columns"] == 3
    assert tileset["imagewidth"] == 48 and tileset["imageheight"] == 16 and tileset["image"] == "level-tiles.png"


def test_the_map_names_the_tileset_picture_the_registry_writes_beside_it():
    spec = MazeSpec("prim", "square", 3, 3, 1)
    data = json.loads(tiled.write(spec.build(), spec, ExportOptions(name="castle")))
    (ending, _), = FORMATS["tiled"].beside
    assert data["tilesets"][0]["image"] == beside_path("castle.tmj", ending) == "castle-tiles.png"


@pytest.mark.parametrize("kind", [kind for kind, cls in GRIDS.items() if not cls.TILE_MAP])
@pytest.mark.parametrize("target", [["-o", "x.tmj"], ["-f", "tiled", "-o", "x.json"], ["-f", "csv"], ["-o", "x.csv"]])
def test_a_grid_without_square_tiles_is_refused_before_any_work(kind, target, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)

    def no_work(self):
        raise AssertionError("the maze was built before the refusal")

    monkeypatch.setattr(MazeSpec, "build", no_work)
    assert main(["generate", "-g", kind, "-s", "8x8", *target]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and kind in err and "square" in err
    assert not any(tmp_path.iterdir())


def test_a_tileset_path_that_cannot_be_written_is_refused_before_any_work(tmp_path, capsys):
    (tmp_path / "level-tiles.png").mkdir()
    assert main(["generate", "-o", str(tmp_path / "level.tmj")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "level-tiles.png" in err
    assert not (tmp_path / "level.tmj").exists()


def test_tiled_takes_a_theme_and_refuses_picture_options(tmp_path, capsys):
    assert main(["generate", "--theme", "light", "-o", str(tmp_path / "a.tmj")]) == 0
    pixels = np.asarray(Image.open(tmp_path / "a-tiles.png").convert("RGB"))
    assert tuple(pixels[0, 0]) == (255, 255, 255) and tuple(pixels[0, 16]) == (0, 0, 0)
    assert main(["generate", "--solution", "-o", str(tmp_path / "b.tmj")]) == 2
    assert "--solution" in capsys.readouterr().err and not (tmp_path / "b.tmj").exists()
    assert main(["generate", "-f", "tiled"]) == 2
    assert "--output" in capsys.readouterr().err


@pytest.mark.parametrize("algorithm", ["bsp", "rooms_corridors"])
def test_the_new_room_making_dungeons_put_every_room_as_an_object(tmp_path, algorithm):
    maze, parsed = export(MazeSpec(algorithm, "square", 40, 30, 8), tmp_path)
    assert len(maze.rooms) >= 2
    check_against_the_model(maze, parsed)
    check_rooms(maze, parsed)
    rooms = layers(parsed)["rooms"].tiled_objects  # type: ignore[attr-defined]
    assert sorted(obj.properties["room"] for obj in rooms) == sorted(maze.rooms)
    assert (tile_layer(parsed, "doors") == DOOR).any()  # the corridors open through the rooms' walls


@settings(max_examples=20, deadline=None)
@given(algorithm=st.sampled_from(["bsp", "caves", "drunkard", "rooms_corridors", "wfc"]),
       w=st.integers(2, 24), h=st.integers(2, 18), seed=st.integers(0, 10**6))
def test_every_dungeon_map_reads_back_as_its_maze_rooms_included(algorithm, w, h, seed):
    """Caves, drunkard's walks and WFC make no rooms: their maps have no rooms layer."""
    spec = MazeSpec(algorithm, "square", w, h, seed)
    maze = spec.build()
    with tempfile.TemporaryDirectory() as folder:
        options = ExportOptions(name="m")
        for ending, content in beside_files(FORMATS["tiled"], maze, spec, options).items():
            (Path(folder) / f"m{ending}").write_bytes(content)
        (Path(folder) / "m.tmj").write_text(tiled.write(maze, spec, options))
        parsed = pytiled_parser.parse_map(Path(folder) / "m.tmj")
    check_against_the_model(maze, parsed)
    check_rooms(maze, parsed)
