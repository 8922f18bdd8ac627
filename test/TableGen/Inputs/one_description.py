#!/usr/bin/env python3
"""Checks that td/ is the only description of the TileAS machine.

Usage: one_description.py NAMES SRC_ROOT

NAMES is the output of `tileas-tblgen -gen-tileas-model-names`: one line
"<kind> <record> <name> <capacity>" per slot, counting pool, budget pool and
event pipe of td/. Every C++ source under SRC_ROOT's lib/, utils/ and include/
is scanned (comments skipped): a string literal that spells one of those names
or records, or an integer literal equal to a budget pool's capacity (1024 and
above), is a second description of the machine and is reported as
file:line. Code must reach the machine through the generated tables
(tileas/Model/MachineModel.h, tileas/Model/ModelIds.h) instead. Exit status 1
if anything is reported.
"""

import os
import sys

ROOTS = ("lib", "utils", "include")
SUFFIXES = (".cpp", ".h", ".def", ".inc")

# Literals that spell a td name but mean something else where they appear:
# (literal, file or None for every file) -> why.
ALLOWED = {
    ("unknown", None): "a status word of results; td's test slot 'unknown' "
                       "is never looked up by name",
    ("tmem", "utils/tileas-loopgen/ValuePool.cpp"):
        "the MIR name of the TMEM register class",
    ("tensor_core", "lib/Sim/Utilization.cpp"):
        "the JSON key of the utilization report (issue 29 fixes the names)",
    ("mma", "lib/Sim/Utilization.cpp"):
        "a value of the report's \"binding\" (the MMA work binds), not the "
        "slot",
}


def read_names(path):
    """{literal: description} and {capacity: description}."""
    names, capacities = {}, {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) != 4 or not parts[3].isdigit():
                sys.exit("%s:%d: expected '<kind> <record> <name> <capacity>'"
                         % (path, number))
            kind, record, name, capacity = parts
            what = "td %s '%s' (%s)" % (kind, name, record)
            for key in (name, record):
                names[key] = names[key] + " and " + what if key in names \
                    else what
            if kind == "budget" and int(capacity) >= 1024:
                # Machines may share a capacity (both have 227 KiB of
                # shared memory): name every pool that has it.
                key = int(capacity)
                capacities[key] = capacities[key] + " and " + what \
                    if key in capacities else "the capacity of " + what
    if not names:
        sys.exit("%s: no names (is it -gen-tileas-model-names output?)" % path)
    return names, capacities


def tokens(text):
    """(kind, value, line) for every string and integer literal outside
    comments; kind is 'string' or 'integer'."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            open_paren = text.find("(", i)
            delim = ")" + text[i + 2:open_paren] + '"'
            end = text.find(delim, open_paren)
            end = n if end < 0 else end + len(delim)
            yield "string", text[open_paren + 1:end - len(delim)], line
            line += text.count("\n", i, end)
            i = end
        elif c in "\"'":
            j, value = i + 1, []
            while j < n and text[j] != c and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n:
                    value.append(text[j:j + 2])
                    j += 2
                else:
                    value.append(text[j])
                    j += 1
            if c == '"':
                yield "string", "".join(value), line
            i = j + 1
        elif c.isdigit() and (i == 0 or not (text[i - 1].isalnum() or
                                            text[i - 1] in "_.")):
            j = i
            while j < n and (text[j].isalnum() or text[j] in "'."):
                j += 1
            literal = text[i:j].replace("'", "").rstrip("uUlL")
            if literal.isdigit():
                yield "integer", int(literal), line
            i = j
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            i = j
        else:
            i += 1


def allowed(literal, rel):
    return (literal, None) in ALLOWED or (literal, rel) in ALLOWED


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    names, capacities = read_names(argv[1])
    root = argv[2]
    found = []
    for top in ROOTS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if not name.endswith(SUFFIXES):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                for kind, value, line in tokens(text):
                    if kind == "string" and value in names and \
                            not allowed(value, rel):
                        found.append('%s:%d: "%s" spells %s' % (
                            rel, line, value, names[value]))
                    elif kind == "integer" and value in capacities:
                        found.append("%s:%d: %d is %s" % (
                            rel, line, value, capacities[value]))
    for message in found:
        print(message)
    if found:
        print("%d place(s) describe the machine outside td/; use the "
              "generated tables instead" % len(found))
        return 1
    print("td/ is the only description of the machine")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
