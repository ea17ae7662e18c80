"""A depth-first maze with a mistake in it: find it with the checker's help (docs/write-your-own.md)."""

from visualizer.api import backtrack, carve, start


def generate(grid, rng):
    first = rng.choice(grid.cells())
    visited = {first}
    stack = [first]
    yield start(first)
    while stack:
        cell = stack[-1]
        fresh = [n for n in grid.neighbours(cell) if n not in visited]
        if fresh:
            other = rng.choice(fresh)
            visited.add(other)
            stack.append(other)
            yield carve(stack[0], other)  # the mistake: carves from the first cell, not from cell
        else:
            stack.pop()
            yield backtrack(cell, stack[-1] if stack else -1)
