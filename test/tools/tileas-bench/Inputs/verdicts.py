"""Prints each peer verdict of a tileas-bench bench.json, one line per loop
and peer, then one line per violation class: what verdicts.test checks."""
import json
import sys

with open(sys.argv[1], encoding="utf-8") as f:
    doc = json.load(f)
for loop in doc["loops"]:
    for peer in ("sms", "window"):
        outcome = loop[peer]
        if outcome.get("verdict") is None:
            continue
        print("%s %s: %s (machine verifier %s)" % (
            loop["name"], peer, outcome["verdict"],
            outcome["machine_verifier"] or "not run"))
        for group in outcome["violation_classes"]:
            print("  %s x%d: %s" % (group["class"], group["count"],
                                    group["reason"]))
