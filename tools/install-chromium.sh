#!/usr/bin/env bash
# Install Debian's Chromium (and chromium-driver) for the browser test, and Debian's fonts-noto-cjk
# so Chinese game names render (in Chromium and in matplotlib figures), when missing.
# No-op when /usr/bin/chromium and the Noto CJK fonts are there. Non-interactive and quiet; needs
# root (or sudo) and apt-get. Without apt-get or root it warns and exits 0: the browser test then
# skips, saying why, and the font test skips naming the package. A failing apt-get exits non-zero.
# Playwright drives this browser (executable_path=/usr/bin/chromium): never `playwright install`.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium chromium-driver)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q "ok installed" || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-chromium: ${missing[*]} missing and apt-get is not available;" \
         "install them yourself (the browser test skips without Chromium; Chinese text shows as boxes" \
         "without a CJK font)" >&2
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo="sudo -n"
    else
        echo "install-chromium: need root (or sudo) to apt-get install ${missing[*]};" \
             "the browser test skips without Chromium" >&2
        exit 0
    fi
fi
export DEBIAN_FRONTEND=noninteractive
echo "install-chromium: installing ${missing[*]} with apt-get" >&2
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
test -x /usr/bin/chromium
echo "install-chromium: $(/usr/bin/chromium --version 2>/dev/null | tail -n 1); fonts-noto-cjk installed" >&2
