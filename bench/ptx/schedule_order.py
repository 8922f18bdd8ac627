#!/usr/bin/env python3
# ===- schedule_order.py - The materialized order, checked in the PTX -----===#
#
# Part of the TileAS project.
#
# ===----------------------------------------------------------------------===#
#
# Checks that the schedule survives into the PTX: the instructions of every
# single-block loop of the MIR that materialization produced (llc
# -stop-after=tileas-event-schedule) appear in the same order in the PTX
# (llc -mcpu=sm_100a, asm-verbose), where each MachineInstr's sequence is
# preceded by a `// OPCODE` comment and each loop starts at a label with the
# `=>This Inner Loop Header` comment and ends at its back branch.
#
#   schedule_order.py check MIR REMARKS PTX
#       MIR: llc -stop-after=tileas-event-schedule; REMARKS: the stderr of
#       that run with -pass-remarks-analysis=tileas (names the kernels). Exit
#       status 1 and a diff when an order differs.
#   schedule_order.py disturb MIR REMARKS PTX OUT
#       Writes PTX with two neighbouring sequences of each kernel's loop
#       swapped: the input a test uses to show that `check` can fail.
#
# Ignored on both sides, because register allocation adds or removes them
# (or they print nothing): PHIs, COPYs and other target-independent
# pseudos, register moves (MOV_*), spills and reloads (STL_* / LDL_*), and
# the PIPE_PRODUCER_ACQUIRE / PIPE_CONSUMER_RELEASE of a ring without an
# empty barrier, which print no sequence. Branches are compared up to the
# back branch, whose polarity (BR_P / BR_NP) block placement may choose.
#
# Which loop is the kernel: the event scheduler's remark names it ("bb.N in
# F: ... kept: kernel of a pipelined loop"); a kernel without cross-pipe
# events gets no remark, and then every self-loop block that the scheduler
# did not name as an original loop ("loop bb.N in F: II=") is a kernel, or
# the scheduled loop itself when materialization kept it as its kernel.
# In the PTX the kernel is the loop with the kernel's order: the fallback
# loop that materialization keeps for short trip counts has the same
# instructions, and later passes may reorder it freely, so no PTX label
# numbering or layout has to be trusted. Where the fallback kept an order
# equal to the kernel's, the PTX must hold as many loops with that order.
#
# ===----------------------------------------------------------------------===#

import collections
import difflib
import re
import sys

IGNORED_PSEUDOS = {
    "PHI", "COPY", "IMPLICIT_DEF", "KILL", "DBG_VALUE", "DBG_LABEL",
    "DBG_INSTR_REF", "DBG_PHI", "CFI_INSTRUCTION", "EH_LABEL", "INLINEASM",
}
BRANCHES = {"BR_P", "BR_NP", "BRA"}
RING_SIDE_OPS = {"PIPE_PRODUCER_ACQUIRE", "PIPE_CONSUMER_RELEASE"}


def is_register_move(op):
    # Moves, spills and a zero remade in the register that reads it (after
    # scheduling, tileas-wgmma-in-place gives each wgmma accumulator
    # fragment its own FZERO): none of them is the schedule's.
    return op.startswith(("MOV_", "STL_", "LDL_")) or op == "FZERO"


# ---------------------------------------------------------------- MIR side

MIR_BLOCK = re.compile(r"^  bb\.(\d+)(?:\.[^\s:(]*)?(?: \([^)]*\))?:\s*$")
MIR_FLAGS = {"frame-setup", "frame-destroy", "nnan", "ninf", "nsz", "arcp",
             "contract", "afn", "reassoc", "nuw", "nsw", "exact", "nofpexcept",
             "disjoint", "samesign", "nneg"}


def mir_opcode(line):
    """The opcode and operand text of one MIR instruction line."""
    text = line.strip()
    if " = " in text:
        defs, rest = text.split(" = ", 1)
        # A def list holds registers and lower-case flags (renamable, dead).
        if all(w.startswith(("%", "$")) or w.islower()
               for w in defs.replace(",", " ").split()):
            text = rest
    words = text.split(" ", 1)
    while words[0] in MIR_FLAGS and len(words) > 1:
        words = words[1].split(" ", 1)
    return words[0], (words[1] if len(words) > 1 else "")


class MIRFunction:
    def __init__(self, name):
        self.name = name
        self.blocks = collections.OrderedDict()  # number -> [(op, operands)]
        self.successors = {}  # number -> [numbers]


