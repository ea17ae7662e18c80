"""``maze-visualizer lesson``: list the shipped lessons, or present one (by name or file) in the window.

The file is read and checked before any window opens (``run.lesson``: one line and exit 2 when
anything is wrong); the window side is ``app.lesson_view``.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..core.narration import plural
from ..run.lesson import find_lesson, load_lesson, shipped_lessons
from .errors import UsageError
from .options import PAPERS, THEMES, WALLS, Command, add_layout_option
from .output import check_output_path, write_file

if TYPE_CHECKING:
    from .options import Subcommands

NAME = "lesson"


def register(sub: Subcommands) -> None:
    shipped = ", ".join(shipped_lessons()) or "none"
    parser = sub.add_parser(NAME, help="present a lesson: slides of runs that stop where the teacher wants",
                            description="Present a lesson file (TOML: a list of slides, each a recipe, a stop, "
                            "a caption and a note) in the window; F5 / F4 go to the next / previous slide. "
                            f"Shipped lessons: {shipped}.")
    parser.add_argument("lesson", nargs="?", metavar="NAME|FILE", help="a shipped lesson's name or a lesson file")
    parser.add_argument("--list", action="store_true", help="list the shipped lessons and exit")
    parser.add_argument("--check", action="store_true", help="check the lesson file and exit (no window)")
    parser.add_argument("--handout", metavar="FILE.pdf", default=None,
                        help="write a PDF handout instead of presenting: a page per slide with its board at the "
                             "stop, its caption, and the pseudocode with the lit line and the step's sentence "
                             "(the name must end in .pdf)")
    parser.add_argument("--notes", action="store_true",
                        help="with --handout: add each slide's note (the teacher's copy)")
    parser.add_argument("--paper", choices=PAPERS, default="a4", help="with --handout: page size (default: a4)")
    parser.add_argument("--theme", choices=THEMES, default=None, help="the window's colours (default: the last chosen)")
    parser.add_argument("--walls", choices=WALLS, default=None, help="wall weight (default: the last chosen)")
    add_layout_option(parser, default=None)


def run(args: argparse.Namespace) -> int:
    if args.list:
        for name, path in shipped_lessons().items():
            lesson = load_lesson(path)
            print(f"{name:<20} {len(lesson.slides)} slides  {lesson.title}")
        return 0
    if args.lesson is None:
        raise ValueError("name a lesson or a lesson file (maze-visualizer lesson --list shows the shipped ones)")
    if args.handout is not None:
        check_output_path(args.handout, ending=".pdf")
    elif args.notes or args.paper != "a4":
        raise UsageError("--notes and --paper go with --handout FILE.pdf")
    lesson = find_lesson(args.lesson)
    if args.handout is not None:
        from ..export.handout import handout_bytes

        write_file(args.handout, handout_bytes(lesson, args.paper, args.notes))
        print(f"{args.handout}: {plural(len(lesson.slides), 'page')}")
        return 0
    if args.check:
        print(f"{lesson.source}: {plural(len(lesson.slides), 'slide')}, all fine")
        return 0
    from ..app.lesson_view import present
    return present(lesson, args.theme, args.walls, args.layout)


COMMAND = Command(NAME, register, run)
