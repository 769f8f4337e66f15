#!/usr/bin/env python3
"""bench/backwards.py -- runs a real code with the loops the analysis proves parallel running
backwards: a differential check of the "parallel" verdicts on code nobody here wrote.

A loop whose iterations are independent computes the same values whichever order they run in; one
that carries a dependence almost always computes something else when they run in reverse. This
script copies SOURCE_DIR to a work folder, rewrites the DO statement of every loop the database
proves parallel (loop_verdict.analysis_parallel, not as an ACROSS pipeline) so that it runs from
its last iteration to its first (`do i = lo, hi` -> `do i = hi, lo, -1`; a step s runs from the
last value the loop takes), builds the copy with --build, runs it with --run and compares what the
run prints (after dropping the lines --ignore matches, such as timings) with what the unchanged
code prints. A loop's private variables are spoiled (set to -7777) where each iteration starts,
and its private scalars where it ends, so that a wrong PRIVATE shows too: an iteration that reads
one before it writes it, or code after the loop that reads it. When they differ, it halves the set of reversed loops until it has the loops that
change the output alone, and prints them: each is a wrong verdict or a loop whose order the
output shows by design (a loop variable read after the loop: read it).

Left unchanged, and counted: loops with a REDUCTION (a floating-point sum in another order rounds
otherwise; --tolerance compares numbers within a relative difference and runs them backwards
too), DO WHILE, DO CONCURRENT, FORALL, a DO statement continued on the next line, or one the
rewriting cannot read (or whose rewriting does not build). A loop that does not run in the run is
not checked by it: --coverage counts the loops the run reaches (gcov), so use inputs that reach
the code you want checked. --control runs the loops the analysis leaves sequential backwards
instead: how many of them change the output shows how much the run can see.

Usage: bench/backwards.py SOURCE_DIR --db DB --build CMD --run CMD [--ignore REGEX] [--work DIR]
                          [--only KEY ...] [--tolerance REL] [--coverage] [--control] [--timeout S]
Both commands run in the copy of SOURCE_DIR with the shell. The build must accept long lines
(gfortran: -ffree-line-length-none, -ffixed-line-length-none): a reversed header is longer.
Exit 0: the output never changed; 1: loops that change it (listed); 2: the unchanged code failed
to build or run, or its output is not deterministic.
"""
import argparse
import collections
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

# A loop to run backwards: its key, file (relative to SOURCE_DIR) and DO statement's place, its
# end line, and the variables spoiled after it and where each iteration starts.
Candidate = collections.namedtuple("Candidate", "key relative line col fixed end_line after first")
HEADER = re.compile(r"(?:[a-z_]\w*\s*:\s*)?do\s*(?:\d+\s*,?\s*)?[a-z_]\w*\s*=\s*", re.IGNORECASE)


def bounds_span(text, start):
    """The end of the bounds that start at text[start]: a ';', a comment or the line's end outside
    parentheses and quotes."""
    depth, quote, k = 0, None, start
    while k < len(text):
        c = text[k]
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif depth == 0 and c in ";!":
            break
        k += 1
    return k


def split_top(text):
    parts, depth, last = [], 0, 0
    for k, c in enumerate(text):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[last:k].strip())
            last = k + 1
    parts.append(text[last:].strip())
    return parts


def reversed_bounds(parts):
    """do v = lo, hi[, s] -> the same iterations from the last to the first. The last value is
    lo + (trip - 1)*s with trip = max(0, (hi - lo + s)/s) (F2018 11.1.7.4.1); with no trip it
    starts at lo - s, which does not run either."""
    if len(parts) == 2:
        lo, hi = parts
        return "%s, %s, -1" % (hi, lo)
    lo, hi, s = parts
    return "(%s) + (max(0, ((%s) - (%s) + (%s))/(%s)) - 1)*(%s), %s, -(%s)" % (lo, hi, lo, s, s, s, lo, s)


def continued(lines, index, fixed):
    line = lines[index].rstrip("\n")
    if fixed:
        nxt = lines[index + 1] if index + 1 < len(lines) else ""
        return len(nxt) > 5 and nxt[0] not in "cC*!" and nxt[5] not in " 0\n"
    return line[:bounds_span(line, 0)].rstrip().endswith("&")


