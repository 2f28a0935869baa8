#!/usr/bin/env bash
# The e2e journeys drive Debian's Chromium (playwright-core never downloads a browser). npm test runs this first:
# when Chromium is missing it installs Debian's package as root, or stops at once with the command to run.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is not installed: installing Debian's chromium for the e2e journeys (apt-get, once)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium is missing at $CHROMIUM: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH), then npm test again." >&2
exit 1
