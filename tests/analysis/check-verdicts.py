#!/usr/bin/env python3
"""A differential check of the analysis' "parallel" verdicts: random loop nests (integer arrays,
affine, triangular and red-black bounds, IF conditions, work arrays over constant and symbolic
bounds (some written and read under a flag the iteration sets) read directly and by calls (explicit- or assumed-shape dummies), columns of a 2-D one a callee writes box by box, a small one written
element by element or by a section (whole, in part, under a WHERE mask) and read whole (SUM, a call) or written in part by a callee and read element by element, around an EXIT or a CYCLE, in the arms of an IF or a SELECT
CASE (elements, or the whole array, or by a WHERE ... ELSEWHERE) or under IFs of one condition, scalars set and
read under flags the data decide (or written where one holds and where it fails) or in IF chains over a loop's values, elements packed at a counter and read up to it, one value written over overlapping elements, around a GO TO (a scalar set and read on the path that falls through it, or read where its path joins), in recurrences over a loop around another, element and scalar
updates (maxima under guards among them, of a scalar set in the iteration too), indexes linearized from two or three loop variables (strides an outer loop may change),
through a scalar or in the subscript, a
stepped loop's block number (v - lo)/step + c, or a quotient of another form) are loaded
with sapfor-lex; every loop it proves parallel (not as an ACROSS pipeline, whose iterations keep
their order) is run again with its iterations in reverse order (gfortran), each variable it makes private
(not live after it) set to garbage where it ends, and the results must not change (compiled
with bounds checks: a program out of bounds as written is skipped). A loop whose
iterations depend on each other almost always computes something else when they run backwards;
integer arithmetic keeps reductions exact.

Usage: check-verdicts.py SAPFOR_LEX [--programs N] [--seed S] [--keep DIR]
Exit 0: every parallel verdict held; 1: a counterexample (printed, its files kept); 77: no gfortran.
"""
import argparse
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile

N = 8  # the loops' extent; arrays are declared -30:40 so that every subscript stays inside
COUNTER_SHARE = 0.1  # of the work-array statements, those packed at a counter
BOX_SHARE = 0.08  # of the others, columns of w2 written by a callee box by box


def offset(rng):
    return rng.choice([0, 0, 0, 1, -1, 2, -2, 3])


LABELS = [100]  # the last statement label a program used
STEPPED = {}  # a stepped loop's variable -> (its start, its step)
POOL = []  # subscripts used before in the program: references with the same subscripts are the
# ones whose answers the tests share (and whose IFs differ)


def affine(rng, variables):
    """An affine subscript over the loop variables in scope: v + c, c, or v - w + c; half of the
    time one used before in the program (with its variables in scope)."""
    reusable = [x for x in POOL if all(v in variables for v in x[1])]
    if reusable and rng.random() < 0.5:
        return rng.choice(reusable)[0]
    text = fresh_affine(rng, variables)
    POOL.append((text, [v for v in variables if v in text.replace("-", " ").replace("+", " ").split()]))
    return text


def fresh_affine(rng, variables):
    kind = rng.random()
    if kind < 0.15 or not variables:
        return str(rng.randint(-3, 3) + 4)
    v = rng.choice(variables)
    c = offset(rng)
    text = v if c == 0 else "%s %s %d" % (v, "+" if c > 0 else "-", abs(c))
    if kind > 0.9 and len(variables) > 1:
        w = rng.choice([x for x in variables if x != v])
        text = "%s - %s + %d" % (v, w, N)
    return text


def element(rng, array, variables):
    return "%s(%s, %s)" % (array, affine(rng, variables), affine(rng, variables))