def parse_mir(text):
    functions = []
    current = None
    in_body = False
    block = None
    for line in text.splitlines():
        if line.startswith("name:"):
            current = MIRFunction(line.split(":", 1)[1].strip())
            functions.append(current)
            in_body = False
            continue
        if line.startswith("body:"):
            in_body = True
            continue
        if not in_body or current is None:
            continue
        if line.startswith("..."):
            in_body = False
            continue
        m = MIR_BLOCK.match(line)
        if m:
            block = int(m.group(1))
            current.blocks[block] = []
            current.successors[block] = []
            continue
        if block is None or not line.startswith("    "):
            continue
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if stripped.startswith("successors:"):
            current.successors[block] = [
                int(n) for n in re.findall(r"%bb\.(\d+)", stripped)]
            continue
        if stripped.startswith("liveins:"):
            continue
        current.blocks[block].append(mir_opcode(stripped))
    return functions


def rings_without_empty(function):
    """The pipe ids whose PIPE_CREATE names no empty barrier (operand 5)."""
    rings = set()
    for instrs in function.blocks.values():
        for op, operands in instrs:
            if op == "PIPE_CREATE":
                fields = [f.strip() for f in operands.split(",")]
                if len(fields) > 4 and fields[4] == "0":
                    rings.add(fields[0])
    return rings


def mir_loop_sequence(function, number, silent_rings):
    """The compared opcodes of self-loop block NUMBER, up to its back branch."""
    seq = []
    for op, operands in function.blocks[number]:
        if op in IGNORED_PSEUDOS or is_register_move(op):
            continue
        if op in RING_SIDE_OPS and operands.split(",")[0].strip() in silent_rings:
            continue
        if op in BRANCHES:
            if "%%bb.%d" % number in operands.split(",")[-1].split():
                seq.append("BR")
                return seq
            continue
        seq.append(op)
    return None  # No back branch: not a loop of one block.


REMARK_KERNEL = re.compile(
    r"bb\.(\d+) in (\S+): live events per pipe pair.*kept: kernel of a "
    r"pipelined loop")
REMARK_LOOP = re.compile(r"loop bb\.(\d+) in (\S+): II=")


def mir_loops(functions, remarks):
    """{function: (kernels, {block: sequence})} of every self-loop block."""
    kernels = collections.defaultdict(set)
    originals = collections.defaultdict(set)
    for line in remarks.splitlines():
        m = REMARK_KERNEL.search(line)
        if m:
            kernels[m.group(2)].add(int(m.group(1)))
        m = REMARK_LOOP.search(line)
        if m:
            originals[m.group(2)].add(int(m.group(1)))
    result = collections.OrderedDict()
    for f in functions:
        silent = rings_without_empty(f)
        loops = collections.OrderedDict()
        for number in f.blocks:
            if number in f.successors.get(number, []):
                seq = mir_loop_sequence(f, number, silent)
                if seq is not None:
                    loops[number] = seq
        named = kernels.get(f.name, set()) & set(loops)
        if not named:
            named = {n for n in loops if n not in originals.get(f.name, set())}
        if not named:
            named = originals.get(f.name, set()) & set(loops)
        result[f.name] = (sorted(named), loops)
    return result


# ---------------------------------------------------------------- PTX side

PTX_ENTRY = re.compile(r"^\.visible \.entry (\w+)\(")
PTX_LABEL = re.compile(r"^(\$L__BB\d+_\d+):")
PTX_OPCODE = re.compile(r"^\t// ([A-Z][A-Za-z0-9_]*)\s*$")
INNER_HEADER = re.compile(r"=>\s*This Inner Loop Header")
# The printer names a pipelined kernel by its block number at
# materialization (verbose output).
KERNEL_MARK = re.compile(r"^\t// tileas: pipelined kernel bb\.(\d+)\s*$")


def ptx_loops(lines):
    """{function: [(label, first line, [(opcode, line)], back-branch line,
    kernel number or None)]}."""
    result = collections.OrderedDict()
    function = None
    i = 0
    while i < len(lines):
        m = PTX_ENTRY.match(lines[i])
        if m:
            function = m.group(1)
            result[function] = []
        m = PTX_LABEL.match(lines[i])
        # The header comment follows the label, on its line when the block
        # has no IR name, else on the next; an inner loop of a nest has a
        # "Parent Loop" line first and its header comment indented
        # ("=>  This Inner Loop Header: Depth=2").
        if (m and function is not None and
                any(INNER_HEADER.search(l) for l in lines[i:i + 3])):
            label = m.group(1)
            back = re.compile(r"^\t(?:@!?%\w+ )?bra(?:\.uni)? " +
                              re.escape(label) + ";")
            ops = []
            kernel = None
            j = i + 1
            while j < len(lines) and not back.match(lines[j]):
                k = KERNEL_MARK.match(lines[j])
                if k and not ops:
                    kernel = int(k.group(1))
                if PTX_ENTRY.match(lines[j]):
                    break
                o = PTX_OPCODE.match(lines[j])
                if o:
                    ops.append((o.group(1), j))
                j += 1
            if j < len(lines) and back.match(lines[j]):
                result[function].append((label, i, ops, j, kernel))
            i = j
        i += 1
    return result


