#!/usr/bin/env python3
# ===- report.py - The PTX benchmark's report from run.sh's raw outputs ---===#
#
# Part of the TileAS project.
#
# ===----------------------------------------------------------------------===#
#
# Reads the work folder that bench/ptx/run.sh fills (rows.tsv, times.tsv,
# machine.tsv and, per input and strategy, llc's PTX and remarks and
# ptxas's output) and prints bench/results/ptx-report.md, with a row per
# agent of each warp-specialized kernel (write_agents). Every figure comes
# from those files; rows keep run.sh's order.
#
# ===----------------------------------------------------------------------===#

import collections
import math
import os
import re
import sys

# ptxas's infos that TileAS treats as failures.
PERF_LOSS = re.compile(r"Potential Performance Loss|C7508|C7519|C7520")
ARENA = re.compile(r"shared arena: (\d+) of (\d+) bytes")
# The tileas-ptx remark with TileAS's own register allocation.
OURS = re.compile(r"TileAS's allocation: (\d+) 32-bit registers")
# tileas-agent-register-check's remark: one agent's registers after TileAS's
# allocation, named by the block of its AGENT_SWITCH.
AGENT_USES = re.compile(r"agent (\w+) \(from bb\.(\d+)\) uses (\d+) 32-bit "
                        r"registers of its budget (\d+)")
# The PTX printer's comment after each AGENT_SWITCH (two forms: without
# setmaxnreg every thread keeps .maxnreg; with it, the warpgroup's own).
AGENT_COMMENT = re.compile(r"// agent (\d+): (\d+) warp\(s\) from warp (\d+), "
                           r"(?:budget )?(\d+) registers")
# A block's header in the PTX: its label, or the comment of a fall-through.
BLOCK_HEADER = re.compile(r"^(?:\$L__BB\d+_(\d+):|// %bb\.(\d+):)")
ENTRY = re.compile(r"\.entry (\w+)")
MAXNREG = re.compile(r"^\s*\.maxnreg (\d+)")
SETMAXNREG = re.compile(r"setmaxnreg\.(inc|dec)\.sync\.aligned\.u32 (\d+);")
# The dispatch to a warpgroup's setmaxnreg: a compare with the warpgroup's
# index, then a branch to the label of its setmaxnreg.
GROUP_TEST = re.compile(r"setp\.eq\.u32 %\w+, %\w+, (\d+);")
GROUP_BRANCH = re.compile(r"@%\w+ bra\.uni (\S+);")
LABEL = re.compile(r"^(\S+):")
WARPS_PER_GROUP = 4
# The named barriers a CTA has (bar.sync ids 0-15): what ptxas reports must
# stay within them.
NAMED_BARRIERS = 16
# The run-time alignment of the arena's base: a launch asks for 1024 more.
ALIGN_SLACK = 1024


def read(path, default=""):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return default


def first_error(text):
    for line in text.splitlines():
        m = re.search(r"\berror\s*: (.*)", line)
        if m:
            return m.group(1).strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "no message"


def parse_ptxas(text):
    """Per entry function: registers, barriers, smem, stack, spills."""
    functions = collections.OrderedDict()
    current = None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            current = functions.setdefault(m.group(1), {})
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                      r"(\d+) bytes spill loads", line)
        if m:
            current["stack"], current["spill_st"], current["spill_ld"] = (
                int(m.group(1)), int(m.group(2)), int(m.group(3)))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            current["registers"] = int(m.group(1))
            b = re.search(r"used (\d+) barriers", line)
            current["barriers"] = int(b.group(1)) if b else 0
            s = re.search(r"(\d+) bytes smem", line)
            current["smem"] = int(s.group(1)) if s else 0
    infos = [l.split(":", 1)[1].strip() if ":" in l else l.strip()
             for l in text.splitlines()
             if PERF_LOSS.search(l) or "warning" in l.lower()]
    return functions, infos


