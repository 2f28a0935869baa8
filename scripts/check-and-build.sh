#!/usr/bin/env bash
# npm test's first stage. The type check is one process on one core (about a minute); on the other core, one after
# the other: the lint, the build (web app, server bundle) and the bundle budget on what was just built. Each lane's
# output is printed whole when both are done; fails when either fails.
set -u
cd "$(dirname "$0")/.."
out=$(mktemp -d)
npm run -s typecheck >"$out/typecheck" 2>&1 &
tc=$!
(npm run -s lint && npm run -s build && node --import tsx apps/web/scripts/check-bundle-budget.ts --budget 200 --route-budget 60) >"$out/lane" 2>&1
lane_rc=$?
wait "$tc"; tc_rc=$?
echo "typecheck: exit $tc_rc"; cat "$out/typecheck"
echo "lint, build, bundle budget: exit $lane_rc"; cat "$out/lane"
rm -rf "$out"
[ "$tc_rc" -eq 0 ] && [ "$lane_rc" -eq 0 ]
