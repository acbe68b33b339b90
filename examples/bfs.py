#!/usr/bin/env python3
"""A textbook breadth-first search for the sliding-tile puzzle and Magic
Squares, as a solver for puzzlebench's line protocol.

It reads puzzles from standard input, one a line, until end of input, and
writes one answer each:
  tiles ("2 3 4 1 5 x 7 6 8"): the moves of the blank (u d l r) that reach
    the goal 1 2 3 ... x, or "unsolvable";
  Magic Squares ("2 6 8 4 5 7 3 1", the target reached from 1 2 ... 8 by
    the operations A, B, C): the length, then the moves in lines of 60.
Before an answer it writes a comment line with its counters. It flushes
after every answer: a program that does not is left waiting by a harness
that waits for its answer.

    bench run datasets/8puzzle-depth.txt --solver bfs-py='python3 examples/bfs.py'

The harness says which puzzle is coming in PUZZLEBENCH_DOMAIN (8puzzle,
15puzzle, tilesWxH, msquare) and PUZZLEBENCH_WIDTH / PUZZLEBENCH_HEIGHT.
"""

import os
import sys
from collections import deque


def tile_neighbours(width, height):
    """For each cell of the board, the moves of a blank there: (letter, cell)."""
    table = []
    for cell in range(width * height):
        x, y = cell % width, cell // width
        moves = []
        if y > 0:
            moves.append(("u", cell - width))
        if y < height - 1:
            moves.append(("d", cell + width))
        if x > 0:
            moves.append(("l", cell - 1))
        if x < width - 1:
            moves.append(("r", cell + 1))
        table.append(moves)
    return table


def solvable(tiles, width, height):
    """The parity test: each move keeps the inversions of the tiles, plus on
    a board of even width the blank's row, the same modulo 2."""
    order = [t for t in tiles if t != 0]
    inversions = sum(1 for i in range(len(order)) for j in range(i + 1, len(order))
                     if order[i] > order[j])
    if width % 2 == 1:
        return inversions % 2 == 0
    blank_row_from_bottom = height - tiles.index(0) // width
    return (inversions + blank_row_from_bottom) % 2 == 1


def path_to(parent, state):
    """The moves from the start to STATE, read back through the parents."""
    moves = []
    while parent[state] is not None:
        state, move = parent[state]
        moves.append(move)
    moves.reverse()
    return "".join(moves)


def bfs(start, goal, successors):
    """Breadth-first search from START; successors(state) gives (move,
    state) pairs in move order. Returns the moves and the counters."""
    parent = {start: None}
    queue = deque([start])
    expanded = generated = 0
    while queue:
        state = queue.popleft()
        if state == goal:
            return path_to(parent, state), expanded, generated
        expanded += 1
        for move, nxt in successors(state):
            generated += 1
            if nxt not in parent:
                parent[nxt] = (state, move)
                queue.append(nxt)
    return None, expanded, generated


def solve_tiles(line, width, height, neighbours):
    tiles = tuple(0 if t in ("x", "0") else int(t) for t in line.split())
    n = width * height
    goal = tuple(range(1, n)) + (0,)
    if not solvable(tiles, width, height):
        return "unsolvable", 0, 0

    def successors(state):
        blank = state.index(0)
        for move, cell in neighbours[blank]:
            nxt = list(state)
            nxt[blank], nxt[cell] = nxt[cell], 0
            yield move, tuple(nxt)

    moves, expanded, generated = bfs(tiles, goal, successors)
    return moves, expanded, generated


def op_a(s):  # exchange the top and bottom rows
    return s[::-1]


def op_b(s):  # the rightmost column to the left
    return (s[3], s[0], s[1], s[2], s[5], s[6], s[7], s[4])


def op_c(s):  # rotate the middle four clockwise
    return (s[0], s[6], s[1], s[3], s[4], s[2], s[5], s[7])


def solve_msquare(line):
    target = tuple(int(t) for t in line.split())

    def successors(state):
        # A, B, C in this order, the first parent kept: the least sequence
        yield "A", op_a(state)
        yield "B", op_b(state)
        yield "C", op_c(state)

    moves, expanded, generated = bfs(tuple(range(1, 9)), target, successors)
    return moves, expanded, generated


def main():
    domain = os.environ.get("PUZZLEBENCH_DOMAIN", "8puzzle")
    width = int(os.environ.get("PUZZLEBENCH_WIDTH", "3"))
    height = int(os.environ.get("PUZZLEBENCH_HEIGHT", "3"))
    neighbours = tile_neighbours(width, height)
    for line in sys.stdin:
        if not line.strip():
            continue
        if domain == "msquare":
            moves, expanded, generated = solve_msquare(line)
            print(f"# expanded={expanded} generated={generated}")
            print(len(moves))
            print("\n".join(moves[i:i + 60] for i in range(0, len(moves), 60)))
        else:
            moves, expanded, generated = solve_tiles(line, width, height, neighbours)
            print(f"# expanded={expanded} generated={generated}")
            print(moves)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
