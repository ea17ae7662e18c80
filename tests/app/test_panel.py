"""The side panel's legend swatches (dummy video driver): each shows the colour the board uses,
and one as dark as the panel still reads as a filled square, in every theme."""

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.app.legend import draw_swatch
from visualizer.app.panel import code_line_height, code_rows, code_window
from visualizer.app.words import MORE
from visualizer.render import contrast, themes


@pytest.fixture
def theme():
    before = themes.current().name
    yield themes.use
    themes.use(before)


def swatch_drawn(theme, name, key, side):
    """A legend swatch of ``key`` drawn in theme ``name`` on the panel's colour: (surface, panel, colour)."""
    theme(name)
    pygame.display.init()
    surface = pygame.Surface((40, 40))
    panel = themes.ui().panel
    surface.fill(panel)
    colour = themes.current().legend_colour(key)
    draw_swatch(surface, key, colour, pygame.Rect(10, 10, side, side))
    return surface, panel, colour


@pytest.mark.parametrize("name", list(themes.THEMES))
@pytest.mark.parametrize("key", ["wall", "floor", "path", "set"])
def test_a_swatch_is_filled_with_the_board_colour_and_its_edge_stands_out_from_the_panel(name, key, theme):
    surface, panel, colour = swatch_drawn(theme, name, key, 18)
    if key != "set":  # a set's swatch shows two of the sets' colours
        assert tuple(surface.get_at((19, 19)))[:3] == colour, "the swatch is not the board's colour"
    if contrast.ratio(colour, panel) < 1.5:  # a wall as dark as the panel: across a light square
        top, bottom = tuple(surface.get_at((19, 11)))[:3], tuple(surface.get_at((19, 26)))[:3]
        assert contrast.ratio(top, panel) >= 3 and contrast.ratio(bottom, panel) >= 3, \
            f"the {key} swatch reads as an empty box on the {name} panel"


@given(count=st.integers(1, 40), fits=st.integers(1, 40), data=st.data())
def test_the_code_window_keeps_the_lit_line_and_says_what_is_out_of_view(count, fits, data):
    """However short the box: at most ``fits`` rows, every lit row among them, and a row out of
    view is never silent: a marker counts the rows above and below (when there is room for one)."""
    lit_from = data.draw(st.integers(0, count - 1))
    lit_count = data.draw(st.integers(0, min(3, count - lit_from, fits)))
    rows = [(0, f"line {i}", lit_from <= i < lit_from + lit_count) for i in range(count)]
    shown = code_window(rows, fits)
    assert len(shown) <= max(fits, 1)
    assert [r for r in rows if r[2]] == [r for r in shown if r[2]]
    real = [r for r in shown if not r[1].startswith(MORE)]
    assert real == rows[rows.index(real[0]):rows.index(real[0]) + len(real)], "one unbroken stretch"
    above, below = rows.index(real[0]), count - rows.index(real[-1]) - 1
    markers = [r[1] for r in shown if r[1].startswith(MORE)]
    if count <= fits:
        assert shown == rows
    if fits >= len(real) + len(markers) and fits - lit_count >= 3:
        assert (above > 0) == any("above" in m for m in markers)
        assert (below > 0) == any("below" in m for m in markers)
    for m in markers:
        number = int(m.split()[1])
        assert number == (above if "above" in m else below)


