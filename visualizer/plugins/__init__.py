"""Algorithms and solvers from outside the package: a student's own file (``student``, checked
event by event by ``checker``, the finished maze by ``maze_check``) and installed plugins
(``entry_points``). Each becomes a registry entry like a built-in."""
