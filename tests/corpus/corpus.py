#!/usr/bin/env python3
"""Corpus check helper for sapfor-lex (standard library only).

Driven by gfortran-testsuite.sh; usable on its own:

  corpus.py run    --tool BIN --root SRC --work DIR [--limit N] [--jobs J] [--timeout S]
  corpus.py shrink --tool BIN --file F.f90 --out REPRO.f90 [--timeout S]

`run` selects the Fortran files under SRC that gfortran accepts (see select_files), runs
sapfor-lex on each file separately (one database per file, --quiet), and writes
  DIR/results.tsv      one row per file
  DIR/diagnostics.tsv  one row per diagnostic (with its normalized message)
  DIR/report.txt       the summary printed on stdout
`shrink` reduces a file that crashes or hangs sapfor-lex to fewer lines that still do.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import resource
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

# Every extension gfortran compiles as Fortran (lower case: no C preprocessing by default;
# upper case and .fpp: preprocessed). sapfor-lex searches only some of them in directories,
# but takes any of them as an explicit argument.
FORTRAN_EXTS = {
    ".f", ".for", ".ftn", ".f77", ".f90", ".f95", ".f03", ".f08",
    ".F", ".FOR", ".FTN", ".F77", ".F90", ".F95", ".F03", ".F08", ".fpp", ".FPP",
}

# Markers of a test in which gfortran does not (or need not) produce an object file:
#   dg-error           gfortran must reject something in the file
#   dg-excess-errors   gfortran is expected to print errors nobody listed
#   dg-ice             gfortran is expected to crash
#   dg-do preprocess   only the preprocessor runs (the output is never compiled)
REJECT_MARKERS = [
    ("dg-error", re.compile(r"dg-error\b")),
    ("dg-excess-errors", re.compile(r"dg-excess-errors\b")),
    ("dg-ice", re.compile(r"dg-ice\b")),
    ("dg-do preprocess", re.compile(r"\{\s*dg-do\s+preprocess\b")),
]

OPTIONS_RE = re.compile(r'dg-(?:additional-)?options\s+(?:"([^"]*)"|\{([^}]*)\}|(\S+))')


def select_files(root, everything=False):
    """Returns (selected, rejected): selected is a list of (relpath, sapfor_args, tags).
    everything: select the rejected files too (to hunt crashes and hangs on invalid code)."""
    selected, rejected = [], collections.Counter()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            ext = os.path.splitext(name)[1]
            if ext not in FORTRAN_EXTS:
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            with open(path, "rb") as f:
                text = f.read().decode("latin-1")
            reason = next((label for label, rx in REJECT_MARKERS if rx.search(text)), None)
            if reason:
                rejected[reason] += 1
                if not everything:
                    continue
            args, tags = options_for(text, ext)
            selected.append((rel, args, tags))
    return selected, rejected


def options_for(text, ext):
    """The sapfor-lex options matching the test's dg-options, and descriptive tags."""
    opts = []
    for m in OPTIONS_RE.finditer(text):
        opts.extend((m.group(1) or m.group(2) or m.group(3) or "").split())
    args, tags = [], set()
    for o in opts:
        if o == "-cpp":
            args.append("--cpp")
            tags.add("cpp")
        elif o == "-ffixed-form":
            args += ["--form", "fixed"]
        elif o == "-ffree-form":
            args += ["--form", "free"]
        elif re.fullmatch(r"-D\w+(=\S*)?", o):
            args += ["-D", o[2:]]
        elif o.startswith("-fdec"):
            tags.add("dec")
        elif o == "-std=legacy":
            tags.add("legacy")
        elif re.match(r"-ff(ixed|ree)-line-length-", o) and not o.endswith("-72"):
            tags.add("long-lines")
        elif o in ("-fopenmp", "-fopenmp-simd"):
            tags.add("openmp")
        elif o == "-fopenacc":
            tags.add("openacc")
        elif o.startswith("-fcoarray"):
            tags.add("coarray")
        elif o.startswith("-fd-lines-as-"):
            tags.add("d-lines")
        elif o == "-fbackslash":
            tags.add("backslash")
    if ext in (".F", ".FOR", ".FTN", ".F77", ".F90", ".F95", ".F03", ".F08", ".fpp", ".FPP"):
        tags.add("cpp")
    # dedupe --form (last one wins, as in gfortran)
    if args.count("--form") > 1:
        last = max(i for i, a in enumerate(args) if a == "--form")
        form = args[last + 1]
        cleaned, i = [], 0
        while i < len(args):
            if args[i] == "--form":
                i += 2
                continue
            cleaned.append(args[i])
            i += 1
        args = cleaned + ["--form", form]
    return args, sorted(tags)


