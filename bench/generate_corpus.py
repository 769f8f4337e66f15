#!/usr/bin/env python3
"""Generate a large, deterministic, realistic Fortran corpus for the sapfor-lex benchmark.

    bench/generate_corpus.py OUTDIR [--lines N] [--seed S] [--force]

Writes about N physical lines (default 500,000; the last file is cut short so the total lands
within a few hundred lines of N) into OUTDIR as several hundred files of a few hundred to a few
thousand lines each, half of the lines in fixed form and half in free form:

  OUTDIR/modules/mNNNN_*.f90   free-form modules (kinds, then grid/field modules with CONTAINS);
                               module NNNN only USEs modules with a smaller number, so the sorted
                               file order is a valid compilation order
  OUTDIR/legacy/*_NNNN.f       fixed form: IMPLICIT, PARAMETER, REAL*8, DOUBLE PRECISION, COMMON,
                               DATA, statement functions, labelled DO loops (also sharing a label),
                               column-6 continuations, C comments, GO TO, FORMAT, CDVM$/*DVM$
  OUTDIR/src/*_NNNN.f90        free form: external procedures that USE the modules, real(dp),
                               allocatable work arrays, SELECT CASE, DO WHILE, named loops, !DVM$
  OUTDIR/corpus.json           what was generated (seed, lines, files, module order)

Every procedure is built from kernels of real codes: initialisation, 5..27-point stencils whose
expressions run to 10-30 terms over several continuation lines, Jacobi and SOR sweeps (with
DVMH REDUCTION, ACROSS, SHADOW_RENEW, NEW/PRIVATE), flux updates over a component loop (nests
of 4-5 levels inside a time loop), tridiagonal sweeps with recurrences, multigrid restriction and
prolongation (subscripts like a(2*i-1, j)), IF blocks, intrinsics, calls of other procedures
of the same file (with exactly matching arguments, so gfortran's in-file checks pass), external
calls to the driver of the previous file, and PRINT/WRITE in outer loops. About 60% of the loop
nests carry a DVMH PARALLEL directive.

The output depends only on --lines and --seed (random.Random(seed), no time, no hashing of
strings). Python 3 standard library only.
"""

import argparse
import itertools
import json
import math
import os
import random
import re
import shutil
import sys

FIXED_WIDTH = 72      # fixed form: statement text in columns 7..72
FREE_WIDTH = 92       # free form: we wrap long statements well before column 132

SUB_BASES = ["relax", "smooth", "flux", "diffus", "advect", "resid", "update", "bound", "restr",
             "prolng", "sweep", "jacobi", "sor", "solve", "energy", "visc", "press", "corr",
             "setup", "norm", "interp", "filter", "source", "transp", "grad", "divg", "curl"]
# function names start with A-H or O-Z: under IMPLICIT DOUBLE PRECISION (A-H, O-Z) they are real*8
FUN_BASES = ["phi", "src", "flx", "gauss", "exact", "hfun", "vfun", "weight", "prof", "rhof"]
THEMES = ["grid", "fields", "hydro", "heat", "wave", "chem", "mhd", "poisson", "ocean", "atmos",
          "elast", "transp", "turb", "rad", "multig"]
ARRAY_SETS = [("a", "b", "c", "q"), ("u", "un", "f", "qv"), ("p", "pn", "rhs", "fl"),
              ("x", "xn", "y", "z"), ("t", "tn", "g", "w"), ("v", "vn", "s", "r")]
# local scalars never collide with the array names above: they get their own names
REAL_LOCALS = ["sm", "tmp", "tt", "omega", "res", "c0", "c1", "c2", "c3", "c4", "c5", "fac",
               "rr"]
INT_LOCALS = ["i", "j", "k", "m", "it", "iter", "mode"]
COMMENT_WORDS = ["compute", "update", "the", "residual", "of", "boundary", "values", "interior",
                 "points", "apply", "operator", "flux", "in", "direction", "time", "step",
                 "smoothing", "sweep", "norm", "solution", "grid", "coarse", "fine", "correction",
                 "explicit", "implicit", "scheme", "second", "order", "central", "differences",
                 "stencil", "coefficients", "source", "term", "convergence", "check", "energy",
                 "conservative", "form", "periodic", "halo", "exchange", "local", "global"]


def sub(v, o):
    """Subscript text for loop variable v with constant offset o."""
    if isinstance(o, str):
        return o
    if o == 0:
        return v
    return f"{v}+{o}" if o > 0 else f"{v}-{-o}"


def label_of(n):
    """Base-26 letter suffix: 0 -> a, 25 -> z, 26 -> ba, ..."""
    s = ""
    while True:
        s = chr(ord("a") + n % 26) + s
        n //= 26
        if n == 0:
            return s


class Emitter:
    """Collects the lines of one file in one source form; wraps long statements."""

    def __init__(self, fixed, rng):
        self.fixed = fixed
        self.rng = rng
        self.lines = []
        self.depth = 0
        if fixed:
            self.cont = rng.choice(["&", "*", "+", "1", "$"])
            self.sentinel = rng.choice(["CDVM$", "CDVM$", "*DVM$", "!DVM$"])
            self.unit = rng.choice([2, 3, 3])
        else:
            self.unit = rng.choice([2, 2, 3])
            self.lead_amp = rng.random() < 0.3   # continuation lines start with '&' too

    # -- wrapping -------------------------------------------------------------------------
    @staticmethod
    def _breaks(text):
        """(position, paren depth) of every blank outside string literals."""
        out, depth, quote = [], 0, None
        for p, ch in enumerate(text):
            if quote:
                if ch == quote:
                    quote = None
            elif ch in "'\"":
                quote = ch
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == " ":
                out.append((p, depth))
        return out

    def _wrap(self, text, first_avail, next_avail):
        """Split text at blanks (outside strings) into chunks of at most *_avail characters,
        preferring the shallowest parenthesis depth."""
        chunks = []
        breaks = self._breaks(text)
        start = 0
        avail = first_avail
        while len(text) - start > avail:
            cands = [(d, p) for (p, d) in breaks if start + avail * 0.35 <= p <= start + avail]
            if not cands:
                cands = [(d, p) for (p, d) in breaks if start < p <= start + avail]
            if not cands:  # no blank to break at: take the first one after (cannot happen here)
                later = [p for (p, d) in breaks if p > start]
                if not later:
                    break
                p = later[0]
            else:
                mind = min(d for d, p in cands)
                p = max(p for d, p in cands if d == mind)
            chunks.append(text[start:p])
            start = p + 1
            avail = next_avail
        chunks.append(text[start:])
        return chunks

    # -- lines ----------------------------------------------------------------------------
    def raw(self, line):
        self.lines.append(line)

    def blank(self):
        self.lines.append("")

    def comment(self, text):
        if self.fixed:
            self.lines.append(("C     " + text)[:FIXED_WIDTH])
        else:
            self.lines.append(" " * (self.unit * self.depth) + "! " + text)

    def stmt(self, text, label=None):
        ind = " " * (self.unit * self.depth)
        if self.fixed:
            head = f"{label:>5} " if label is not None else "      "
            avail = FIXED_WIDTH - 6 - len(ind)
            chunks = self._wrap(text, avail, avail - 3)
            self.lines.append(head + ind + chunks[0])
            for n, c in enumerate(chunks[1:]):
                cc = str(n % 9 + 1) if self.cont == "1" else self.cont
                self.lines.append("     " + cc + ind + "   " + c)
        else:
            head = f"{label} " if label is not None else ""
            first = head + ind
            avail = FREE_WIDTH - len(first) - 2
            chunks = self._wrap(text, avail, avail - 6)
            if len(chunks) == 1:
                self.lines.append(first + chunks[0])
                return
            for n, c in enumerate(chunks):
                pre = first if n == 0 else ind + ("    & " if self.lead_amp else "      ")
                post = " &" if n < len(chunks) - 1 else ""
                self.lines.append(pre + c + post)

    def dvm(self, text):
        """A DVMH directive; continued like the examples (column 6 in fixed form, !DVM$& free)."""
        if self.fixed:
            chunks = self._wrap(text, FIXED_WIDTH - 6, FIXED_WIDTH - 8)
            self.lines.append(self.sentinel + " " + chunks[0])
            for c in chunks[1:]:
                self.lines.append(self.sentinel + "*  " + c)
        else:
            chunks = self._wrap(text, FREE_WIDTH - 8, FREE_WIDTH - 10)
            for n, c in enumerate(chunks):
                pre = "!DVM$ " if n == 0 else "!DVM$&  "
                post = " &" if n < len(chunks) - 1 else ""
                self.lines.append(pre + c + post)

    def text(self):
        body = "\n".join(self.lines) + "\n"
        return body.upper() if self.fixed else body


