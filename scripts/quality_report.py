#!/usr/bin/python3
"""Assembles docs/QUALITY.md (scripts/quality-report.sh runs it after the runs).

The page: a header (date, commit, machine, the commands), the real radiographs (the verdicts of
docs/quality-verdicts.tsv, kept by hand, beside each run's own numbers from report.json) and
the phantoms (a summary of phantom-eval's JSON and its markdown table). Standard library only
(Debian's /usr/bin/python3), so that any machine that builds xrayprep can run it.
"""

import argparse
import csv
import datetime
import io
import json
import os
import platform
import subprocess
import sys

VERDICTS = ("good", "partial", "wrong", "TODO")


def cell(text):
    """A markdown table cell: no pipes or line breaks of its own."""
    return str(text).replace("|", "\\|").replace("\n", " ").strip()


def read_verdicts(path):
    """Rows of the verdict file in order: dicts with file, view, verdict, what is wrong."""
    with open(path, newline="", encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#") and line.strip()]
    rows = list(csv.DictReader(io.StringIO("".join(lines)), delimiter="\t"))
    for row in rows:
        verdict = (row.get("verdict") or "").strip()
        if verdict not in VERDICTS:
            sys.exit(f"quality_report: {path}: {row.get('file')}: verdict '{verdict}' "
                     f"is not one of {', '.join(VERDICTS)}")
        row["verdict"] = verdict
    return rows


def run_entries(report_path, data):
    """The run report's inputs, keyed by their path relative to the data folder."""
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    entries = {}
    for entry in report.get("inputs", []):
        key = os.path.relpath(os.path.realpath(entry["input"]), data)
        entries[key] = entry
    return entries


def failed_checks(entry):
    checks = (entry.get("quality") or {}).get("checks") or []
    return [c for c in checks if not c.get("passed", True)]


def run_status(entry):
    if entry is None:
        return "not run"
    if entry.get("status") == "failed":
        return "FAILED"
    return "review" if entry.get("needsReview") else "ok"


def run_columns(entry):
    """status, failed checks, mask pixels, size, median px, pipeline ms."""
    status = run_status(entry)
    if entry is None or status == "FAILED":
        why = "" if entry is None else entry.get("error", "")
        return [status, cell(why), "", "", "", ""]
    checks = "; ".join(f"{c['id']}: {c.get('message', '')}" for c in failed_checks(entry))
    image = entry.get("image") or {}
    size = f"{image.get('width', '?')}x{image.get('height', '?')}"
    median = (entry.get("effective") or {}).get("median.size")
    total = (entry.get("milliseconds") or {}).get("total")
    mask = (entry.get("contour") or {}).get("maskPixels")
    return [
        status,
        cell(checks),
        "" if mask is None else f"{int(mask)}",
        size,
        "" if median is None else f"{int(median)}",
        "" if total is None else f"{total:.0f}",
    ]


def group_of(file_key):
    return file_key.split("/", 1)[0]


def real_radiographs(verdicts, entries):
    """The verdict tables per data folder, with a summary line each."""
    out = []
    listed = {row["file"] for row in verdicts}
    unlisted = sorted(k for k in entries if k not in listed)
    groups = []
    for row in verdicts:
        if group_of(row["file"]) not in groups:
            groups.append(group_of(row["file"]))
    for group in groups:
        rows = [r for r in verdicts if group_of(r["file"]) == group]
        counts = {v: sum(r["verdict"] == v for r in rows) for v in VERDICTS}
        statuses = [run_status(entries.get(r["file"])) for r in rows]
        # A wrong mask must at least be flagged: issue 11 accepts none wrong without a check.
        silent_wrong = [r["file"] for r in rows
                        if r["verdict"] == "wrong" and run_status(entries.get(r["file"])) == "ok"]
        out.append(f"### {group} ({len(rows)} images)\n")
        out.append(
            f"Verdicts: {counts['good']} good, {counts['partial']} partial, "
            f"{counts['wrong']} wrong, {counts['TODO']} not looked at yet (TODO). "
            f"Runs: {statuses.count('ok')} ok, {statuses.count('review')} need review, "
            f"{statuses.count('FAILED')} failed"
            + (f", {statuses.count('not run')} not run" if "not run" in statuses else "")
            + f". Wrong without a failed quality check: {len(silent_wrong)}"
            + (f" ({', '.join(os.path.basename(f) for f in silent_wrong)})" if silent_wrong else "")
            + ".\n")
        out.append("| file | view | verdict | what is wrong | run | failed checks | mask px "
                   "| size | median px | pipeline ms |")
        out.append("| --- | --- | --- | --- | --- | --- | ---: | --- | ---: | ---: |")
        for r in rows:
            name = r["file"].split("/", 1)[1] if "/" in r["file"] else r["file"]
            out.append("| " + " | ".join(
                [cell(name), cell(r.get("view", "")), r["verdict"],
                 cell(r.get("what is wrong") or "")] + run_columns(entries.get(r["file"])))
                + " |")
        out.append("")
    if unlisted:
        out.append("Run but not in docs/quality-verdicts.tsv (add a row): "
                   + ", ".join(unlisted) + ".\n")
    return out


def phantom_summary(doc):
    """One line on the whole matrix, and the worst Dice per file-format combination."""
    rows = doc.get("combinations", [])
    passed = sum(1 for r in rows if r.get("pass"))
    worst = min(rows, key=lambda r: r.get("minDice", 1.0)) if rows else None
    leftover_rows = [r["name"] for r in rows
                     if any(v > 0 for v in (r.get("leftoverPixels") or {}).values())]
    threshold = doc.get("diceThreshold", 0.92)
    out = []
    line = (f"**{passed} of {len(rows)} combinations pass** ({doc.get('seeds')} seeds each, "
            f"{doc.get('size')}, backend {doc.get('backend')}, "
            f"{doc.get('wallSeconds', 0) / 60:.1f} min)")
    if worst is not None:
        line += (f"; min Dice {worst['minDice']:.3f} ({worst['name']}, seed "
                 f"{worst.get('worstSeed')})")
    line += f"; {len(leftover_rows)} combinations leave object pixels in the final image"
    if leftover_rows:
        line += f" ({', '.join(leftover_rows)})"
    out.append(line + ".\n")
    formats = {}
    for r in rows:
        for run in r.get("runs", []):
            f = formats.setdefault(run.get("format", "?"), {"runs": 0, "min": 1.0, "below": 0})
            f["runs"] += 1
            f["min"] = min(f["min"], run.get("dice", 0.0))
            f["below"] += run.get("dice", 0.0) < threshold
    if formats:
        out.append("| format (photometric / bits / spacing) | runs | min Dice "
                   f"| runs below {threshold:.2f} |")
        out.append("| --- | ---: | ---: | ---: |")
        for name in sorted(formats):
            f = formats[name]
            out.append(f"| {cell(name)} | {f['runs']} | {f['min']:.3f} | {f['below']} |")
        out.append("")
    return out


def git(repo, *args):
    try:
        return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True,
                              text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            kib = int(f.readline().split()[1])
            memory = f", {kib / 1024 / 1024:.0f} GiB memory"
    except (OSError, ValueError, IndexError):
        pass
    load = ""
    try:
        load = ", load average %.1f %.1f %.1f at the end" % os.getloadavg()
    except OSError:
        pass
    return (f"{platform.system()} {platform.release()} {platform.machine()}, {cpu}, "
            f"{os.cpu_count()} cores{memory}{load}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--commands", required=True)
    parser.add_argument("--verdicts", required=True)
    parser.add_argument("--run", action="append", default=[], help="LABEL=report.json")
    parser.add_argument("--phantom-markdown", required=True)
    parser.add_argument("--phantom-json", required=True)
    parser.add_argument("--out", required=True)
    a = parser.parse_args()

    data = os.path.realpath(a.data)
    verdicts = read_verdicts(a.verdicts)
    entries = {}
    for run in a.run:
        entries.update(run_entries(run.split("=", 1)[1], data))
    with open(a.phantom_json, encoding="utf-8") as f:
        phantoms = json.load(f)
    with open(a.phantom_markdown, encoding="utf-8") as f:
        phantom_table = f.read().rstrip() + "\n"
    with open(a.commands, encoding="utf-8") as f:
        commands = f.read().rstrip()

    commit = git(a.repo, "rev-parse", "--short=12", "HEAD") or "unknown"
    branch = git(a.repo, "rev-parse", "--abbrev-ref", "HEAD")
    dirty = " with uncommitted changes" if git(a.repo, "status", "--porcelain",
                                               "--untracked-files=no") else ""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")

    page = [
        "# Segmentation quality on real radiographs and phantoms",
        "",
        "Generated by `scripts/quality-report.sh` (issue 11, point 5): do not edit by hand. The",
        "verdicts come from `docs/quality-verdicts.tsv`, filled in by looking at every contact",
        "sheet of the run (the review gallery in the work folder); everything else is measured.",
        "",
        f"- Date: {now}",
        f"- Commit: `{commit}`" + (f" (branch `{branch}`)" if branch else "") + dirty,
        f"- Machine: {machine()}",
        "- Data: `../shared/data` (nothing of it is copied into the repository)",
        "- Commands (`${data}` = `../shared/data`, `${work}` = the work folder):",
        "",
        "```",
        commands,
        "```",
        "",
        "## Real radiographs",
        "",
        "good = every bone kept and nothing else; partial = bones lost or non-bone kept in",
        "places; wrong = the mask is not the bones. run: ok, review (a quality check failed:",
        "the checks are listed), FAILED. pipeline ms: the stages, without loading and writing.",
        "",
    ]
    page += real_radiographs(verdicts, entries)
    page += [
        "## Phantoms",
        "",
        "`xrayprep-cli phantom-eval` over the full matrix (`--list` prints it); each seed draws",
        "its anatomy and layout, and one of the eight file formats in turn.",
        "",
    ]
    page += phantom_summary(phantoms)
    page.append(phantom_table)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("\n".join(page))


if __name__ == "__main__":
    main()