def parse_agents(ptx):
    """Per entry function of the PTX, in order: its .maxnreg, the budget each
    warpgroup's setmaxnreg sets ({group: ("inc"/"dec", registers)}) and its
    agents (id: warps, first warp, budget in the comment, the block of the
    comment). An agent's comment that repeats (one per AGENT_SWITCH) keeps
    its first block."""
    entries = collections.OrderedDict()
    entry = None
    block = None
    group = None
    label_group = {}
    label = None
    # Inside the dispatch to the warpgroups' setmaxnreg: from its comment to
    # the first AGENT_SWITCH.
    dispatch = False
    for line in ptx.splitlines():
        m = ENTRY.search(line)
        if m and not line.lstrip().startswith("//"):
            entry = entries.setdefault(m.group(1), {
                "maxnreg": None, "setmaxnreg": {},
                "agents": collections.OrderedDict()})
            block, group, label_group, label = None, None, {}, None
            dispatch = False
            continue
        if entry is None:
            continue
        m = MAXNREG.match(line)
        if m:
            entry["maxnreg"] = int(m.group(1))
            continue
        m = BLOCK_HEADER.match(line)
        if m:
            block = int(m.group(1) or m.group(2))
            continue
        if "// registers per warpgroup" in line:
            dispatch = True
            continue
        if "// AGENT_SWITCH" in line:
            dispatch = False
        # The branch must follow its compare at once.
        tested, group = group, None
        m = GROUP_TEST.search(line)
        if m and dispatch:
            group = int(m.group(1))
            continue
        m = GROUP_BRANCH.search(line)
        if m and tested is not None:
            label_group[m.group(1)] = tested
            continue
        m = LABEL.match(line)
        if m:
            label = m.group(1)
            continue
        m = SETMAXNREG.search(line)
        if m and dispatch and label in label_group:
            entry["setmaxnreg"][label_group[label]] = (m.group(1),
                                                       int(m.group(2)))
            continue
        m = AGENT_COMMENT.search(line)
        if m:
            agent = int(m.group(1))
            if agent not in entry["agents"]:
                entry["agents"][agent] = {
                    "warps": int(m.group(2)), "first_warp": int(m.group(3)),
                    "budget": int(m.group(4)), "block": block}
    return entries


def parse_agent_uses(text):
    """tileas-agent-register-check's remarks: {block: (name, used, budget)}."""
    uses = collections.OrderedDict()
    for m in AGENT_USES.finditer(text):
        uses.setdefault(int(m.group(2)), (m.group(1), int(m.group(3)),
                                          int(m.group(4))))
    return uses


class Row:
    def __init__(self, work, input_path, strategy, tag):
        self.input = input_path
        self.strategy = strategy
        base = os.path.join(work, tag)
        self.llc_rc = int(read(base + ".llc.rc", "1").strip() or 1)
        err = read(base + ".llc.err")
        self.llc_error = first_error(err) if self.llc_rc else ""
        m = ARENA.search(err)
        self.arena = int(m.group(1)) if m else None
        self.capacity = int(m.group(2)) if m else None
        m = OURS.search(err)
        self.ours = int(m.group(1)) if m else None
        self.agent_uses = parse_agent_uses(err)
        self.entries = parse_agents(read(base + ".ptx")) if not self.llc_rc \
            else collections.OrderedDict()
        self.ptxas_rc = None
        self.functions, self.infos = {}, []
        self.ptxas_error = ""
        if self.llc_rc == 0:
            self.ptxas_rc = int(read(base + ".ptxas.rc", "1").strip() or 1)
            out = read(base + ".ptxas.out")
            self.functions, self.infos = parse_ptxas(out)
            if self.ptxas_rc:
                self.ptxas_error = first_error(out)
        self.order_rc = None
        self.order = ""
        if os.path.exists(base + ".order.rc"):
            self.order_rc = int(read(base + ".order.rc", "1").strip() or 1)
            self.order = read(base + ".order.out").strip()
        self.order_nomisched_rc = None
        if os.path.exists(base + ".order-nomisched.rc"):
            self.order_nomisched_rc = int(
                read(base + ".order-nomisched.rc", "1").strip() or 1)

    @property
    def ptxas_ok(self):
        return self.ptxas_rc == 0 and not any(PERF_LOSS.search(i)
                                              for i in self.infos)

    def figure(self, key):
        values = [str(f[key]) for f in self.functions.values() if key in f]
        return " / ".join(values) if values else "-"

    def order_cell(self):
        if self.order_rc is None:
            return "-"
        if self.order_rc == 0:
            labels = re.findall(r"is (\$L__BB\w+)", self.order)
            return "kept (%s)" % ", ".join(labels) if labels else "kept"
        if "no pipelined kernel" in self.order:
            return "no kernel"
        if self.order_nomisched_rc == 0:
            return "**reordered** (kept without misched)"
        return "**reordered**"


