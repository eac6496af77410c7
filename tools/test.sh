#!/usr/bin/env bash
# Every test: unit, clause, property-based, scenarios, golden files, notebooks (nbval), and the
# browser test (Voila + Debian Chromium through Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh test
bash tools/install-chromium.sh
exec .venv/bin/python -m pytest --nbval --nbval-sanitize-with tools/nbval-sanitize.cfg tests notebooks "$@"