def statement(rng, variables, depth):
    """One statement of a loop body (a list of lines)."""
    kind = rng.random()
    arrays = ["a", "b", "c"]
    stepped = [v for v in variables if v in STEPPED]
    if stepped and rng.random() < 0.15:  # a block number, or a quotient of another form, in a subscript
        v = rng.choice(stepped)
        lo, step = STEPPED[v]
        start = rng.choice([lo, lo, lo, lo - 1, lo + 1, lo - step])
        divisor = rng.choice([step, step, step, step + 1, 1])
        setting = "t = (%s - %d)/%d + %d" % (v, start, divisor, rng.choice([0, 1, 2]))
        e = element(rng, rng.choice(arrays), variables)
        use = "s(t + %d) = mod(3 * s(t + %d) + %s, 1009)" % (rng.choice([0, 0, 1]), rng.choice([0, 0, 0, 1, -1]), e)
        return [setting, use] if rng.random() < 0.85 else [use, setting]
    if kind < 0.35:
        if rng.random() < 0.2:  # one value written over overlapping elements: a constant, one of
            # two constants, or a value following a loop variable (the outer one, or the innermost)
            value = rng.choice(["7", "7", "%s * 3" % variables[0], "%s + 1" % variables[-1], "n"])
            lines = ["%s = %s" % (element(rng, rng.choice(arrays), variables), value)]
            if rng.random() < 0.3:
                lines.append("%s = %s" % (element(rng, rng.choice(arrays), variables), rng.choice([value, "5"])))
            return lines
        return ["%s = %s + %s" % (element(rng, rng.choice(arrays), variables), element(rng, rng.choice(arrays), variables),
                                   element(rng, rng.choice(arrays), variables))]
    if kind < 0.5:  # a guarded assignment
        v = rng.choice(variables)
        op = rng.choice(["==", ">", "<=", "/="])
        cond = "%s %s %d" % (v, op, rng.randint(1, N))
        if len(variables) > 1 and rng.random() < 0.4:
            cond = "%s %s %s" % (variables[0], op, variables[-1])
        body = "%s = %s * 2" % (element(rng, rng.choice(arrays), variables), element(rng, rng.choice(arrays), variables))
        if rng.random() < 0.5:
            return ["if (%s) %s" % (cond, body)]
        return ["if (%s) then" % cond, "  " + body, "end if"]
    if kind < 0.62:  # a work array written, then read (directly or by a call)
        k = "k%d" % depth
        if rng.random() < COUNTER_SHARE:  # packed at a counter (CICE's indxi(icells) = i after
            # icells = icells + 1), then read up to it: from K+1 (covered), or from below, one past
            # it, two at a time, written one off, or with a CYCLE between the count and the write
            m = "m%d" % depth
            start = rng.choice([0, 0, 0, 2])
            e = element(rng, rng.choice(arrays), variables)
            write = "w(cn %s)" % rng.choice(["", "", "", "", "+ 1", "- 1"])
            body = ["  cn = cn + %d" % rng.choice([1, 1, 1, 1, 2])]
            if rng.random() < 0.15:
                body.append("  if (b(%s, %s) > %d) cycle" % (k, variables[0], rng.randint(5, 15)))
            body.append("  %s = %s + %s" % (write, e, k))
            if rng.random() < 0.1:
                body[-1] = "  if (%s > %d) %s" % (k, rng.randint(1, N), body[-1].strip())
            pack = ["do %s = 1, %d" % (k, N), "  if (a(%s, %s) > %d) then" % (k, variables[-1], rng.randint(0, 16))] + \
                   ["  " + line for line in body] + ["  end if", "end do"]
            target = element(rng, rng.choice(arrays), variables)
            low = rng.choice([start + 1, start + 1, start + 1, 1, start])
            read = ["do %s = %d, cn%s" % (m, low, rng.choice(["", "", "", " + 1"])),
                    "  %s = %s + w(%s)" % (target, target, m), "end do"]
            return ["cn = %d" % start] + pack + read
        if rng.random() < 0.12:  # a scalar the iteration sets once (ee = mod(i, 2)) bounding a
            # nest that writes w and a later one that reads it (CCS QCD's He over itb = 1 - ieoxyz,
            # NTH - ieoxyz): set before both, between them (the first runs with the last value),
            # or under an IF; read over the same range, or one reaching past it
            m = "m%d" % depth
            e = element(rng, rng.choice(arrays), variables)
            setting = ["ee = mod(%s, %d)" % (rng.choice(variables), rng.choice([2, 3]))]
            if rng.random() < 0.15:
                setting = ["if (%s > %d) ee = mod(%s, 2)" % (variables[0], rng.randint(1, N), variables[-1])]
            fill = ["do %s = 1 - ee, 6 - ee" % k, "  w(%s) = %s + %s" % (k, e, k), "end do"]
            target = element(rng, rng.choice(arrays), variables)
            lo, hi = rng.choice([("1 - ee", "6 - ee"), ("1 - ee", "6 - ee"), ("1 - ee", "6 - ee"), ("0", "5"),
                                 ("1 - ee", "7 - ee"), ("2 - ee", "6 - ee")])
            read = ["do %s = %s, %s" % (m, lo, hi), "  %s = %s + w(%s)" % (target, target, m), "end do"]
            return setting + fill + read if rng.random() < 0.8 else fill + setting + read
        if rng.random() < 0.1:  # a small one, w4(4), written element by element (all of it, its
            # ends and a loop between, all but one, or one under an IF), then read whole: SUM or a
            # call that reads every element
            e = element(rng, rng.choice(arrays), variables)
            fill = rng.choice([["do %s = 1, 4" % k, "  w4(%s) = %s + %s" % (k, e, k), "end do"],
                               ["w4(1) = %s" % e, "w4(4) = %s + 4" % e, "do %s = 2, 3" % k, "  w4(%s) = %s + %s" % (k, e, k),
                                "end do"],
                               ["do %s = 1, 3" % k, "  w4(%s) = %s + %s" % (k, e, k), "end do"],
                               ["do %s = 1, 4" % k, "  w4(%s) = %s + %s" % (k, e, k), "end do",
                                "if (%s > %d) w4(2) = %s" % (variables[0], rng.randint(1, N), e)],
                               ["do %s = 2, 4" % k, "  w4(%s) = %s + %s" % (k, e, k), "end do",
                                "if (%s > %d) w4(1) = %s" % (variables[0], rng.randint(1, N), e)]])
            if rng.random() < 0.35:  # or by a section: every element (w4(:)), some (w4(2:4)), or
                # those a WHERE's mask selects, with a read in the arm too (w4(1) read whether or
                # not the mask selected it)
                mask = "a(1:4, %s) > %d" % (variables[0], rng.randint(-5, 40))
                fill = rng.choice([["w4(:) = %s" % e], ["w4(:) = %s" % e], ["w4(2:4) = %s" % e],
                                   ["where (%s)" % mask, "  w4(:) = %s" % e, "end where"],
                                   ["where (%s)" % mask, "  w4 = %s" % e,
                                    "  c(1:4, %s) = w4(%d)" % (variables[-1], rng.randint(1, 4)), "end where"]])
            if rng.random() < 0.3:  # or by a callee that passes it on to callees that define it
                # (all of it, or elements from a count it passes), or that do not quite (one
                # element left, or one read first)
                fill = ["call %s(w4, %s)" % (rng.choice(["put4w", "put2e", "put2bad", "peek4"]), e)]
            target = element(rng, rng.choice(arrays), variables)
            read = "%s = sum(w4)" % target if rng.random() < 0.5 else "call take4(w4, %s)" % target
            if rng.random() < 0.4:  # or by a callee that writes some of its elements (put4), read
                # one by one: those it writes, or one it may not
                fill = ["call put4(w4, %s)" % e]
                read = "%s = w4(%d) + w4(%d)" % (target, rng.choice([1, 3, 3]), rng.choice([1, 1, 3, 2, 4]))
            return fill + [read]
        if rng.random() < BOX_SHARE:  # columns of w2 a callee writes whole (box_cols: column 1
            # and the column it is passed, through a local; box_shift: the one before it), or not
            # quite (box_short: rows -30..39; box_if: the passed one under an IF; box_peek: reads
            # first), passed as a constant or following a loop variable; then elements read
            e = element(rng, rng.choice(arrays), variables)
            callee = rng.choice(["box_cols", "box_cols", "box_tail", "box_tail", "box_shift", "box_short", "box_if", "box_peek",
                                 "box_rows", "box_rows", "box_half", "box_half"])
            low = 2 if callee == "box_shift" else 1
            col = rng.choice([str(rng.randint(low, 4)), "mod(%s, %d) + %d" % (rng.choice(variables), 5 - low, low)])
            column = rng.choice(["1", col, col, str(rng.randint(1, 4))])
            if callee == "box_shift" and rng.random() < 0.6:
                column = col + " - 1"
            target = element(rng, rng.choice(arrays), variables)
            read = "%s = w2(%s, %s) + w2(%s, 1)" % (target, affine(rng, variables), column, affine(rng, variables))
            if callee == "box_rows":  # rows lo..hi of columns 1 and col (lo..hi a constant, n or
                # a loop variable apart); read at a row within or past them
                lo, hi = rng.choice(["-30", "1", "0", variables[0]]), rng.choice(["40", "n", "n + 1", "%s + 3" % variables[-1]])
                return ["call box_rows(w2, %s, %s, %s, %s)" % (e, col, lo, hi), read]
            if callee == "box_half":  # a dummy of 2 columns, both filled (rows -30..39): columns 3
                # and 4 of w2 are not written
                return ["call box_half(w2, %s)" % e,
                        "%s = w2(%s, %d)" % (target, affine(rng, variables), rng.randint(1, 4))]
            return ["call %s(w2, %s, %s)" % (callee, e, col), read]
        if rng.random() < 0.15:  # a recurrence per column of a 2-D work array, its first row set by a
            # loop over the columns, or once with the column variable a loop left behind (stale)
            m = "m%d" % depth
            e = element(rng, rng.choice(arrays), variables)
            if rng.random() < 0.5:
                seed = ["do %s = 1, 4" % m, "  w2(1, %s) = %s + %s" % (m, e, m), "end do"]
            else:
                seed = ["do %s = 1, 3" % m, "  %s = %s + %s" % (element(rng, rng.choice(arrays), variables), e, m),
                        "end do", "w2(1, %s) = %s" % (m, e)]
            return seed + ["do %s = 1, 4" % m, "  do %s = 2, %d" % (k, N), "    w2(%s, %s) = w2(%s - 1, %s) + %s" % (k, m, k, m, e),
                           "  end do", "end do", "%s = w2(%d, %d)" % (element(rng, rng.choice(arrays), variables), N,
                                                                   rng.randint(1, 4))]
        if rng.random() < 0.15:  # a recurrence over the rows around a loop over the columns (FV3's
            # phiz(i, k) from phiz(i, k+1) in DO k around DO i): its start row(s) set over all the
            # columns, some or none, rising or falling, the column range fixed or moving with the
            # row, the write maybe guarded; then rows read one or two past what it wrote
            m = "m%d" % depth
            e = element(rng, rng.choice(arrays), variables)
            falling = rng.random() < 0.5
            dist = rng.choice([1, 1, 1, 2])
            sign = 1 if falling else -1
            seed = []
            for r in range(rng.choice([0, 1, 1, 1, 2, 2])):
                row = N + dist - r if falling else 1 - dist + r  # rows the first iterations read
                seed += ["do %s = %s" % (m, rng.choice(["1, 4", "1, 4", "1, 4", "2, 4"])),
                         "  w2(%d, %s) = %s + %s" % (row, m, e, m), "end do"]
            header = "do %s = %d, 1, -1" % (k, N) if falling else "do %s = 1, %d" % (k, N)
            # (the moving ranges stay within w2's 4 columns: 1..k-4, 1..5-k)
            cols = rng.choice(["1, 4", "1, 4", "1, 4", "1, %s - 4" % k, "1, 5 - %s" % k])
            write = "w2(%s, %s) = w2(%s %s %d, %s) + %s" % (k, m, k, "+" if sign > 0 else "-", dist, m, e)
            if rng.random() < 0.2:
                write = "if (%s > %d) %s" % (rng.choice(variables), rng.randint(1, N), write)
            lo, hi = rng.choice(["0", "1", "2"]), rng.choice(["%d" % N, "%d" % (N + 1), "%d" % (N - 1)])
            return seed + [header, "  do %s = %s" % (m, cols), "    " + write, "  end do", "end do",
                           "do %s = %s, %s" % (k, lo, hi), "  do %s = 1, 4" % m,
                           "    %s = w2(%s, %s) + 1" % (element(rng, rng.choice(arrays), variables), k, m),
                           "  end do", "end do"]
        if rng.random() < 0.15:  # the rows of a 2-D work array written one statement each (or a
            # loop for the last ones, or one row missing) over a column loop, then read through a
            # short loop over the rows, at columns that may reach past those written
            m = "m%d" % depth
            lo, hi = rng.choice(["1", "2"]), rng.choice(["n", "n - 1", variables[0]])
            rows = [1, 2, 3, 4]
            guarded = []  # a row written only in some iterations of the loop outside
            if rng.random() < 0.25:
                missing = rng.choice(rows)
                rows.remove(missing)
                guarded = ["  if (%s > %d) w2(%s, %d) = %s" % (variables[0], rng.randint(1, N), k, missing,
                                                              element(rng, rng.choice(arrays), variables))]
            body = guarded + ["  w2(%s, %d) = %s + %d" % (k, r, element(rng, rng.choice(arrays), variables), r) for r in rows if r < 3]
            if rng.random() < 0.5:
                body += ["  do %s = 3, 4" % m, "    w2(%s, %s) = %s + %s" % (k, m, element(rng, rng.choice(arrays), variables), m),
                         "  end do"] if 3 in rows and 4 in rows else []
            else:
                body += ["  w2(%s, %d) = %s" % (k, r, element(rng, rng.choice(arrays), variables)) for r in rows if r >= 3]
            off = rng.choice(["- 1", "", "+ 1"])
            return (["do %s = %s, %s" % (k, lo, hi)] + body + ["end do",
                     "do %s = %s, %s" % (k, rng.choice(["1", "2"]), rng.choice(["n", "n - 1"])),
                     "  do %s = 1, %d" % (m, rng.choice([3, 4, 4])),
                     "    %s = w2(%s %s, %s) + 1" % (element(rng, rng.choice(arrays), variables), k, off, m),
                     "  end do", "end do"])
        if rng.random() < 0.15:  # written in the arms of an IF or a SELECT CASE, then read: every arm
            # writing it (ELSE, CASE DEFAULT), or an arm missing or writing less
            hi = rng.choice(["n", "n - 1"])
            whole = rng.random() < 0.3  # w set whole in the arms (w = ...), or by a WHERE ... ELSEWHERE
            def fill(top):
                if whole:
                    return ["  w = %s" % element(rng, rng.choice(arrays), variables)]
                return ["  do %s = 1, %s" % (k, top),
                        "    w(%s) = %s + %s" % (k, element(rng, rng.choice(arrays), variables), k), "  end do"]
            def other():
                if whole and rng.random() < 0.2:  # an arm that writes less
                    return ["  w(1:4) = %s" % element(rng, rng.choice(arrays), variables)]
                return fill(hi if rng.random() < 0.8 else "n - 2")
            last = ["else"] + other() if rng.random() < 0.8 else []
            if whole and rng.random() < 0.4:
                mask = "s > %d" % rng.randint(0, 10)
                tail = rng.choice([["elsewhere", "  w = %s" % element(rng, rng.choice(arrays), variables)],
                                   ["elsewhere", "  w = %s" % element(rng, rng.choice(arrays), variables)],
                                   ["elsewhere (s < 3)", "  w = %s" % element(rng, rng.choice(arrays), variables)], []])
                arms = ["where (%s)" % mask] + fill(hi) + tail + ["end where"]
                return arms + ["do %s = 1, %s" % (k, rng.choice([hi, "n"])),
                               "  c(%s, %s + 10) = c(%s, %s + 10) + w(%s)" % (k, variables[-1], k, variables[-1], k),
                               "end do"]
            if rng.random() < 0.15:  # written under a flag the iteration sets, read under it, the flag
                # maybe set again (or negated) between the two IFs or in the write's own arm
                reset = "  f = %s > %d" % (element(rng, rng.choice(arrays), variables), rng.randint(5, 12))
                write = ["if (f) then", "  do %s = 1, %s" % (k, hi),
                         "    w(%s) = %s + %s" % (k, element(rng, rng.choice(arrays), variables), k), "  end do"]
                if rng.random() < 0.2:
                    write.append(reset)
                write.append("end if")
                if rng.random() < 0.2:
                    write.append(rng.choice([reset.strip(), "f = .not. f"]))
                return (["f = %s > %d" % (element(rng, rng.choice(arrays), variables), rng.randint(5, 12))] + write +
                        ["if (f) then", "  do %s = 1, %s" % (k, rng.choice([hi, "n - 2", "n"])),
                         "    c(%s, %s + 10) = c(%s, %s + 10) + w(%s)" % (k, variables[-1], k, variables[-1], k),
                         "  end do", "end if"])
            if rng.random() < 0.3:  # written under an IF, read under an IF of the same condition (or
                # not quite: another one, a neighbour's element), the condition on data or on the loops
                v = rng.choice(variables)
                conds = ["mod(%s + %s, 3) /= 0" % (k, v), "b(%s, %d) > %d" % (k, rng.randint(1, 3), rng.randint(5, 12)),
                         "%s > %s" % (k, v)]
                cond = rng.choice(conds)
                read_cond = cond if rng.random() < 0.8 else rng.choice(conds)
                at = k if rng.random() < 0.8 else "%s + 1" % k
                return (["do %s = 1, %s" % (k, hi), "  if (%s) then" % cond,
                         "    w(%s) = %s + %s" % (k, element(rng, rng.choice(arrays), variables), k), "  end if", "end do",
                         "do %s = 1, %s" % (k, rng.choice([hi, "n - 2"])), "  if (%s) then" % read_cond,
                         "    c(%s, %s + 10) = c(%s, %s + 10) + w(%s)" % (k, variables[-1], k, variables[-1], at),
                         "  end if", "end do"])
            if rng.random() < 0.5:
                cond = "%s > %d" % (rng.choice(variables), rng.randint(1, N))
                arms = ["if (%s) then" % cond] + fill(hi) + last + ["end if"]
            else:
                arms = (["select case (mod(%s, 3))" % rng.choice(variables), "case (0)"] + fill(hi) + ["case (1)"] + other() +
                        [line.replace("else", "case default") for line in last[:1]] + last[1:] + ["end select"])
            if rng.random() < 0.5:
                return arms + ["do %s = 1, %s" % (k, rng.choice([hi, "n"])),
                               "  c(%s, %s + 10) = c(%s, %s + 10) + w(%s)" % (k, variables[-1], k, variables[-1], k),
                               "end do"]
            return arms + ["%s = w(%s) + w(%s)" % (element(rng, rng.choice(arrays), variables), affine(rng, variables),
                                                   affine(rng, variables))]
        if rng.random() < 0.2:  # around an EXIT or CYCLE that the data decide: written before a loop
            # an EXIT leaves (its elements then updated there), written in such a loop (the later
            # elements not always), or written and the rest of the iteration skipped now and then
            m = "m%d" % depth
            lo, hi = rng.choice(["1", "2"]), rng.choice(["n", "n - 1"])
            e, e2 = element(rng, rng.choice(arrays), variables), element(rng, rng.choice(arrays), variables)
            cond = "%s + %s > %d" % (k, rng.choice(variables), rng.randint(N, N + 5))  # no array read: no dependence of its own
            shape = rng.random()
            if shape < 0.4:
                fill = ["do %s = %s, %s" % (k, lo, hi), "  w(%s) = %s + %s" % (k, e, k), "end do",
                        "do %s = 1, 3" % m, "  do %s = %s, %s" % (k, lo, hi), "    if (w(%s) < 20) w(%s) = w(%s) + %s" % (k, k, k, e2),
                        "  end do", "  if (w(%s) > %d) exit" % (lo, rng.randint(15, 25)), "end do"]
            elif shape < 0.65:
                fill = ["do %s = %s, %s" % (k, lo, hi), "  if (%s) exit" % cond, "  w(%s) = %s + %s" % (k, e, k), "end do"]
            elif shape < 0.8:  # a CYCLE of the fill, or F77's GO TO to its terminal CONTINUE, before
                # or after the write
                write = "  w(%s) = %s + %s" % (k, e, k)
                if rng.random() < 0.5:
                    LABELS[0] += 1
                    skip, head, tail = "  if (%s) go to %d" % (cond, LABELS[0]), "do %d %s = %s, %s" % (LABELS[0], k, lo, hi), \
                        "%d continue" % LABELS[0]
                else:
                    skip, head, tail = "  if (%s) cycle" % cond, "do %s = %s, %s" % (k, lo, hi), "end do"
                fill = [head] + ([write, skip] if rng.random() < 0.5 else [skip, write]) + [tail]
            else:
                fill = ["do %s = %s, %s" % (k, lo, hi), "  w(%s) = %s + %s" % (k, e, k), "end do",
                        "if (%s) cycle" % cond.replace(k, lo)]
            if rng.random() < 0.5:  # read into elements each iteration of the innermost loop has to itself
                return fill + ["do %s = %s, %s" % (k, rng.choice([lo, "1", "2"]), rng.choice([hi, "n"])),
                               "  c(%s, %s + 10) = c(%s, %s + 10) + w(%s)" % (k, variables[-1], k, variables[-1], k),
                               "end do"]
            return fill + ["%s = w(%s) + w(%s)" % (element(rng, rng.choice(arrays), variables), affine(rng, variables),
                                                   affine(rng, variables))]
        if rng.random() < 0.3:  # a recurrence over the work array, its first element(s) set before
            lo, hi = rng.choice(["1", "2"]), rng.choice(["n", "n - 1"])
            e = element(rng, rng.choice(arrays), variables)
            if rng.random() < 0.5:  # rising: w(k) from w(k - d), the first d set (or not quite) before
                dist = rng.choice([1, 1, 2])
                seeds = ["w(%s + %d) = %s" % (lo, t, e) for t in range(dist)]
                if rng.random() < 0.3:
                    seeds = seeds[:-1] if len(seeds) > 1 else ["w(%s + 1) = %s" % (lo, e)]
                fill = seeds + ["do %s = %s + %d, %s" % (k, lo, dist, hi), "  w(%s) = w(%s - %d) + %s" % (k, k, dist, e), "end do"]
            else:  # falling: w(k) from w(k + 1), the last set (or not) before; then read over a range
                last = hi if rng.random() < 0.75 else "%s - 1" % hi
                fill = ["w(%s) = %s" % (last, e), "do %s = %s - 1, %s, -1" % (k, hi, lo),
                        "  w(%s) = w(%s + 1) - %s" % (k, k, e), "end do"]
            if rng.random() < 0.5:
                return fill + ["do %s = %s, %s" % (k, rng.choice([lo, "1", "2"]), rng.choice([hi, "n"])),
                               "  %s = %s + w(%s)" % (element(rng, rng.choice(arrays), variables),
                                                      element(rng, rng.choice(arrays), variables), k), "end do"]
            return fill + ["%s = w(%s) + w(%s)" % (element(rng, rng.choice(arrays), variables), affine(rng, variables),
                                                   affine(rng, variables))]
        if rng.random() < 0.15:  # set whole (or, under an IF, maybe not), then read
            e = element(rng, rng.choice(arrays), variables)
            whole = "w = %s" % e if rng.random() < 0.7 else "if (%s > %d) w = %s" % (variables[0], rng.randint(1, N), e)
            if rng.random() < 0.5:  # or a section of it, its bounds constant or following a loop
                whole = "w(%s:%s) = %s" % (rng.choice(["-30", "1", variables[0]]), rng.choice(["40", "n", "n + 2"]), e)
            return [whole, "%s = w(%s) + w(%s)" % (element(rng, rng.choice(arrays), variables), affine(rng, variables),
                                                   affine(rng, variables))]
        if rng.random() < 0.35:  # written by a call up to a bound it is passed, then read
            fill = rng.choice(["fill_to", "fill_to", "fill_to_ret"])
            hi = rng.choice(["n", "n - 1", variables[0], "%s + 2" % variables[-1]])
            return ["call %s(%s, w, %s)" % (fill, hi, element(rng, rng.choice(arrays), variables)),
                    "%s = w(%s) + w(%s)" % (element(rng, rng.choice(arrays), variables), affine(rng, variables),
                                            affine(rng, variables))]
        if rng.random() < 0.4:  # written by a call: all of it before reading any, or not quite
            # (an explicit-shape dummy, or an assumed-shape one); then elements read, or all of it
            fill = rng.choice(["fill_all", "fill_all", "fill_part", "fill_ret", "fill_zero",
                               "shape_all", "shape_all", "shape_part", "shape_low", "shape_ret",
                               "fill_arms", "fill_arm", "fill_arm_read"])
            read = ("sum(w)" if rng.random() < 0.25 else
                    "w(%s) + w(%s)" % (affine(rng, variables), affine(rng, variables)))
            return ["call %s(w, %s)" % (fill, element(rng, rng.choice(arrays), variables)),
                    "%s = %s" % (element(rng, rng.choice(arrays), variables), read)]
        if rng.random() < 0.5:  # over symbolic bounds, read at subscripts of the loops around
            lo, hi = rng.choice(["1", "1", "0", "2"]), rng.choice(["n", "n", "n - 1", "n + 1", "nv(1)", "nv(2) - 1"])
            fill = ["do %s = %s, %s" % (k, lo, hi), "  w(%s) = %s + %s" % (k, element(rng, rng.choice(arrays), variables), k),
                    "end do"]
            if rng.random() < 0.3:  # or each element set by a call that writes it (set1), or may not
                fill[1] = "  call %s(w(%s), %s + %s)" % (rng.choice(["set1", "set1", "set1maybe"]), k,
                                                        element(rng, rng.choice(arrays), variables), k)
            if rng.random() < 0.3:
                return fill + ["call take(w(%s), %s)" % (affine(rng, variables), element(rng, rng.choice(arrays), variables))]
            return fill + ["%s = w(%s) + w(%s)" % (element(rng, rng.choice(arrays), variables), affine(rng, variables),
                                                   affine(rng, variables))]
        return ["do %s = 1, 4" % k, "  w(%s) = %s + %s" % (k, element(rng, rng.choice(arrays), variables), k),
                "end do", "%s = w(%d) + w(%d)" % (element(rng, rng.choice(arrays), variables), rng.randint(1, 4),
                                                  rng.randint(1, 5))]
    if kind < 0.74:  # an element update (a possible array reduction)
        target = "s(%s)" % affine(rng, variables) if rng.random() < 0.7 else "s(3)"
        op = rng.choice(["+", "+", "*"])
        return ["%s = %s %s %s" % (target, target, op, element(rng, rng.choice(arrays), variables) if op == "+" else "3")]
    if kind < 0.80:  # a scalar temporary
        if rng.random() < 0.2:  # around a GO TO: one that stays inside a loop before the write, or
            # one that skips the write (in the same block or from inside an IF arm)
            LABELS[0] += 1
            label = LABELS[0]
            e, target = element(rng, rng.choice(arrays), variables), element(rng, rng.choice(arrays), variables)
            cond = "%s > %d" % (element(rng, rng.choice(arrays), variables), rng.randint(5, 15))
            shape = rng.random()
            if shape < 0.25:
                return ["do m%d = 1, 3" % depth, "  if (%s) goto %d" % (cond, label), "  %s = %s + m%d" % (target, target, depth),
                        "%d continue" % label, "end do", "t = %s" % e, "%s = t + 1" % target]
            if shape < 0.4:  # out of a loop to the statement right after it (an EXIT), with t or
                # w written after the target, or in the loop after the jump
                m = "m%d" % depth
                out = ["do %s = 1, 4" % m, "  if (%s) goto %d" % (cond, label)]
                fill = rng.random()
                if fill < 0.25:
                    return out + ["end do", "%d continue" % label, "t = %s" % e, "%s = t + 1" % target]
                if fill < 0.5:
                    return out + ["  t = %s + %s" % (e, m), "end do", "%d continue" % label, "%s = t + 1" % target]
                if fill < 0.6:
                    return out + ["end do", "%d continue" % label, "do %s = 1, 4" % m, "  w(%s) = %s + %s" % (m, e, m), "end do",
                                  "%s = w(1) + w(4)" % target]
                if fill < 0.8:  # the target past the loop that fills w: the jump skips it
                    return out + ["end do", "do %s = 1, 4" % m, "  w(%s) = %s + %s" % (m, e, m), "end do", "%d continue" % label,
                                  "%s = w(1) + w(4)" % target]
                return out + ["  w(%s) = %s + %s" % (m, e, m), "end do", "%d continue" % label, "%s = w(1) + w(4)" % target]
            if shape < 0.55:
                return ["if (%s) goto %d" % (cond, label), "t = %s" % e, "%d continue" % label, "%s = t + 1" % target]
            if shape < 0.7:  # t written and read on the path that fell through, before the target
                return ["if (%s) goto %d" % (cond, label), "t = %s" % e, "%s = t + 1" % target, "%d continue" % label]
            if rng.random() < 0.5:  # the target at the end of an IF arm: t read in the arm before it,
                # or after the arm (where the jump's path joins without t)
                after = element(rng, rng.choice(arrays), variables)
                return ["if (%s > 3) then" % variables[-1], "  if (%s) goto %d" % (cond, label), "  t = %s" % e,
                        "  %s = t + 2" % target, "%d continue" % label, "end if"] + \
                       (["%s = t + 1" % after] if rng.random() < 0.5 else [])
            return ["if (%s > 3) then" % variables[-1], "  if (%s) goto %d" % (cond, label), "end if", "t = %s" % e,
                    "%d continue" % label, "%s = t + 1" % target]
        if rng.random() < 0.15:  # set in an IF ... ELSE IF chain on a short loop's variable, no ELSE:
            # every value of the loop tested, or one missing (then an earlier iteration's t is read)
            m = "m%d" % depth
            target = element(rng, rng.choice(arrays), variables)
            values = [1, 2, 3]
            if rng.random() < 0.4:
                values.remove(rng.choice(values))
            chain = []
            for k, v in enumerate(values):
                chain += ["  %s (%s == %d) then" % ("if" if k == 0 else "else if", m, v),
                          "    t = %s + %d" % (element(rng, rng.choice(arrays), variables), v)]
            return ["do %s = 1, 3" % m] + chain + ["  end if", "  %s = %s + t" % (target, target), "end do"]
        if rng.random() < 0.5:  # set under a flag the data decide, read under it (or under another,
            # its negation, in a loop that may change it, with the flag changed in between, or always)
            e, e2 = element(rng, rng.choice(arrays), variables), element(rng, rng.choice(arrays), variables)
            flag = ["f = %s > %d" % (e, rng.randint(5, 15))]
            if rng.random() < 0.5:
                flag.append("g = %s < %d" % (e2, rng.randint(5, 15)))
            else:
                flag.append("g = .not. f")
            if rng.random() < 0.3:  # the conditions on the elements themselves, written out at each
                # test; "the flag changed" is then an element of their array written
                conditions = {"f": "(%s)" % flag[0].split(" = ", 1)[1]}
                conditions["g"] = "(.not. %s)" % conditions["f"] if flag[1] == "g = .not. f" else \
                    "(%s)" % flag[1].split(" = ", 1)[1]

                def spelled(lines):
                    out = []
                    for line in lines:
                        if line.lstrip().startswith("f = ") or " f = " in line:
                            array = e.split("(", 1)[0]
                            changed = element(rng, array, variables)
                            line = line.replace(line[line.index("f = "):], "%s = %s + 7" % (changed, changed))
                        line = line.replace("(.not. f)", "(.not. %s)" % conditions["f"])
                        line = line.replace("if (f)", "if %s" % conditions["f"]).replace("if (g)", "if %s" % conditions["g"])
                        out.append(line)
                    return out
            else:
                spelled = None
            shape = rng.random()
            if shape < 0.4:
                write = ["if (f) t = %s" % e2]
            elif shape < 0.8:
                write = ["if (f) then", "  t = %s" % e2, "else if (g) then", "  t = %s + 1" % e, "end if"]
            else:  # where f holds and where it fails (the flag maybe changed between)
                write = ["if (f) t = %s" % e2]
                if rng.random() < 0.3:
                    write.append("f = %s > %d" % (element(rng, rng.choice(arrays), variables), rng.randint(5, 15)))
                write.append("if (.not. f) t = %s + 1" % e)
            if rng.random() < 0.2:
                write.append("f = %s > %d" % (element(rng, rng.choice(arrays), variables), rng.randint(5, 15)))
            target = element(rng, rng.choice(arrays), variables)
            read = rng.choice([["if (f) %s = t + 1" % target], ["if (f) %s = t + 1" % target],
                               ["if (g) %s = t + 1" % target], ["if (.not. f) %s = t + 1" % target],
                               ["%s = t + 1" % target], ["if (f) then", "  %s = t + 2" % target, "end if"],
                               ["do m%d = 1, 3" % depth, "  if (f) %s = %s + t" % (target, target),
                                "  if (m%d == %d) f = %s > 9" % (depth, rng.randint(1, 3), e), "end do"]])
            if spelled:
                return spelled(write + read)
            return flag + write + read
        return ["t = %s" % element(rng, rng.choice(arrays), variables), "%s = t + 1" % element(rng, rng.choice(arrays), variables)]
    if kind < 0.86:  # a subscript through a scalar set to an affine value, before or after its use
        v = rng.choice(variables)
        setting = "t = %s" % affine(rng, variables)
        use = "%s(t, %s) = %s(t %s 1, %s) + 1" % (rng.choice(arrays), v, rng.choice(arrays), rng.choice(["+", "-"]), v)
        return [setting, use] if rng.random() < 0.7 else [use, setting]
    if kind < 0.92 and len(variables) > 1:  # an index linearized from two variables, before or after its use
        v, w = rng.sample(variables, 2)
        stride = rng.choice(["n", "n", "(n - 1)", "(n + 1)"])  # n - 1: rows overlap when v runs 1 .. n
        t = rng.choice(["t", "t2"])  # two such indexes in one loop: different strides never compare
        setting = "%s = %s + (%s - 1)*%s - 31" % (t, v, w, stride)
        if rng.random() < 0.3:  # written in the subscript itself
            index = setting.split(" = ", 1)[1]
            return ["s(%s) = mod(3 * s(%s) + %s, 1009)" % (index, index, element(rng, rng.choice(arrays), variables))]
        use = "s(%s) = mod(3 * s(%s) + %s, 1009)" % (t, t, element(rng, rng.choice(arrays), variables))  # order matters
        return [setting, use] if rng.random() < 0.8 else [use, setting]
    if kind < 0.95:  # a section updated in order, its bounds following a loop (s(2*i-1:2*i)),
        # directly or through a scalar set to its start
        v = rng.choice(variables)
        c = rng.choice([1, 2, 3])
        lo = "%d*%s - %d" % (c, v, rng.randint(0, 2))
        hi = "%d*%s %s %d" % (c, v, *(("-", 1) if rng.random() < 0.25 else ("+", rng.randint(0, 2))))
        e = element(rng, rng.choice(arrays), variables)
        if rng.random() < 0.3:
            return ["t = %s" % lo, "s(t:%s) = mod(3 * s(t:%s) + %s, 1009)" % (hi, hi, e)]
        return ["s(%s:%s) = mod(3 * s(%s:%s) + %s, 1009)" % (lo, hi, lo, hi, e)]
    if rng.random() < 0.2:  # a maximum under a guard (a filtered maximum), or look-alikes that
        # are not one: the guard reads u, or an .OR.
        e, e2 = element(rng, rng.choice(arrays), variables), element(rng, rng.choice(arrays), variables)
        c = rng.randint(3, 12)
        return rng.choice([["if (%s > %d .and. %s > u) u = %s" % (e, c, e2, e2)],
                           ["if (%s > u .and. %s /= %d) then" % (e2, e, c), "  u = %s" % e2, "end if"],
                           ["if (u < %d .and. %s > u) u = %s" % (c + 20, e2, e2)],
                           ["if (%s > %d .or. %s > u) u = %s" % (e, c, e2, e2)],
                           # through a scalar set in the iteration (both sides of the test scalars)
                           ["mv = %s" % e2, "if (u < mv) u = mv"],
                           ["mv = %s" % e2, "if (mv > u) then", "  u = mv", "end if"],
                           ["mv = %s" % e2, "if (u < mv) u = mv + 1"]])
    # a scalar sum
    return ["u = u + %s" % element(rng, rng.choice(arrays), variables)]