def limit_memory(mib):
    def apply():
        os.setsid()
        if mib:
            resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))
    return apply


def run_tool(tool, path, extra, db, timeout, mem_mib):
    """Runs sapfor-lex once. Returns (exit, seconds, stderr). A death by signal N is 128+N,
    a run past the timeout is 124 (the process group is killed)."""
    cmd = [tool, "--quiet"] + extra + [path, "-o", db]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=limit_memory(mem_mib), cwd=os.path.dirname(path) or ".")
    try:
        _, err = proc.communicate(timeout=timeout)
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _, err = proc.communicate()
        rc = 124
    seconds = time.monotonic() - start
    if rc < 0:
        rc = 128 - rc
    return rc, seconds, err.decode("utf-8", "replace")


def classify(rc):
    if rc == 0:
        return "clean"
    if rc == 1:
        return "loaded"
    if rc == 2:
        return "refused"
    if rc == 124:
        return "timeout"
    if rc > 128:
        return "crash"
    return "other"


def read_db(db):
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        q = lambda sql: con.execute(sql).fetchall()
        stmts = q("SELECT count(*) FROM statements")[0][0]
        procs = q("SELECT count(*) FROM procedures")[0][0]
        loops = q("SELECT count(*) FROM loops")[0][0]
        diags = q("SELECT file, line, col, severity, message FROM diagnostics ORDER BY diag_id")
    finally:
        con.close()
    return stmts, procs, loops, diags


def one_file(job):
    root, rel, extra, tool, tmpdir, timeout, mem_mib, index = job
    path = os.path.join(root, rel)
    db = os.path.join(tmpdir, "f%d.sqlite" % index)
    rc, seconds, err = run_tool(tool, path, extra, db, timeout, mem_mib)
    res = {"file": rel, "args": " ".join(extra), "exit": rc, "status": classify(rc),
           "seconds": seconds, "statements": 0, "procedures": 0, "loops": 0,
           "sev": collections.Counter(), "diags": [], "stderr": ""}
    if rc in (0, 1):
        if os.path.exists(db):
            try:
                res["statements"], res["procedures"], res["loops"], diags = read_db(db)
                res["diags"] = diags
                res["sev"] = collections.Counter(d[3] for d in diags)
            except sqlite3.Error as e:
                res["status"] = "bad-db"
                res["stderr"] = "sqlite: %s" % e
        else:
            res["status"] = "no-db"
    if res["status"] not in ("clean", "loaded"):
        lines = [l for l in err.splitlines() if l.strip()]
        res["stderr"] = (res["stderr"] + " | ".join(lines[-3:]))[:300]
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            os.remove(db + suffix)
        except FileNotFoundError:
            pass
    return res


# --- message normalization -------------------------------------------------------------------

NORMALIZERS = [
    (re.compile(r"'[^']*'"), "'<name>'"),
    (re.compile(r'"[^"]*"'), '"<text>"'),
    (re.compile(r"^#\s*(warning|error)\b.*"), r"#\1 <text>"),
    # a name after a word that introduces one: "PROGRAM main has no END statement",
    # "function-like macro CHECK is not expanded"
    (re.compile(r"\b(PROGRAM|SUBROUTINE|FUNCTION|MODULE|SUBMODULE|BLOCK DATA|macro|label|"
                r"construct|variable|array|COMMON block|common block) "
                r"(?!(is|has|not|with|without|in|of|at|the|a|an|and|or|to|for|on|by|as|"
                r"procedure|subroutine|function|statement|declaration)\b)"
                r"[A-Za-z_$][\w$%.@]*"), r"\1 <name>"),
    (re.compile(r"(?<![\w<])[-+]?\d+(\.\d+)?(?![\w>])"), "<n>"),
]


