"""A depth-first maze: walk to a random unvisited neighbour, back up at dead ends."""

from visualizer.api import backtrack, carve, current, start

CODE = [
    "pick a random cell, mark it visited, push it",
    "while the stack is not empty:",
    "  cell = the top of the stack",
    "  if cell has unvisited neighbours: carve into one, push it",
    "  else: pop cell (back up one)",
]


def generate(grid, rng):
    first = rng.choice(grid.cells())
    visited = {first}
    stack = [first]
    yield start(first, line=1)
    while stack:
        cell = stack[-1]
        yield current(cell, line=3)
        fresh = [n for n in grid.neighbours(cell) if n not in visited]
        if fresh:
            other = rng.choice(fresh)
            visited.add(other)
            stack.append(other)
            yield carve(cell, other, line=4)
        else:
            stack.pop()
            yield backtrack(cell, stack[-1] if stack else -1, line=5)
