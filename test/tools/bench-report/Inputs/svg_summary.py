"""Prints what a figure of bench/figures.py shows, one line per item, for
FileCheck: the title and axis labels of each axes, the legend's labels, and
each mark's tooltip with the axes it sits in and whether it is hollow.

Usage: svg_summary.py FILE.svg
"""

import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def texts(element):
    return [t.text for t in element.iter(SVG + "text") if t.text]


def hollow(element):
    return any("fill: #ffffff" in (e.get("style") or "")
               for e in element.iter() if e.tag in (SVG + "use",
                                                     SVG + "path"))


def walk(element, axes, out):
    gid = element.get("id") or ""
    if gid.startswith("axes_"):
        axes = gid
    if gid.startswith("legend_"):
        out += ["legend: %s" % t for t in texts(element)]
        return
    if gid.startswith("tip-"):
        title = element.find(SVG + "title")
        out.append("tip %s%s: %s" % (axes, " hollow" if hollow(element)
                                      else "", title.text))
        return
    for child in element:
        walk(child, axes, out)


def main(path):
    out = []
    walk(ET.parse(path).getroot(), "figure", out)
    out.append("marks: %d" % sum(1 for line in out
                                 if line.startswith("tip ")))
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
