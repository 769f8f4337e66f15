#!/usr/bin/env bash
# Installs the Debian packages sapfor needs, when any is missing. Used by quickstart.sh and
# run-tests.sh; pass extra package names (e.g. gfortran) as arguments. Packages after --optional
# (e.g. chromium, for the test that renders the HTML report) are installed where the archive has
# them; where it does not, this says so and goes on (the tests that need them are skipped with a
# message); where their installation fails, it says so too, and those tests fail.
set -euo pipefail
packages=(cmake g++ make flex bison libsqlite3-dev libsqlitecpp-dev libboost-program-options-dev doctest-dev libjemalloc-dev)
optional=()
into=packages
for arg in "$@"; do
  if [ "$arg" = --optional ]; then
    into=optional
  elif [ "$into" = optional ]; then
    optional+=("$arg")
  else
    packages+=("$arg")
  fi
done
# Each tool's output is read whole before it is searched: under pipefail, `tool | grep -q` fails
# whenever grep stops reading before the tool has written everything (the tool dies of SIGPIPE).
installed() { local status; status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) && [[ $status == *"install ok installed"* ]]; }
in_archive() { local policy; policy=$(apt-cache policy "$1" 2>/dev/null) && grep -q 'Candidate: [^(]' <<<"$policy"; }
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
optional_missing=()
for p in ${optional[@]+"${optional[@]}"}; do installed "$p" || optional_missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && [ ${#optional_missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null; then
    [ ${#missing[@]} -eq 0 ] || { echo "need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    echo "not installing the optional ${optional_missing[*]} (needs root or sudo); the tests that need them are skipped"
    exit 0
  fi
  sudo=sudo
fi
$sudo apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
for p in ${optional_missing[@]+"${optional_missing[@]}"}; do
  if ! in_archive "$p"; then
    echo "optional package $p is not in this system's archive; the tests that need it are skipped"
  elif echo "installing (optional): $p" &&
       DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$p" >/dev/null; then
    :
  else
    echo "could not install the optional package $p; the tests that need it fail"
  fi
done
