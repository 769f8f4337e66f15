#!/usr/bin/env python3
"""bench/openmp.py -- how many of a real code's OpenMP-parallel loops the analysis proves parallel.

Loads a source folder with sapfor-lex (or reads a database it already made), finds every loop an
OpenMP directive makes parallel (`!$omp parallel do`, `!$omp do`, `!$omp target ... parallel do`,
`!$omp taskloop`, `!$omp (target teams) loop`, in free and fixed form: the first DO statement after the directive;
past preprocessor lines, the first statement after it that the front end kept), and
reports how many of them the analysis proves parallel (loop_verdict.analysis_parallel), with the
others grouped by the first reason that blocks them (loop_reason.kind) and counted, an example of
each. The OpenMP directives are an expert's answer; a loop they leave sequential is not counted.

With --clauses, the loops proven parallel are checked against the authors' data-sharing clauses
(those of the loop's directive and of the `!$omp parallel` region around it): a variable they
reduce that the analysis does not, one the analysis reduces that they do not, one the analysis
makes private or reduces that they list SHARED, one they make LASTPRIVATE that the analysis does
not keep live after the loop. Each is an analysis error or the authors' race: read them.

Usage: bench/openmp.py SOURCE_DIR [--db FILE] [--lex PATH] [--examples N] [--list] [--clauses]
            [-- sapfor-lex options such as -D, -I, --cpp]
"""
import argparse
import collections
import os
import re
import sqlite3
import subprocess
import sys
import tempfile

FORTRAN = re.compile(r"\.(f|for|ftn|f77|f90|f95|f03|f08|fpp|fdv|h90)$", re.IGNORECASE)
# A directive's sentinel: !$omp anywhere in free form; c$omp, *$omp, !$omp in column 1 of fixed form.
SENTINEL = re.compile(r"^\s*!\$omp\s*(.*)$|^[cC*]\$omp\s*(.*)$", re.IGNORECASE)
CONTINUED = re.compile(r"&\s*(!.*)?$")
# The directives that bind the next DO loop and run its iterations in parallel.
PARALLEL_LOOP = re.compile(
    r"^(?:&\s*)?(?:(?:target\s+)?(?:teams\s+)?(?:distribute\s+)?parallel\s+do|do|taskloop|distribute"
    r"|(?:target\s+)?(?:teams\s+)?(?:parallel\s+)?loop)\b"
    r"(?!\s*(?:end|while))", re.IGNORECASE)
DO_STATEMENT = re.compile(r"^\s*(?:\d+\s+)?(?:[a-z_]\w*\s*:\s*)?do\b(?!\s*while)", re.IGNORECASE)
FIXED_DO = re.compile(r"^[ \d]{5}[ 0]\s*(?:[a-z_]\w*\s*:\s*)?do\b(?!\s*while)", re.IGNORECASE)
# A parallel region (not a combined parallel loop) and its end: its clauses hold for the loops in it.
PARALLEL_REGION = re.compile(r"^parallel\b(?!\s*(?:do|loop)\b)", re.IGNORECASE)
END_PARALLEL_REGION = re.compile(r"^end\s*parallel\b(?!\s*(?:do|loop)\b)", re.IGNORECASE)
DATA_CLAUSE = re.compile(r"\b(private|firstprivate|lastprivate|shared|reduction)\s*\(([^()]*)\)", re.IGNORECASE)


def fixed_form(path):
    return re.search(r"\.(f|for|ftn|f77)$", path, re.IGNORECASE) is not None


