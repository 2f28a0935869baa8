#!/usr/bin/env bash
# The SFU tests (apps/server/src/modules/video/sfu.janus.test.ts, e2e/attendee/video-sfu.e2e.ts) start Debian's Janus
# (WebRTC SFU, VideoRoom plugin) on a free localhost port. npm test runs this first: when Janus is missing it installs
# Debian's package as root, or stops at once with the command to run.
set -euo pipefail
JANUS="${JANUS_PATH:-/usr/bin/janus}"
PLUGIN_DIR="${JANUS_PLUGINS_FOLDER:-/usr/lib/$(uname -m)-linux-gnu/janus/plugins}"
if [ -x "$JANUS" ] && [ -f "$PLUGIN_DIR/libjanus_videoroom.so" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Janus is not installed: installing Debian's janus for the SFU tests (apt-get, once)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq janus >/dev/null
  [ -x "$JANUS" ] && [ -f "$PLUGIN_DIR/libjanus_videoroom.so" ] && exit 0
fi
echo "Janus is missing at $JANUS: run \`sudo apt-get install -y janus\` (or set JANUS_PATH), then npm test again." >&2
exit 1