class Proc:
    """Generates the body of one procedure with the common signature
    (n1[, n2[, n3]], nv, a, b, c, q, tau, eps) of rank `rank`."""

    def __init__(self, gen, e, fixed, rank, where, arrays, subs, funs, hnames, module=None):
        self.g = gen
        self.rng = gen.rng
        self.e = e
        self.fixed = fixed
        self.rank = rank
        self.where = where            # 'fixed', 'external' (free external) or 'module'
        self.A, self.B, self.C, self.Q = arrays
        self.V = ["i", "j", "k"][:rank]
        self.D = ["n1", "n2", "n3"][:rank]
        self.H = hnames[:rank]
        self.subs = subs              # callable subroutines with the same signature
        self.funs = funs              # callable real functions f(x, y, z)
        self.module = module
        self.label = 0
        self.in_region = False
        self.compact = gen.compact
        self.pi = "3.14159265358979d0" if fixed else "pi"
        self.private_kw = "NEW" if fixed else self.rng.choice(["PRIVATE", "NEW"])
        self.stfn = None              # statement function name (fixed form, implicit style)
        self.uses_wgt = False
        self.construct_names = set()

    # -- small helpers ----------------------------------------------------------------------
    def newlabel(self):
        self.label += 10
        return self.label

    def rc(self, mant, exp=None):
        """A double precision constant."""
        if self.fixed:
            return f"{mant}d{exp if exp is not None else 0}"
        if exp is None:
            return f"{mant}_dp" if self.rng.random() < 0.85 else f"{mant}d0"
        return f"{mant}e{exp}_dp"

    def rel(self, op):
        fixed_ops = {"<": ".lt.", ">": ".gt.", "<=": ".le.", ">=": ".ge.", "==": ".eq.",
                     "/=": ".ne."}
        if self.fixed or self.rng.random() < 0.15:
            return fixed_ops[op]
        return op

    def dble(self, x):
        if self.fixed or self.rng.random() < 0.4:
            return f"dble({x})"
        return f"real({x}, dp)"

    def ref(self, arr, offs=None, first=None):
        parts = [sub(v, offs[d] if offs else 0) for d, v in enumerate(self.V)]
        if first is not None:
            parts = [first] + parts
        sep = "," if self.compact else ", "
        return f"{arr}({sep.join(parts)})"

    def qref(self, offs=None):
        return self.ref(self.Q, offs, first="m")

    def bounds(self, lo_w=0, hi_w=0, dims=None):
        """Loop list outermost first: (var, lo, hi)."""
        out = []
        for d in reversed(range(self.rank)):
            v, n = self.V[d], self.D[d]
            lo = str(1 + lo_w)
            hi = n if hi_w == 0 else f"{n} - {hi_w}"
            out.append((v, lo, hi))
        return out

    def par(self, on, *clauses):
        vs = ", ".join(v.upper() for v in reversed(self.V))
        on_ref = f"{on}({', '.join(v.upper() for v in self.V)})"
        text = f"PARALLEL ({vs}) ON {on_ref}"
        for c in clauses:
            if c:
                text += ", " + c
        return text

    def maybe_par(self, prob, on, *clauses):
        return self.par(on, *clauses) if self.rng.random() < prob else None

    def loop_style(self):
        if not self.fixed:
            return "enddo"
        return self.rng.choice(["labels", "labels", "shared", "enddo"])

    def do_head(self, v, lo, hi, step=None, lab=None):
        s = f", {step}" if step else ""
        if lab is not None:
            return f"do {lab} {v} = {lo}, {hi}{s}"
        return f"do {v} = {lo}, {hi}{s}"

    def enddo(self):
        return "end do" if self.fixed or self.rng.random() < 0.7 else "enddo"

    def nest(self, loops, body, directive=None, style=None, name=None):
        e = self.e
        if directive:
            e.dvm(directive)
        style = style or self.loop_style()
        if style == "shared" and len(loops) > 1:
            lab = self.newlabel()
            for (v, lo, hi, *st) in loops:
                e.stmt(self.do_head(v, lo, hi, st[0] if st else None, lab))
            e.depth += 1
            body()
            e.depth -= 1
            e.stmt("continue", label=lab)
            return
        labs = []
        for n, (v, lo, hi, *st) in enumerate(loops):
            lab = self.newlabel() if style in ("labels", "shared") else None
            head = self.do_head(v, lo, hi, st[0] if st else None, lab)
            if name and n == 0:
                head = f"{name}: {head}"
            e.stmt(head)
            e.depth += 1
            labs.append(lab)
        body()
        for n in reversed(range(len(labs))):
            e.depth -= 1
            if labs[n] is not None:
                e.stmt("continue", label=labs[n])
            else:
                e.stmt(self.enddo() + (f" {name}" if name and n == 0 else ""))

    def note(self, prob=0.35):
        if self.rng.random() < prob:
            self.e.comment(self.g.phrase(self.rng.randint(3, 8)))

    def region_open(self, ins=(), outs=()):
        if self.in_region or self.rng.random() < 0.25:
            return False
        parts = []
        if ins and self.rng.random() < 0.5:
            parts.append(f"IN({', '.join(ins)})")
        if outs and self.rng.random() < 0.5:
            parts.append(f"OUT({', '.join(outs)})")
        self.e.dvm("REGION" + (" " + ", ".join(parts) if parts else ""))
        self.in_region = True
        return True

    def region_close(self, opened):
        if opened:
            self.e.dvm("END REGION")
            self.in_region = False

    # -- kernels -----------------------------------------------------------------------------
    def k_init(self):
        e, A, B, C = self.e, self.A, self.B, self.C
        self.note(0.6)
        opened = self.region_open(outs=(A, B))
        H = self.H

        def body():
            terms = [f"sin({self.pi} * {self.dble(self.V[0] + ' - 1')} * {H[0]})"]
            if self.rank > 1:
                terms.append(f"cos({self.pi} * {self.dble(self.V[1] + ' - 1')} * {H[1]})")
            if self.rank > 2:
                terms.append(f"exp(-{self.dble(self.V[2])} * {H[2]})")
            e.stmt(f"{self.ref(A)} = {self.rc('0.5')} * " + " * ".join(terms))
            e.stmt(f"{self.ref(B)} = {self.ref(A)}")
            if self.rng.random() < 0.6:
                e.stmt(f"{self.ref(C)} = {self.rc('0.0')}")
        self.nest(self.bounds(), body, self.maybe_par(0.8, A))
        self.region_close(opened)

    def k_boundary(self):
        e, A = self.e, self.A
        self.note(0.6)
        if self.rank == 1:
            return
        for d in range(self.rank):
            others = [x for x in range(self.rank) if x != d]
            loops = [(self.V[x], "1", self.D[x]) for x in reversed(others)]

            def body(d=d):
                lo = [0] * self.rank
                lo[d] = "1"
                lo2 = [0] * self.rank
                lo2[d] = "2"
                hi = [0] * self.rank
                hi[d] = self.D[d]
                hi2 = [0] * self.rank
                hi2[d] = f"{self.D[d]}-1"
                e.stmt(f"{self.ref(A, lo)} = {self.ref(A, lo2)}")
                e.stmt(f"{self.ref(A, hi)} = {self.ref(A, hi2)}")
            self.nest(loops, body)

    def stencil_terms(self, src):
        """Grouped stencil expression (10-30 terms) and its half width."""
        r, rng = self.rank, self.rng
        groups = []
        axis = []
        for d in range(r):
            lo = [0] * r
            lo[d] = -1
            hi = [0] * r
            hi[d] = 1
            axis.append((f"c{d + 1}", [self.ref(src, lo), self.ref(src, hi)]))
        groups.extend(axis)
        width = 1
        kind = rng.choice(["axis2", "edges", "corners", "axis2edges"] if r == 3 else
                          ["axis2", "edges", "axis2edges"])
        extra = []
        if "axis2" in kind:
            width = 2
            for d in range(r):
                lo = [0] * r
                lo[d] = -2
                hi = [0] * r
                hi[d] = 2
                extra += [self.ref(src, lo), self.ref(src, hi)]
        if "edges" in kind or kind == "corners":
            for d1 in range(r):
                for d2 in range(d1 + 1, r):
                    for s1 in (-1, 1):
                        for s2 in (-1, 1):
                            o = [0] * r
                            o[d1], o[d2] = s1, s2
                            extra.append(self.ref(src, o))
        if kind == "corners":
            corner = []
            for s1 in (-1, 1):
                for s2 in (-1, 1):
                    for s3 in (-1, 1):
                        corner.append(self.ref(src, [s1, s2, s3]))
            groups.append(("c4", extra))
            groups.append(("c5", corner))
        elif extra:
            groups.append(("c4", extra))
        text = f"{self.ref(src)}"
        for coef, refs in groups:
            text += f" + {coef} * ({' + '.join(refs)})"
        text += f" - c0 * {self.ref(src)}"
        return text, width, [g[0] for g in groups]

    def coefficients(self, coefs):
        e, H = self.e, self.H
        for d in range(self.rank):
            c = f"c{d + 1}"
            if self.uses_wgt and d == 0:
                e.stmt(f"{c} = wgt(1) * tau / ({H[d]} * {H[d]})")
            elif self.rng.random() < 0.5:
                e.stmt(f"{c} = tau / {H[d]}**2")
            else:
                e.stmt(f"{c} = visc * tau / ({H[d]} * {H[d]})")
        if "c4" in coefs:
            e.stmt(f"c4 = {self.rc('0.25')} * c1")
        if "c5" in coefs:
            e.stmt(f"c5 = {self.rc('0.125')} * c1")
        e.stmt(f"c0 = {self.rc('2.0')} * (" + " + ".join(f"c{d + 1}" for d in range(self.rank)) + ")"
               + (" + 4 * c4" if "c4" in coefs and self.rng.random() < 0.5 else ""))

    def k_stencil(self, dst=None, src=None, in_iter=False):
        e = self.e
        dst = dst or self.B
        src = src or self.A
        self.note(0.6)
        text, w, coefs = self.stencil_terms(src)
        self.coefficients(coefs)
        opened = False if in_iter else self.region_open(ins=(src,), outs=(dst,))
        clauses = []
        if self.rng.random() < 0.5:
            clauses.append(f"SHADOW_RENEW({src})")
        if not self.fixed and self.rng.random() < 0.2:
            clauses.append("CUDA_BLOCK(32, 4, 1)" if self.rank == 3 else "CUDA_BLOCK(32, 8)")

        def body():
            if self.rng.random() < 0.3:
                e.stmt(f"{self.ref(dst)} = {text} + tau * {self.ref(self.C)}")
            else:
                e.stmt(f"{self.ref(dst)} = {text}")
        self.nest(self.bounds(w, w), body, self.maybe_par(0.75, dst, *clauses))
        self.region_close(opened)

    def k_maxred(self, in_iter=False):
        e, A, B = self.e, self.A, self.B
        if not in_iter:
            e.stmt(f"eps = {self.rc('0.0')}")
        opened = False if in_iter else self.region_open(ins=(B,))

        def body():
            e.stmt(f"eps = max(eps, abs({self.ref(B)} - {self.ref(A)}))")
            e.stmt(f"{self.ref(A)} = {self.ref(B)}")
        self.nest(self.bounds(1, 1), body, self.maybe_par(0.8, A, "REDUCTION(MAX(eps))"))
        self.region_close(opened)

    def k_sumred(self):
        e, A, B = self.e, self.A, self.B
        self.note()
        e.stmt(f"sm = {self.rc('0.0')}")
        two = self.rng.random() < 0.4
        if two:
            e.stmt(f"tmp = {self.rc('0.0')}")
        opened = self.region_open(ins=(A, B))
        red = "REDUCTION(SUM(sm)" + (", MAX(tmp))" if two else ")")

        def body():
            e.stmt(f"sm = sm + {self.ref(A)} * {self.ref(B)}")
            if two:
                e.stmt(f"tmp = max(tmp, abs({self.ref(A)}))")
        self.nest(self.bounds(), body, self.maybe_par(0.85, A, red))
        self.region_close(opened)
        n = " * ".join(self.D)
        e.stmt(f"res = sqrt(sm / {self.dble(n)})")
        if two:
            e.stmt(f"eps = max(eps, tmp)")

    def k_sor(self, in_iter=False):
        e, A, C = self.e, self.A, self.C
        if not in_iter:
            e.stmt(f"eps = {self.rc('0.0')}")
        e.stmt(f"omega = {self.rc(self.rng.choice(['1.5', '1.7', '1.25', '1.9']))}")
        H = self.H
        across = "ACROSS(" + A + "(" + ", ".join(["1:1"] * self.rank) + "))"
        opened = False if in_iter else self.region_open()

        def body():
            e.stmt(f"tt = {self.ref(A)}")
            nb = []
            for d in range(self.rank):
                lo = [0] * self.rank
                lo[d] = -1
                hi = [0] * self.rank
                hi[d] = 1
                nb += [self.ref(A, lo), self.ref(A, hi)]
            e.stmt(f"{self.ref(A)} = omega / {self.rc(str(2 * self.rank) + '.0')} * ("
                   + " + ".join(nb) + f" - {H[0]} * {H[0]} * {self.ref(C)}) + ({self.rc('1.0')}"
                   " - omega) * tt")
            e.stmt(f"eps = max(eps, abs(tt - {self.ref(A)}))")
        d = self.maybe_par(0.8, A, f"{self.private_kw}(tt)", "REDUCTION(MAX(eps))", across)
        self.nest(self.bounds(1, 1), body, d)
        self.region_close(opened)

    def k_ifblock(self):
        e, A, B, C = self.e, self.A, self.B, self.C
        self.note()

        def body():
            e.stmt(f"if ({self.ref(A)} {self.rel('>')} tol) then")
            e.depth += 1
            e.stmt(f"{self.ref(B)} = sqrt({self.ref(A)}) + {self.ref(C)}")
            e.depth -= 1
            e.stmt(f"else if ({self.ref(A)} {self.rel('<')} -tol) then")
            e.depth += 1
            e.stmt(f"{self.ref(B)} = -sqrt(-{self.ref(A)}) + {self.ref(C)}")
            e.depth -= 1
            e.stmt("else")
            e.depth += 1
            e.stmt(f"{self.ref(B)} = {self.ref(C)}")
            e.depth -= 1
            e.stmt("end if" if self.fixed or self.rng.random() < 0.7 else "endif")
            e.stmt(f"if (abs({self.ref(B)}) {self.rel('>')} {self.rc('1.0', 10)}) "
                   f"{self.ref(B)} = sign({self.rc('1.0', 10)}, {self.ref(B)})")
        self.nest(self.bounds(), body, self.maybe_par(0.6, B))

    def k_qupdate(self):
        e = self.e
        self.note(0.6)
        H = self.H

        def inner():
            def mbody():
                adv, dif = [], []
                for d in range(self.rank):
                    lo = [0] * self.rank
                    lo[d] = -1
                    hi = [0] * self.rank
                    hi[d] = 1
                    adv.append(f"({self.qref(hi)} - {self.qref(lo)}) / {H[d]}")
                    dif.append(f"({self.qref(hi)} - {self.rc('2.0')} * {self.qref()} + "
                               f"{self.qref(lo)}) / ({H[d]} * {H[d]})")
                e.stmt(f"tt = {self.rc('0.5')} * (" + " + ".join(adv) + ")")
                e.stmt(f"{self.qref()} = {self.qref()} - tau * tt + visc * tau * ("
                       + " + ".join(dif) + f") + tau * {self.ref(self.C)}")
            self.nest([("m", "1", "nv")], mbody)
        d = self.maybe_par(0.7, self.A, f"{self.private_kw}(tt)")
        self.nest(self.bounds(1, 1), inner, d)

    def k_tridiag(self):
        e, A, B = self.e, self.A, self.B
        self.note(0.8)
        if not self.fixed:
            e.stmt("allocate(wa(n1), wd(n1))")
        outer = self.bounds(1, 1)[:-1]  # every variable but i
        if not outer:
            return

        def body():
            e.stmt(f"wa(1) = {self.rc('0.0')}")
            e.stmt(f"wd(1) = {self.ref(A, ['1'] + [0] * (self.rank - 1))}")

            def fwd():
                e.stmt(f"fac = {self.rc('1.0')} / ({self.ref(B)} + {self.rc('2.0')} - wa(i-1))")
                e.stmt("wa(i) = fac")
                e.stmt(f"wd(i) = ({self.ref(A)} + wd(i-1)) * fac")
            self.nest([("i", "2", "n1 - 1")], fwd)

            def back():
                e.stmt(f"{self.ref(A)} = wd(i) + wa(i) * {self.ref(A, [1] + [0] * (self.rank - 1))}")
            self.nest([("i", "n1 - 1", "2", "-1")], back)
        self.nest(outer, body)
        if not self.fixed:
            e.stmt("deallocate(wa, wd)")

    def k_restrict(self):
        e, A, C = self.e, self.A, self.C
        self.note(0.7)
        r = self.rank
        loops = [(self.V[d], "1", f"{self.D[d]} / 2") for d in reversed(range(r))]
        corners = list(itertools.product(*[("-1", "") for _ in range(r)]))

        def body():
            terms = []
            for c in corners:
                terms.append(self.ref(A, [f"2*{self.V[d]}{c[d]}" for d in range(r)]))
            e.stmt(f"{self.ref(C)} = {self.rc(str(1.0 / 2 ** r))} * (" + " + ".join(terms) + ")")
        self.nest(loops, body, self.maybe_par(0.7, C))
        loops = [(self.V[d], "1", f"{self.D[d]} / 2 - 1") for d in reversed(range(r))]

        def body2():
            tgt = self.ref(A, [f"2*{self.V[d]}" for d in range(r)])
            hi = [0] * r
            hi[0] = 1
            e.stmt(f"{tgt} = {tgt} + {self.rc('0.5')} * ({self.ref(C)} + {self.ref(C, hi)})")
        self.nest(loops, body2)

    def k_fncall(self):
        if not self.funs:
            return self.k_ifblock()
        e = self.e
        f = self.rng.choice(self.funs)

        def body():
            x = f"{self.dble(self.V[0])} * {self.H[0]}"
            e.stmt(f"{self.ref(self.B)} = {f}({self.ref(self.A)}, {x}, {self.ref(self.C)})"
                   f" + {self.rc('0.5')} * {self.ref(self.B)}")
            if self.stfn and self.rank >= 1:
                lo = [-1] + [0] * (self.rank - 1)
                hi = [1] + [0] * (self.rank - 1)
                e.stmt(f"{self.ref(self.C)} = {self.stfn}({self.ref(self.A, lo)}, {self.ref(self.A)})"
                       f" - {self.stfn}({self.ref(self.A)}, {self.ref(self.A, hi)})")
        b = self.bounds(1, 1) if self.stfn else self.bounds()
        self.nest(b, body, self.maybe_par(0.3, self.B))

    def call_args(self, arrays=None):
        arrays = arrays or (self.A, self.B, self.C)
        return ", ".join(self.D + ["nv"] + list(arrays) + [self.Q, "tau", "eps"])

    def k_call(self):
        if not self.subs:
            return self.k_sumred()
        s = self.rng.choice(self.subs)
        arr = [self.A, self.B, self.C]
        if self.rng.random() < 0.4:
            self.rng.shuffle(arr)
        self.e.stmt(f"call {s}({self.call_args(arr)})")

    def k_io(self, in_iter):
        e = self.e
        cond = f"mod(it, {self.rng.choice([5, 10, 20, 50])}) {self.rel('==')} 0" if in_iter else None
        what = "it, eps" if in_iter else "n1, eps"
        if self.fixed:
            if self.rng.random() < 0.5:
                lab = self.newlabel()
                io = f"write (6, {lab}) {what}"
                e.stmt(f"if ({cond}) {io}" if cond else io)
                e.stmt(f"format (' {'it' if in_iter else 'n'} =', i6, '   eps =', e14.6)", label=lab)
            else:
                io = f"print *, '{'it' if in_iter else 'n'} =', {what}"
                e.stmt(f"if ({cond}) {io}" if cond else io)
        else:
            fmt = "'(a, i6, a, es14.6)'"
            io = self.rng.choice([f"write(*, {fmt}) ' it =', {what.replace(', ', ', ' + chr(39) + ' eps =' + chr(39) + ', ')}",
                                  f"print *, 'step', {what}"])
            e.stmt(f"if ({cond}) {io}" if cond else io)

    def k_iter(self):
        """Time/iteration loop around a region of parallel nests: 4-5 levels deep."""
        e = self.e
        self.note(0.8)
        inner = self.rng.choice(["jacobi", "jacobi", "sor", "flux"])
        name = None
        exit_lab = None
        if self.fixed:
            style = self.rng.choice(["labels", "enddo"])
            exit_lab = self.newlabel()
        else:
            style = "enddo"
            unused = [c for c in ("timeloop", "outer", "sweeps") if c not in self.construct_names]
            if unused and self.rng.random() < 0.3:
                name = self.rng.choice(unused)   # construct names are unique in a procedure
                self.construct_names.add(name)

        def body():
            e.stmt(f"eps = {self.rc('0.0')}")
            actual = self.rng.random() < 0.5
            if actual:
                e.dvm("ACTUAL(eps)")
            opened = self.region_open()
            if inner == "jacobi":
                self.k_stencil(self.B, self.A, in_iter=True)
                self.k_maxred(in_iter=True)
            elif inner == "sor":
                self.k_sor(in_iter=True)
            else:
                self.k_qupdate()
                self.k_maxred(in_iter=True)
            self.region_close(opened)
            if actual:
                e.dvm("GET_ACTUAL(eps)")
            if self.rng.random() < 0.6:
                self.k_io(True)
            if self.fixed:
                e.stmt(f"if (eps {self.rel('<')} tol) go to {exit_lab}")
            else:
                e.stmt(f"if (eps {self.rel('<')} tol) exit" + (f" {name}" if name else ""))
        self.nest([("it", "1", "itmax")], body, style=style, name=name)
        if exit_lab:
            e.stmt("continue", label=exit_lab)

    def k_goto_loop(self):
        """Legacy iteration with a backward GO TO (fixed form)."""
        e = self.e
        lab = self.newlabel()
        e.stmt("it = 0")
        e.stmt("continue", label=lab)
        e.stmt("it = it + 1")
        self.k_sor()
        e.stmt(f"if (eps {self.rel('>')} tol .and. it {self.rel('<')} itmax) go to {lab}")

    def k_dowhile(self):
        e = self.e
        self.note(0.6)
        e.stmt("iter = 0")
        e.stmt(f"res = {self.rc('1.0')}")
        e.stmt(f"do while (res {self.rel('>')} tol .and. iter {self.rel('<')} itmax)")
        e.depth += 1
        e.stmt("iter = iter + 1")
        self.k_sor()
        e.stmt("res = eps")
        e.depth -= 1
        e.stmt(self.enddo())
        e.stmt(f"print *, 'iterations:', iter, ' residual:', res")

    def k_select(self):
        e = self.e
        e.stmt(f"mode = mod({self.D[0]}, 4)")
        e.stmt("select case (mode)")
        e.stmt("case (0)")
        e.depth += 1
        self.k_maxred()
        e.depth -= 1
        e.stmt("case (1, 2)")
        e.depth += 1
        self.k_sumred()
        e.depth -= 1
        e.stmt("case default")
        e.depth += 1
        if self.subs:
            self.k_call()
        else:
            e.stmt(f"eps = {self.rc('0.0')}")
        e.depth -= 1
        e.stmt("end select")

    def body(self, recipe, nkernels):
        rng = self.rng
        ks = list(recipe)
        pool = ["stencil", "maxred", "sumred", "ifblock", "fncall", "call", "qupdate", "restrict",
                "boundary", "iter", "tridiag", "sor"]
        if self.fixed:
            pool += ["goto"]
        else:
            pool += ["dowhile", "select"]
        while len(ks) < nkernels:
            ks.append(rng.choice(pool))
        for k in ks:
            getattr(self, "k_" + {"goto": "goto_loop"}.get(k, k))() if k != "io" else self.k_io(False)
            if rng.random() < 0.25:
                self.e.blank()


