#!/usr/bin/env python3
"""A solver for the line protocol that shows the parameters it was given,
for the tests of an external program's variants
(tests/harness/test_external.c).

    params.py FILE

A variant of it (bench run -a NAME:KEY=VALUE) finds each value in its
environment as PB_PARAM_KEY (the key upper-cased, '-' as '_'). It answers
every tiles puzzle rightly (the breadth-first search of examples/bfs.py),
each answer after a comment line with its counters: expanded, the value
of PB_PARAM_NODE_COUNT (0 without it); generated, how many PB_PARAM_
variables it has. At its start it appends to FILE one line: those
variables, sorted, as NAME=VALUE separated by spaces ("-" for none), so
that each process started is seen.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "examples"))
import bfs  # noqa: E402

PREFIX = "PB_PARAM_"


def main():
    params = sorted(f"{k}={v}" for k, v in os.environ.items() if k.startswith(PREFIX))
    with open(sys.argv[1], "a") as log:
        log.write((" ".join(params) or "-") + "\n")
    width = int(os.environ.get("PUZZLEBENCH_WIDTH", "3"))
    height = int(os.environ.get("PUZZLEBENCH_HEIGHT", "3"))
    neighbours = bfs.tile_neighbours(width, height)
    nodes = int(os.environ.get(PREFIX + "NODE_COUNT", "0"))
    for line in sys.stdin:
        if not line.strip():
            continue
        moves, _, _ = bfs.solve_tiles(line, width, height, neighbours)
        print(f"# expanded={nodes} generated={len(params)}")
        print(moves)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