def agent_rows(row):
    """The per-agent sub-table's cells for one warp-specialized compilation:
    one list per agent of each entry function, in the PTX's agent order."""
    cells = []
    for name, entry in row.entries.items():
        f = row.functions.get(name, {})
        regs = str(f.get("registers", "-"))
        spills = "%s / %s" % (f.get("spill_st", "-"), f.get("spill_ld", "-"))
        for agent_id, a in sorted(entry["agents"].items()):
            group = a["first_warp"] // WARPS_PER_GROUP
            if group in entry["setmaxnreg"]:
                op, budget = entry["setmaxnreg"][group]
                runtime = "%d (setmaxnreg.%s)" % (budget, op)
            elif entry["setmaxnreg"]:
                runtime = "%s (.maxnreg, kept)" % entry["maxnreg"]
            else:
                runtime = "%s (.maxnreg, no setmaxnreg)" % entry["maxnreg"]
            use = row.agent_uses.get(a["block"])
            label = str(agent_id) + (" (%s)" % use[0] if use else "")
            if use:
                ours = "%d of %d" % (use[1], use[2])
                if use[1] > use[2]:
                    ours += " **over**"
            else:
                ours = "-"
            last = a["first_warp"] + a["warps"] - 1
            warps = ("warp %d" % a["first_warp"] if a["warps"] == 1 else
                     "warps %d-%d" % (a["first_warp"], last))
            cells.append([row.input, row.strategy, label, warps,
                          str(a["budget"]), runtime, ours, regs, spills])
    return cells


def write_agents(w, rows):
    specialized = [r for r in rows if r.strategy == "warp-specialized"]
    w("## Registers per agent")
    w("")
    w("Each warp-specialized compilation's agents, as the PTX declares them: "
      "the printer's comment after each `AGENT_SWITCH` (its warps and its "
      "budget), the `.maxnreg` of the kernel and the `setmaxnreg` of the "
      "agent's warpgroup (*at run time*). *TileAS* is TileAS's own "
      "allocation of the agent's region in 32-bit registers, of its budget "
      "(the `-pass-remarks-analysis=tileas-agent-register-check` remark, "
      "matched to the agent by the block of its `AGENT_SWITCH`; \"-\" "
      "where llc gave none). ptxas allocates registers once for the whole "
      "kernel: one register count, bounded by `.maxnreg`, for every thread; "
      "`setmaxnreg` only moves a warpgroup's budget at run time. So ptxas's "
      "registers and spills are per kernel: the same figures stand on every "
      "agent of a kernel, and a spill cannot be laid to one agent.")
    w("")
    if not specialized:
        w("No warp-specialized compilation.")
        w("")
        return
    w("| input | strategy | agent | warps | budget | at run time | TileAS "
      "| ptxas registers (kernel) | spill stores / loads (B, kernel) |")
    w("|---|---|---|---|---|---|---|---|---|")
    plain = []
    for r in specialized:
        cells = agent_rows(r) if r.llc_rc == 0 else []
        if not cells:
            plain.append(r)
        for c in cells:
            w("| " + " | ".join(md_escape(x) for x in c) + " |")
    w("")
    if plain:
        w("Without agents in the PTX (refused, or warp specialization fell "
          "back to one loop): %s." % ", ".join(
              "`%s` (%s)" % (r.input, "refused" if r.llc_rc else "no agent")
              for r in plain))
        w("")


def md_escape(text):
    return text.replace("|", "\\|")