END_STATEMENT = re.compile(r"^\s*(\d+\s+)?(end\s*do\b\s*(?:[a-z_]\w*)?|continue)\s*$", re.IGNORECASE)


def statement_text(lines, index, fixed):
    """A line without its newline; in fixed form without columns 73 on (sequence numbers)."""
    text = lines[index].rstrip("\n")
    return text[:72] if fixed else text


def with_garbage(lines, end_line, names, fixed):
    """lines with `; name = -7777` after the loop's end statement for each of names (its private
    variables not live after it, whose values are undefined there: a wrong PRIVATE reads the
    garbage), or lines unchanged when that line holds more than the end statement or a directive
    follows it."""
    text = statement_text(lines, end_line - 1, fixed)
    code = text[:bounds_span(text, 0)]
    if not names or not END_STATEMENT.match(code):
        return lines
    # An OpenMP or OpenACC directive that ends the loop's construct (`!$omp end parallel do`) must
    # follow its END DO at once.
    following = next((x.strip() for x in lines[end_line:] if x.strip()), "")
    if following[:2] == "!$" or (fixed and following[:2].lower() in ("c$", "*$")):
        return lines
    changed = list(lines)
    changed[end_line - 1] = code.rstrip() + "".join("; %s = -7777" % n for n in names) + \
        ("  " + text[len(code):] if text[len(code):].strip() else "") + "\n"
    return changed


def rewrite(lines, line, col, fixed, first=()):
    """lines with the DO statement at (line, col) reversed, or None when it cannot be read; with
    `; name = -7777` after it for each of first (the loop's private variables: each iteration
    must write them before it reads them)."""
    text = statement_text(lines, line - 1, fixed)
    if continued(lines, line - 1, fixed):
        return None
    m = HEADER.match(text, col - 1)
    if not m:
        return None
    end = bounds_span(text, m.end())
    parts = split_top(text[m.end():end])
    if len(parts) not in (2, 3) or not all(parts):
        return None
    changed = list(lines)
    changed[line - 1] = (text[:m.end()] + reversed_bounds(parts) + "".join("; %s = -7777" % n for n in first) + " " +
                         text[end:] + "\n")
    return changed


NUMBER = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eEdD][-+]?\d+)?$")


def same(output, reference, tolerance):
    """Equal, or (with a tolerance) equal but for numbers within that relative difference: a sum
    in another order rounds otherwise."""
    if output == reference or tolerance is None:
        return output == reference
    a, b = output.split(), reference.split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        if not (NUMBER.match(x) and NUMBER.match(y)):
            return False
        u, v = float(x.replace("d", "e").replace("D", "e")), float(y.replace("d", "e").replace("D", "e"))
        if abs(u - v) > tolerance * max(abs(u), abs(v)):
            return False
    return True


def shell(command, cwd, timeout, environment=None):
    try:
        return subprocess.run(command, shell=True, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, **(environment or {})))
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, 124, "", "timed out after %d s" % timeout)


class Trial:
    def __init__(self, source, work, build, run, ignore, timeout):
        self.source, self.work, self.build, self.run, self.timeout = source, work, build, run, timeout
        self.ignore = re.compile(ignore) if ignore else None
        self.count = 0

    def output(self, edits, environment=None):
        """The filtered output of the code with the files in edits ({path: lines}) replaced, or
        an error line."""
        self.count += 1
        folder = self.folder = os.path.join(self.work, "copy")
        if os.path.exists(folder):
            shutil.rmtree(folder)
        shutil.copytree(self.source, folder, symlinks=True)
        for path, lines in edits.items():
            with open(os.path.join(folder, path), "w", encoding="latin-1") as f:
                f.writelines(lines)
        built = shell(self.build, folder, self.timeout, environment)
        if built.returncode != 0:
            return "build failed: " + (built.stderr or built.stdout)[-2000:]
        ran = shell(self.run, folder, self.timeout)
        kept = [x for x in (ran.stdout + ran.stderr).splitlines() if not (self.ignore and self.ignore.search(x))]
        if ran.returncode != 0:
            kept.append("exit status %d" % ran.returncode)
        return "\n".join(kept)


