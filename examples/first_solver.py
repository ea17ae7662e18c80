"""Breadth-first search: look at the cells nearest the start first, so the path found is shortest."""

from collections import deque

from visualizer.api import look, take, todo

CODE = [
    "put start in the queue; it came from nowhere",
    "while the queue is not empty:",
    "  cell = take the oldest cell out of the queue",
    "  if cell is the goal: stop",
    "  for each open neighbour not reached yet: note where it came from, queue it",
]

SHORTEST = True


def solve(maze, start, goal):
    came_from = {start: None}
    queue = deque([start])
    yield look(start, line=1)
    while queue:
        cell = queue.popleft()
        yield take(cell, line=3)
        if cell == goal:
            break
        for other in maze.open_neighbours(cell):
            if other not in came_from:
                came_from[other] = cell
                queue.append(other)
                yield look(other, cell, line=5)
    if goal not in came_from:
        return []
    path = [goal]
    while came_from[path[-1]] is not None:
        path.append(came_from[path[-1]])
    return path[::-1]