def loop_header(rng, var, outer):
    """DO var = lo, hi: rectangular, triangular on an outer variable, or red-black (a step of 2
    from a start whose parity follows an outer variable: not run backwards itself)."""
    kind = rng.random()
    STEPPED.pop(var, None)
    if not outer and kind < 0.12:  # stepped: blocks of 2 or 3
        lo, step = rng.choice([1, 1, 2]), rng.choice([2, 3])
        STEPPED[var] = (lo, step)
        return "do %s = %d, n, %d" % (var, lo, step), None
    if outer and kind < 0.15:
        # The colour: an outer variable's parity, shifted (the black cells) or summed with
        # another outer variable's (a 3-D sweep).
        o = rng.choice(outer)
        shape = rng.random()
        if shape < 0.25:
            o = "%s + 1" % o
        elif shape < 0.5 and len(outer) > 1:
            o = "%s + %s" % (o, rng.choice([x for x in outer if x not in o.split()]))
        return "do %s = %d + mod(%s, 2), n, 2" % (var, rng.randint(1, 2), o), "stepped"
    if outer and kind < 0.3:
        o = rng.choice(outer)
        return "do %s = %s, n" % (var, o + (" + 1" if rng.random() < 0.5 else "")), (o, "+1")
    if outer and kind < 0.45:
        o = rng.choice(outer)
        return "do %s = 1, %s" % (var, o), None
    if rng.random() < 0.2:  # a bound through an element of an array the subroutine never writes
        return "do %s = 1, nv(%d)" % (var, rng.randint(1, 2)), None
    return "do %s = 1, n" % var, None