def executed_lines(folder):
    """{source file's real path: {line: times run}} from the gcov data a run left under folder."""
    counts = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            if not name.endswith(".gcda"):
                continue
            done = subprocess.run(["gcov", "--json-format", "--stdout", name], cwd=directory,
                                  capture_output=True, text=True)
            decoder, text, at = json.JSONDecoder(), done.stdout, 0
            while at < len(text):  # one JSON document per object file
                while at < len(text) and text[at].isspace():
                    at += 1
                if at == len(text):
                    break
                document, at = decoder.raw_decode(text, at)
                base = document.get("current_working_directory", directory)  # where it was compiled
                for entry in document.get("files", []):
                    path = os.path.realpath(os.path.join(directory, base, entry["file"]))
                    lines = counts.setdefault(path, {})
                    for line in entry["lines"]:
                        lines[line["line_number"]] = lines.get(line["line_number"], 0) + line["count"]
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", help="the code's folder (copied), the database's source root or a folder in it")
    parser.add_argument("--db", required=True, help="the database sapfor-lex made of SOURCE_DIR")
    parser.add_argument("--build", required=True, help="shell command that builds the copy")
    parser.add_argument("--run", required=True, help="shell command that runs it; its output is compared")
    parser.add_argument("--ignore", help="drop output lines this regular expression matches (timings)")
    parser.add_argument("--work", help="work folder, kept (default: a temporary one, removed); its subfolder "
                                       "`copy` is replaced by each build's copy of SOURCE_DIR")
    parser.add_argument("--only", nargs="*", help="check these loop keys only")
    parser.add_argument("--timeout", type=int, default=600, help="seconds a build or a run may take (default 600)")
    parser.add_argument("--control", action="store_true",
                        help="run the loops the analysis leaves sequential backwards instead: how many change "
                             "the output shows how much the run can see")
    parser.add_argument("--coverage", action="store_true",
                        help="count the loops the run reaches: the build runs once more with COVERAGE=--coverage "
                             "in its environment, which it must add to the compilers' flags (gcov)")
    parser.add_argument("--tolerance", type=float,
                        help="compare numbers in the output within this relative difference, and run the loops "
                             "with a REDUCTION backwards too")
    parser.add_argument("--verbose", action="store_true", help="print each trial's loops and result")
    args = parser.parse_args()

    if not os.path.isfile(args.db):
        parser.error("%s: no such database" % args.db)
    con = sqlite3.connect("file:%s?mode=ro" % os.path.abspath(args.db), uri=True)
    root = dict(con.execute("SELECT key, value FROM meta"))["source_root"]
    # Private variables of a numeric type, by loop: spoiled where each iteration starts (scalars,
    # and local arrays that are neither allocatable nor pointers: whole-array assignments), and
    # the scalars not live after the loop where it ends, unless two loops share that end line (a
    # labelled CONTINUE ending a nest, `enddo ; enddo`).
    first, after = {}, {}
    for key, name, rank, shared_end in con.execute(
            "SELECT l.loop_key, t.name, v.rank, EXISTS (SELECT 1 FROM loop o WHERE o.file_id = l.file_id "
            "AND o.end_line = l.end_line AND o.loop_id <> l.loop_id) "
            "FROM loop_trait t JOIN loop l USING (loop_id) JOIN variable v USING (var_id) "
            "WHERE t.trait = 'private' AND NOT v.pointer AND v.type IN ('integer', 'real', 'complex') "
            "AND ((v.rank = 0 AND v.storage IN ('local', 'dummy', 'module', 'common')) "
            "     OR (v.rank > 0 AND v.storage = 'local' AND NOT v.allocatable)) ORDER BY t.name"):
        first.setdefault(key, []).append(name)
        if rank == 0 and not shared_end:
            after.setdefault(key, []).append(name)
    live = {key for (key,) in con.execute(
        "SELECT l.loop_key FROM loop_trait t JOIN loop l USING (loop_id) WHERE t.trait = 'private' AND t.live_after")}
    rows = con.execute(
        "SELECT l.loop_key, f.path, f.form, l.line, l.col, l.kind, l.end_line, "
        "  EXISTS (SELECT 1 FROM loop_trait t WHERE t.loop_id = l.loop_id AND t.trait = 'reduction') "
        "FROM loop l JOIN file f USING (file_id) JOIN loop_verdict v USING (loop_id) "
        "WHERE %s ORDER BY f.path, l.line" % ("NOT v.analysis_parallel" if args.control else
                                              "v.analysis_parallel AND NOT v.across")).fetchall()
    con.close()
    source = os.path.abspath(args.source)
    texts, candidates, left = {}, [], {"reduction": 0, "not a counted DO": 0, "header not rewritten": 0}
    for key, path, form, line, col, kind, end_line, reduction in rows:
        if args.only and key not in args.only:
            continue
        relative = os.path.relpath(os.path.join(root, path), source)
        if relative.startswith(".."):
            continue  # a file outside SOURCE_DIR (an include folder)
        if reduction and args.tolerance is None:
            left["reduction"] += 1
            continue
        if kind != "do":
            left["not a counted DO"] += 1
            continue
        if relative not in texts:
            with open(os.path.join(source, relative), encoding="latin-1") as f:  # bytes kept as they are
                texts[relative] = f.readlines()
        if rewrite(texts[relative], line, col, form == "fixed") is None:
            left["header not rewritten"] += 1
            continue
        spoil = not args.control and key not in live
        candidates.append(Candidate(key, relative, line, col, form == "fixed", end_line,
                                    after.get(key, []) if spoil else [], first.get(key, []) if spoil else []))

    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp()
    if os.path.commonpath([source, work]) == source:
        parser.error("%s: the work folder must not be inside SOURCE_DIR (it is copied)" % args.work)
    os.makedirs(work, exist_ok=True)
    trial = Trial(source, work, args.build, args.run, args.ignore, args.timeout)
    reference = trial.output({})
    if reference.startswith("build failed") or reference != trial.output({}):
        print("the unchanged code does not build, or its output changes from run to run:\n" + reference[-3000:])
        if not args.work:
            shutil.rmtree(work)
        sys.exit(2)

    ran = None
    if args.coverage:
        trial.output({}, {"COVERAGE": "--coverage"})
        counts = executed_lines(trial.folder)
        ran = sum(1 for c in candidates
                  if counts.get(os.path.realpath(os.path.join(trial.folder, c.relative)), {}).get(c.line, 0) > 0)

    def output(subset):
        edits = {}
        for c in subset:
            edits[c.relative] = with_garbage(rewrite(edits.get(c.relative, texts[c.relative]), c.line, c.col, c.fixed, c.first),
                                             c.end_line, c.after, c.fixed)
        result = trial.output(edits)
        if args.verbose:
            print("trial %d: %d loops from %s: %s" % (trial.count, len(subset), subset[0][0],
                                                      "same" if same(result, reference, args.tolerance) else "changed"), flush=True)
        return result

    found, unbuilt, unspoiled = [], [], []

    def search(subset):
        result = output(subset)
        if same(result, reference, args.tolerance):
            return
        if len(subset) == 1:
            key, relative, line = subset[0][:3]
            if result.startswith("build failed") and (subset[0].after or subset[0].first):
                # the spoiling breaks the build (a collapsed nest is no longer perfect): reversed only
                unspoiled.append(key)
                search([subset[0]._replace(after=[], first=[])])
                return
            if result.startswith("build failed"):
                unbuilt.append(key)
                print("NOT REWRITTEN (the build fails): %s (%s:%d)" % (key, relative, line), flush=True)
                return
            found.append(key)
            diff = [x for x in zip(result.splitlines(), reference.splitlines()) if x[0] != x[1]][:2]
            print("CHANGES THE OUTPUT: %s (%s:%d); first differences (backwards, as written): %s" % (
                key, relative, line, diff), flush=True)
            return
        half = len(subset) // 2
        search(subset[:half])
        search(subset[half:])

    if candidates:
        search(candidates)
    left["header not rewritten"] += len(unbuilt)
    spoiled = sum(1 for c in candidates if c.first and c.key not in unbuilt and c.key not in unspoiled)
    print("%d loops %s run backwards%s%s in %d builds; %d change the output%s" % (
        len(candidates) - len(unbuilt), "left sequential" if args.control else "proven parallel",
        " (%d of them reached by the run)" % ran if ran is not None else "",
        ", %d with their private variables spoiled" % spoiled if spoiled else "", trial.count, len(found),
        "".join("; %d left unchanged: %s" % (n, why) for why, n in left.items() if n)))
    if not args.work:
        shutil.rmtree(work)
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
