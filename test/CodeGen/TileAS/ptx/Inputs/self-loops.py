#!/usr/bin/env python3
"""Prints the blocks of a PTX file that branch to themselves (a pipelined
kernel's loop, not its prologue or epilogue), each from its label through
its branch back, so that a test can check what the kernel loop holds.

    self-loops.py FILE.ptx
"""

import re
import sys


def main():
    lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
    label = re.compile(r"^(\$L__BB\d+_\d+):")
    start = None
    for i, line in enumerate(lines):
        m = label.match(line)
        if m:
            start = (i, m.group(1))
            continue
        if start and re.search(r"\bbra(\.uni)? %s;" % re.escape(start[1]),
                               line):
            print("\n".join(lines[start[0]:i + 1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
