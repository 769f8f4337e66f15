#!/usr/bin/env bash
# bench/backwards/run-code.sh CODE CHECKOUT [SAPFOR_LEX] [-- backwards.py options]
# Copies CHECKOUT (a clone of CODE's repository), adds the recipe's files, loads the recipe's
# sources with sapfor-lex and runs bench/backwards.py with --coverage on them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
code=${1:?CODE (a folder of $here)}; checkout=${2:?CHECKOUT (a clone of the code)}
shift 2
lex=$here/../../build/sapfor-lex
if [ $# -gt 0 ] && [ "$1" != "--" ]; then lex=$1; shift; fi
[ $# -gt 0 ] && [ "$1" = "--" ] && shift
[ -f "$here/$code/recipe" ] || { echo "$code: no recipe in $here" >&2; exit 2; }
[ -d "$checkout" ] || { echo "$checkout: no such folder" >&2; exit 2; }
# The recipe: folder=, sources=, lex_options=, ignore= (shell assignments; repository= for people)
folder=. sources=. lex_options= ignore=
. "$here/$code/recipe"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$checkout" "$work/code"
cd "$work/code/$folder"
for f in "$here/$code"/*; do
  case $(basename "$f") in recipe) ;; *) cp "$f" . ;; esac
done
# shellcheck disable=SC2086  # the recipe's options are words
"$lex" -q --force -o "$work/code.sqlite" $sources $lex_options || [ -s "$work/code.sqlite" ]
python3 "$here/../backwards.py" . --db "$work/code.sqlite" --build ./build.sh --run ./run.sh \
  ${ignore:+--ignore "$ignore"} --coverage --timeout 600 "$@"
