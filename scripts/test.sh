#!/usr/bin/env bash
# `npm test`: every check. tsc and ESLint are single-threaded, so they run side by side on the CI
# machine's two cores (22 s and 24 s alone, 26 s together); then jest, the date-heavy folders
# again at the boundary instants (docs/testing.md, "At the boundaries"), Playwright (which makes
# its production build first) and the fault tests (which reuse that build). Any failure ends the
# run with its exit status.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run typecheck &
typecheck=$!
npm run lint &
lint=$!
wait "$typecheck"
wait "$lint"

npm run test:unit
npm run test:boundaries
npm run test:e2e
npm run test:faults
