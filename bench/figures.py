"""The benchmark report's figures, drawn with matplotlib as SVG.

report.py, sim_report.py and utilization_report.py prepare the data (plain
lists and dicts) and call the functions here; nothing here reads a results
file. Needs matplotlib (Debian's python3-matplotlib, which utils/setup.sh
installs); require() says so plainly when it is missing.

The files are byte-reproducible: the same data gives the same bytes on the
same matplotlib. The Agg backend, a fixed hash salt for the SVG's ids, no
date or creator in the metadata, DejaVu Sans (Debian's fonts-dejavu-core,
a dependency of python3-matplotlib) and text kept as SVG text rather than
glyph outlines. Marks carry a tooltip (an SVG <title>) that names what they
show, as the hand-written SVG did.
"""

import io
import math
import re
import sys
from xml.sax.saxutils import escape

PACKAGE = "python3-matplotlib"

COLORS = {"ours": "#1f77b4", "sms": "#ff7f0e", "window": "#2ca02c",
          "exact": "#000000", "target": "#d62728"}
MARKERS = {"ours": "o", "sms": "s", "window": "^"}
STAGE_COLORS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac")
MARKER_SHAPES = {"circle": "o", "square": "s", "triangle": "^"}

_pyplot = None


def require(prog):
    """Imports matplotlib on the Agg backend with the report's settings, or
    exits with an error that names the package. Returns pyplot."""
    global _pyplot
    if _pyplot is not None:
        return _pyplot
    try:
        import matplotlib
    except ImportError:
        sys.exit("%s: matplotlib is missing from this Python (%s); the "
                 "report's figures need it. Install Debian's %s "
                 "(utils/setup.sh does) and run the report with the Python "
                 "it installs into (/usr/bin/python3)." % (
                     prog, sys.executable, PACKAGE))
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({
        "svg.hashsalt": "tileas-bench-report",
        "svg.fonttype": "none",
        "font.family": "DejaVu Sans",
        "font.size": 9,
        "axes.titlesize": 11,
        "axes.titleweight": "bold",
        "axes.labelsize": 10,
        "legend.fontsize": 8.5,
        "legend.frameon": False,
    })
    _pyplot = plt
    return plt


class Figure:
    """A matplotlib figure and the tooltips of its marks."""

    def __init__(self, width, height):
        self.fig = require("bench/figures.py").figure(figsize=(width, height))
        self.tips = []

    def tip(self, artist, text):
        """Gives artist a tooltip (an SVG <title>)."""
        self.tips.append(text)
        artist.set_gid("tip-%d" % len(self.tips))
        return artist

    def save(self, path):
        buffer = io.StringIO()
        self.fig.savefig(buffer, format="svg",
                         metadata={"Date": None, "Creator": None})
        require("bench/figures.py").close(self.fig)
        tips = self.tips

        def titled(m):
            return '%s\n<title>%s</title>' % (
                m.group(0), escape(tips[int(m.group(1)) - 1]))

        text = re.sub(r'<g id="tip-(\d+)">', titled, buffer.getvalue())
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def _ticker():
    require("bench/figures.py")
    import matplotlib.ticker
    return matplotlib.ticker


def _legend_outside(ax, handles=None, labels=None):
    kwargs = {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0),
              "borderaxespad": 0.0}
    if handles is not None:
        return ax.legend(handles, labels, **kwargs)
    return ax.legend(**kwargs)


def _decades(values):
    """The whole decades around the positive values."""
    values = [v for v in values if v > 0] or [1.0, 10.0]
    lo = 10 ** math.floor(math.log10(min(values)))
    hi = 10 ** math.ceil(math.log10(max(values)))
    return lo, hi if hi > lo else lo * 10


def _plain_log_ticks(axis, limits):
    """Tick labels 1, 20, 0.5 rather than 10^0; 2 and 5 between the decades
    when there are few of them."""
    ticker = _ticker()
    decades = round(math.log10(limits[1] / limits[0]))
    subs = (1.0, 2.0, 5.0) if decades <= 3 else (1.0,)
    axis.set_major_locator(ticker.LogLocator(base=10, subs=subs))
    axis.set_major_formatter(ticker.FuncFormatter(
        lambda v, _: "%d" % round(v) if v >= 1 else "%g" % v))
    axis.set_minor_formatter(ticker.NullFormatter())


