#!/usr/bin/env bash
# Renders dvmh-predict's HTML report in headless Chromium (Debian's chromium package) and checks the
# page as the browser built it: the loop tree, one row, one bar and one source excerpt per kernel,
# the REGIONs, the legend, the baseline's columns and bars for a before/after pair, the order the
# kernel table opens with (share of time; against a baseline, size of the change), the table sorted
# by clicking its headers, no console message (errors included), and a screenshot written and
# non-empty. Exit 77 (skipped) only where the system's archive has no chromium
# package; where it has one, a chromium not installed or one that renders nothing is a failure.
#
#   check-html-report.sh SAPFOR_LEX DVMH_PREDICT EXAMPLES_DIR WORK_DIR
set -euo pipefail
lex=$1 predict=$2 examples=$3 work=$4

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  # The policy is read whole before it is matched (a reader stopping early kills apt-cache with SIGPIPE).
  policy=$(apt-cache policy chromium 2>/dev/null || true)
  if [[ $policy == *"Candidate: "[!\(]* ]]; then
    echo "FAIL: chromium is in this system's archive but not installed (tools/install-deps.sh --optional chromium)"
    exit 1
  fi
  echo "SKIPPED: no chromium package in this system's archive"
  exit 77
fi

rm -rf "$work"
mkdir -p "$work/after"
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# Chromium with nothing it could reach (every host name unresolvable) and its console on stderr;
# /dev/shm is small in containers, and a browser that hangs is stopped after two minutes.
browse() {
  local log=$1
  shift
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$work/profile" --host-resolver-rules='MAP * ~NOTFOUND' --enable-logging=stderr --v=0 "$@" 2>"$log"
}

# Every console message of a page (Chromium logs them as ...:CONSOLE...] "text", source: ...).
console_messages() { grep ':CONSOLE' "$1" || true; }

# The console check must see an error when there is one: a page with a failing script first.
printf '<!DOCTYPE html><html><head><title>broken</title></head><body><script>undefinedFunction();</script></body></html>' \
  >"$work/broken.html"
browse "$work/broken.log" --dump-dom "file://$work/broken.html" >/dev/null
if ! console_messages "$work/broken.log" | grep -q 'Uncaught ReferenceError'; then
  echo "FAIL: Chromium's console is not visible in its log (--enable-logging=stderr); the check would see nothing"
  cat "$work/broken.log"
  exit 1
fi

# The bundled examples, and a revision of them: jacobi2d's first nest prints (no longer a kernel),
# its stencil is mapped with J innermost (uncoalesced), a copy loop is added (a new kernel), and
# reductions.f90 is gone (its nine kernels removed).
"$lex" -q "$examples" -o "$work/before.sqlite"
cp "$examples"/* "$work/after/"
rm "$work/after/reductions.f90"
sed -e '/PARALLEL (J, I) ON A(I, J)$/d' -e 's/^      A(i, j) = 0.0d0$/&\n      if (i == j) print *, i/' \
  -e '/ON B(I, J), SHADOW_RENEW(A)/{s/(J, I)/(I, J)/;n;s/do j/do i/;n;s/do i/do j/}' \
  -e '/GET_ACTUAL(B)/a\  do j = 1, L\n    do i = 1, L\n      A(i, j) = 2 * B(i, j)\n    end do\n  end do' \
  "$examples/jacobi2d.f90" >"$work/after/jacobi2d.f90"
"$lex" -q "$work/after" -o "$work/after.sqlite"

# The report of one program (heat's kernel and the whole program unknown: no --param), and the
# before/after pair with heat's sizes given, so that both whole-program times are known.
params=(--param heat:2=100 --param u.extent1=48 --param unew.extent1=48)
"$predict" "$work/before.sqlite" --no-record --format html >"$work/report.html"
"$predict" "$work/after.sqlite" --no-record --format html --baseline "$work/before.sqlite" "${params[@]}" >"$work/compare.html"

# The expected counts come from dvmh-predict's CSV (one line per kernel) and the loops view.
kernels() { "$predict" "$1" --no-record --format csv "${@:2}" | tail -n +2; }
count() { grep -o "$1" "$2" | wc -l; }

check_page() {
  local name=$1 database=$2 rows=$3 ok=$4 loops=$5
  local dom="$work/$name.dom.html" shot="$work/$name.png"
  browse "$work/$name.dom.log" --dump-dom "file://$work/$name.html" >"$dom"
  browse "$work/$name.shot.log" --screenshot="$shot" --window-size=1400,3000 "file://$work/$name.html" >/dev/null
  local messages
  messages=$(console_messages "$work/$name.dom.log"; console_messages "$work/$name.shot.log")
  [ -z "$messages" ] || fail "$name: console messages:"$'\n'"$messages"
  [ -s "$dom" ] || fail "$name: --dump-dom gave nothing"
  for id in program legend kernel-table loop-tree kernel-details; do
    grep -q "id=\"$id\"" "$dom" || fail "$name: no element #$id in the rendered page"
  done
  [ "$(count '<tr class="kernel-row' "$dom")" -eq "$rows" ] ||
    fail "$name: $(count '<tr class="kernel-row' "$dom") kernel rows, expected $rows"
  [ "$(count '<article class="kernel-detail"' "$dom")" -eq "$(kernels "$database" | wc -l)" ] ||
    fail "$name: not one detail section per kernel"
  # One bar per kernel the model predicted (an unknown one has none), in the kernel table.
  local bars
  bars=$(sed -n '/<table id="kernel-table">/,/<\/table>/p' "$dom" | grep -o '<svg class="time-bar after"' | wc -l)
  [ "$bars" -eq "$ok" ] || fail "$name: $bars bars in the kernel table, expected $ok"
  [ "$(count '<li class="loop ' "$dom")" -eq "$loops" ] ||
    fail "$name: $(count '<li class="loop ' "$dom") loops in the tree, expected $loops"
  grep -q '<span class="swatch term-transfers">' "$dom" || fail "$name: the legend lacks the transfers"
  [ "$(count '<figure class="source"><figcaption>' "$dom")" -eq "$(kernels "$database" | wc -l)" ] ||
    fail "$name: not one source excerpt per kernel"
  if [ -s "$shot" ] && [ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then
    echo "screenshot: $shot ($(wc -c <"$shot") bytes)"
  else
    fail "$name: no PNG screenshot at $shot"
  fi
}

# The values one column of the kernel table sorts by (data-sort-KEY), row by row as the page has
# them; "-" for a row without one.
column() {
  grep -o '<tr class="kernel-row[^>]*>' "$1" | sed -e "s/.*data-sort-$2=\"\([^\"]*\)\".*/\1/" -e t -e 's/.*/-/'
}
# Whether numbers are in order (desc or asc), the rows without one last.
in_order() {
  awk -v dir="$1" '$0 == "-" { missing = 1; next }
    missing || (n++ && ((dir == "desc" && $0 + 0 > last + 0) || (dir == "asc" && $0 + 0 < last + 0))) { bad = 1 }
    { last = $0 } END { exit bad }'
}
# The page as the browser leaves it after clicking the sort buttons of the columns named, in turn.
clicked() {
  local name=$1 page=$2
  shift 2
  local clicks=""
  for key in "$@"; do clicks+="document.querySelector('th[data-sort=\"$key\"] button.sort').click();"; done
  sed "s|</body>|<script>$clicks</script></body>|" "$page" >"$work/$name.html"
  browse "$work/$name.log" --dump-dom "file://$work/$name.html" >"$work/$name.dom.html"
  local messages
  messages=$(console_messages "$work/$name.log")
  [ -z "$messages" ] || fail "$name: console messages:"$'\n'"$messages"
}
check_sorting() {
  local page=$1 rows=$2
  clicked sorted-launch "$page" launch
  column "$work/sorted-launch.dom.html" launch | in_order desc || fail "one click on 'one launch' does not sort it largest first"
  grep -q 'data-sort="launch"[^>]*aria-sort="descending"' "$work/sorted-launch.dom.html" ||
    fail "the 'one launch' header is not marked as sorting (aria-sort)"
  clicked sorted-regs "$page" regs regs
  column "$work/sorted-regs.dom.html" regs | in_order asc || fail "two clicks on 'regs' do not sort it smallest first"
  [ "$(count '<tr class="kernel-row' "$work/sorted-regs.dom.html")" -eq "$rows" ] || fail "sorting lost or added rows"
  # The order is the data's: the launch column is not the regs column's order in the examples.
  [ "$(column "$work/sorted-launch.dom.html" kernel)" != "$(column "$work/sorted-regs.dom.html" kernel)" ] ||
    fail "sorting by two columns gave the same order"
}

# Loops: the sapfor-lex summary line names them ("... 55 loops, ...").
loops_of() { "$lex" "$1" -o "$work/count.sqlite" --force --no-analysis 2>&1 | sed -n 's/.* \([0-9]*\) loops,.*/\1/p'; }

before_kernels=$(kernels "$work/before.sqlite" | wc -l)
before_ok=$(kernels "$work/before.sqlite" | grep -c ',ok,')
check_page report "$work/before.sqlite" "$before_kernels" "$before_ok" "$(loops_of "$examples")"
# The page opens on the kernels by their share of the program's time, and its headers sort.
column "$work/report.dom.html" total | in_order desc || fail "report: the kernels are not by their whole-program time"
grep -q 'id="regions"' "$work/report.dom.html" || fail "report: no REGIONs section"
check_sorting "$work/report.html" "$before_kernels"

after_kernels=$(kernels "$work/after.sqlite" "${params[@]}" | wc -l)
after_ok=$(kernels "$work/after.sqlite" "${params[@]}" | grep -c ',ok,')
removed=$(comm -23 <(kernels "$work/before.sqlite" | cut -d, -f1 | sort) <(kernels "$work/after.sqlite" | cut -d, -f1 | sort) | wc -l)
[ "$removed" -eq 10 ] || fail "the revision should remove reductions' nine kernels and jacobi2d:1, not $removed"
check_page compare "$work/after.sqlite" "$((after_kernels + removed))" "$after_ok" "$(loops_of "$work/after")"
dom="$work/compare.dom.html"
grep -q '<th data-sort="change" data-type="number" class="baseline"[^>]*aria-sort="descending">' "$dom" ||
  fail "compare: no change column marked as the order the table opens with"
column "$dom" change | in_order desc || fail "compare: the kernels are not by the size of their change"
grep -q '<table id="databases">' "$dom" || fail "compare: no table of the two databases"
[ "$(count '<tr class="kernel-row removed"' "$dom")" -eq "$removed" ] || fail "compare: not one row per removed kernel"
grep -q 'data-loop-key="jacobi2d:2.2" data-status="ok"' "$dom" || fail "compare: no row for jacobi2d:2.2"
# (The row read whole before it is matched: grep -q stopping early would kill sed with SIGPIPE.)
row=$(sed -n '/data-loop-key="jacobi2d:2.2" data-status="ok"/,/<\/tr>/p' "$dom")
[[ $row == *'change slower'* ]] || fail "compare: jacobi2d:2.2 is not marked slower"
[ "$(count '<svg class="time-bar before"' "$dom")" -gt 1 ] || fail "compare: no before bars"
grep -q '<span class="badge new">added</span>' "$dom" || fail "compare: the added kernel jacobi2d:3 is not marked"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed; the pages and Chromium's logs are in $work"
  exit 1
fi
echo "HTML reports rendered in Chromium: $work/report.html, $work/compare.html"
