#!/bin/bash
for f in qasnap/center_src/fin0[1-8]; do
  sed 's/npey=[0-9]*/npey=1/; s/npez=[0-9]*/npez=1/; s/nthreads=[0-9]*/nthreads=1/' $f > inp
  ./src/gsnap inp out >/dev/null 2>&1 || { echo "failed $f"; exit 1; }
  grep -v -i "time\|date\|Run on" out
done
