#!/usr/bin/env bash
# CI must install the optional chromium wherever the archive has it, and the HTML report's browser
# test may be skipped only where it does not. Both are checked against stand-ins for the package
# tools (an apt-cache whose output is long enough that a reader stopping early kills it with
# SIGPIPE, as `apt-cache policy | grep -q` did under pipefail) and for chromium:
# - install-deps.sh --optional chromium installs it when apt-cache names a candidate, not otherwise;
# - check-html-report.sh skips (77) only when the archive has no chromium, and fails (1) when the
#   archive has one that is not installed, or chromium is installed but renders nothing.
#
#   check-optional-chromium.sh REPOSITORY
set -euo pipefail
repo=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# stand-ins: bin/<case> holds apt-cache (candidate or none), dpkg-query (nothing installed), apt-get
# and id (root), and for the rendering case a chromium that cannot start.
stand_ins() {
  local dir=$1 candidate=$2
  mkdir -p "$dir"
  cat >"$dir/apt-cache" <<SCRIPT
#!/bin/bash
echo "\$2:"
echo "  Installed: (none)"
echo "  Candidate: $candidate"
for ((i = 0; i < 20000; i++)); do echo "     1.0-\$i 500"; done
SCRIPT
  printf '#!/bin/bash\nexit 1\n' >"$dir/dpkg-query"
  printf '#!/bin/bash\necho "$*" >>"%s"\n' "$work/apt-get.log" >"$dir/apt-get"
  printf '#!/bin/bash\necho 0\n' >"$dir/id"
  chmod +x "$dir"/*
}
stand_ins "$work/archive-has-it" 156.0-1
stand_ins "$work/archive-lacks-it" '(none)'

PATH="$work/archive-has-it:$PATH" "$repo/tools/install-deps.sh" --optional chromium >"$work/out" 2>&1 ||
  fail "install-deps.sh failed: $(cat "$work/out")"
grep -q 'install .*chromium' "$work/apt-get.log" 2>/dev/null ||
  fail "install-deps.sh did not install chromium, which the archive has: $(cat "$work/out")"

rm -f "$work/apt-get.log"
PATH="$work/archive-lacks-it:$PATH" "$repo/tools/install-deps.sh" --optional chromium >"$work/out" 2>&1 ||
  fail "install-deps.sh failed: $(cat "$work/out")"
! grep -q 'chromium' "$work/apt-get.log" 2>/dev/null || fail "install-deps.sh installed chromium, which the archive lacks"
grep -q 'optional package chromium is not in this system' "$work/out" || fail "install-deps.sh did not say chromium is missing"

# check-html-report.sh with no chromium on PATH (only the stand-ins: it must decide before using
# anything else).
report() {
  local status=0
  PATH=$1 "$BASH" "$repo/tests/report/check-html-report.sh" /nonexistent/sapfor-lex /nonexistent/dvmh-predict \
    "$repo/data/examples" "$work/report" >"$work/out" 2>&1 || status=$?
  echo "$status"
}
[ "$(report "$work/archive-lacks-it")" = 77 ] || fail "the browser test did not skip without chromium in the archive: $(cat "$work/out")"
[ "$(report "$work/archive-has-it")" = 1 ] ||
  fail "the browser test did not fail with chromium in the archive but not installed: $(cat "$work/out")"

# A chromium that cannot start.
printf '#!/bin/bash\necho "chromium: cannot open display" >&2\nexit 1\n' >"$work/archive-has-it/chromium"
chmod +x "$work/archive-has-it/chromium"
[ "$(report "$work/archive-has-it:$PATH")" = 1 ] || fail "the browser test did not fail with a chromium that cannot render: $(cat "$work/out")"

[ "$failures" -eq 0 ] || exit 1
echo "install-deps.sh installs chromium where the archive has it; the browser test skips only where it has none"