# ------------------------------------------------------------ log-log chart --

def loglog(path, title, xlabel, ylabel, series, note=None, targets=(),
           line_label=None):
    """A log-log scatter with one line per series.

    series: dicts with label, key (a COLORS/MARKERS key or None), color,
    marker ('circle', 'square', 'triangle'), points [(x, y, hollow, tip)]
    and line [(x, y)]; targets: (x, y, label), drawn as red crosses;
    line_label: what the lines mean, for the legend."""
    from matplotlib.lines import Line2D
    figure = Figure(9.0, 5.2)
    ax = figure.fig.add_axes((0.09, 0.11, 0.56, 0.8))
    ax.set_xscale("log")
    ax.set_yscale("log")
    xs = [p[0] for s in series for p in s["points"]] + [t[0] for t in targets]
    ys = [p[1] for s in series for p in s["points"]] + [t[1] for t in targets]
    ax.set_xlim(*_decades(xs))
    ax.set_ylim(*_decades(ys))
    _plain_log_ticks(ax.xaxis, _decades(xs))
    _plain_log_ticks(ax.yaxis, _decades(ys))
    ax.grid(True, which="major", color="#e5e5e5", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    handles, labels = [], []
    for s in series:
        shape = MARKER_SHAPES[s["marker"]]
        if len(s["line"]) >= 2:
            ax.plot([x for x, _ in s["line"]], [y for _, y in s["line"]],
                    color=s["color"], linewidth=1.5)
        for x, y, hollow, tip in s["points"]:
            mark, = ax.plot([x], [y], linestyle="none", marker=shape,
                            markersize=6, markeredgewidth=1.3,
                            markeredgecolor=s["color"],
                            markerfacecolor="white" if hollow else s["color"])
            figure.tip(mark, tip)
        handles.append(Line2D([], [], linestyle="none", marker=shape,
                              color=s["color"], markersize=6))
        labels.append(s["label"] + ("" if s["points"] else " (no data)"))
    for x, y, label in targets:
        mark, = ax.plot([x], [y], linestyle="none", marker="x",
                        markersize=9, markeredgewidth=2,
                        color=COLORS["target"])
        figure.tip(mark, label)
    if any(p[2] for s in series for p in s["points"]):
        handles.append(Line2D([], [], linestyle="none", marker="o",
                              markeredgecolor="#555",
                              markerfacecolor="white", markersize=6))
        labels.append("hollow: searched, found no schedule")
    if targets:
        handles.append(Line2D([], [], linestyle="none", marker="x",
                              markeredgewidth=2, color=COLORS["target"]))
        labels.append("target")
    if line_label and any(len(s["line"]) >= 2 for s in series):
        handles.append(Line2D([], [], color="#555", linewidth=1.5))
        labels.append(line_label)
    _legend_outside(ax, handles, labels)
    if note:
        figure.fig.text(0.67, 0.11, "\n".join(note), fontsize=8,
                        color="#555", va="bottom")
    figure.save(path)


# ------------------------------------------------------------- II / MII --

def ii_over_mii(path, columns, scheduler_labels):
    """II/MII per loop and scheduler, on a log scale.

    columns: one per loop, dicts with name, source, optimum (the proven
    optimal II over the MII, or None) and marks [(scheduler key, lane,
    II / MII or None, tip)], lane 'legal', 'illegal' or 'none'. Schedules
    that are not legal sit in a lane above the plot (so they never read as
    a better II); a scheduler that searched and found nothing has a cross
    in the 'none' lane."""
    from matplotlib.lines import Line2D
    count = max(1, len(columns))
    longest = max([len(c["name"]) for c in columns] + [4])
    plot_w = 0.28 * count
    width = max(7.5, 0.9 + plot_w + 3.3)
    below = 0.05 * longest + 0.3  # the slanted names
    height = below + 3.4 + 0.15 + 0.6 + 0.5
    figure = Figure(width, height)
    left, right = 0.9 / width, (0.9 + plot_w) / width
    bottom = below / height
    top_plot = bottom + 3.4 / height
    lanes = figure.fig.add_axes((left, top_plot + 0.15 / height,
                                 right - left, 0.6 / height))
    ax = figure.fig.add_axes((left, bottom, right - left, top_plot - bottom),
                             sharex=lanes)
    ratios = [v for c in columns for _, lane, v, _ in c["marks"]
              if lane == "legal"] + [c["optimum"] for c in columns
                                     if c["optimum"]]
    ax.set_yscale("log")
    ax.set_ylim(0.97, max(ratios + [2.0]) * 1.05)
    ax.yaxis.set_major_locator(_ticker().FixedLocator(
        [1, 1.1, 1.25, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64, 128, 256,
         512, 1024]))
    ax.yaxis.set_major_formatter(
        _ticker().FuncFormatter(lambda v, _: "%g" % v))
    ax.yaxis.set_minor_locator(_ticker().NullLocator())
    ax.grid(True, axis="y", color="#e5e5e5", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_ylabel("II / MII (log scale)")
    ax.set_xlim(-0.5, count - 0.5)
    ax.set_xticks(range(len(columns)))
    ax.set_xticklabels([c["name"] for c in columns], rotation=60,
                       ha="right", rotation_mode="anchor", fontsize=8)
    lanes.set_ylim(-0.5, 1.5)
    lanes.set_yticks([0, 1])
    lanes.set_yticklabels(["none", "not legal"], fontsize=8)
    lanes.set_facecolor("#f7f7f7")
    lanes.tick_params(axis="x", bottom=False, labelbottom=False)
    lanes.set_title("II / MII per loop (lower is better, 1 = MII)", pad=8)
    offsets = {"ours": -0.27, "sms": 0.0, "window": 0.27}
    for i, c in enumerate(columns):
        if i and c["source"] != columns[i - 1]["source"]:
            for a in (ax, lanes):
                a.axvline(i - 0.5, color="#999", linestyle=(0, (4, 3)),
                          linewidth=1)
        if c["optimum"]:
            ax.plot([i - 0.42, i + 0.42], [c["optimum"]] * 2,
                    color=COLORS["exact"], linewidth=2.5,
                    solid_capstyle="butt")
        for key, lane, value, tip in c["marks"]:
            x = i + offsets[key]
            if lane == "legal":
                mark, = ax.plot([x], [value], linestyle="none",
                                marker=MARKERS[key], markersize=5.5,
                                color=COLORS[key])
            elif lane == "illegal":
                mark, = lanes.plot([x], [1], linestyle="none",
                                   marker=MARKERS[key], markersize=5.5,
                                   markeredgewidth=1.3,
                                   markeredgecolor=COLORS[key],
                                   markerfacecolor="white")
            else:
                mark, = lanes.plot([x], [0], linestyle="none", marker="x",
                                   markersize=6, markeredgewidth=1.5,
                                   color=COLORS[key])
            figure.tip(mark, tip)
    handles = [Line2D([], [], linestyle="none", marker=MARKERS[k],
                      color=COLORS[k]) for k in ("ours", "sms", "window")]
    labels = [scheduler_labels[k] for k in ("ours", "sms", "window")]
    handles += [Line2D([], [], color=COLORS["exact"], linewidth=2.5),
                Line2D([], [], linestyle="none", marker="s",
                       markeredgecolor="#555", markerfacecolor="white"),
                Line2D([], [], linestyle="none", marker="x", color="#555"),
                Line2D([], [], color="#999", linestyle=(0, (4, 3)))]
    labels += ["proven optimum",
               "hollow, top lane: not legal (tooltip: verdict)",
               "top lane: no schedule found", "corpus | generated"]
    _legend_outside(ax, handles, labels)
    figure.save(path)


# ------------------------------------------------- kernel reservation table --

def kernel_lanes(ops, slot, ii):
    """Rows each op holds on one slot, and a lane per op so that ops whose
    rows overlap (a slot of capacity > 1) sit side by side."""
    users = []
    for index, op in enumerate(ops):
        for slot_id, duration in op["slots"]:
            if slot_id == slot and duration > 0:
                rows = {(op["start"] + k) % ii for k in range(duration)}
                users.append((index, op, rows))
    lanes = []  # per lane, the rows already taken
    placed = []
    for index, op, rows in users:
        for lane, taken in enumerate(lanes):
            if not taken & rows:
                taken |= rows
                break
        else:
            lane = len(lanes)
            lanes.append(set(rows))
        placed.append((index, op, rows, lane))
    return placed, max(1, len(lanes))


def row_segments(rows):
    """Sorted rows as (first, count) runs of consecutive rows."""
    runs = []
    for r in sorted(rows):
        if runs and runs[-1][0] + runs[-1][1] == r:
            runs[-1][1] += 1
        else:
            runs.append([r, 1])
    return runs


def kernel_table(path, name, kernel):
    """Our kernel's reservation table (kernel: bench.json's object): rows
    are cycles modulo II, columns the slots some operation holds (one lane
    per operation that overlaps another), cells coloured by stage."""
    from matplotlib.patches import Patch, Rectangle
    ii, ops = kernel["ii"], kernel["ops"]
    names = {s["id"]: s["name"] for s in kernel["slots"]}
    used = sorted({s for op in ops for s, d in op["slots"] if d > 0})
    columns = [(slot,) + kernel_lanes(ops, slot, ii) for slot in used]
    lanes_total = max(1, sum(lanes for _, _, lanes in columns))
    plot_w = max(2.0, 0.32 * lanes_total)
    plot_h = max(2.5, min(8.0, 0.11 * ii))
    title = "%s: kernel reservation table (II %d, %d stages, %d ops)" % (
        name, ii, kernel["stages"], len(ops))
    width = max(6.0, 1.0 + plot_w + 1.6, 0.3 + 0.085 * len(title))
    height = plot_h + 2.3
    figure = Figure(width, height)
    ax = figure.fig.add_axes((0.8 / width, 0.35 / height, plot_w / width,
                              plot_h / height))
    ax.set_xlim(0, lanes_total)
    ax.set_ylim(ii, 0)
    ax.set_facecolor("#fafafa")
    ax.set_ylabel("cycle mod II")
    figure.fig.suptitle(title, x=0.1 / width, ha="left", fontsize=11,
                        fontweight="bold")
    figure.fig.text(0.1 / width, 1 - 0.5 / height,
                    "rows: cycle mod II; columns: slots used; cell text: "
                    "op index", fontsize=8.5, color="#555")
    row_h = plot_h * 72.0 / max(1, ii)  # points per row
    x = 0
    centres = []
    for slot, placed, lanes in columns:
        centres.append((x + lanes / 2.0, names.get(slot, str(slot))))
        if x:
            ax.axvline(x, color="#bbb", linewidth=0.8)
        for index, op, rows, lane in placed:
            color = STAGE_COLORS[op["stage"] % len(STAGE_COLORS)]
            for first, count in row_segments(rows):
                cell = Rectangle((x + lane + 0.04, first), 0.92, count,
                                 facecolor=color, edgecolor="white",
                                 linewidth=0.5)
                ax.add_patch(cell)
                figure.tip(cell, "op %d %s: start %d, stage %d" % (
                    index, op["name"], op["start"], op["stage"]))
                if count * row_h >= 8:
                    ax.text(x + lane + 0.5, first + min(count, 8.0 / row_h)
                            / 2.0, str(index), ha="center", va="center",
                            fontsize=7, color="white")
        x += lanes
    ax.xaxis.tick_top()
    ax.set_xticks([c for c, _ in centres])
    ax.set_xticklabels([n for _, n in centres], rotation=45, ha="left",
                       rotation_mode="anchor", fontsize=8)
    ax.yaxis.set_major_locator(
        _ticker().MaxNLocator(integer=True, nbins=12))
    stages = sorted({op["stage"] for op in ops})
    _legend_outside(ax, [Patch(color=STAGE_COLORS[s % len(STAGE_COLORS)])
                         for s in stages],
                    ["stage %d" % s for s in stages])
    figure.save(path)


# ------------------------------------------------------------ bar charts --

def speedup_bars(path, title, rows, bars, target, target_label):
    """Horizontal grouped bars, one group per row.

    rows: [(name, {bar key: value or None})]; bars: [(key, label, color)]
    in drawing order; target: a value drawn as a dashed red line."""
    from matplotlib.patches import Patch
    count = max(1, len(rows))
    group = 0.8 / max(1, len(bars))
    plot_h = max(2.0, 0.11 * len(bars) * count + 0.1 * count)
    width, height = 11.0, plot_h + 1.0
    figure = Figure(width, height)
    ax = figure.fig.add_axes((2.1 / width, 0.4 / height, 5.6 / width,
                              plot_h / height))
    for i, (name, values) in enumerate(rows):
        for j, (key, label, color) in enumerate(bars):
            value = values.get(key)
            if not value:
                continue
            bar = ax.barh(i - 0.4 + group * (j + 0.5), value, height=group,
                          color=color)[0]
            figure.tip(bar, "%s %s: %.2fx" % (name, key, value))
    top = max([v for _, values in rows for v in values.values() if v] +
              [target * 1.25])
    ax.set_xlim(0, top * 1.05)
    ax.set_ylim(count - 0.5, -0.5)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([name for name, _ in rows], fontsize=8)
    ax.xaxis.set_major_formatter(
        _ticker().FuncFormatter(lambda v, _: "%g×" % v))
    ax.grid(True, axis="x", color="#e5e5e5", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.axvline(target, color=COLORS["target"], linestyle=(0, (4, 3)),
               linewidth=1.2)
    ax.text(target, -0.6, " " + target_label, color=COLORS["target"],
            fontsize=8, va="bottom")
    ax.set_title(title, pad=14)
    _legend_outside(ax, [Patch(color=c) for _, _, c in bars],
                    [l for _, l, _ in bars])
    figure.save(path)


def utilization_bars(path, title, groups, bars, bound_label):
    """Vertical grouped bars of fractions (0..1), one group per kernel,
    with the bound of each bar as a black marker above it.

    groups: [(name, {bar key: (value or None, bound or None)})]; bars:
    [(key, label, color, hatch)] in drawing order."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    count = max(1, len(groups))
    group = 0.84 / max(1, len(bars))
    plot_w = max(5.5, 0.16 * len(bars) * count + 0.2 * count)
    longest = max([len(name) for name, _ in groups] + [4])
    width, height = plot_w + 4.2, 4.2 + 0.06 * longest
    figure = Figure(width, height)
    ax = figure.fig.add_axes((0.8 / width, (0.3 + 0.06 * longest) / height,
                              plot_w / width, 3.3 / height))
    for i, (name, values) in enumerate(groups):
        for j, (key, label, color, hatch) in enumerate(bars):
            value, bound = values.get(key, (None, None))
            x = i - 0.42 + group * (j + 0.5)
            if value is not None:
                bar = ax.bar(x, value, width=group, color=color,
                             hatch=hatch, edgecolor="white",
                             linewidth=0.4)[0]
                figure.tip(bar, "%s, %s: %.1f%%" % (name, label,
                                                    100 * value))
            if bound is not None:
                mark, = ax.plot([x], [bound], linestyle="none", marker="_",
                                markersize=max(4.0, group * 60),
                                markeredgewidth=2, color="black")
                figure.tip(mark, "%s, %s: bound %.1f%%" % (name, label,
                                                           100 * bound))
    ax.set_xlim(-0.5, count - 0.5)
    ax.set_ylim(0, 1.05)
    ax.yaxis.set_major_formatter(
        _ticker().FuncFormatter(
            lambda v, _: "%d%%" % round(100 * v)))
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([name for name, _ in groups], rotation=30,
                       ha="right", rotation_mode="anchor", fontsize=8)
    ax.grid(True, axis="y", color="#e5e5e5", linewidth=0.8)
    ax.set_axisbelow(True)
    ax.set_ylabel("tensor core busy (steady state)")
    ax.set_title(title)
    handles = [Patch(facecolor=c, hatch=h, edgecolor="white")
               for _, _, c, h in bars]
    handles.append(Line2D([], [], linestyle="none", marker="_",
                          markersize=12, markeredgewidth=2, color="black"))
    _legend_outside(ax, handles, [l for _, l, _, _ in bars] + [bound_label])
    figure.save(path)


def file_name(prefix, name):
    """A figure's file name from a loop's name."""
    return "%s-%s.svg" % (prefix, re.sub(r"[^A-Za-z0-9_.-]", "_", name))

