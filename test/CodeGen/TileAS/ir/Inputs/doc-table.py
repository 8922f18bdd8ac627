#!/usr/bin/env python3
"""Checks docs/ir-input.md's two tables against td/ and the tests.

Every instruction of td/TileASInstrInfo.td (read from the generated
TileASGenInstrInfo.inc; register moves and local-memory spills, which only
the register allocator makes, excepted) must be named by a row of the table
"IR construct -> TileAS instruction" or of the tile builtins' table, and the
test a row names must check that instruction in the MIR after selection (a
`; MIR` check line naming it). Prints one line per problem and exits 1 if
there is any, else prints how many instructions and rows were checked.

    doc-table.py GENINSTRINFO.inc DOC.md SELECT_TEST_DIR BUILTINS_TEST
"""

import os
import re
import sys

ALLOCATOR_ONLY = re.compile(r"^(MOV|LDL|STL)_")


def td_instructions(inc):
    """Instructions defined in TileASInstrInfo.td, from the enum's comments."""
    names = []
    for line in open(inc, encoding="utf-8"):
        m = re.match(r"\s+(\w+)\s+= \d+, // TileASInstrInfo\.td:\d+", line)
        if m and not ALLOCATOR_ONLY.match(m.group(1)):
            names.append(m.group(1))
    return sorted(set(names))


def table_rows(doc, header):
    """The cells of each row of the markdown table under `header`."""
    lines = open(doc, encoding="utf-8").read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def checks_in_mir(test, name):
    """Does a `; MIR` check line of the test file name the instruction?"""
    word = re.compile(r"(^|[\s=])%s(\s|$)" % re.escape(name))
    for line in open(test, encoding="utf-8"):
        m = re.match(r";\s*MIR(-[A-Z0-9]+)*:(.*)", line)
        if m and word.search(m.group(2)):
            return True
    return False


def main():
    inc, doc, select_dir, builtins_test = sys.argv[1:5]
    problems = []
    named = set()
    rows = table_rows(doc, "| instruction | IR construct | test |")
    for cells in rows:
        instrs = re.findall(r"`(\w+)`", cells[0])
        tests = [os.path.normpath(os.path.join(select_dir, t))
                 for t in re.findall(r"`([\w./-]+\.ll)`", cells[2])]
        if not tests:
            problems.append("row %s names no test" % cells[0])
        for name in instrs:
            named.add(name)
            if not any(os.path.exists(t) and checks_in_mir(t, name)
                       for t in tests):
                problems.append("%s: no MIR check in %s" %
                                (name, ", ".join(cells[2].split())))
    builtins = table_rows(doc, "| builtin | instruction | attributes |")
    for cells in builtins:
        for name in re.findall(r"`(\w+)`", cells[1]):
            named.add(name)
            if not checks_in_mir(builtins_test, name):
                problems.append("%s: no MIR check in %s" %
                                (name, os.path.basename(builtins_test)))
        if not re.search(r"\bnounwind\b", cells[2]):
            problems.append("%s: attributes not documented" % cells[0])
    instrs = td_instructions(inc)
    for name in instrs:
        if name not in named:
            problems.append("%s: in td/ but in no row of %s" %
                            (name, os.path.basename(doc)))
    for name in sorted(named - set(instrs)):
        problems.append("%s: in %s but not in td/" %
                        (name, os.path.basename(doc)))
    for p in problems:
        print("problem: " + p)
    print("%d instructions, %d rows, %d builtins: %d problems" %
          (len(instrs), len(rows), len(builtins), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
