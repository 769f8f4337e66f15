#!/usr/bin/env bash
# Installs the Debian packages sapfor needs, when any is missing. Used by quickstart.sh and
# run-tests.sh; pass extra package names (e.g. gfortran) as arguments.
set -euo pipefail
packages=(cmake g++ make flex bison libsqlite3-dev libsqlitecpp-dev libboost-program-options-dev doctest-dev "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
