#!/usr/bin/env bash
# `npm test`'s pretest: the system tools the tests need (docs/operations.md, README "Tests").
#   chromium  - Playwright drives Debian's Chromium (no browser download here)
#   pdftoppm  - poppler-utils: renders the punch QR PDF in tests
#   zbarimg   - zbar-tools: decodes the QR code from that rendering
#   pg_dump   - postgresql-client: the backup/restore round trip (npm run db:backup)
# Missing ones are installed quietly when we are root with apt; otherwise one sentence names the command.
set -euo pipefail

declare -A package=([chromium]=chromium [pdftoppm]=poppler-utils [zbarimg]=zbar-tools [pg_dump]=postgresql-client)
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"

missing=()
[ -x "$chromium_bin" ] || command -v chromium >/dev/null 2>&1 || missing+=("${package[chromium]}")
for tool in pdftoppm zbarimg pg_dump; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${package[$tool]}")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pretest: installing ${missing[*]} with apt-get (needed by the tests) ..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "The tests need ${missing[*]}: install them with \`sudo apt-get install -y ${missing[*]}\` and run npm test again." >&2
exit 1