# The procedures with an assumed-shape dummy x and the lower bound it declares ("": 1).
SHAPE_FILLS = [("shape_all", ""), ("shape_part", ""), ("shape_low", "0"), ("shape_ret", "")]


def linearized_nest(rng, lines, loops):
    """A nest filling s through an index linearized from three loop variables (strides nn2 and
    nn·nn2 set before it, or overlapping: (nn - 1)·nn2, j from 0), or from two whose stride nn the
    outer loop changes (the inner loops' iterations apart; the outer's not, even where its
    variable is a digit: k1 + (i - 1)·nn)."""
    update = "s(%s) = mod(3 * s(%s) + a(k1, j), 1009)"
    if rng.random() < 0.5:
        lines += ["  nn = n / 4 + %d" % rng.randint(0, 1), "  nn2 = n / 2 - %d" % rng.randint(0, 1), "  do i = 1, 3"]
        loops[len(lines)] = "do i = 1, 3"
        header = "do j = %d, nn" % rng.choice([1, 1, 1, 0])
        top = rng.choice(["nn*nn2", "nn*nn2", "nn2*nn", "(nn - 1)*nn2"])
        index = "k1 + (j - 1)*nn2 + (i - 1)*%s - 25" % top
        inner = "do k1 = %d, nn2%s" % (rng.choice([1, 1, 1, 0]), rng.choice(["", "", " - 1"]))
    else:
        lines += ["  do i = 1, n"]
        loops[len(lines)] = "do i = 1, n"
        lines.append("    nn = %s" % rng.choice(["n - mod(i, 3)", "n / 2 + mod(i, 2)", "n"]))
        header = "do j = 1, 3"
        index = rng.choice(["k1 + (j - 1)*nn - 30", "k1 + (j - 1)*nn - 30 + i", "k1 + (i - 1)*nn - 30"])
        inner = "do k1 = %d, nn%s" % (rng.choice([1, 1, 1, 0]), rng.choice(["", "", " - 1"]))
    lines.append("    " + header)
    loops[len(lines)] = header
    lines.append("      " + inner)
    if rng.random() < 0.5:  # through a scalar, or in the subscript itself
        lines += ["        t = " + index, "        " + update % ("t", "t")]
    else:
        lines.append("        " + update % (index, index))
    lines += ["      end do", "    end do", "  end do"]


