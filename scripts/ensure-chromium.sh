#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing. Browser tests drive
# /usr/bin/chromium through Playwright; no test tool downloads a browser of its own.
set -eu
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium'." >&2
  exit 1
fi
echo "Installing Debian's chromium…"
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