def main(work):
    machine = collections.OrderedDict(
        l.split("\t", 1) for l in read(os.path.join(work, "machine.tsv"))
        .splitlines() if "\t" in l)
    rows = [Row(work, *l.split("\t"))
            for l in read(os.path.join(work, "rows.tsv")).splitlines() if l]
    out = []
    w = out.append
    w("# PTX benchmark: the corpus through llc -mcpu=sm_100a (sm_90a) and "
      "ptxas")
    w("")
    w("Issue 26's benchmark report, written by `bench/ptx/run.sh` "
      "(`bench/ptx/report.py`). Every figure below was measured by that run; "
      "rerun with")
    w("")
    w("    bench/ptx/run.sh build")
    w("")
    w("(`LLC`, `TILEAS_PTXAS` and `RUNS` override the llc, the ptxas and the "
      "number of timed runs; `KEEP_WORK=1` keeps the raw outputs).")
    w("")
    w("## Machine")
    w("")
    w("| | |")
    w("|---|---|")
    for key in ("date", "commit", "cpu", "cores", "load", "os", "llc",
                "ptxas"):
        w("| %s | %s |" % (key, md_escape(machine.get(key, "?"))))
    w("")

    accepted = [r for r in rows if r.llc_rc == 0]
    clean = [r for r in accepted if r.ptxas_ok]
    w("## Summary")
    w("")
    by_strategy = collections.OrderedDict()
    for r in rows:
        by_strategy.setdefault(r.strategy, []).append(r)
    w("| strategy | inputs | llc accepts | ptxas accepts, no performance "
      "loss | kernel order kept in the PTX |")
    w("|---|---|---|---|---|")
    for strategy, rs in by_strategy.items():
        ok = [r for r in rs if r.llc_rc == 0]
        checked = [r for r in ok if r.order_rc is not None]
        kept = [r for r in checked if r.order_rc == 0]
        w("| %s | %d | %d | %d | %s |" % (
            strategy, len(rs), len(ok), sum(1 for r in ok if r.ptxas_ok),
            "%d of %d" % (len(kept), len(checked)) if checked else "-"))
    w("")
    w("%d of %d compilations reach PTX; ptxas accepts %d of them with no "
      "\"Potential Performance Loss\" / C7508 / C7519 / C7520 info." %
      (len(accepted), len(rows), len(clean)))
    barriers = [int(f["barriers"]) for r in accepted
                for f in r.functions.values() if "barriers" in f]
    if barriers:
        w("")
        w("Named barriers: at most %d per kernel in ptxas's count, of the %d "
          "a CTA has (rings and mutexes are mbarriers; the named ones are "
          "bar.sync 0 and one per agent)." % (max(barriers), NAMED_BARRIERS))
    w("")

    w("## Per kernel and strategy")
    w("")
    w("ptxas's figures are from `ptxas -arch=sm_100a -v` (`-arch=sm_90a` "
      "for the Hopper kernel, `*-hopper.*`, compiled with -mcpu=sm_90a). "
      "Shared memory: "
      "ptxas reports the static part (the PTX declares none: the arena is an "
      "`.extern .shared` array); *arena* is our layout's size from the "
      "`-pass-remarks-analysis=tileas-ptx` remark, and *launch* the dynamic "
      "shared memory a launch must ask for (arena + %d bytes for the "
      "run-time 1024-byte alignment of its base). *Ours* is TileAS's own "
      "register allocation in 32-bit registers (from the same remark: a "
      "fragment counts four, a 64-bit register two), before the PTX "
      "sequences' own registers; ptxas allocates again. *Barriers* are the named "
      "barriers ptxas reports (`used N barriers`): the rings are mbarriers in "
      "the arena and are not counted there. *Order*: whether the pipelined "
      "kernel's instruction order (after materialization) is the order of the "
      "PTX loop (`bench/ptx/schedule_order.py`; not checked under `none`, "
      "which pipelines nothing); *kept without misched*: kept when llc runs "
      "with `-enable-misched=false`." % ALIGN_SLACK)
    w("")
    w("| input | strategy | llc | ptxas | registers | ours | spill stores / "
      "loads (B) | stack (B) | static smem (B) | arena (B) | launch smem (B) "
      "| barriers | order |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if r.llc_rc:
            w("| %s | %s | refused | - | - | - | - | - | - | - | - | - | - |" %
              (r.input, r.strategy))
            continue
        if r.ptxas_rc:
            ptxas = "error"
        elif not r.ptxas_ok:
            ptxas = "**performance loss**"
        else:
            ptxas = "ok"
        spills = "%s / %s" % (r.figure("spill_st"), r.figure("spill_ld"))
        arena = str(r.arena) if r.arena is not None else "-"
        launch = str(r.arena + ALIGN_SLACK) if r.arena is not None else "-"
        ours = str(r.ours) if r.ours is not None else "-"
        w("| %s | %s | ok | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r.input, r.strategy, ptxas, r.figure("registers"), ours, spills,
            r.figure("stack"), r.figure("smem"), arena, launch,
            r.figure("barriers"), r.order_cell()))
    w("")

    write_agents(w, rows)

    w("## Refusals")
    w("")
    w("Every compilation that llc or ptxas refused, with the first error "
      "message.")
    w("")
    w("| input | strategy | by | message |")
    w("|---|---|---|---|")
    for r in rows:
        if r.llc_rc:
            w("| %s | %s | llc | %s |" % (r.input, r.strategy,
                                          md_escape(r.llc_error)))
        elif r.ptxas_rc:
            w("| %s | %s | ptxas | %s |" % (r.input, r.strategy,
                                            md_escape(r.ptxas_error)))
    w("")
    infos = [(r, i) for r in accepted for i in r.infos]
    w("## ptxas infos and warnings")
    w("")
    if infos:
        w("| input | strategy | info |")
        w("|---|---|---|")
        for r, i in infos:
            w("| %s | %s | %s |" % (r.input, r.strategy, md_escape(i)))
    else:
        w("None: no \"Potential Performance Loss\", C7508, C7519, C7520 or "
          "warning on any PTX that llc wrote.")
    w("")

    reordered = [r for r in rows if r.order_rc not in (None, 0)]
    w("## Kernels whose order is not in the PTX")
    w("")
    if reordered:
        fixed = [r for r in reordered if r.order_nomisched_rc == 0]
        w("`schedule_order.py check` fails on %d compilations; rerun with "
          "`-enable-misched=false` (the pre-RA machine scheduler off), %d of "
          "them keep the materialized order in the PTX. Each one's first "
          "line (`KEEP_WORK=1` keeps the diffs):" % (len(reordered),
                                                     len(fixed)))
        w("")
        for r in reordered:
            lines = r.order.splitlines()
            w("- `%s` (%s): %s%s" % (
                r.input, r.strategy, md_escape(lines[0] if lines else ""),
                "; kept without the machine scheduler"
                if r.order_nomisched_rc == 0 else ""))
    else:
        w("None.")
    w("")

    times = collections.OrderedDict()
    for line in read(os.path.join(work, "times.tsv")).splitlines():
        if not line:
            continue
        path, target, micros, status = line.split("\t")
        entry = times.setdefault(path, {}).setdefault(
            target, {"best": None, "status": 0})
        micros = int(micros)
        if entry["best"] is None or micros < entry["best"]:
            entry["best"] = micros
        entry["status"] = max(entry["status"], int(status))
    passes = collections.OrderedDict()
    for line in read(os.path.join(work, "passes.tsv")).splitlines():
        if not line:
            continue
        path, target, seconds = line.split("\t")
        try:
            value = float(seconds)
        except ValueError:
            continue
        if math.isnan(value):
            continue
        best = passes.setdefault(path, {}).get(target)
        if best is None or value < best:
            passes[path][target] = value
    w("## Compile time")
    w("")
    w("Wall time of one llc process per run (plugin loading included), best "
      "of %s runs, output discarded, default strategy (unspecialized): `.ll` "
      "to PTX (`-mcpu=sm_100a`; `sm_90a` for the Hopper kernel) against "
      "`.ll` to today's assembly "
      "(`-mcpu=sm_100`). Target: PTX within 1.5x. A kernel that llc refuses "
      "for sm_100a is timed to its error and not held to the target; a "
      "Hopper kernel has no assembly baseline (sm_100, Blackwell's machine, "
      "refuses its wgmma) and is not held to it either. *Same machine*: "
      "the pass pipeline of `.ll` to the assembly printer on the PTX "
      "target's own machine (`-mattr=-ptx`): the same schedule, so its ratio "
      "is what printing PTX costs; sm_100 is another machine (no paired "
      "fp32 pipe: other instructions, another schedule)." %
      machine.get("runs", "?"))
    w("")
    w("*Passes*: the pass pipeline alone, the processor time (user + "
      "system) that `-time-passes`' \"Pass execution timing report\" totals "
      "(a separate run after each timed one, best of the same number; 0.1 ms "
      "steps): no process start-up or plugin loading, and less sensitive "
      "than the wall clock to the other processes of a shared machine. The "
      "two targets alternate run by run. The *load* above is the machine's "
      "load average as the run began.")
    w("")
    w("| kernel | wall, PTX (ms) | wall, assembly sm_100 (ms) | "
      "ratio | passes, PTX (ms) | passes, assembly (ms) | ratio | within "
      "1.5x | passes, assembly, same machine (ms) | ratio |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    same_ratios = []
    ratios = []
    pass_ratios = []
    for path, targets in times.items():
        ptx = targets.get("ptx")
        asm = targets.get("sm_100")
        if not ptx or not asm or not asm["best"]:
            continue
        ratio = ptx["best"] / asm["best"]
        p_ptx = passes.get(path, {}).get("ptx")
        p_asm = passes.get(path, {}).get("sm_100")
        p_ratio = p_ptx / p_asm if p_ptx is not None and p_asm else None
        p_same = passes.get(path, {}).get("same")
        s_ratio = p_ptx / p_same if p_ptx is not None and p_same else None
        same_cols = "%s | %s" % (
            "%.1f" % (p_same * 1000.0) if p_same is not None else "-",
            "%.2f" % s_ratio if s_ratio is not None else "-")
        refused = ptx["status"] != 0
        if asm["status"] != 0:
            # No baseline: the abstract sm_100 refuses the kernel (a Hopper
            # kernel's wgmma, which Blackwell's machine lacks).
            w("| %s | %.1f | - | - | %s | - | - | no baseline (sm_100 "
              "refuses it) | %s |" % (os.path.basename(path),
                                      ptx["best"] / 1000.0,
                                      "%.1f" % (p_ptx * 1000.0)
                                      if p_ptx is not None else "-",
                                      same_cols))
            if s_ratio is not None and ptx["status"] == 0:
                same_ratios.append(s_ratio)
            continue
        if not refused:
            ratios.append(ratio)
            if p_ratio is not None:
                pass_ratios.append(p_ratio)
            if s_ratio is not None:
                same_ratios.append(s_ratio)
        worst = max(ratio, p_ratio if p_ratio is not None else 0)
        verdict = "refused" if refused else ("yes" if worst <= 1.5 else
                                             "**no**")
        fmt = lambda v: "%.1f" % (v * 1000.0) if v is not None else "-"
        w("| %s | %.1f | %.1f | %.2f | %s | %s | %s | %s | %s |" % (
            os.path.basename(path), ptx["best"] / 1000.0, asm["best"] / 1000.0,
            ratio, fmt(p_ptx), fmt(p_asm),
            "%.2f" % p_ratio if p_ratio is not None else "-", verdict,
            same_cols))
    w("")
    if ratios:
        w("Accepted kernels: wall ratio %.2f to %.2f, %d of %d within 1.5x." %
          (min(ratios), max(ratios), sum(1 for x in ratios if x <= 1.5),
           len(ratios)))
    if pass_ratios:
        w("Pass-pipeline ratio %.2f to %.2f, %d of %d within 1.5x." % (
            min(pass_ratios), max(pass_ratios),
            sum(1 for x in pass_ratios if x <= 1.5), len(pass_ratios)))
    if same_ratios:
        w("Against the same machine's assembly (pass pipeline): %.2f to %.2f, "
          "%d of %d within 1.5x." % (
              min(same_ratios), max(same_ratios),
              sum(1 for x in same_ratios if x <= 1.5), len(same_ratios)))
    w("")
    sys.stdout.write("\n".join(out))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.stderr.write("usage: %s WORK_DIR (from bench/ptx/run.sh)\n" %
                         sys.argv[0])
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