def program(rng):
    """A subroutine of one or two nests, and where its loops are (line -> (lo, hi))."""
    POOL.clear()
    STEPPED.clear()
    LABELS[0] = 100
    # w is the subroutine's own (a work array the analysis may privatize); what it leaves is read
    # after the nests now and then.
    lines = ["subroutine nest(a, b, c, s, n, u, nv)",
             "  integer :: n, i, j, k1, k2, m1, m2, t, t2, u, nv(2), w2(-30:40, 4), w4(4), nn, nn2, cn, ee, mv",
             "  integer :: a(-30:40, -30:40), b(-30:40, -30:40), c(-30:40, -30:40), s(-30:40), w(-30:40)",
             "  logical :: f, g"]
    # The procedures with assumed-shape dummies (below) need their interfaces here.
    for name, lower in SHAPE_FILLS:
        lines += ["  interface", "    subroutine %s(x, y)" % name, "      integer :: x(%s:), y" % lower,
                  "    end subroutine %s" % name, "  end interface"]
    # Now and then w and t are in COMMON (the scratch OpenMP codes make THREADPRIVATE), which the
    # driver reads after the call half of those times.
    common = rng.random() < 0.3
    if common:
        lines.append("  common /wk/ w, t")
    lines += ["  w = 1", "  w2 = 1", "  w4 = 1", "  ee = 0", "  mv = 0"]
    loops = {}
    arrays_of_nest = ["a", "b", "c"]
    if rng.random() < 0.2:
        linearized_nest(rng, lines, loops)
    for _ in range(rng.randint(1, 2)):
        header, _ = loop_header(rng, "i", [])
        lines.append("  " + header)
        loops[len(lines)] = header
        if rng.random() < 0.75:
            for st in [statement(rng, ["i"], 1) for _ in range(rng.randint(0, 1))]:
                lines += ["    " + l for l in st]
            header2, shape = loop_header(rng, "j", ["i"])
            read_after = rng.random() < 0.3  # what the inner loop leaves in the work arrays, read in i's iteration
            if read_after:  # all that read may take written first in i's iteration
                lines += ["    w(1:4) = %s" % element(rng, rng.choice(arrays_of_nest), ["i"]),
                          "    w2(1:%d, 1:4) = %s" % (N, element(rng, rng.choice(arrays_of_nest), ["i"]))]
            lines.append("    " + header2)
            if shape != "stepped":
                loops[len(lines)] = header2
            body = [statement(rng, ["i", "j"], 2) for _ in range(rng.randint(1, 3))]
            if read_after and rng.random() < 0.5:  # and the inner loop, free of other dependences, writes them first
                row = rng.randint(1, N)
                body = [["do k2 = 1, 4", "  w(k2) = a(j, i) + k2", "end do", "w2(%d, 2) = b(i, j)" % row,
                         "c(j, i) = w(%d) + w2(%d, 2)" % (rng.randint(1, 4), row)]]
            for st in body:
                lines += ["      " + l for l in st]
            lines.append("    end do")
            if read_after:
                lines.append("    %s = w(%d) + w2(%d, %d)" % (element(rng, rng.choice(arrays_of_nest), ["i"]),
                                                          rng.randint(1, 4), rng.randint(1, N), rng.randint(1, 4)))
        else:
            for st in [statement(rng, ["i"], 1) for _ in range(rng.randint(1, 3))]:
                lines += ["    " + l for l in st]
        lines.append("  end do")
    if rng.random() < 0.3:
        if rng.random() < 0.4:  # w set again before that read: all of it (so the loops' w is dead),
            # or maybe not (under an IF, a part of it)
            lines.append("  " + rng.choice(["w = 7", "w(:) = 7", "call fill_all(w, n)", "if (n > 3) w = 7",
                                            "w(1:3) = 7", "if (n > 3) call fill_all(w, n)"]))
        lines.append("  a(1, 1) = a(1, 1) + w(%d)" % rng.randint(1, 5))
    lines.append("end subroutine nest")
    lines += ["subroutine take(x, y)", "  integer :: x, y", "  y = x + 1", "end subroutine take"]
    lines += ["subroutine take4(x, y)", "  integer :: x(4), y", "  y = x(1) + 2 * x(2) + 3 * x(3) + 4 * x(4)",
              "end subroutine take4"]
    # x(1) and x(3) always, x(4) only for some y, x(2) never.
    lines += ["subroutine put4(x, y)", "  integer :: x(4), y", "  x(1) = y + 1", "  x(3) = 2 * y",
              "  if (y > 9) x(4) = y", "end subroutine put4"]
    # x set to y (set1), or only when y > 9 (set1maybe).
    lines += ["subroutine set1(x, y)", "  integer :: x, y", "  x = y", "end subroutine set1"]
    lines += ["subroutine set1maybe(x, y)", "  integer :: x, y", "  if (y > 9) x = y", "end subroutine set1maybe"]
    # Passing x on: fill4 writes all of it; fill2 elements 1..n of what it is passed (put2e
    # passes x(1) with n = 2 after writing x(3:4), put2bad n = 1); peek4 reads x(2) first.
    lines += ["subroutine fill4(x, y)", "  integer :: x(4), y, m", "  do m = 1, 4", "    x(m) = y + m", "  end do",
              "end subroutine fill4"]
    lines += ["subroutine fill2(n, z, y)", "  integer :: n, z(n), y, m", "  do m = 1, n", "    z(m) = y - m", "  end do",
              "end subroutine fill2"]
    lines += ["subroutine put4w(x, y)", "  integer :: x(4), y", "  call fill4(x, y)", "end subroutine put4w"]
    lines += ["subroutine put2e(x, y)", "  integer :: x(4), y", "  x(3) = y", "  x(4) = 2 * y", "  call fill2(2, x(1), y)",
              "end subroutine put2e"]
    lines += ["subroutine put2bad(x, y)", "  integer :: x(4), y", "  x(3) = y", "  x(4) = 2 * y", "  call fill2(1, x(1), y)",
              "end subroutine put2bad"]
    lines += ["subroutine peek4(x, y)", "  integer :: x(4), y, t", "  t = x(2)", "  call fill4(x, y + t)",
              "end subroutine peek4"]
    # Procedures that write a whole work array (its declared shape, -30:40) before reading it
    # (fill_all, fill_zero), or all but one element (fill_part), or may return first (fill_ret).
    for name, body in [("fill_all", ["do m = -30, 40", "  x(m) = m + y", "end do"]),
                       ("fill_part", ["do m = -30, 39", "  x(m) = m + y", "end do"]),
                       ("fill_ret", ["if (y > 8) return", "do m = -30, 40", "  x(m) = m + y", "end do"]),
                       ("fill_zero", ["x = y", "x(1) = x(2) + 1"]),
                       # whole in both arms of an IF; in one arm only (no ELSE); the ELSE arm
                       # reading an element first
                       ("fill_arms", ["if (y > 8) then", "  x = y", "else", "  x(:) = 2 * y", "  x(1) = x(2)", "end if"]),
                       ("fill_arm", ["if (y > 8) then", "  x = y", "end if"]),
                       ("fill_arm_read", ["if (y > 8) then", "  x = y", "else", "  m = x(3)", "  x = m + y", "end if"])]:
        lines += ["subroutine %s(x, y)" % name, "  integer :: x(-30:40), y, m"] + ["  " + l for l in body]
        lines.append("end subroutine %s" % name)
    # The same with an assumed-shape dummy (x(:), whose elements 1..size(x) are w's -30..40; x(0:):
    # 0..size(x)-1): all of it by 1..size(x) or lbound..ubound (shape_all, shape_low), all but
    # the last (shape_part), or maybe none (shape_ret).
    bodies = {"shape_all": ["do m = 1, size(x)", "  x(m) = m + y", "end do"],
              "shape_part": ["do m = 1, size(x) - 1", "  x(m) = m + y", "end do"],
              "shape_low": ["do m = lbound(x, 1), ubound(x, 1)", "  x(m) = m + y", "end do"],
              "shape_ret": ["if (y > 8) return", "do m = 1, size(x, 1)", "  x(m) = m + y", "end do"]}
    for name, lower in SHAPE_FILLS:
        lines += ["subroutine %s(x, y)" % name, "  integer :: x(%s:), y, m" % lower] + ["  " + l for l in bodies[name]]
        lines.append("end subroutine %s" % name)
    # Procedures that write columns of a w2-shaped dummy whole before reading any (box_cols: 1
    # and r, through a local; box_shift: 1 and r - 1; box_tail and box_rows below), or not quite (box_short: rows -30..39 of
    # r; box_if: r only when y > 9; box_peek: reads x(1, 2) first).
    for name, body in [("box_cols", ["q = r", "do m = -30, 40", "  x(m, 1) = y + m", "  x(m, q) = y - m", "end do"]),
                       ("box_shift", ["q = r - 1", "do m = -30, 40", "  x(m, 1) = y + m", "end do",
                                      "do m = -30, 40", "  x(m, q) = y - m", "end do"]),
                       ("box_short", ["do m = -30, 40", "  x(m, 1) = y + m", "end do", "do m = -30, 39", "  x(m, r) = y - m",
                                      "end do"]),
                       ("box_if", ["do m = -30, 40", "  x(m, 1) = y + m", "end do", "if (y > 9) then", "  do m = -30, 40",
                                   "    x(m, r) = y - m", "  end do", "end if"]),
                       ("box_peek", ["q = x(1, 2)", "do m = -30, 40", "  x(m, 1) = y + m + q", "  x(m, r) = y - m", "end do"])]:
        lines += ["subroutine %s(x, y, r)" % name, "  integer :: x(-30:40, 4), y, r, m, q"] + ["  " + l for l in body]
        lines.append("end subroutine %s" % name)
    # Rows -30..39 of both columns of a dummy of 2 (box_half): its last dimension filled, w2's not.
    lines += ["subroutine box_half(x, y)", "  integer :: x(-30:40, 2), y, m, c", "  do c = 1, 2", "    do m = -30, 39",
              "      x(m, c) = y + m + c", "    end do", "  end do", "end subroutine box_half"]
    # Rows lo..hi of columns 1 and r (box_rows).
    lines += ["subroutine box_rows(x, y, r, lo, hi)", "  integer :: x(-30:40, 4), y, r, lo, hi, m", "  do m = lo, hi",
              "    x(m, 1) = y + m", "    x(m, r) = y - m", "  end do", "end subroutine box_rows"]
    # box_cols with the dummy's columns as many as the last one it writes (x(-30:40, r)).
    lines += ["subroutine box_tail(x, y, r)", "  integer :: r, x(-30:40, r), y, m, q", "  q = r", "  do m = -30, 40",
              "    x(m, 1) = y + m", "    x(m, q) = y - m", "  end do", "end subroutine box_tail"]
    # Procedures that write the work array up to a bound they are passed (fill_to), or may
    # return first (fill_to_ret), an assumed-size dummy starting where w does.
    for name, body in [("fill_to", ["do m = -30, hi", "  x(m) = m + y", "end do"]),
                       ("fill_to_ret", ["if (y > 8) return", "do m = -30, hi", "  x(m) = m + y", "end do"])]:
        lines += ["subroutine %s(hi, x, y)" % name, "  integer :: hi, x(-30:*), y, m"] + ["  " + l for l in body]
        lines.append("end subroutine %s" % name)
    driver = DRIVER
    if common:
        driver = driver.replace("  integer :: i, j, sum, nv(2)\n",
                                "  integer :: i, j, sum, nv(2), wd(-30:40), td\n  common /wk/ wd, td\n")
        if rng.random() < 0.5:
            driver = driver.replace("  print *, sum, u\n", "  print *, sum, u, wd(%d), td\n" % rng.randint(1, 4))
    return lines + [driver], loops