def normalize(message):
    m = message.strip()
    for rx, repl in NORMALIZERS:
        m = rx.sub(repl, m)
    return m


def source_line(root, rel_dir, file, line, cache={}):
    path = file if os.path.isabs(file) else os.path.join(root, rel_dir, file)
    if not os.path.exists(path):
        path = os.path.join(root, file)
    if path not in cache:
        try:
            with open(path, "rb") as f:
                cache[path] = f.read().decode("latin-1").splitlines()
        except OSError:
            cache[path] = []
    lines = cache[path]
    if line and 0 < line <= len(lines):
        return lines[line - 1].strip()[:100]
    return ""


# Words that begin a statement that the statements view never counts (declarations, program
# structure, construct ends): used to split the not-understood statements approximately.
DECLARATION_WORDS = set("""
INTEGER REAL DOUBLE DOUBLEPRECISION DOUBLECOMPLEX COMPLEX LOGICAL CHARACTER BYTE TYPE CLASS
PROCEDURE DIMENSION CODIMENSION PARAMETER ALLOCATABLE POINTER TARGET SAVE INTENT OPTIONAL EXTERNAL
INTRINSIC COMMON EQUIVALENCE DATA NAMELIST IMPLICIT USE IMPORT MODULE SUBMODULE PROGRAM SUBROUTINE
FUNCTION ELEMENTAL PURE IMPURE RECURSIVE NON_RECURSIVE END ENDIF ENDDO ENDSELECT ENDWHERE ENDFORALL
ENDASSOCIATE ENDBLOCK ENDTYPE ENDMODULE ENDFUNCTION ENDSUBROUTINE ENDPROGRAM ENDINTERFACE CONTAINS
INTERFACE ABSTRACT GENERIC FINAL PRIVATE PUBLIC PROTECTED VALUE VOLATILE ASYNCHRONOUS BIND ENUM
ENUMERATOR STRUCTURE RECORD UNION MAP BLOCK BLOCKDATA ENTRY FORMAT SEQUENCE CONTIGUOUS AUTOMATIC
STATIC INCLUDE OPTIONS ELSE ELSEIF ELSEWHERE CASE RANK VIRTUAL
""".split())

EXECUTABLE_WORDS = set("""
IF DO CALL ALLOCATE DEALLOCATE PRINT WRITE READ OPEN CLOSE INQUIRE REWIND BACKSPACE ENDFILE FLUSH
WAIT GO GOTO RETURN STOP ERROR PAUSE CONTINUE CYCLE EXIT SELECT SELECTCASE SELECTTYPE WHERE FORALL
NULLIFY ASSIGN SYNC LOCK UNLOCK CRITICAL EVENT FORM CHANGE ASSOCIATE ACCEPT PUNCH DECODE ENCODE
FAIL NOTIFY
""".split())

_LABEL_AND_NAME = re.compile(r"^\s*(?:\d+\s+)?(?:[A-Za-z_]\w*\s*:(?!:)\s*)?")
_WORD = re.compile(r"[A-Za-z_]\w*")


