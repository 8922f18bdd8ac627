"""The mutations of tileas-ir-fuzz.py: seeded random edits of a kernel's text.

LLVM IR (.ll): types, address spaces, opcodes, builtin names, constants
turned into registers, flags and attributes dropped, lines deleted or
duplicated. MIR (.mir): the fields of a selected instruction (opcodes,
register operands and classes, immediates, block references, memory
operands), lines deleted or duplicated. The same random.Random state gives
the same mutant.
"""

import re

# Token swaps: each replaces one occurrence of a pattern by another token.
IR_SWAPS = [
    (r"\bi32\b", ["i64", "i16", "i1", "float"]),
    (r"\bi64\b", ["i32", "i128"]),
    (r"<4 x float>", ["<2 x float>", "<4 x i32>", "<8 x float>", "float"]),
    (r"\bfloat\b", ["double", "half", "i32"]),
    (r"addrspace\(\d\)", ["addrspace(1)", "addrspace(3)", "addrspace(6)",
                          "addrspace(5)", ""]),
    (r"\bfadd\b", ["fdiv", "frem", "fsub", "fmul"]),
    (r"\bfmul\b", ["fdiv", "fadd"]),
    (r"\badd\b", ["sub", "mul", "udiv", "srem", "lshr", "or", "xor"]),
    (r"\bshl\b", ["lshr", "ashr"]),
    (r"\bslt\b", ["ult", "sgt", "eq", "ne", "uge"]),
    (r"@tileas\.[a-z0-9.]+", ["@tileas.tma.load", "@tileas.mma",
                              "@tileas.bar.sync", "@tileas.unknown",
                              "@tileas.tmem.load", "@tileas.smem.tile"]),
    (r"\bi32 \d+\)", ["i32 %n)", "i32 undef)", "i32 poison)"]),
    # Constants, but not element counts: stock LLVM takes hours on a
    # <4294967295 x float> before any TileAS code runs, so widths get their
    # own swap, within what a tile kernel could write.
    (r"\b\d+\b(?! x )", ["0", "-1", "4294967295", "65", "9"]),
    (r"<\d+ x ", ["<1 x ", "<3 x ", "<16 x ", "<64 x "]),
    (r"\b(afn|noalias|samesign|disjoint|nuw|nsw) ", [""]),
    (r"\bload\b", ["load volatile", "load atomic"]),
    # Strides of a getelementptr's index: scaled by doublings and adds.
    (r"getelementptr (inbounds )?[^,]+,",
     ["getelementptr [3 x i32],", "getelementptr [4096 x i8],",
      "getelementptr [65536 x i8],", "getelementptr i1,",
      "getelementptr { i32, <4 x float> },"]),
    (r"\bret void\b", ["ret i32 0", "unreachable"]),
]

# MIR: a virtual register (not a block), a register class after a def, an
# opcode (after `= `, or first on a line without a def), an immediate operand.
MIR_VREG = r"%(?!bb\.)[A-Za-z0-9_.]+"
MIR_CLASS = r"(?<=:)(gpr32|gpr64|pred|tile|tmem|frag\w*)\b"
MIR_OPCODE = r"(?:(?<== )|(?<=^    ))[A-Z][A-Za-z0-9_]*\b"
MIR_SWAPS = [
    (MIR_CLASS, ["gpr32", "gpr64", "pred", "tile", "tmem", "frag"]),
    # An immediate: a number that is an operand (after a space or a comma),
    # not part of a name, a class or a memory operand's size.
    (r"(?<=[ ,])-?\d+\b(?![.:x])", ["0", "-1", "1", "3", "65", "4095",
                                    "4294967295", "1048576"]),
    (r"%bb\.\d+", ["%bb.0", "%bb.1", "%bb.2", "%bb.9"]),
    (r" :: \(.*\)$", [""]),
    (r"\$r\d+\b", ["$rd0", "$p0", "$r40"]),
]


def _swap(lines, rng, pattern, choices, rows):
    """Replaces one match of pattern in lines[rows] by one of choices."""
    hits = [(i, m) for i in rows for m in re.finditer(pattern, lines[i])]
    if not hits:
        return
    i, m = rng.choice(hits)
    line = lines[i]
    lines[i] = line[:m.start()] + rng.choice(choices) + line[m.end():]


def mutate_ir(text, rng, max_edits=3):
    lines = text.split("\n")
    for _ in range(rng.randint(1, max(1, max_edits))):
        kind = rng.random()
        body = [i for i, l in enumerate(lines)
                if l.startswith("  ") and not l.lstrip().startswith(";")]
        if kind < 0.15 and body:
            del lines[rng.choice(body)]
        elif kind < 0.25 and body:
            i = rng.choice(body)
            lines.insert(i, lines[i])
        else:
            pattern, choices = rng.choice(IR_SWAPS)
            _swap(lines, rng, pattern, choices, range(len(lines)))
    return "\n".join(lines)


def mir_opcodes(texts):
    """Every opcode the MIR seeds use, sorted: the opcode swap's choices."""
    found = set()
    for text in texts:
        lines = text.split("\n")
        for i in _mir_body_lines(lines):
            found.update(re.findall(MIR_OPCODE, lines[i]))
    return sorted(found)


def _mir_body_lines(lines):
    """Indices of the instruction lines of each function's body."""
    rows = []
    in_body = False
    for i, line in enumerate(lines):
        if line.startswith("body:"):
            in_body = True
        elif line.startswith("...") or line.startswith("---"):
            in_body = False
        elif in_body and line.startswith("    ") and \
                not line.lstrip().startswith(";") and \
                not line.lstrip().startswith(("successors:", "liveins:")):
            rows.append(i)
    return rows


def mutate_mir(text, rng, opcodes, max_edits=3):
    lines = text.split("\n")
    for _ in range(rng.randint(1, max(1, max_edits))):
        kind = rng.random()
        body = _mir_body_lines(lines)
        if not body:
            break
        if kind < 0.1:
            del lines[rng.choice(body)]
        elif kind < 0.2:
            i = rng.choice(body)
            lines.insert(i, lines[i])
        elif kind < 0.4 and opcodes:
            _swap(lines, rng, MIR_OPCODE, opcodes, body)
        elif kind < 0.6:
            # A register operand becomes another register of the function,
            # one never defined, or a physical register.
            names = sorted({m for i in body
                            for m in re.findall(MIR_VREG, lines[i])})
            _swap(lines, rng, r"(?<=[ ,])" + MIR_VREG + r"(?=,|$| )",
                  names + ["%undefined", "$r0", "$rd1", "$p0"], body)
        elif kind < 0.65:
            # A successor list that no longer matches the branches.
            succ = [i for i, l in enumerate(lines)
                    if l.lstrip().startswith("successors:")]
            if succ:
                del lines[rng.choice(succ)]
        else:
            pattern, choices = rng.choice(MIR_SWAPS)
            _swap(lines, rng, pattern, choices, body)
    return "\n".join(lines)


def function_names(text, is_mir):
    """The names of the functions a kernel defines, for error locations."""
    if is_mir:
        return re.findall(r"^name:\s+(\S+)", text, re.M)
    return re.findall(r"^define\b[^@]*@([\w.$]+)\(", text, re.M)