class Generator:
    def __init__(self, out, target, seed):
        self.out = out
        self.target = target
        self.rng = random.Random(seed)
        self.seed = seed
        self.fileno = 0
        self.files = []            # (relpath, lines, form)
        self.modules = []          # (name, rank, file, step proc, smooth proc)
        self.lines_fixed = 0
        self.lines_free = 0
        self.prev_fixed_driver = None
        self.prev_free_driver = {2: None, 3: None}
        self.prev_fixed_by_rank = {2: None, 3: None}
        self.compact = False

    def phrase(self, n):
        return " ".join(self.rng.choice(COMMENT_WORDS) for _ in range(n))

    # ---------------------------------------------------------------------------------------
    def header_comment(self, e, title, lines):
        if e.fixed:
            e.raw("C" + "=" * 70)
            e.comment(title)
            for _ in range(lines):
                e.comment(self.phrase(self.rng.randint(5, 9)))
            e.raw("C" + "=" * 70)
        else:
            e.raw("!" + "-" * 78)
            e.comment(title)
            for _ in range(lines):
                e.comment(self.phrase(self.rng.randint(5, 10)))
            e.raw("!" + "-" * 78)

    def decl_fixed(self, e, p, implicit_dp, body_text, funs, common):
        """Declarations of a fixed-form procedure with the common signature."""
        r = p.rank
        dims = ", ".join(p.D)
        rt = self.rng.choice(["real*8", "double precision"])
        if implicit_dp:
            e.stmt("implicit double precision (a-h, o-z)")
        else:
            e.stmt("implicit none")
            e.stmt(f"integer {', '.join(p.D)}, nv")
        e.stmt("integer itmax, nmax" if not implicit_dp else "integer itmax")
        e.stmt("parameter (itmax = 100, nmax = 1024)" if not implicit_dp else
               "parameter (itmax = 100, nmax = 1024)")
        if not implicit_dp:
            e.stmt("double precision tol")
        e.stmt("parameter (tol = 1.0d-6)")
        e.stmt(f"{rt} {p.A}({dims}), {p.B}({dims}), {p.C}({dims})")
        e.stmt(f"{rt} {p.Q}(nv, {dims})")
        used = set(tok for tok in _words(body_text))
        if not implicit_dp:
            e.stmt("double precision tau, eps")
            ints = [v for v in INT_LOCALS if v in used]
            if ints:
                e.stmt("integer " + ", ".join(ints))
            reals = [v for v in REAL_LOCALS if v in used]
            if reals:
                e.stmt("double precision " + ", ".join(reals))
            e.stmt("double precision " + ", ".join(common))
        if "wa" in used:
            e.stmt(f"{rt} wa(nmax), wd(nmax)")
        if p.uses_wgt:
            e.stmt("double precision wgt(3)")
        e.stmt(f"common /{self.common_name}/ " + ", ".join(common))
        for f in funs:
            if f in used:
                e.stmt(f"double precision {f}")
        if p.uses_wgt:
            e.stmt("data wgt /0.5d0, 0.25d0, 0.125d0/")
        if p.stfn:
            e.stmt(f"{p.stfn}(ul, ur) = 0.5d0 * (ul + ur) - 0.5d0 * abs(ur - ul)")

    def decl_free(self, e, p, body_text, funs, where):
        dims = ", ".join(p.D)
        used = set(_words(body_text))
        e.stmt(f"integer, intent(in) :: {', '.join(p.D)}, nv")
        e.stmt(f"real(dp), intent(inout) :: {p.A}({dims}), {p.B}({dims}), {p.C}({dims})")
        e.stmt(f"real(dp), intent(inout) :: {p.Q}(nv, {dims})")
        e.stmt("real(dp), intent(in) :: tau")
        e.stmt("real(dp), intent(inout) :: eps")
        if "itmax" in used:
            e.stmt("integer, parameter :: itmax = " + str(self.rng.choice([50, 100, 200, 500])))
        if "tol" in used:
            e.stmt("real(dp), parameter :: tol = 1.0e-6_dp")
        ints = [v for v in INT_LOCALS if v in used]
        if ints:
            e.stmt("integer :: " + ", ".join(ints))
        reals = [v for v in REAL_LOCALS if v in used]
        if reals:
            e.stmt("real(dp) :: " + ", ".join(reals))
        if "wa" in used:
            e.stmt("real(dp), allocatable :: wa(:), wd(:)")
        if where == "external":
            fs = [f for f in funs if f in used]
            if fs:
                e.stmt("real(dp), external :: " + ", ".join(fs))

    # ---------------------------------------------------------------------------------------
    def gen_procedure(self, e, name, rank, where, arrays, subs, funs, hnames, common=None,
                      recipe=(), nk=4, module=None, use_lines=(), implicit_dp=False):
        fixed = e.fixed
        p = Proc(self, e, fixed, rank, where, arrays, subs, funs, hnames, module)
        if fixed and implicit_dp and self.rng.random() < 0.3:
            p.stfn = "flxav"
        if fixed and self.rng.random() < 0.3:
            p.uses_wgt = True
        # body first (into a scratch emitter with the same style), declarations from what it uses
        body = Emitter.__new__(Emitter)
        body.__dict__.update(e.__dict__)
        body.lines = []
        body.depth = e.depth + (0 if fixed else 1)
        p.e = body
        p.body(recipe, nk)
        if fixed and p.stfn and "flxav" not in " ".join(body.lines):
            p.stfn = None
        body_text = "\n".join(body.lines).lower()
        args = ", ".join(p.D + ["nv", p.A, p.B, p.C, p.Q, "tau", "eps"])
        self.header_comment(e, f"{name}: {self.phrase(4)}", self.rng.randint(1, 5))
        e.stmt(f"subroutine {name}({args})")
        e.depth += 0 if fixed else 1
        if fixed:
            self.decl_fixed(e, p, implicit_dp, body_text, funs, common)
        else:
            for u in use_lines:
                e.stmt(u)
            e.stmt("implicit none")
            self.decl_free(e, p, body_text, funs, where)
        if self.rng.random() < 0.5:
            e.dvm(f"INHERIT {p.A}, {p.B}, {p.C}")
        e.lines.extend(body.lines)
        if fixed and self.rng.random() < 0.6:
            e.stmt("return")
        e.depth -= 0 if fixed else 1
        if fixed:
            e.stmt("end")
        else:
            e.stmt(f"end subroutine {name}")
        e.blank()

    def gen_function(self, e, name, where, use_lines=()):
        rng = self.rng
        if e.fixed:
            e.comment(f"{name}: {self.phrase(5)}")
            e.stmt(f"double precision function {name}(x, y, z)")
            e.stmt("implicit none")
            e.stmt("double precision x, y, z, rr")
            one, tiny = "1.0d0", "1.0d-12"
        else:
            e.comment(f"{name}: {self.phrase(5)}")
            pre = rng.choice(["", "pure ", "elemental "]) if where == "module" else ""
            e.stmt(f"{pre}real(dp) function {name}(x, y, z)")
            e.depth += 1
            for u in use_lines:
                e.stmt(u)
            e.stmt("implicit none")
            e.stmt("real(dp), intent(in) :: x, y, z")
            e.stmt("real(dp) :: rr")
            one, tiny = "1.0_dp", "1.0e-12_dp"
        gt = ".gt." if e.fixed else ">"
        e.stmt(f"rr = sqrt(x * x + y * y + {tiny})")
        e.stmt(f"if (rr {gt} {one}) then")
        e.depth += 1
        e.stmt(f"{name} = exp(-rr) * z + {rng.choice(['sin(x)', 'cos(y)', 'log(rr)', 'x * y'])}")
        e.depth -= 1
        e.stmt("else")
        e.depth += 1
        e.stmt(f"{name} = ({one} - rr) * z + 0.5{'d0' if e.fixed else '_dp'} * rr * rr")
        e.depth -= 1
        e.stmt("end if")
        e.depth -= 0 if e.fixed else 1
        e.stmt("end" if e.fixed else f"end function {name}")
        e.blank()

    # ---------------------------------------------------------------------------------------
    def next_name(self, base, fileno, idx, fixed):
        return f"{base}{fileno:04d}{label_of(idx)}" if fixed else f"{base}_{fileno:04d}{label_of(idx)}"

    def recipe(self):
        return self.rng.choice([("init", "boundary"), ("iter",), ("iter", "sumred"), ("stencil", "maxred"),
                                ("qupdate",), ("tridiag",), ("restrict",), ("sor",), ("ifblock",),
                                ("stencil", "sumred"), ("iter", "io"), ()])

    def fill_procedures(self, e, fileno, target, rank, where, arrays, hnames, common, use_lines,
                        funs_prefix_decl=False, module=None):
        """Functions and subroutines of one file (or module) until `target` lines; returns the
        subroutine names (callable with the common signature)."""
        rng = self.rng
        fixed = e.fixed
        subs, funs = [], []
        idx = 0
        nfun = rng.randint(0, 2)
        for _ in range(nfun):
            fname = self.next_name(rng.choice(FUN_BASES), fileno, idx, fixed)
            idx += 1
            self.gen_function(e, fname, where, use_lines=[] if where == "module" else ["use m0000_kinds, only: dp"])
            funs.append(fname)
        while len(e.lines) < target - 60:
            name = self.next_name(rng.choice(SUB_BASES), fileno, idx, fixed)
            idx += 1
            implicit_dp = fixed and rng.random() < 0.45
            nk = rng.randint(2, 7)
            self.gen_procedure(e, name, rank, where, arrays if rng.random() < 0.7 else rng.choice(ARRAY_SETS),
                               subs[-6:], funs, hnames, common, self.recipe(), nk, module,
                               use_lines, implicit_dp)
            subs.append(name)
        return subs, funs, idx

    def gen_driver(self, e, name, rank, arrays, subs, extra_calls, use_lines, common):
        """Driver: calls every subroutine of the file in turn, then the previous file's driver."""
        fixed = e.fixed
        p = Proc(self, e, fixed, rank, "fixed" if fixed else "external", arrays, subs, [],
                 ["dx", "dy", "dz"] if fixed else ["hx", "hy", "hz"])
        self.header_comment(e, f"{name}: driver, calls the kernels of this file", 2)
        args = ", ".join(p.D + ["nv", p.A, p.B, p.C, p.Q, "tau", "eps"])
        e.stmt(f"subroutine {name}({args})")
        e.depth += 0 if fixed else 1
        dims = ", ".join(p.D)
        if fixed:
            e.stmt("implicit none")
            e.stmt(f"integer {', '.join(p.D)}, nv")
            e.stmt(f"double precision {p.A}({dims}), {p.B}({dims}), {p.C}({dims})")
            e.stmt(f"double precision {p.Q}(nv, {dims})")
            e.stmt("double precision tau, eps")
        else:
            for u in use_lines:
                e.stmt(u)
            e.stmt("implicit none")
            e.stmt(f"integer, intent(in) :: {', '.join(p.D)}, nv")
            e.stmt(f"real(dp), intent(inout) :: {p.A}({dims}), {p.B}({dims}), {p.C}({dims})")
            e.stmt(f"real(dp), intent(inout) :: {p.Q}(nv, {dims})")
            e.stmt("real(dp), intent(in) :: tau")
            e.stmt("real(dp), intent(inout) :: eps")
        for s in subs:
            e.stmt(f"call {s}({p.call_args()})")
        for c in extra_calls:
            e.stmt(c)
        if fixed:
            e.stmt("return")
            e.stmt("end")
        else:
            e.depth -= 1
            e.stmt(f"end subroutine {name}")
        e.blank()

    # ---------------------------------------------------------------------------------------
    def gen_fixed_file(self, target):
        rng = self.rng
        self.fileno += 1
        n = self.fileno
        e = Emitter(True, rng)
        self.compact = rng.random() < 0.6
        rank = rng.choice([2, 3, 3])
        theme = rng.choice(THEMES)
        self.common_name = f"grd{n:04d}"
        common = ["dx", "dy", "dz", "dtc", "visc"]
        arrays = rng.choice(ARRAY_SETS)
        e.raw(f"C     {theme.upper()}_{n:04d}.F -- {self.phrase(6).upper()}")
        e.raw(f"C     GENERATED BY BENCH/GENERATE_CORPUS.PY (SEED {self.seed}), FIXED FORM")
        e.raw("C")
        subs, funs, idx = self.fill_procedures(e, n, target - 40, rank, "fixed", arrays,
                                               ["dx", "dy", "dz"], common, [])
        drv = f"drv{n:04d}"
        extra = []
        prev = self.prev_fixed_by_rank[rank]
        if prev:
            extra.append(f"call {prev}({', '.join(['n1', 'n2', 'n3'][:rank] + ['nv'] + list(arrays) + ['tau', 'eps'])})")
        self.gen_driver(e, drv, rank, arrays, subs, extra, [], common)
        self.prev_fixed_by_rank[rank] = drv
        if rng.random() < 0.12:
            self.gen_fixed_main(e, n, rank, drv, common)
        rel = os.path.join("legacy", f"{theme}_{n:04d}.f")
        self.write(rel, e.text(), "fixed")

    def gen_fixed_main(self, e, n, rank, drv, common):
        dims = ["n1", "n2", "n3"][:rank]
        e.raw("C")
        e.raw(f"C     MAIN PROGRAM OF TEST CASE {n}")
        e.raw("C")
        e.stmt(f"program main{n:04d}")
        e.stmt("implicit none")
        e.stmt(f"integer {', '.join(dims)}, nv, istep")
        sizes = ", ".join(f"{d} = {s}" for d, s in zip(dims, [128, 96, 48]))
        e.stmt(f"parameter ({sizes}, nv = 5)")
        d = ", ".join(dims)
        e.stmt(f"real*8 a({d}), b({d}), c({d}), q(nv, {d})")
        e.stmt("double precision tau, eps")
        e.stmt("double precision " + ", ".join(common))
        e.stmt(f"common /grd{n:04d}/ " + ", ".join(common))
        e.dvm("DISTRIBUTE A(" + ", ".join(["BLOCK"] * rank) + ")")
        e.dvm("ALIGN B(" + ", ".join("IJK"[:rank]) + ") WITH A(" + ", ".join("IJK"[:rank]) + ")")
        e.stmt("dx = 1.0d0 / dble(n1 - 1)")
        e.stmt("dy = 1.0d0 / dble(n2 - 1)")
        e.stmt("dz = 1.0d0" if rank < 3 else "dz = 1.0d0 / dble(n3 - 1)")
        e.stmt("dtc = 0.1d0 * dx * dx")
        e.stmt("visc = 1.0d-2")
        e.stmt("tau = dtc")
        e.stmt("do 10 istep = 1, 20")
        e.stmt(f"   call {drv}({d}, nv, a, b, c, q, tau, eps)")
        e.stmt("   write (6, 100) istep, eps")
        e.stmt("continue", label=10)
        e.stmt("format (' step ', i5, '  eps = ', e14.7)", label=100)
        e.stmt("stop")
        e.stmt("end")

    def gen_kinds_module(self):
        e = Emitter(False, self.rng)
        e.raw("! m0000_kinds.f90 -- kind parameters and constants shared by every module")
        e.raw("module m0000_kinds")
        e.raw("  implicit none")
        e.raw("  integer, parameter :: sp = kind(1.0), dp = kind(1.0d0)")
        e.raw("  integer, parameter :: ik = selected_int_kind(9)")
        e.raw("  real(dp), parameter :: pi = 3.141592653589793_dp")
        e.raw("  real(dp), parameter :: half = 0.5_dp, two = 2.0_dp")
        e.raw("end module m0000_kinds")
        self.write(os.path.join("modules", "m0000_kinds.f90"), e.text(), "free")
        self.modules.append(("m0000_kinds", None, None, None, None))

    def gen_module(self, target):
        rng = self.rng
        self.fileno += 1
        n = self.fileno
        e = Emitter(False, rng)
        self.compact = rng.random() < 0.3
        rank = rng.choice([2, 3, 3])
        theme = rng.choice(THEMES)
        mname = f"m{len(self.modules):04d}_{theme}"
        e.raw(f"! {mname}.f90 -- {self.phrase(6)}")
        e.raw(f"! generated by bench/generate_corpus.py (seed {self.seed}), free form module")
        e.raw(f"module {mname}")
        e.depth = 1
        e.stmt("use m0000_kinds")
        dep = None
        data_mods = [m for m in self.modules if m[1] is not None]
        if data_mods and rng.random() < 0.7:
            dep = rng.choice(data_mods[-8:])
            e.stmt(f"use {dep[0]}, only: {dep[3]}")
        e.stmt("implicit none")
        sizes = [rng.choice([64, 96, 128, 256]) for _ in range(3)]
        e.stmt(f"integer, parameter :: nxg = {sizes[0]}, nyg = {sizes[1]}, nzg = {sizes[2]}, nvar = {rng.randint(3, 7)}")
        e.stmt("real(dp) :: hx = 1.0_dp / (nxg - 1), hy = 1.0_dp / (nyg - 1), hz = 1.0_dp / (nzg - 1)")
        e.stmt("real(dp) :: tstep = 1.0e-3_dp, visc = 1.0e-2_dp")
        shape = ", ".join([":"] * rank)
        e.stmt(f"real(dp), allocatable :: uvel({shape}), vvel({shape}), pres({shape})")
        e.stmt(f"real(dp), allocatable :: qvar(:, {shape})")
        e.dvm(f"DISTRIBUTE ({', '.join(['BLOCK'] * rank)}) :: uvel")
        e.dvm(f"ALIGN ({', '.join('IJK'[:rank])}) WITH uvel({', '.join('IJK'[:rank])}) :: vvel, pres")
        e.depth = 0
        e.raw("contains")
        e.depth = 1
        gdims = ["nxg", "nyg", "nzg"][:rank]
        alloc = f"alloc_{n:04d}"
        e.stmt(f"subroutine {alloc}()")
        e.depth += 1
        g = ", ".join(gdims)
        e.stmt(f"allocate(uvel({g}), vvel({g}), pres({g}))")
        e.stmt(f"allocate(qvar(nvar, {g}))")
        e.stmt("uvel = 0.0_dp")
        e.stmt("vvel = 0.0_dp")
        e.stmt("pres = 0.0_dp")
        e.stmt("qvar = 0.0_dp")
        e.depth -= 1
        e.stmt(f"end subroutine {alloc}")
        e.blank()
        smooth = f"smooth_{n:04d}"
        self.gen_assumed_shape(e, smooth, rank)
        subs, funs, idx = self.fill_procedures(e, n, target - 40, rank, "module",
                                               rng.choice(ARRAY_SETS), ["hx", "hy", "hz"], None, [],
                                               module=mname)
        step = f"step_{n:04d}"
        e.stmt(f"subroutine {step}(eps)")
        e.depth += 1
        e.stmt("real(dp), intent(inout) :: eps")
        args = ", ".join(gdims + ["nvar", "uvel", "vvel", "pres", "qvar", "tstep", "eps"])
        for s in subs:
            e.stmt(f"call {s}({args})")
        e.stmt(f"call {smooth}(uvel, vvel, tstep)")
        if dep:
            e.stmt(f"call {dep[3]}(eps)")
        e.depth -= 1
        e.stmt(f"end subroutine {step}")
        e.blank()
        e.stmt(f"subroutine free_{n:04d}()")
        e.stmt("  deallocate(uvel, vvel, pres, qvar)")
        e.stmt(f"end subroutine free_{n:04d}")
        e.depth = 0
        e.raw(f"end module {mname}")
        self.modules.append((mname, rank, n, step, alloc))
        self.write(os.path.join("modules", f"{mname}.f90"), e.text(), "free")

    def gen_assumed_shape(self, e, name, rank):
        V = ["i", "j", "k"][:rank]
        shape = ", ".join([":"] * rank)
        e.comment(f"{name}: weighted smoothing of a with b, assumed-shape arguments")
        e.stmt(f"subroutine {name}(a, b, w)")
        e.depth += 1
        e.stmt(f"real(dp), intent(inout) :: a({shape})")
        e.stmt(f"real(dp), intent(in) :: b({shape})")
        e.stmt("real(dp), intent(in) :: w")
        e.stmt("integer :: " + ", ".join(V))
        e.dvm(f"PARALLEL ({', '.join(v.upper() for v in reversed(V))}) ON a({', '.join(v.upper() for v in V)})")
        for d in reversed(range(rank)):
            e.stmt(f"do {V[d]} = 2, size(a, {d + 1}) - 1")
            e.depth += 1
        nb = []
        for d in range(rank):
            for s in ("-1", "+1"):
                nb.append("b(" + ", ".join(V[x] + (s if x == d else "") for x in range(rank)) + ")")
        ref = f"a({', '.join(V)})"
        e.stmt(f"{ref} = (1.0_dp - w) * {ref} + w / {2 * rank} * (" + " + ".join(nb) + ")")
        for d in range(rank):
            e.depth -= 1
            e.stmt("end do")
        e.depth -= 1
        e.stmt(f"end subroutine {name}")
        e.blank()

    def gen_free_file(self, target):
        rng = self.rng
        self.fileno += 1
        n = self.fileno
        e = Emitter(False, rng)
        self.compact = rng.random() < 0.3
        rank = rng.choice([2, 3, 3])
        theme = rng.choice(THEMES)
        data_mods = [m for m in self.modules if m[1] is not None]
        mod = rng.choice(data_mods[-10:])
        arrays = rng.choice(ARRAY_SETS)
        use_lines = ["use m0000_kinds", f"use {mod[0]}, only: hx, hy, hz, visc"]
        e.raw(f"! {theme}_{n:04d}.f90 -- {self.phrase(6)}")
        e.raw(f"! generated by bench/generate_corpus.py (seed {self.seed}), free form")
        e.blank()
        subs, funs, idx = self.fill_procedures(e, n, target - 50, rank, "external", arrays,
                                               ["hx", "hy", "hz"], None, use_lines)
        drv = f"drv_{n:04d}"
        extra = [f"call {mod[3]}(eps)"]
        prev = self.prev_free_driver[rank]
        if prev:
            extra.append(f"call {prev}({', '.join(['n1', 'n2', 'n3'][:rank] + ['nv'] + list(arrays) + ['tau', 'eps'])})")
        self.gen_driver(e, drv, rank, arrays, subs, extra,
                        ["use m0000_kinds", f"use {mod[0]}, only: {mod[3]}"], None)
        self.prev_free_driver[rank] = drv
        if rng.random() < 0.12:
            self.gen_free_main(e, n, rank, drv, mod)
        rel = os.path.join("src", f"{theme}_{n:04d}.f90")
        self.write(rel, e.text(), "free")

    def gen_free_main(self, e, n, rank, drv, mod):
        g = ", ".join(["nxg", "nyg", "nzg"][:rank])
        shape = ", ".join([":"] * rank)
        lines = f"""program main_{n:04d}
  use m0000_kinds
  use {mod[0]}
  implicit none
  integer :: istep, nsteps
  real(dp) :: eps
  real(dp), allocatable :: a({shape}), b({shape}), c({shape}), q(:, {shape})
  nsteps = 20
  call {mod[4]}()
  allocate(a({g}), b({g}), c({g}), q(nvar, {g}))
  a = 0.0_dp
  b = 0.0_dp
  c = 0.0_dp
  q = 0.0_dp
  istep = 0
  eps = 1.0_dp
  do while (istep < nsteps .and. eps > 1.0e-8_dp)
    istep = istep + 1
    call {mod[3]}(eps)
    call {drv}({g}, nvar, a, b, c, q, tstep, eps)
    select case (mod(istep, 5))
    case (0)
      write(*, '(a, i6, a, es14.6)') ' step', istep, ' eps', eps
    case default
      eps = 0.5_dp * eps
    end select
  end do
  deallocate(a, b, c, q)
end program main_{n:04d}
"""
        for l in lines.rstrip("\n").split("\n"):
            e.raw(l)

    # ---------------------------------------------------------------------------------------
    def write(self, rel, text, form):
        path = os.path.join(self.out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        n = text.count("\n")
        self.files.append((rel, n, form))
        if form == "fixed":
            self.lines_fixed += n
        else:
            self.lines_free += n

    def file_target(self):
        t = int(math.exp(self.rng.uniform(math.log(250), math.log(3000))))
        left = self.target - self.lines_fixed - self.lines_free
        if left < t + 250:
            t = max(200, left)
        return t

    def run(self):
        self.gen_kinds_module()
        free_since_module = 99
        while self.lines_fixed + self.lines_free < self.target:
            t = self.file_target()
            if self.lines_fixed <= self.lines_free:
                self.gen_fixed_file(t)
            elif free_since_module >= self.rng.randint(4, 8):
                self.gen_module(t)
                free_since_module = 0
            else:
                self.gen_free_file(t)
                free_since_module += 1
        info = {
            "generator": "bench/generate_corpus.py",
            "seed": self.seed,
            "target_lines": self.target,
            "lines": self.lines_fixed + self.lines_free,
            "lines_fixed": self.lines_fixed,
            "lines_free": self.lines_free,
            "files": len(self.files),
            "files_fixed": sum(1 for f in self.files if f[2] == "fixed"),
            "files_free": sum(1 for f in self.files if f[2] == "free"),
            "modules": [m[0] for m in self.modules],
        }
        with open(os.path.join(self.out, "corpus.json"), "w") as f:
            json.dump(info, f, indent=1)
            f.write("\n")
        return info


def _words(text):
    return re.findall(r"[a-z_][a-z0-9_]*", text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir")
    ap.add_argument("--lines", type=int, default=500000, help="target physical lines (default 500000)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--force", action="store_true",
                    help="replace OUTDIR if it holds a corpus made by this script (corpus.json)")
    a = ap.parse_args()
    if a.lines < 1000:
        ap.error("--lines must be at least 1000")
    if os.path.exists(a.outdir) and os.listdir(a.outdir):
        if not (a.force and os.path.isfile(os.path.join(a.outdir, "corpus.json"))):
            sys.exit(f"generate_corpus.py: {a.outdir} is not empty (use --force to replace a corpus "
                     "generated by this script)")
        for sub_ in ("modules", "legacy", "src"):
            shutil.rmtree(os.path.join(a.outdir, sub_), ignore_errors=True)
        os.remove(os.path.join(a.outdir, "corpus.json"))
    os.makedirs(a.outdir, exist_ok=True)
    info = Generator(a.outdir, a.lines, a.seed).run()
    print(f"generate_corpus.py: {info['lines']} lines in {info['files']} files "
          f"({info['lines_fixed']} fixed form in {info['files_fixed']} files, "
          f"{info['lines_free']} free form in {info['files_free']} files, "
          f"{len(info['modules'])} modules) under {a.outdir}")


if __name__ == "__main__":
    main()
