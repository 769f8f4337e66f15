#!/usr/bin/env bash
# Installs the Debian packages sapfor needs, when any is missing. Used by quickstart.sh and
# run-tests.sh; pass extra package names (e.g. gfortran) as arguments. Packages after --optional
# (e.g. chromium, for the test that renders the HTML report) are installed where the archive has
# them; where it does not, or their installation fails, this says so and goes on: the tests that
# need them are skipped with a message.
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
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
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
  if ! apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [^(]'; then
    echo "optional package $p is not in this system's archive; the tests that need it are skipped"
  elif echo "installing (optional): $p" &&
       DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$p" >/dev/null; then
    :
  else
    echo "could not install the optional package $p; the tests that need it are skipped"
  fi
done
