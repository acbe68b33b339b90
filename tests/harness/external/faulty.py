#!/usr/bin/env python3
"""A solver for the line protocol that misbehaves on purpose, for the
tests of external solvers (tests/harness/test_external.c).

    faulty.py MODE [PUZZLE]

It answers every puzzle rightly (the breadth-first search of
examples/bfs.py) except PUZZLE (a line, as the harness writes it; every
puzzle when none is given), where MODE says what it does instead:

  wrong    the right moves but the last (the path ends elsewhere)
  longer   the right moves, then 'ud' (legal at the goal): two too many
  garbage  a line that is no answer
  crash    dies of SIGSEGV
  exit     ends (status 0) without answering
  quit     answers rightly, then ends (status 0) before the next puzzle
  spin     computes forever
  sleep    sleeps forever
  flood    writes without end
  noflush  answers, but never flushes its output (every puzzle)
  noread   never reads its input (every puzzle)
  hog      touches memory without end
  tile     the right moves named where the tile goes (u/d and l/r swapped)
  upper    the right moves in upper case
  once     answers, then ends (status 0), as a one-shot program does
  later    answers a puzzle rightly the first time it comes, then as
           'wrong' each later time (a long-lived program remembers)
  slowstart  sleeps 0.2 s before it reads anything, then answers rightly
"""

import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "examples"))
import bfs  # noqa: E402

# How long 'slowstart' takes to start.
SLOW_START_S = 0.2


def right_answer(line):
    width = int(os.environ.get("PUZZLEBENCH_WIDTH", "3"))
    height = int(os.environ.get("PUZZLEBENCH_HEIGHT", "3"))
    moves, _, _ = bfs.solve_tiles(line, width, height, bfs.tile_neighbours(width, height))
    return moves


def misbehave(mode, answer):
    if mode == "wrong":
        return answer[:-1] if answer and answer != "unsolvable" else "unsolvable"
    if mode == "longer":
        return answer + "ud"
    if mode == "garbage":
        return "hello, world!"
    if mode == "tile":
        return answer.translate(str.maketrans("udlr", "durl"))
    if mode == "upper":
        return answer.upper()
    if mode == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "exit":
        sys.stdout.flush()
        os._exit(0)
    if mode == "quit":
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
        os._exit(0)
    if mode == "spin":
        while True:
            pass
    if mode == "sleep":
        time.sleep(3600)
    if mode == "flood":
        while True:
            sys.stdout.write("u" * 4096)
    if mode == "hog":
        hoard = []
        while True:
            hoard.append(bytearray(1 << 20))
    return answer


def main():
    mode = sys.argv[1]
    target = sys.argv[2] if len(sys.argv) > 2 else None
    if mode == "noread":
        time.sleep(3600)
    if mode == "slowstart":
        time.sleep(SLOW_START_S)
    # block-buffered, as C's stdio makes a pipe, whatever PYTHONUNBUFFERED says
    out = open(1, "w", buffering=1 << 16, closefd=False) if mode == "noflush" else sys.stdout
    seen = set()
    for line in sys.stdin:
        line = line.rstrip("\n")
        answer = right_answer(line)
        if mode == "later":
            if line in seen and (target is None or line == target):
                answer = misbehave("wrong", answer)
            seen.add(line)
        elif target is None or line == target:
            answer = misbehave(mode, answer)
        out.write(answer + "\n")
        if mode != "noflush":
            out.flush()
        if mode == "once":
            break
    out.flush()


if __name__ == "__main__":
    main()
