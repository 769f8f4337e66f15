#!/usr/bin/env bash
# cmake --install puts a working suite under a prefix: every tool runs from there (from another
# folder, the data compiled in), sapfor-lex and dvmh-predict do the main job on an example, the
# installed GPU profile works as a --gpu-file, the man pages are well-formed and say the tool's
# --help, the bash completions load and complete, sapfor-measure-kernels finds sapfor-cuda beside it.
set -u
build=$1
repo=$2
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL: $*"; status=1; }
status=0
cmake --install "$build" --prefix "$prefix" >"$prefix.log" 2>&1 || { cat "$prefix.log"; echo "FAIL: cmake --install"; exit 1; }
rm -f "$prefix.log"
cd /
for tool in sapfor-lex sapfor-analyze dvmh-predict sapfor-cuda sapfor-diff; do
  "$prefix/bin/$tool" --version >/dev/null 2>&1 || fail "$tool --version does not run when installed"
  page="$prefix/share/man/man1/$tool.1"
  head -1 "$page" | grep -q "^\.TH $(echo "$tool" | tr '[:lower:]' '[:upper:]') 1 " || fail "$page: no .TH line"
  grep -q "^\.B $tool \[options\]" "$page" || fail "$page: no synopsis"
  if command -v man >/dev/null; then
    MANWIDTH=100 man -l "$page" 2>/dev/null | grep -q "Exit status" || fail "$page does not render its --help"
  fi
  completion="$prefix/share/bash-completion/completions/$tool"
  out=$(bash -c "source '$completion'; complete -p $tool; COMP_WORDS=($tool --he); COMP_CWORD=1; _$(echo "$tool" | tr '-' '_'); echo \${COMPREPLY[*]}" 2>&1)
  echo "$out" | grep -q -- "--help" || fail "$tool's completion does not complete --he: $out"
done
cp -r "$repo/data/examples" "$prefix/examples"
"$prefix/bin/sapfor-lex" -q "$prefix/examples" -o "$prefix/examples.sqlite" || fail "the installed sapfor-lex"
SAPFOR_REGISTERS=heuristic "$prefix/bin/dvmh-predict" "$prefix/examples.sqlite" -q --gpu-file "$prefix/share/sapfor/gpus/h100.ini" ||
  fail "the installed dvmh-predict with the installed H100 profile"
if command -v sqlite3 >/dev/null; then
  predicted=$(sqlite3 "$prefix/examples.sqlite" "SELECT count(*) FROM latest_kernel_predictions WHERE status = 'ok'")
  [ "${predicted:-0}" -gt 0 ] || fail "no kernel predicted by the installed tools"
fi
bash -c "source '$prefix/share/bash-completion/completions/dvmh-predict'; COMP_WORDS=(dvmh-predict --gpu h); COMP_CWORD=2; _dvmh_predict; echo \${COMPREPLY[*]}" |
  grep -q "h100 h200" || fail "--gpu does not complete to the GPU profiles"
"$prefix/bin/sapfor-measure-kernels" --help >/dev/null || fail "sapfor-measure-kernels --help"
grep -q 'bin=\$here' "$prefix/bin/sapfor-measure-kernels" || fail "sapfor-measure-kernels does not look beside itself"
[ $status -eq 0 ] && echo "installed under a prefix: 5 tools, their man pages and completions, the profiles; the example predicted"
exit $status
