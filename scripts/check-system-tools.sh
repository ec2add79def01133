#!/usr/bin/env bash
# `npm test`'s pretest: the system tools the tests need (docs/operations.md, README "Tests").
#   chromium-headless-shell - Playwright drives Debian's Chromium headless shell (no browser
#               download here; e2e/support/browser.ts); the full chromium serves when it is there
#   chromium  - the full browser, for e2e/push-worker.spec.ts alone: the headless shell has no
#               notification platform, so a service worker's showNotification is refused there
#   pdftoppm  - poppler-utils: renders the punch QR PDF in tests
#   zbarimg   - zbar-tools: decodes the QR code from that rendering
#   pg_dump   - postgresql-client: the backup/restore round trip (npm run db:backup)
# Missing ones are installed quietly when we are root with apt; otherwise one sentence names the command.
set -euo pipefail

declare -A package=([chromium-headless-shell]=chromium-headless-shell [pdftoppm]=poppler-utils [zbarimg]=zbar-tools [pg_dump]=postgresql-client)
can_apt() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }

missing=()
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable." >&2; exit 1; }
elif ! [ -x /usr/bin/chromium-headless-shell ]; then
  # The headless shell runs the suite a third faster than the full browser; without apt the
  # full browser does the job when it is installed.
  if can_apt || ! [ -x /usr/bin/chromium ]; then missing+=("${package[chromium-headless-shell]}"); fi
fi
[ -x "${CHROMIUM_FULL_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
for tool in pdftoppm zbarimg pg_dump; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${package[$tool]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if can_apt; then
  echo "pretest: installing ${missing[*]} with apt-get (needed by the tests) ..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "The tests need ${missing[*]}: install them with \`sudo apt-get install -y ${missing[*]}\` and run npm test again." >&2
exit 1
