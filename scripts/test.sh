#!/usr/bin/env bash
# `npm test`: every check, with the independent ones side by side on the CI machine's two cores.
#  1. tsc and ESLint, each single-threaded, at the same time;
#  2. jest, with Playwright's production build made beside it (jest leaves most of a core idle
#     while it waits on Postgres);
#  3. Playwright on that build, then the fault tests (which reuse it).
# Any failure ends the run with its exit status; the build's output is shown only when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run typecheck &
typecheck=$!
npm run lint &
lint=$!
wait "$typecheck"
wait "$lint"

mkdir -p test-results
build_log=test-results/e2e-build.log
NEXT_TELEMETRY_DISABLED=1 npx next build >"$build_log" 2>&1 &
build=$!
trap 'kill "$build" 2>/dev/null || true' EXIT
npm run test:unit
if ! wait "$build"; then
  cat "$build_log"
  echo "npm test: next build failed (above)" >&2
  exit 1
fi
trap - EXIT
echo "npm test: the production build for Playwright is made ($build_log)"

E2E_SKIP_BUILD=1 npm run test:e2e
npm run test:faults