def _skip_balanced(text, i, open_ch, close_ch):
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "'\"":
            j = text.find(c, i + 1)
            if j < 0:
                return len(text)
            i = j
        elif c == open_ch:
            depth += 1
        elif c == close_ch:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def _assignment(text, i):
    """'=' or '=>' when text[i:] is `name(...)%comp(...)[...] =` (an assignment target)."""
    m = _WORD.match(text, i)
    if not m:
        return None
    i = m.end()
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == "(":
            i = _skip_balanced(text, i, "(", ")")
        elif i < len(text) and text[i] == "[":
            i = _skip_balanced(text, i, "[", "]")
        elif i < len(text) and text[i] == "%":
            m = _WORD.match(text, i + 1)
            if not m:
                return None
            i = m.end()
        else:
            break
    if text.startswith("=>", i):
        return "=>"
    if text.startswith("=", i) and not text.startswith("==", i):
        return "="
    return None


def leading_keyword(text):
    """What a statement is, from its text: the first keyword (END SELECT, TYPE IS, GO TO ...),
    <assignment>, <pointer assignment>, #directive, or NAME(?) for a word that is no keyword."""
    i = _LABEL_AND_NAME.match(text).end()
    rest = text[i:]
    if rest.startswith("#"):
        m = _WORD.match(rest, 1 + len(rest[1:]) - len(rest[1:].lstrip()))
        return "#" + (m.group(0).lower() if m else "")
    m = _WORD.match(rest)
    if not m:
        return rest[:1] or "?"
    word = m.group(0).upper()
    if word not in DECLARATION_WORDS | EXECUTABLE_WORDS or word in ("TYPE", "CLASS", "DATA",
                                                                      "FORM", "RANK", "SELECT"):
        a = _assignment(rest, 0)
        if a:
            return "<assignment>" if a == "=" else "<pointer assignment>"
    if word in DECLARATION_WORDS | EXECUTABLE_WORDS:
        nxt = _WORD.match(rest, m.end() + len(rest[m.end():]) - len(rest[m.end():].lstrip()))
        second = nxt.group(0).upper() if nxt else ""
        if word in ("END", "SELECT", "ERROR", "SYNC", "GO", "BLOCK", "DOUBLE", "EVENT", "CHANGE",
                    "FORM") and second:
            return word + " " + second
        if word in ("TYPE", "CLASS") and second in ("IS", "DEFAULT"):
            return word + " " + second
        return word
    return word + "(?)"


def is_declaration_line(head):
    if head.startswith("#"):
        return True
    if head in ("TYPE IS", "CLASS IS", "CLASS DEFAULT") or head.split()[0] in ("CASE", "RANK"):
        return False  # parts of SELECT TYPE / CASE / RANK: the view has "case" rows
    return head.split()[0] in DECLARATION_WORDS


def pct(a, b):
    return "%.2f%%" % (100.0 * a / b) if b else "n/a"