def openmp_loops(root):
    """(path relative to root, line of the DO, the data-sharing clauses' text) of every loop an
    OpenMP directive parallelizes; a directive followed by a preprocessor line (`#endif`, `#ifdef`)
    gives (path, -line of the directive, clauses): its DO is the first statement after it that the
    front end kept (main). The clauses are the directive's (its continuation lines joined) and
    those of the `!$omp parallel` region it is in."""
    found = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not FORTRAN.search(name):
                continue
            path = os.path.join(folder, name)
            fixed = fixed_form(name)
            with open(path, encoding="latin-1") as f:
                lines = f.read().split("\n")
            pending = None  # the clauses of a parallel-loop directive seen, its DO not yet
            continuing = None  # the directive whose last line ended with &: "loop", "region", "other"
            region = ""  # the clauses of the parallel region the lines are in
            for number, text in enumerate(lines, start=1):
                directive = SENTINEL.match(text)
                if directive:
                    body = (directive.group(1) or directive.group(2) or "").strip()
                    if continuing == "loop":
                        pending += " " + body
                    elif continuing == "region":
                        region += " " + body
                    elif continuing == "other":
                        pass  # another directive's continuation line
                    elif PARALLEL_LOOP.match(body):
                        pending = body
                        continuing = "loop"
                    elif END_PARALLEL_REGION.match(body):
                        region = ""
                    elif PARALLEL_REGION.match(body):
                        region = body
                        continuing = "region"
                    if not CONTINUED.search(body):
                        continuing = None
                    elif continuing is None:
                        continuing = "other"
                    continue
                if continuing and text.lstrip().startswith("#"):
                    continue  # a preprocessor line between a directive's continuation lines
                continuing = None
                if pending is None:
                    continue
                stripped = text.strip()
                if not stripped or stripped.startswith("!") or (fixed and text[:1] in "cC*"):
                    continue
                if stripped.startswith("#"):  # which lines follow depends on the macros
                    directive_line = number - 1
                    while directive_line > 0 and not SENTINEL.match(lines[directive_line - 1]):
                        directive_line -= 1
                    found.append((os.path.relpath(path, root), -directive_line, pending + " " + region))
                    pending = None
                    continue
                if (FIXED_DO if fixed else DO_STATEMENT).match(text.expandtabs() if fixed else text):
                    found.append((os.path.relpath(path, root), number, pending + " " + region))
                pending = None
    return found


def data_clauses(text):
    """The variables (lower case) of each data-sharing clause in a directive's text."""
    named = collections.defaultdict(set)
    for kind, names in DATA_CLAUSE.findall(text):
        if kind.lower() == "reduction":
            names = names.partition(":")[2]
        named[kind.lower()].update(n.strip().lower() for n in names.split(",") if n.strip())
    return named


