#!/usr/bin/env bash
# npm test's static checks: the type check and the lint side by side (each is one process on one core), each one's
# output printed whole when both are done; fails when either fails.
set -u
cd "$(dirname "$0")/.."
out=$(mktemp -d)
npm run -s typecheck >"$out/typecheck" 2>&1 &
tc=$!
npm run -s lint >"$out/lint" 2>&1 &
li=$!
wait "$tc"; tc_rc=$?
wait "$li"; li_rc=$?
echo "typecheck: exit $tc_rc"; cat "$out/typecheck"
echo "lint: exit $li_rc"; cat "$out/lint"
rm -rf "$out"
[ "$tc_rc" -eq 0 ] && [ "$li_rc" -eq 0 ]
