"""Tiled export: a map in the Tiled map editor's JSON map format (``.tmj``), with its tileset picture
written beside it (``NAME-tiles.png``), for game engines and level editors.

The map is orthogonal, one tile per tile of the grid's tile map (``Grid.tile_map``: cell (x, y) is
tile (2x+1, 2y+1), the wall between two cells the tile between them), 16 pixels a side. One tileset,
embedded, ``firstgid`` 1: tile 0 floor, 1 wall, 2 door (gids 1, 2, 3: the CSV export's numbers),
each with its ``type`` and a ``walkable`` property. Layers, bottom up:

- ``floor``: every tile a walker may stand on (cells, open walls, the entrance and exit gaps, doors);
- ``walls``: every wall tile;
- ``doors``: a dungeon's doors (an opening in a room's wall), over the floor;
- ``rooms`` (dungeons): an object per room, the rectangle its tiles cover, named ``room N``, type
  ``room``, with ``room`` (its id) and ``cells`` properties;
- ``openings``: the entrance and exit as point objects at their gap's centre.

Tiles outside a mask's shape are empty (gid 0) in every layer. The map's properties say how to make
it again (algorithm, grid, size, seed).
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import numpy as np

from ..grids.base import TILE_DOOR, TILE_FLOOR, TILE_WALL
from ..render.themes import get_theme
from .csv_tiles import check_tiles, digits_joined
from .formats import ExportOptions

if TYPE_CHECKING:
    from ..core.maze import Maze
    from ..render.themes import Theme
    from ..run.spec import MazeSpec

NAME = "tiled"
TILE = 16
"""Pixels per tile, in the map and in the tileset picture."""
TILESET_ENDING = "-tiles.png"
VERSION, TILED_VERSION = "1.10", "1.10.2"
"""The JSON map format version written (Tiled 1.10 reads it, and later ones)."""
TILES = (("floor", TILE_FLOOR, True), ("wall", TILE_WALL, False), ("door", TILE_DOOR, True))
"""The tileset's tiles in order (tile id = position): name, the tile map's tile, walkable."""
LAYERS = (("floor", (TILE_FLOOR, TILE_DOOR), TILE_FLOOR), ("walls", (TILE_WALL,), TILE_WALL),
          ("doors", (TILE_DOOR,), TILE_DOOR))
"""The tile layers: name, the tile map's tiles it covers, the tile it draws there."""


def check(spec: MazeSpec, options: ExportOptions | None = None) -> None:
    check_tiles(spec, NAME)


def gid(tile: int) -> int:
    """The map's global id of a tile map tile (firstgid 1 plus its place in the tileset)."""
    return 1 + [t for _, t, _ in TILES].index(tile)


def layer_data(tiles: np.ndarray, covers: tuple[int, ...], drawn: int) -> np.ndarray:
    return np.where(np.isin(tiles, covers), gid(drawn), 0).astype(np.uint8)


def tileset_png(theme: Theme) -> bytes:
    """The tileset picture: floor, wall and door side by side, in the theme's colours (a door is the
    connector colour framed by floor, so it reads as an opening)."""
    from PIL import Image

    pixels = np.zeros((TILE, TILE * len(TILES), 3), dtype=np.uint8)
    colours = {"floor": theme.floor, "wall": theme.wall, "door": theme.floor}
    for i, (name, _, _) in enumerate(TILES):
        pixels[:, i * TILE:(i + 1) * TILE] = colours[name]
    door = [name for name, _, _ in TILES].index("door") * TILE
    pixels[3:-3, door + 3:door + TILE - 3] = theme.legend_colour("connector")
    out = io.BytesIO()
    Image.fromarray(pixels, "RGB").save(out, format="PNG")
    return out.getvalue()


def tileset_entry(image: str) -> dict[str, Any]:
    return {
        "columns": len(TILES), "firstgid": 1, "image": image, "imageheight": TILE,
        "imagewidth": TILE * len(TILES), "margin": 0, "name": "maze-visualizer", "spacing": 0,
        "tilecount": len(TILES), "tileheight": TILE, "tilewidth": TILE,
        "tiles": [{"id": i, "type": name, "properties": [{"name": "walkable", "type": "bool", "value": walkable}]}
                  for i, (name, _, walkable) in enumerate(TILES)],
    }