def clause_disagreements(con, loop_id, clauses):
    """Where the analysis' traits of a loop it proves parallel and the authors' clauses differ."""
    named = data_clauses(clauses)
    traits = {name.lower(): (trait, live) for name, trait, live in con.execute(
        "SELECT name, trait, live_after FROM loop_trait WHERE loop_id = ?", (loop_id,))}
    found = []
    for name in sorted(named["reduction"]):
        if name in traits and traits[name][0] != "reduction":
            found.append("they reduce %s, the analysis has it %s" % (name, traits[name][0]))
    for name, (trait, live) in sorted(traits.items()):
        if trait == "reduction" and name not in named["reduction"]:
            found.append("the analysis reduces %s, they do not" % name)
        if trait in ("private", "reduction") and name in named["shared"]:
            found.append("the analysis has %s %s, they list it SHARED" % (name, trait))
        if name in named["lastprivate"] and not (trait == "private" and live):
            found.append("they make %s LASTPRIVATE, the analysis has it %s%s" % (
                name, trait, ", live after the loop" if live else ""))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", help="the code's source folder")
    parser.add_argument("--db", help="a database sapfor-lex made of SOURCE (else one is made in a temporary folder)")
    parser.add_argument("--lex", default=os.path.join(os.path.dirname(__file__), "..", "build", "sapfor-lex"),
                        help="the sapfor-lex to run (default: build/sapfor-lex)")
    parser.add_argument("--examples", type=int, default=2, help="examples shown per reason (default 2)")
    parser.add_argument("--list", action="store_true", help="list every OpenMP loop with its verdict")
    parser.add_argument("--clauses", action="store_true",
                        help="list where the authors' data-sharing clauses and the analysis' traits differ")
    parser.add_argument("lex_options", nargs="*", help="after --: options for sapfor-lex")
    # A positional nargs="*" after SOURCE is filled (empty) with SOURCE, so argparse refuses what
    # follows `--`: the options after it are taken here.
    args, rest = parser.parse_known_args()
    args.lex_options += [o for o in rest if o != "--"]
    root = os.path.abspath(args.source)

    with tempfile.TemporaryDirectory() as scratch:
        db = args.db
        if not db:
            db = os.path.join(scratch, "code.sqlite")
            run = subprocess.run([args.lex, "-q", root, "-o", db] + args.lex_options,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if run.returncode not in (0, 1):
                sys.stderr.write(run.stderr)
                sys.exit("openmp.py: sapfor-lex failed (exit %d)" % run.returncode)
        if not os.path.isfile(db):
            sys.exit("openmp.py: %s: no such database (--db reads one sapfor-lex made; without it one is made)" % db)
        con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
        try:
            source_root = con.execute("SELECT value FROM meta WHERE key = 'source_root'").fetchone()[0]
        except (sqlite3.DatabaseError, TypeError):
            sys.exit("openmp.py: %s: not a database sapfor-lex made" % db)
        loops = {}
        for loop_id, key, path, line, parallel in con.execute(
                "SELECT l.loop_id, l.loop_key, f.path, l.line, v.analysis_parallel "
                "FROM loop l JOIN file f USING (file_id) LEFT JOIN loop_verdict v USING (loop_id) ORDER BY l.col"):
            relative = os.path.relpath(os.path.join(source_root, path), root)
            loops.setdefault((relative, line), (loop_id, key, parallel))  # `do j ; do i`: the outer one
        reasons = collections.defaultdict(list)
        for loop_id, kind, name, message in con.execute(
                "SELECT loop_id, kind, name, message FROM loop_reason WHERE blocking ORDER BY loop_id, pos"):
            reasons[loop_id].append((kind, name or "", message))

        marked = []
        clauses = collections.defaultdict(str)  # (path, line of the DO): the clauses' text
        for path, line, text in openmp_loops(root):
            if line > 0:
                marked.append((path, line))
                clauses[(path, line)] += " " + text
                continue
            # The first statement the front end kept after the directive, when it is a DO.
            row = con.execute(
                "SELECT s.line, s.kind FROM statement s JOIN file f USING (file_id) WHERE f.path = ? AND s.line > ? "
                "ORDER BY s.line, s.col LIMIT 1",
                (os.path.relpath(os.path.join(root, path), source_root), -line)).fetchone()
            if row and row[1] == "do":
                marked.append((path, row[0]))
                clauses[(path, row[0])] += " " + text
        # Directives in two branches of an #if (!$omp target ... / !$omp parallel do) mark one DO.
        marked = list(dict.fromkeys(marked))
        missing, proven, blocked, disagreements = [], [], collections.defaultdict(list), []
        for path, line in marked:
            row = loops.get((path, line))
            if not row:
                missing.append((path, line))
                continue
            loop_id, key, parallel = row
            if parallel:
                proven.append((path, line, key))
                if args.clauses:
                    for what in clause_disagreements(con, loop_id, clauses[(path, line)]):
                        disagreements.append((path, line, key, what))
                continue
            first = reasons[loop_id][0] if reasons[loop_id] else ("none", "", "no blocking reason recorded")
            blocked[first[0]].append((path, line, key, first[2]))

        total = len(marked) - len(missing)
        print("%s: %d OpenMP-parallel loops, %d in the database" % (args.source, len(marked), total))
        if total:
            print("proven parallel: %d of %d (%.0f%%)" % (len(proven), total, 100.0 * len(proven) / total))
        if blocked:
            print("\nnot proven, by the first blocking reason:")
            for kind, rows in sorted(blocked.items(), key=lambda item: (-len(item[1]), item[0])):
                print("  %-12s %4d" % (kind, len(rows)))
                for path, line, key, message in rows[:args.examples]:
                    print("      %s:%d (%s): %s" % (path, line, key, message[:160]))
        if args.clauses:
            print("\nproven parallel, where the authors' clauses differ (an analysis error or their race): %d"
                  % len(disagreements))
            for path, line, key, what in disagreements:
                print("      %s:%d (%s): %s" % (path, line, key, what))
        if missing:
            print("\nnot found among the database's loops (a DO the front end did not load): %d" % len(missing))
            for path, line in missing[:args.examples]:
                print("      %s:%d" % (path, line))
        if args.list:
            print("\nevery loop:")
            for path, line, key in proven:
                print("  parallel  %s:%d %s" % (path, line, key))
            for kind, rows in blocked.items():
                for path, line, key, message in rows:
                    print("  %-9s %s:%d %s: %s" % (kind, path, line, key, message[:160]))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # the report piped into head: what was read is enough
        sys.stderr.close()
