#!/bin/bash
cd test/case/jablonowski/gl05rl00z40pe10 || exit 1
rm -f msg.* *.info history.*
bash run.sh > /dev/null 2>&1 || exit 1
# the fields written, and their extremes each step; not the budgets (*.info), which change from
# run to run of the unchanged code
md5sum history.*; grep -h "max=" msg.pe*
