#!/usr/bin/env bash
# Writes a man page (section 1) for a tool from its --help and --version, so the page and the
# tool cannot disagree: make-man.sh TOOL OUT.1
#   NAME: the tool and the first sentence of its description; SYNOPSIS: the Usage line;
#   DESCRIPTION: the rest of --help, as it is (preformatted), with roff's special characters escaped.
set -eu
tool=$1 out=$2
name=$(basename "$tool")
help=$("$tool" --help)
version=$("$tool" --version | head -1)
usage=$(printf '%s\n' "$help" | sed -n 's/^Usage: //p' | head -1)
# The first sentence of the first paragraph after the usage line, up to its first parenthesis.
summary=$(printf '%s\n' "$help" | awk 'NR > 1 && NF { p = p (p ? " " : "") $0 } NR > 1 && !NF && p { exit } END { print p }' |
          sed 's/\([.:]\) .*/\1/; s/[.:]$//; s/ (.*//; s/,$//')
escape() { sed -e 's/\\/\\e/g' -e 's/^\./\\\&./' -e "s/^'/\\\\\&'/" -e 's/^-/\\-/'; }
{
  echo ".TH $(echo "$name" | tr '[:lower:]' '[:upper:]') 1 \"\" \"$version\" \"sapfor-gpu\""
  echo ".SH NAME"
  echo "$name \\- $(printf '%s' "$summary" | escape)"
  echo ".SH SYNOPSIS"
  echo ".B $(printf '%s' "$usage" | escape)"
  echo ".SH DESCRIPTION"
  echo ".nf"
  printf '%s\n' "$help" | sed 1d | escape
  echo ".fi"
  echo ".SH SEE ALSO"
  for other in sapfor-lex sapfor-analyze dvmh-predict sapfor-cuda sapfor-diff; do
    [ "$other" = "$name" ] || printf '.BR %s (1)\n' "$other"
  done
} >"$out"