def cmd_run(a):
    tool = os.path.abspath(a.tool)
    root = os.path.abspath(a.root)
    work = os.path.abspath(a.work)
    os.makedirs(work, exist_ok=True)
    selected, rejected = select_files(root, a.all)
    total_fortran = len(selected) + (0 if a.all else sum(rejected.values()))
    n_selected = len(selected)
    if a.limit and a.limit < len(selected):
        # an evenly spread sample, so every part of the test suite is represented
        step = len(selected) / a.limit
        selected = [selected[int(i * step)] for i in range(a.limit)]
    tmpdir = tempfile.mkdtemp(prefix="dbs-", dir=work)
    jobs = [(root, rel, args, tool, tmpdir, a.timeout, a.mem, i)
            for i, (rel, args, tags) in enumerate(selected)]
    tags_of = {rel: tags for rel, args, tags in selected}
    results = []
    start = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            for n, res in enumerate(pool.map(one_file, jobs), 1):
                results.append(res)
                if a.progress and (n % 500 == 0 or n == len(jobs)):
                    print("  ... %d/%d files, %.0f s" % (n, len(jobs), time.monotonic() - start),
                          file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    wall = time.monotonic() - start

    # per-file TSV
    with open(os.path.join(work, "results.tsv"), "w") as out:
        out.write("file\tstatus\texit\tseconds\tstatements\terror\tunsupported\twarning\tnote\t"
                  "procedures\tloops\tsapfor_args\ttags\tstderr_tail\n")
        for r in results:
            s = r["sev"]
            out.write("\t".join(str(x) for x in (
                r["file"], r["status"], r["exit"], "%.3f" % r["seconds"], r["statements"],
                s["error"], s["unsupported"], s["warning"], s["note"], r["procedures"], r["loops"],
                r["args"], ",".join(tags_of[r["file"]]),
                r["stderr"].replace("\t", " "))) + "\n")

    # diagnostics TSV and message statistics
    by_msg = collections.Counter()
    example = {}
    by_head = collections.Counter()
    head_example = {}
    files_with = collections.defaultdict(set)
    nu_decl = 0
    with open(os.path.join(work, "diagnostics.tsv"), "w") as out:
        out.write("file\tline\tcol\tseverity\tnormalized\tmessage\tsource_line\n")
        for r in results:
            rel_dir = os.path.dirname(r["file"])
            for file, line, col, sev, msg in r["diags"]:
                shown = os.path.join(rel_dir, file) if not os.path.isabs(file) else file
                norm = normalize(msg)
                src = source_line(root, rel_dir, file, line)
                key = (sev, norm)
                by_msg[key] += 1
                files_with[key].add(r["file"])
                example.setdefault(key, (shown, line, src))
                if sev in ("error", "unsupported"):
                    h = (sev, leading_keyword(src) if src else "?")
                    if is_declaration_line(h[1]):
                        nu_decl += 1
                    by_head[h] += 1
                    head_example.setdefault(h, (shown, line, src))
                out.write("\t".join(str(x).replace("\t", " ") for x in (
                    shown, line, col, sev, norm, msg, src)) + "\n")

    # summary
    status = collections.Counter(r["status"] for r in results)
    n = len(results)
    loaded = status["clean"] + status["loaded"]
    stmts = sum(r["statements"] for r in results)
    sev = collections.Counter()
    for r in results:
        sev.update(r["sev"])
    not_understood = sev["error"] + sev["unsupported"]
    times = sorted(r["seconds"] for r in results)
    fully = sum(1 for r in results if r["status"] in ("clean", "loaded")
                and r["sev"]["error"] + r["sev"]["unsupported"] == 0)

    lines = []
    p = lines.append
    p("sapfor-lex corpus check: gfortran test suite")
    p("tool: %s (%s)" % (tool, subprocess.run([tool, "--version"], capture_output=True,
                                               text=True).stdout.strip()))
    p("corpus: %s" % root)
    p("")
    p("Fortran files found: %d; %s: %s; selected: %d" % (
        total_fortran, "INCLUDED although gfortran rejects them (--all)" if a.all else "excluded",
        ", ".join("%d %s" % (c, k) for k, c in rejected.most_common()) or "none", n_selected))
    if len(selected) < n_selected:
        p("limit %d: an evenly spread sample (every %.1fth selected file)" % (
            len(selected), n_selected / len(selected)))
    p("")
    p("files tried            %7d" % n)
    p("loaded (exit 0 or 1)   %7d  %s   (target >= 99%%)" % (loaded, pct(loaded, n)))
    p("  clean (exit 0)       %7d  %s" % (status["clean"], pct(status["clean"], n)))
    p("  with errors (exit 1) %7d  %s" % (status["loaded"], pct(status["loaded"], n)))
    p("  no error/unsupported %7d  %s   (files whose every statement was understood)" % (
        fully, pct(fully, n)))
    p("refused (exit 2)       %7d" % status["refused"])
    p("crashes (signal)       %7d   (target 0)" % status["crash"])
    p("timeouts (> %g s)      %7d   (target 0)" % (a.timeout, status["timeout"]))
    for k in ("other", "no-db", "bad-db"):
        if status[k]:
            p("%-22s %7d" % (k, status[k]))
    p("")
    p("statements understood  %8d  %s   (target >= 95%%)" % (stmts, pct(stmts, stmts + not_understood)))
    p("statements not understood %5d  %s   (%d error + %d unsupported diagnostics)" % (
        not_understood, pct(not_understood, stmts + not_understood), sev["error"], sev["unsupported"]))
    nu_exec = not_understood - nu_decl
    p("  approximation: the statements view holds executable statements only; of the %d not"
      % not_understood)
    p("  understood, %d are on declaration, structure or preprocessor lines (by leading word)"
      % nu_decl)
    p("  and %d on other lines: executable statements understood ~ %s" % (
        nu_exec, pct(stmts, stmts + nu_exec)))
    p("other diagnostics: %d warning, %d note" % (sev["warning"], sev["note"]))
    p("procedures %d, loops %d" % (sum(r["procedures"] for r in results),
                                   sum(r["loops"] for r in results)))
    p("")
    if times:
        p("time: %.1f s wall with %d jobs; per file: total %.1f s, mean %.3f s, median %.3f s, "
          "p99 %.3f s, max %.3f s" % (wall, a.jobs, sum(times), statistics.mean(times),
                                      statistics.median(times), times[int(0.99 * (len(times) - 1))],
                                      times[-1]))
        p("slowest files:")
        for r in sorted(results, key=lambda r: -r["seconds"])[:5]:
            p("  %7.3f s  %s (%s)" % (r["seconds"], r["file"], r["status"]))
    p("")

    for st, title in (("crash", "CRASHES"), ("timeout", "TIMEOUTS"), ("refused", "REFUSALS (exit 2)"),
                      ("other", "OTHER EXIT STATUSES"), ("no-db", "EXIT 0/1 BUT NO DATABASE"),
                      ("bad-db", "UNREADABLE DATABASE")):
        bad = [r for r in results if r["status"] == st]
        if bad:
            p("%s: %d" % (title, len(bad)))
            for r in bad:
                p("  exit %3d  %s%s  %s" % (r["exit"], r["file"],
                                          (" [" + r["args"] + "]") if r["args"] else "",
                                          r["stderr"]))
            p("")

    # per test-suite folder
    p("by folder: files, loaded %, clean %, statements understood %")
    groups = collections.defaultdict(list)
    for r in results:
        parts = r["file"].split(os.sep)
        groups[os.sep.join(parts[:2]) if len(parts) > 2 else parts[0]].append(r)
    for g in sorted(groups, key=lambda g: -len(groups[g])):
        rs = groups[g]
        s_ok = sum(r["statements"] for r in rs)
        s_bad = sum(r["sev"]["error"] + r["sev"]["unsupported"] for r in rs)
        ld = sum(1 for r in rs if r["status"] in ("clean", "loaded"))
        cl = sum(1 for r in rs if r["status"] == "clean")
        p("  %-40s %5d  %8s  %8s  %8s" % (g, len(rs), pct(ld, len(rs)), pct(cl, len(rs)),
                                           pct(s_ok, s_ok + s_bad)))
    p("by dialect tag (from dg-options; a file may have several):")
    tag_groups = collections.defaultdict(list)
    for r in results:
        for t in tags_of[r["file"]] or ["(none)"]:
            tag_groups[t].append(r)
    for t in sorted(tag_groups, key=lambda t: -len(tag_groups[t])):
        rs = tag_groups[t]
        s_ok = sum(r["statements"] for r in rs)
        s_bad = sum(r["sev"]["error"] + r["sev"]["unsupported"] for r in rs)
        cl = sum(1 for r in rs if r["status"] == "clean")
        p("  %-12s %5d files, clean %8s, statements understood %8s" % (
            t, len(rs), pct(cl, len(rs)), pct(s_ok, s_ok + s_bad)))
    p("")

    p("TOP %d DIAGNOSTIC MESSAGES (all severities, normalized; count, files, example)" % a.top)
    for (sv, norm), c in by_msg.most_common(a.top):
        f, l, src = example[(sv, norm)]
        p("%6d %5d  %-11s %s" % (c, len(files_with[(sv, norm)]), sv, norm))
        p("                           e.g. %s:%s: %s" % (f, l, src))
    p("")
    p("TOP %d NOT-UNDERSTOOD STATEMENTS BY LEADING WORD (error + unsupported)" % a.top)
    for (sv, head), c in by_head.most_common(a.top):
        f, l, src = head_example[(sv, head)]
        p("%6d  %-11s %-14s e.g. %s:%s: %s" % (c, sv, head, f, l, src))
    p("")
    p("per-file results: %s" % os.path.join(work, "results.tsv"))
    p("every diagnostic: %s" % os.path.join(work, "diagnostics.tsv"))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(work, "report.txt"), "w") as out:
        out.write(text)
    sys.stdout.write(text)
    return 0


