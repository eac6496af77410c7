"""Start a Jupyter server (``voila`` or ``jupyter-lab``) whose kernels take their TCP ports below
the system's ephemeral range.

Usage: ``python tests/server_launcher.py voila|jupyter-lab [server arguments]``.

A kernel's five ports are chosen by the server (jupyter_client's ``LocalPortCache``: bind to
port 0, read the port, close) and bound by the kernel a second or two later. Port 0 hands out
ports from the ephemeral range, the same range every outgoing connection takes its local port
from; with a browser of twenty pages and other servers opening connections alongside, one of
them can take the port in between, and the kernel dies with "ZMQError: Address already in use"
(jupyter_client issue 487; CI saw a start page hang on "Running ..." that way). Ports below the
ephemeral range are never handed out implicitly, so only an explicit bind can collide: the
ports are drawn at random there and checked free.
"""
from __future__ import annotations

import os
import random
import socket
import sys


def _ephemeral_low() -> int:
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range", encoding="ascii") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


LOW = 20000
HIGH = max(LOW + 2000, _ephemeral_low() - 1)
_rng = random.SystemRandom()


def find_available_port(self, ip: str) -> int:
    """A free port in [LOW, HIGH] that this server has not handed to another kernel."""
    for _ in range(10_000):
        port = _rng.randint(LOW, HIGH)
        if port in self.currently_used_ports:
            continue
        with socket.socket() as probe:
            try:
                probe.bind((ip, port))
            except OSError:
                continue
        self.currently_used_ports.add(port)
        return port
    raise RuntimeError(f"no free port between {LOW} and {HIGH}")


def _stop_with_parent() -> None:
    """Linux: the server gets SIGTERM when the process that started it ends, even killed (a
    CI timeout's SIGTERM to pytest gives no fixture a chance to stop it); on SIGTERM it shuts
    its kernels down itself. Elsewhere nothing changes."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import signal
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:   # the parent ended before the call
        raise SystemExit(0)


def main() -> int:
    _stop_with_parent()
    from jupyter_client.connect import LocalPortCache
    LocalPortCache.find_available_port = find_available_port
    app = sys.argv.pop(1)
    sys.argv[0] = app
    if app == "voila":
        from voila.app import main as run
    elif app == "jupyter-lab":
        from jupyterlab.labapp import main as run
    else:
        raise SystemExit(f"server_launcher: unknown server {app!r} (voila or jupyter-lab)")
    return run()


if __name__ == "__main__":
    sys.exit(main())
