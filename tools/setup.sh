#!/usr/bin/env bash
# Create .venv and install racekit with the given extras, pinned by tools/constraints.txt.
#   bash tools/setup.sh [EXTRA[,EXTRA...]]   # default lab; e.g. lab,sim (tools/run.sh), test, lab,sim,bench
# Extras (pyproject.toml): lab (JupyterLab, Voila), sim (pandas, scipy, statsmodels, dask, numba), bench (the anchors of
# racekit bench --anchors: open_spiel, ludopy), rl (racekit.adapters: open_spiel, pettingzoo, gymnasium),
# test (what the tests need, the rl extra's conformance tests included).
#
# Works on a stock Debian/Ubuntu whose python3 is "externally managed" (PEP 668): everything goes
# into .venv, nothing into the system interpreter or the user's site-packages.
#  1. .venv is made first with `python3 -m venv` (Debian: apt install python3-venv); PYTHON=... picks
#     another interpreter (3.11 or newer).
#  2. uv installs the packages (measured ~10x faster than pip here). A uv already on PATH is used;
#     otherwise the venv's own pip installs uv into .venv (pip reads the machine's pip configuration).
#  3. Bytecode is compiled at install time (this matters where PYTHONDONTWRITEBYTECODE is set: every
#     kernel would otherwise recompile the whole stack; measured 72 s vs 28 s for nbval of the
#     notebooks).
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-lab}"
venv="$PWD/.venv"
python="${PYTHON:-python3}"

say() { echo "setup: $*" >&2; }

# the extras pyproject.toml declares: a misspelt one is an error (uv --quiet would skip it silently)
known=$(sed -n '/^\[project.optional-dependencies\]/,/^\[/s/^\([a-z][a-z0-9_-]*\) *=.*/\1/p' pyproject.toml | tr '\n' ' ')
IFS=',' read -ra wanted <<< "$extras"
for e in "${wanted[@]}"; do
    case " $known " in
        *" $e "*) ;;
        *) say "unknown extra '$e'; the extras are: ${known% }"; exit 2 ;;
    esac
done

fresh=""
if [ -x "$venv/bin/python" ] && [ -n "${PYTHON:-}" ]; then
    # PYTHON picks the interpreter .venv is made with; an existing .venv keeps its own
    say "PYTHON=$PYTHON is not used: .venv exists with $("$venv/bin/python" --version 2>&1)" \
        "(remove .venv to make it again with $PYTHON)"
fi
if [ ! -x "$venv/bin/python" ]; then
    fresh=1
    if ! command -v "$python" >/dev/null 2>&1; then
        say "no $python on PATH; install Python 3.11 or newer (Debian: apt install python3 python3-venv)"
        exit 1
    fi
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        say "$python is $("$python" --version 2>&1); racekit needs Python 3.11 or newer (PYTHON=... picks another)"
        exit 1
    fi
    say "creating .venv with $("$python" --version 2>&1) ($(command -v "$python"))"
    err=$(mktemp)
    if ! "$python" -m venv "$venv" 2>"$err"; then
        rm -rf "$venv"
        # Debian without python3-venv has no ensurepip: a venv without pip will do when uv is on PATH
        if command -v uv >/dev/null 2>&1 && "$python" -m venv --without-pip "$venv" 2>/dev/null; then
            say "made .venv without pip (no ensurepip here); uv on PATH installs into it"
        else
            cat "$err" >&2
            rm -f "$err"
            rm -rf "$venv"
            say "'$python -m venv' failed; on Debian/Ubuntu: apt install python3-venv (or put uv on PATH)"
            exit 1
        fi
    fi
    rm -f "$err"
fi

# uv: one on PATH, else the one in .venv, else install it into .venv with the venv's pip
if command -v uv >/dev/null 2>&1; then
    uv=(uv)
elif [ -x "$venv/bin/uv" ]; then
    uv=("$venv/bin/uv")
else
    if ! "$venv/bin/python" -m pip --version >/dev/null 2>&1 &&
       ! "$venv/bin/python" -m ensurepip --upgrade >/dev/null 2>&1; then   # a venv made without pip
        say ".venv has no pip and there is no uv on PATH: apt install python3-venv, or install uv," \
            "then remove .venv and run this again"
        exit 1
    fi
    say "installing uv into .venv with pip"
    # the machine's pip configuration may list local folders that have no uv: pip warns, harmlessly
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check uv 2> >(grep -v "is ignored: it is neither" >&2)
    uv=("$venv/bin/uv")
fi

# a first run is silent for a minute or so otherwise: say what it is doing
if [ -n "$fresh" ]; then say "installing racekit with the extras $extras into .venv (first time: about a minute)"; fi
# --python: install into .venv's interpreter and nowhere else (never the system one).
# UV_SYSTEM_CERTS=1: trust the machine's certificate store, as pip does, so that a school or company
# network whose proxy re-signs TLS works (uv's own roots refused it here: "invalid peer certificate").
UV_SYSTEM_CERTS="${UV_SYSTEM_CERTS:-1}" UV_COMPILE_BYTECODE=1 VIRTUAL_ENV="$venv" "${uv[@]}" pip install --quiet --python "$venv/bin/python" \
    --compile-bytecode -c tools/constraints.txt -e ".[$extras]"
# Voila's settings for the notebooks (pre-heated kernels with a pool per notebook, the executor's
# timeouts; notebooks/voila.json) and racekit's Voila template (the folder opens on its start page,
# share/voila/templates/racekit): linked into .venv's Jupyter paths, so every .venv/bin/voila reads them
# wherever it starts (Voila itself reads voila.json only from the folder it starts in and the Jupyter
# config path). Links, not copies: an edited voila.json needs no new set-up.
mkdir -p "$venv/etc/jupyter" "$venv/share/jupyter/voila/templates"
ln -sfn "$PWD/notebooks/voila.json" "$venv/etc/jupyter/voila.json"
ln -sfn "$PWD/share/voila/templates/racekit" "$venv/share/jupyter/voila/templates/racekit"
# racekit itself is installed editable (its source stays here): compile it too
"$venv/bin/python" -m compileall -q -j 0 racekit >/dev/null
# the extras sim, test and bench bring numba: compile the compiled playout kernels now, into numba's
# cache beside their source (~90 s of CPU once for the three; ~3 s to check afterwards), not in the
# first simulation
if "$venv/bin/python" -c "import importlib.util, sys; sys.exit(not importlib.util.find_spec('numba'))"; then
    # said on a fresh .venv, and where numba came into an existing one (setup.sh lab, then run.sh):
    # no compiled Leaf Marathon kernel in numba's cache yet, or that minute and a half is silent
    if [ -n "$fresh" ] || ! compgen -G "racekit/games/leaf_marathon/__pycache__/kernel_jit.*.nbi" >/dev/null; then
        say "compiling the Aeroplane Chess, Wingsuit and Leaf Marathon playout kernels with numba (once, about a minute and a half)"
    fi
    "$venv/bin/python" -c "from racekit.sim.kernels import warm_up; warm_up()" >/dev/null
fi