# --- shrinking a crash or a hang -------------------------------------------------------------

def cmd_shrink(a):
    """Line-based delta debugging (ddmin): keeps removing chunks of lines while sapfor-lex
    still fails the same way (same signal, or still a timeout)."""
    tool = os.path.abspath(a.tool)
    src = os.path.abspath(a.file)
    with open(src, "rb") as f:
        lines = f.read().split(b"\n")
    ext = os.path.splitext(src)[1]
    extra = a.args.split() if a.args else []
    tmp = tempfile.mkdtemp(prefix="shrink-")
    # keep the file's folder for INCLUDE lookups: write the candidate next to the original?
    # No: never write into the corpus. Use -I with the original folder instead.
    extra += ["-I", os.path.dirname(src)]
    counter = [0]

    def outcome(cand):
        counter[0] += 1
        path = os.path.join(tmp, "cand" + ext)
        with open(path, "wb") as f:
            f.write(b"\n".join(cand))
        db = os.path.join(tmp, "c.sqlite")
        if os.path.exists(db):
            os.remove(db)
        rc, _, _ = run_tool(tool, path, extra, db, a.timeout, a.mem)
        return rc

    target = outcome(lines)
    if classify(target) not in ("crash", "timeout"):
        print("%s: exit %d, not a crash or a timeout; nothing to shrink" % (src, target))
        shutil.rmtree(tmp)
        return 1
    n = 2
    deadline = time.monotonic() + a.budget
    while len(lines) >= 2 and time.monotonic() < deadline:
        chunk = max(1, len(lines) // n)
        reduced = False
        for i in range(0, len(lines), chunk):
            cand = lines[:i] + lines[i + chunk:]
            if cand and outcome(cand) == target:
                lines = cand
                n = max(n - 1, 2)
                reduced = True
                break
            if time.monotonic() >= deadline:
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(n * 2, len(lines))
    with open(a.out, "wb") as f:
        f.write(b"\n".join(lines) + (b"\n" if lines and lines[-1] else b""))
    print("%s: exit %d (%s); reduced to %d lines in %d runs -> %s" % (
        src, target, classify(target), len(lines), counter[0], a.out))
    shutil.rmtree(tmp)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--tool", required=True)
    r.add_argument("--root", required=True, help="folder holding gfortran.dg, ...")
    r.add_argument("--work", required=True)
    r.add_argument("--limit", type=int, default=0)
    r.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    r.add_argument("--timeout", type=float, default=10)
    r.add_argument("--mem", type=int, default=4096, help="address-space limit per run, MiB")
    r.add_argument("--top", type=int, default=30)
    r.add_argument("--progress", action="store_true")
    r.add_argument("--all", action="store_true",
                   help="also run the files gfortran rejects (dg-error ...): a crash and hang hunt")
    s = sub.add_parser("shrink")
    s.add_argument("--tool", required=True)
    s.add_argument("--file", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--args", default="", help="extra sapfor-lex options, e.g. '--cpp'")
    s.add_argument("--timeout", type=float, default=10)
    s.add_argument("--mem", type=int, default=4096)
    s.add_argument("--budget", type=float, default=300, help="seconds to spend at most")
    a = ap.parse_args()
    return cmd_run(a) if a.cmd == "run" else cmd_shrink(a)


if __name__ == "__main__":
    sys.exit(main())
