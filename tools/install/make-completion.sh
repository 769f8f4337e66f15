#!/usr/bin/env bash
# Writes a bash completion file for a tool from its --help (bash-completion loads it by the
# command's name from share/bash-completion/completions): make-completion.sh TOOL OUT
# Options complete from --help's option list; what follows an option that takes a value completes
# as a file name (a GPU name after --gpu from --list-gpus where the tool has it); words that are
# not options complete as file names.
set -eu
tool=$1 out=$2
name=$(basename "$tool")
help=$("$tool" --help)
options=$(printf '%s\n' "$help" | grep -oE '^  (-[A-Za-z] \[ )?--[a-z][a-z-]*|^  -[A-Za-z] \[ --[a-z][a-z-]*' |
          grep -oE -- '--[a-z][a-z-]*' | sort -u | tr '\n' ' ')
short=$(printf '%s\n' "$help" | grep -oE '^  -[A-Za-z] ' | tr -d ' ' | sort -u | tr '\n' ' ')
# Options followed by "arg" in the list take a value.
valued=$(printf '%s\n' "$help" | grep -E '^  (-[A-Za-z] \[ )?--[a-z][a-z-]*( \])? arg' | grep -oE -- '--[a-z][a-z-]*' | tr '\n' '|')
gpus=""
if grep -q -- '--list-gpus' <<<"$help"; then
  gpus=$("$tool" --list-gpus | awk 'NR > 1 { print $1 }' | tr '\n' ' ')
fi
fn="_$(echo "$name" | tr '-' '_')"
cat >"$out" <<COMPLETION
# bash completion for $name, made from its --help (tools/install/make-completion.sh)
$fn() {
  local cur prev
  cur=\${COMP_WORDS[COMP_CWORD]}
  prev=\${COMP_WORDS[COMP_CWORD-1]}
  case "\$prev" in
    --gpu) COMPREPLY=(\$(compgen -W "$gpus" -- "\$cur")); return ;;
    ${valued%|}) COMPREPLY=(\$(compgen -f -- "\$cur")); return ;;
  esac
  if [[ \$cur == -* ]]; then
    COMPREPLY=(\$(compgen -W "$options $short" -- "\$cur"))
  else
    COMPREPLY=(\$(compgen -f -- "\$cur"))
  fi
}
complete -o filenames -F $fn $name
COMPLETION