DRIVER = """program driver
  integer :: a(-30:40, -30:40), b(-30:40, -30:40), c(-30:40, -30:40), s(-30:40), w(-30:40), u
  integer :: i, j, sum, nv(2)
  do j = -30, 40
    do i = -30, 40
      a(i, j) = mod(i * 7 + j * 13 + 5, 17)
      b(i, j) = mod(i * 11 + j * 3 + 1, 19)
      c(i, j) = mod(i * 5 + j * 17 + 7, 23)
    end do
    s(j) = mod(j * 3 + 1, 7)
    w(j) = mod(j * 5 + 2, 11)
  end do
  u = 0
  nv = (/ %d, %d /)
  call nest(a, b, c, s, %d, u, nv)
  sum = 0
  do j = -30, 40
    do i = -30, 40
      sum = mod(sum * 31 + a(i, j) + 3 * b(i, j) + 7 * c(i, j), 1000003)
    end do
    sum = mod(sum * 31 + s(j), 1000003)
  end do
  print *, sum, u
end program driver
""" % (N, N - 1, N)


def reversed_header(header):
    # do v = lo, hi  ->  do v = hi, lo, -1; do v = lo, hi, s  ->  do v = (its last value), lo, -s
    head, bounds = header.split("=", 1)
    parts = [x.strip() for x in bounds.split(",")]
    if len(parts) == 3:
        lo, hi, step = parts
        return "%s= %s + ((%s - %s)/%s)*%s, %s, -%s" % (head, lo, hi, lo, step, step, lo, step)
    lo, hi = parts
    return "%s= %s, %s, -1" % (head, hi, lo)


