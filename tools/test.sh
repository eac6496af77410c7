#!/usr/bin/env bash
# Every test: unit, clause, property-based, scenarios, golden files, notebooks (nbval), the stock
# set-up test (tools/setup.sh in a temporary clone, -m setup), and the browser tests (every notebook
# in Voila and in JupyterLab, Debian Chromium through Playwright, -m browser), and the conformance
# tests of the rl adapters (OpenSpiel and PettingZoo checks, -m conformance).
# Extra arguments go to pytest, e.g. `bash tools/test.sh -m "not browser and not setup"`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh test
bash tools/install-chromium.sh
exec .venv/bin/python -m pytest --nbval --nbval-sanitize-with tools/nbval-sanitize.cfg tests notebooks "$@"
