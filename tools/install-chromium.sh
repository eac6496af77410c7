#!/usr/bin/env bash
# Install Debian's Chromium (and chromium-driver) for the browser test, when missing.
# No-op when /usr/bin/chromium exists. Non-interactive and quiet; needs root (or sudo) and apt-get.
# Without apt-get or root it warns and exits 0: the browser test then skips, saying why.
# A failing apt-get exits non-zero.
# Playwright drives this browser (executable_path=/usr/bin/chromium): never `playwright install`.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-chromium: /usr/bin/chromium is missing and apt-get is not available;" \
         "install Chromium yourself (the browser test skips without it)" >&2
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo="sudo -n"
    else
        echo "install-chromium: need root (or sudo) to apt-get install chromium;" \
             "the browser test skips without it" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
echo "install-chromium: installing chromium and chromium-driver with apt-get" >&2
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium chromium-driver >/dev/null
test -x /usr/bin/chromium
echo "install-chromium: $(/usr/bin/chromium --version 2>/dev/null | tail -n 1)" >&2