def room_objects(maze: Maze, first_id: int) -> list[dict[str, Any]]:
    """One rectangle per room: the tiles its cells cover, from its first cell's to its last's."""
    objects = []
    for number, (room, cells) in enumerate(sorted(maze.rooms.items())):
        xs, ys = maze.grid.coords_array(np.asarray(cells, dtype=np.int64))
        left, top = 2 * int(xs.min()) + 1, 2 * int(ys.min()) + 1
        right, bottom = 2 * int(xs.max()) + 2, 2 * int(ys.max()) + 2
        objects.append(_object(first_id + number, f"room {room}", "room", left * TILE, top * TILE,
                               (right - left) * TILE, (bottom - top) * TILE,
                               [_int_property("room", room), _int_property("cells", len(cells))]))
    return objects


def opening_objects(maze: Maze, first_id: int) -> list[dict[str, Any]]:
    """The entrance and exit as points at the centre of their gap in the outer wall."""
    objects = []
    for number, (name, (cell, d)) in enumerate((("entrance", maze.entrance), ("exit", maze.exit))):
        x, y = maze.grid.coords(cell)
        dx, dy = maze.grid.STEPS[0][d]
        centre_x, centre_y = (2 * x + 1 + dx + 0.5) * TILE, (2 * y + 1 + dy + 0.5) * TILE
        objects.append(_object(first_id + number, name, name, centre_x, centre_y, 0, 0, []) | {"point": True})
    return objects


def _object(number: int, name: str, kind: str, x: float, y: float, width: float, height: float,
            properties: list[dict[str, Any]]) -> dict[str, Any]:
    return {"height": height, "id": number, "name": name, "properties": properties, "rotation": 0,
            "type": kind, "visible": True, "width": width, "x": x, "y": y}


def _int_property(name: str, value: int) -> dict[str, Any]:
    return {"name": name, "type": "int", "value": int(value)}


def _layer(number: int, name: str, height: int, width: int, data: Any) -> dict[str, Any]:
    return {"data": data, "height": height, "id": number, "name": name, "opacity": 1, "type": "tilelayer",
            "visible": True, "width": width, "x": 0, "y": 0}


def _object_group(number: int, name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {"draworder": "topdown", "id": number, "name": name, "objects": objects, "opacity": 1,
            "type": "objectgroup", "visible": True, "x": 0, "y": 0}


def _properties(spec: MazeSpec) -> list[dict[str, Any]]:
    return [{"name": "algorithm", "type": "string", "value": spec.algorithm},
            {"name": "grid", "type": "string", "value": spec.grid},
            {"name": "size", "type": "string", "value": spec.size_text},
            _int_property("seed", spec.seed)]


def to_tiled(maze: Maze, spec: MazeSpec, image: str) -> str:
    """The map's JSON text; its tileset picture is ``image`` (a path relative to the map)."""
    tiles = maze.grid.tile_map(maze)
    height, width = tiles.shape
    layers: list[dict[str, Any]] = []
    data: dict[str, str] = {}
    for name, covers, drawn in LAYERS:
        placeholder = f"@layer-{name}@"
        data[placeholder] = "[" + digits_joined(layer_data(tiles, covers, drawn).ravel(), b",") + "]"
        layers.append(_layer(len(layers) + 1, name, height, width, placeholder))
    objects = 1
    if maze.rooms:
        rooms = room_objects(maze, objects)
        objects += len(rooms)
        layers.append(_object_group(len(layers) + 1, "rooms", rooms))
    openings = opening_objects(maze, objects)
    objects += len(openings)
    layers.append(_object_group(len(layers) + 1, "openings", openings))
    document = {
        "compressionlevel": -1, "height": height, "infinite": False, "layers": layers,
        "nextlayerid": len(layers) + 1, "nextobjectid": objects, "orientation": "orthogonal",
        "properties": _properties(spec), "renderorder": "right-down", "tiledversion": TILED_VERSION,
        "tileheight": TILE, "tilesets": [tileset_entry(image)], "tilewidth": TILE, "type": "map",
        "version": VERSION, "width": width,
    }
    text = json.dumps(document, indent=1)
    for placeholder, numbers in data.items():  # the layers' numbers go in last: one string each
        text = text.replace(json.dumps(placeholder), numbers, 1)
    return text + "\n"


def write(maze: Maze, spec: MazeSpec, options: ExportOptions) -> str:
    """The map, naming its tileset picture ``NAME-tiles.png`` (``tileset`` makes it, to go beside it)."""
    return to_tiled(maze, spec, options.name + TILESET_ENDING)


def tileset(maze: Maze, spec: MazeSpec, options: ExportOptions) -> bytes:
    """The tileset picture the map names, in the theme's colours (the same for every map)."""
    return tileset_png(get_theme(options.resolved_theme("dark")))