@pytest.mark.parametrize("name", ["wfc", "eller", "caves", "hunt_and_kill"])
@pytest.mark.parametrize("size", [(1024, 768), (800, 600)])
def test_before_the_first_step_the_whole_pseudocode_shows(name, size, monkeypatch):
    """At step 0 the description waits for room: the pseudocode is drawn whole (it was cut after
    a line ending in a colon, the rest of the loop missing, while the description showed)."""
    from visualizer.app import panel
    from visualizer.app.layout import Arrangement
    from visualizer.app.main import open_window
    from visualizer.app.shell import Shell
    from visualizer.run.spec import MazeSpec

    screen = open_window(size)
    shell = Shell(MazeSpec(name, "square", 20, 15, 3), speed=60.0, screen=screen)
    shell.arrangement = Arrangement.SIDE
    shell.base.paused = True
    drawn = []
    real = panel.draw_code

    def spy(surface, code, lit, x, y, width, size_, bottom):
        rows, line, pad = code_rows(code, width, size_, lit), code_line_height(size_), max(11, size_ - 2) // 3
        height = min(len(rows) * line + 2 * pad, max(0, bottom - y))
        drawn.append(code_window(rows, max(1, (height - 2 * pad) // line)))
        return real(surface, code, lit, x, y, width, size_, bottom)

    monkeypatch.setattr(panel, "draw_code", spy)
    shell.frame([], 0.0)
    shell.frame([], 0.0)
    pygame.quit()
    assert drawn, "the teaching panel drew no pseudocode"
    markers = [row[1] for row in drawn[-1] if row[1].startswith(MORE)]
    if name == "wfc" and size == (1024, 768):  # 23 rows of 22 px in a 515 px panel: too long whatever goes
        assert len(markers) == 1 and markers[0].endswith("below"), markers
    else:
        assert not markers, "the pseudocode was cut"


@given(parts=st.lists(st.text(alphabet="abcdef 0123456789()", min_size=1, max_size=20).map(str.strip).filter(bool),
                      min_size=1, max_size=8), width=st.integers(60, 600))
def test_the_status_line_breaks_between_its_parts_never_after_a_dot(parts, width):
    """The quiz's "0 of 0 right · streak 0 · Step 166" wrapped at 1920 x 1080 with a "·" ending a line."""
    from visualizer.app.panel import status_lines
    from visualizer.run.teaching import TeachingView

    pygame.font.init()
    view = TeachingView(title="", about="", status=" · ".join(parts), phases=(), phase="", code=(), lit=-1,
                        sentences=(), detail="", data=())
    lines = status_lines(view, 14, width)
    assert not any(line.rstrip().endswith("·") or line.lstrip().startswith("·") for line in lines)
    squeezed = "".join(lines).replace("·", "").replace(" ", "")
    assert squeezed == "".join(parts).replace(" ", ""), "every word kept, in order"


def panel_words(content, height: int, size: int = 17) -> list[tuple[str, int]]:
    """The words a 392-pixel side panel ``height`` tall draws for ``content``, with their sizes."""
    from visualizer.app import panel as panel_module
    from visualizer.app import text
    from visualizer.app.panel import draw_panel

    pygame.display.init()
    pygame.font.init()
    text.font.cache_clear()
    text.rendered.cache_clear()
    drawn: list[tuple[str, int]] = []
    plain = text.rendered

    def rendered(words, size_, colour, bold=False):
        drawn.append((words, size_))
        return plain(words, size_, colour, bold)

    panel_module.text.rendered = rendered
    try:
        draw_panel(pygame.Surface((392, height)), pygame.Rect(0, 0, 392, height), size, content)
    finally:
        panel_module.text.rendered = plain
    return drawn


def legend_panel(legend, message=None, hover=None, scale=None, size=17, height=768):
    """The side panel of a 1024 x 768 window drawn with ``legend``; the words drawn, with their sizes."""
    from visualizer.app.panel import PanelContent

    rows = [("Algorithm", "Recursive backtracker (1/26)"), ("Grid", "square 10 x 8"), ("Seed", "3"),
            ("Speed", "120 events/s"), ("Phase", "finished"), ("Events", "160"), ("State", "done"),
            ("Solver", "Breadth-first search"), ("Visited", "70 cells"), ("Path", "33 cells"),
            ("Perfect", "no: 1 loop (one drawn in red)"), ("Edits", "1 (Ctrl+Z undoes, Ctrl+Y redoes)")]
    content = PanelContent(None, rows, hover, None, None, scale, tuple(legend), "H help   Space pause   S solve",
                           message)
    return panel_words(content, height, size)


LONG_LEGEND = [("current", None), ("floor", None), ("distance", None), ("search", None), ("looked", None),
               ("dead end", None), ("path", None), ("wall", None), ("loop", "a loop the edits made (drawn in red)")]


@pytest.mark.parametrize("height", [768, 600])
def test_the_legend_keeps_body_size_and_says_what_it_left_out(height):
    """A wall edit adds entries and a long message: the legend's words stay at the panel's body
    size; entries that do not fit are left out (the plainest first) and a line says how many."""
    message = "Opened the wall between (1, 1) and (1, 0) · Breadth-first search: path of 33 cells (was 37)"
    hover = [("Cell", "(1, 1)"), ("Is", "passage"), ("Distance", "2 steps from the entrance")]
    drawn = legend_panel(LONG_LEGEND, message, hover, height=height)
    words = dict(drawn)
    assert words.get("Legend") == 17, "the legend's heading is smaller than the panel's text"
    assert all(size == 17 for w, size in drawn if w.startswith("Opened")), "the message shrank to make room"
    from visualizer.app.legend import meaning
    listed = [meaning(k, label) for k, label in LONG_LEGEND if meaning(k, label) in words]
    assert all(words[w] >= 17 for w in listed), "legend entries drawn below the panel's body size"
    notes = [w for w, _ in drawn if "not listed" in w]
    left_out = len(LONG_LEGEND) - len(listed)
    assert bool(notes) == (left_out > 0)
    if left_out:
        assert f"{left_out} more colour" in notes[0] and "wall" not in listed


def test_no_legend_heading_without_entries():
    """The play start screen has nothing on the board: no empty "Legend" heading."""
    assert "Legend" not in dict(legend_panel([]))
    assert "Legend" in dict(legend_panel([("wall", None)]))


@pytest.mark.parametrize("key, shape", [("entrance", "wedge"), ("exit", "box"), ("goal", "diamond"),
                                        ("player", "disc")])
def test_a_marker_entry_shows_the_markers_shape_and_colour(key, shape, theme):
    """The entrance's green triangle, the exit's pink square, play's yellow diamond: the legend
    shows each as the board draws it, not as a plain square of colour."""
    surface, panel, colour = swatch_drawn(theme, "dark", key, 20)
    assert tuple(surface.get_at((20, 21)))[:3] == colour
    corner = tuple(surface.get_at((11, 11) if shape == "disc" else (13, 13)))[:3]
    assert (corner == colour) == (shape == "box"), f"the {key} swatch is not a {shape}"


def test_the_watch_legend_lists_the_entrance_and_the_exit():
    from visualizer.app.shell import Shell
    from visualizer.run.spec import MazeSpec

    pygame.display.init()
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 3), screen=pygame.Surface((1024, 768)))
    shell.frame([], 0.0)
    assert shell.base.legend_keys()[:2] == ["entrance", "exit"]


@pytest.mark.parametrize("lines", [0, 1, 2, 3])
def test_a_cramped_legend_shows_an_entry_or_nothing(lines, monkeypatch):
    """A heading over only "... 8 more colours not listed" reads as a broken legend: with room for
    no entry the legend is not drawn at all."""
    from visualizer.app import panel as panel_module
    from visualizer.app import text
    from visualizer.app.legend import draw_legend, meaning

    pygame.display.init()
    pygame.font.init()
    text.font.cache_clear()
    said: list[str] = []
    plain = text.rendered
    plain.cache_clear()
    monkeypatch.setattr(panel_module.text, "rendered", lambda w, s, c, b=False: said.append(w) or plain(w, s, c, b))
    size = 17
    bottom = int(size * 1.5) + int(size * 1.4) * lines + size // 2
    draw_legend(pygame.Surface((392, 400)), tuple(LONG_LEGEND), 0, 0, 392, size, bottom)
    entries = [w for w in said if w in {meaning(k, label) for k, label in LONG_LEGEND}]
    assert ("Legend" in said) == bool(entries), said


def test_the_solver_start_swatch_is_a_ring_as_on_the_board(theme):
    """The board rings the solver's own start (vermillion on a dark ring, its middle the cell's): the
    legend shows a ring too, not a disc or a square of white."""
    surface, panel, colour = swatch_drawn(theme, "dark", "solver start", 20)
    assert tuple(surface.get_at((20, 20)))[:3] == panel  # hollow
    ring = [tuple(surface.get_at((x, 20)))[:3] for x in range(10, 20)]
    assert colour in ring and (20, 20, 20) in ring  # the light ring and its dark edge


def test_the_watch_legend_lists_the_solvers_own_start_and_goal_while_they_are_drawn():
    from visualizer.app.shell import Shell
    from visualizer.run.spec import MazeSpec

    pygame.display.init()
    shell = Shell(MazeSpec("backtracker", "square", 8, 6, 3), screen=pygame.Surface((1024, 768)))
    watch = shell.base
    watch.run.finish_generation()
    shell.frame([], 0.0)
    assert not {"solver start", "solver goal"} & set(watch.legend_keys())
    watch.click(20, False)
    assert watch.legend_keys()[:3] == ["entrance", "exit", "solver start"]
    assert watch.legend_label("entrance") == "the entrance"  # no longer where the solver starts
    watch.click(30, True)
    assert watch.legend_keys()[:4] == ["entrance", "exit", "solver start", "solver goal"]
    legend = dict(shell.panel_content().legend)
    assert legend.keys() >= {"solver start", "solver goal"}
    watch.click(20, False)  # the same cell again: back to the entrance, off the board and the legend
    assert "solver start" not in watch.legend_keys()


def metrics_panel(hover, height: int, size: int = 17, chart=("Dead ends open toward", {"N": 43, "E": 37, "S": 0,
                                                                                         "W": 0})) -> list[str]:
    """The words a watch panel with the metrics (M) on draws, ``hover`` the pointer's cell lines."""
    from visualizer.app.panel import PanelContent

    rows = [("Algorithm", "Binary tree (4/26)"), ("Grid", "square 20 x 15"), ("Seed", "2"), ("Speed", "instant"),
            ("Phase", "finished"), ("Events", "300"), ("State", "done"), ("Solver", "Breadth-first search")]
    metrics = [("Dead ends", "26.7 %"), ("Longest path", "19.7 % of cells"), ("Solution", "34 cells"),
               ("Straight", "59.2 % of corridor cells"), ("Turning", "40.8 %"), ("Junctions", "78")]
    content = PanelContent(None, rows, hover, ("Metrics", metrics), chart, None, (), "H help   Space pause",
                           "Figures on, in place of the explanations: E shows the explanations again")
    return [words for words, _ in panel_words(content, height, size)]


@pytest.mark.parametrize("height", [1080, 768, 650, 560])
def test_the_pointers_cell_lines_never_push_the_bias_chart_off_the_metrics(height):
    """Pointing at the board (a teacher does, all the time) adds the cell's lines: they give way
    to the metrics' chart (the mark of a biased algorithm), and a chart that cannot fit says so."""
    hover = [("Cell", "(9, 7)"), ("Is", "passage")]
    pointed, away = metrics_panel(hover, height), metrics_panel(None, height)
    charted = "Dead ends open toward" in away
    assert ("Dead ends open toward" in pointed) == charted, "pointing at a cell took the chart away"
    if not charted:
        assert any("chart left out" in words for words in away)
    if height >= 1080:
        assert "Cell" in pointed and charted, "room for both: both shown"


def test_metrics_a_long_message_pushes_out_are_counted_not_dropped_unsaid():
    """Tab shows the new algorithm's description as a message while the metrics are on: the
    figures it leaves no room for are counted on a line (a dungeon's rooms and loops went unsaid)."""
    from visualizer.app.panel import PanelContent

    metrics = [(f"Figure {i}", f"{i} %") for i in range(14)]
    message = "Rooms and mazes: rooms, winding corridors, connectors, then dead ends pruned away. " * 3
    content = PanelContent(None, [("Algorithm", "Rooms and mazes (3/26)")], None, ("Metrics", metrics), None, None,
                           (), "H help", message)
    drawn = [words for words, _ in panel_words(content, 600)]
    shown = [label for label, _ in metrics if label in drawn]
    assert 0 < len(shown) < len(metrics)
    assert f"{MORE}{len(metrics) - len(shown)} figures left out (no room)" in drawn


def test_with_no_chart_the_pointers_lines_still_give_way_to_the_figures():
    """A grid with no direction chart: the cell's lines go when they would push the figures out."""
    labels = ("Dead ends", "Longest path", "Solution", "Straight", "Turning", "Junctions")
    dropped = 0
    for height in range(400, 700, 10):
        drawn = metrics_panel([("Cell", "(9, 7)"), ("Is", "passage")], height, chart=None)
        whole = all(label in drawn for label in labels)
        assert whole or "Cell" not in drawn, height
        dropped += whole and "Cell" not in drawn
    assert dropped, "no height where the cell's lines gave way"