def ptx_sequence(ops):
    seq = []
    for op, _ in ops:
        if op in IGNORED_PSEUDOS or is_register_move(op):
            continue
        seq.append("BR" if op in ("BR_P", "BR_NP") else op)
    # The back branch's comment is the last one; an unconditional BRA can
    # only follow it.
    while seq and seq[-1] == "BRA":
        seq.pop()
    return seq


# ---------------------------------------------------------------- commands

def read(path):
    with open(path) as f:
        return f.read()


def load(mir_path, remarks_path, ptx_path):
    mir = mir_loops(parse_mir(read(mir_path)), read(remarks_path))
    lines = read(ptx_path).splitlines()
    return mir, lines, ptx_loops(lines)


def kernel_matches(function_loops, number, ptx_loops_of):
    """The PTX loops with kernel NUMBER's order, and whether there are as
    many as the MIR has self-loops with that order (a fallback loop that
    kept the original order may equal the kernel's)."""
    kernels, loops = function_loops
    seq = loops[number]
    # A loop the printer names as this kernel decides, whatever else has
    # the same instructions.
    named = [p for p in ptx_loops_of if p[4] == number]
    if named:
        hits = [p for p in named if ptx_sequence(p[2]) == seq]
        return hits, bool(hits)
    hits = [p for p in ptx_loops_of if ptx_sequence(p[2]) == seq]
    wanted = sum(1 for other in loops.values() if other == seq)
    return hits, len(hits) >= wanted


def closest(seq, candidates):
    """The PTX loop with the same instructions in whatever order (the most
    similar one first), else the most similar one."""
    def score(p):
        other = ptx_sequence(p[2])
        same = collections.Counter(other) == collections.Counter(seq)
        return (same, difflib.SequenceMatcher(None, seq, other).ratio())
    return max(candidates, key=score) if candidates else None


def check(mir_path, remarks_path, ptx_path):
    mir, _, ptx = load(mir_path, remarks_path, ptx_path)
    failed = False
    for function, (kernels, loops) in mir.items():
        if function not in ptx:
            print("%s: no .entry in the PTX" % function)
            failed = True
            continue
        if not kernels:
            print("%s: no pipelined kernel in the MIR" % function)
            failed = True
            continue
        for number in kernels:
            hits, ok = kernel_matches((kernels, loops), number, ptx[function])
            if ok:
                print("%s: kernel bb.%d, %d instructions in order, is %s" %
                      (function, number, len(loops[number]),
                       " or ".join(p[0] for p in hits)))
                continue
            failed = True
            print("%s: kernel bb.%d: its order is not in the PTX" %
                  (function, number))
            other = closest(loops[number], [p for p in ptx[function]
                                            if p not in hits])
            theirs = ptx_sequence(other[2]) if other else []
            for line in difflib.unified_diff(
                    loops[number], theirs, "MIR bb.%d" % number,
                    "PTX %s" % (other[0] if other else "(no loop)"),
                    lineterm="", n=2):
                print("  " + line)
    return 1 if failed else 0


def disturb(mir_path, remarks_path, ptx_path, out_path):
    """Swaps the first two neighbouring sequences of different opcodes in
    the PTX loop of each kernel."""
    mir, lines, ptx = load(mir_path, remarks_path, ptx_path)
    swapped = 0
    for function, (kernels, loops) in mir.items():
        for number in kernels:
            hits, _ = kernel_matches((kernels, loops), number,
                                     ptx.get(function, []))
            for _, _, ops, back, _ in hits:
                kept = [(op, at) for op, at in ops
                        if not (op in IGNORED_PSEUDOS or
                                is_register_move(op) or op in BRANCHES)]
                for (a, a_at), (b, b_at) in zip(kept, kept[1:]):
                    if a == b:
                        continue
                    # Each sequence runs to the next comment (or the back
                    # branch); what lies between the two (a move's
                    # sequence, say) stays where it is.
                    a_end = next(at for _, at in ops if at > a_at)
                    b_end = next((at for _, at in ops if at > b_at), back)
                    first = lines[a_at:a_end]
                    middle = lines[a_end:b_at]
                    second = lines[b_at:b_end]
                    lines[a_at:b_end] = second + middle + first
                    swapped += 1
                    print("%s: swapped %s and %s in the kernel's loop" %
                          (function, a, b))
                    break
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0 if swapped else 1


def main(argv):
    if len(argv) == 5 and argv[1] == "check":
        return check(*argv[2:])
    if len(argv) == 6 and argv[1] == "disturb":
        return disturb(*argv[2:])
    sys.stderr.write("usage: %s check MIR REMARKS PTX\n"
                     "       %s disturb MIR REMARKS PTX OUT\n" %
                     (argv[0], argv[0]))
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