def run(work, name, lines):
    path = os.path.join(work, name + ".f90")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    exe = os.path.join(work, name)
    # -fwrapv: the products in an integer reduction may wrap; both orders wrap alike.
    # -fcheck=bounds: an element outside an array stops the run (its writes would land on other
    # variables, and the two orders would differ for that reason alone).
    subprocess.run(["gfortran", "-O0", "-fwrapv", "-fcheck=bounds", "-o", exe, path], check=True, capture_output=True)
    done = subprocess.run([exe], capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else "runtime error: " + " ".join(done.stderr.split()[:20])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lex")
    parser.add_argument("--programs", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep")
    args = parser.parse_args()
    if not shutil.which("gfortran"):
        print("SKIPPED: gfortran is not installed")
        sys.exit(77)
    rng = random.Random(args.seed)
    work = args.keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    checked = failures = skipped = 0
    for p in range(args.programs):
        lines, loops = program(rng)
        src = os.path.join(work, "p%d.f90" % p)
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        db = os.path.join(work, "p%d.sqlite" % p)
        if os.path.exists(db):
            os.remove(db)
        subprocess.run([args.lex, "-q", src, "-o", db], check=True, capture_output=True)
        con = sqlite3.connect(db)
        parallel = {line for (line,) in con.execute(
            "SELECT l.line FROM loop l JOIN loop_verdict v USING (loop_id) WHERE v.analysis_parallel AND NOT v.across")}
        private = {}  # line -> what the loop leaves undefined: its private variables not live after it
        for line, name in con.execute("SELECT l.line, t.name FROM loop l JOIN loop_trait t USING (loop_id) "
                                      "WHERE t.trait = 'private' AND NOT t.live_after"):
            private.setdefault(line, []).append(name)
        con.close()
        reference = None
        for line, header in sorted(loops.items()):
            if line not in parallel:
                continue
            if reference is None:
                reference = run(work, "p%d_ref" % p, lines)
                if reference.startswith("runtime error"):  # the generator's (a subscript left out of range)
                    skipped += 1
                    break
            changed = list(lines)
            indent = changed[line - 1][:len(changed[line - 1]) - len(changed[line - 1].lstrip())]
            changed[line - 1] = indent + reversed_header(header)
            # A private variable's value after the loop is undefined: the run backwards leaves
            # garbage in it, which a wrong PRIVATE then reads.
            end = next(k for k in range(line, len(changed)) if changed[k] == indent + "end do")
            changed[end + 1:end + 1] = [indent + "%s = -7777" % name for name in sorted(private.get(line, []))]
            result = run(work, "p%d_rev%d" % (p, line), changed)
            checked += 1
            if result != reference:
                failures += 1
                print("UNSOUND: p%d.f90 line %d is proven parallel, but backwards it computes %s instead of %s" %
                      (p, line, result.split(), reference.split()))
                print("\n".join("%3d  %s" % (k + 1, l) for k, l in enumerate(lines)))
    print("%d parallel verdicts checked by running the loop backwards, %d failed (%s)%s" % (
        checked, failures, work, "; %d programs skipped: out of bounds as written" % skipped if skipped else ""))
    if not args.keep and failures == 0:
        shutil.rmtree(work)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
