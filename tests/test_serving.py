"""racekit.serving: the kernel client that notebooks/voila.json gives Voilà, whose heartbeat
channel stops even when its thread waits on something that never comes (which froze a whole Voilà
server here: its only thread joined such a heartbeat thread after rendering a page)."""
import asyncio
import json
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("jupyter_client")
pytest.importorskip("zmq")

import zmq.asyncio  # noqa: E402
from jupyter_client.channels import HBChannel as UpstreamHBChannel  # noqa: E402

from racekit import serving  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _stuck(cls):
    """A heartbeat channel of ``cls`` whose thread awaits a future that never completes, as the
    frozen server's did (a ping that could not be sent)."""
    class Stuck(cls):
        async def _async_run(self):
            self._running = True
            await asyncio.get_running_loop().create_future()
    ctx = zmq.asyncio.Context()
    hb = Stuck(context=ctx, address="tcp://127.0.0.1:1")
    hb.start()
    time.sleep(0.2)
    return hb


def _stop_within(hb, seconds: float) -> bool:
    stopper = threading.Thread(target=hb.stop, daemon=True)
    stopper.start()
    stopper.join(seconds)
    return not stopper.is_alive()


def test_the_heartbeat_stops_though_its_thread_waits_for_ever(monkeypatch):
    monkeypatch.setattr(serving, "STOP_WAIT", 0.5)
    hb = _stuck(serving.HBChannel)
    assert _stop_within(hb, 5.0), "stop() did not return"
    assert not hb.is_alive()


def test_jupyter_clients_own_heartbeat_does_not_stop_there():
    """The failure the class above prevents (the stuck thread is a daemon and is left behind)."""
    hb = _stuck(UpstreamHBChannel)
    assert not _stop_within(hb, 2.0)


def test_voila_json_gives_voila_this_kernel_client():
    config = json.loads((ROOT / "notebooks" / "voila.json").read_text(encoding="utf-8"))
    assert config["AsyncKernelManager"]["client_factory"] == "racekit.serving.KernelClient"
    from jupyter_client.manager import AsyncKernelManager
    from traitlets.config import Config
    km = AsyncKernelManager(config=Config(config))
    assert km.client_factory is serving.KernelClient
    assert serving.KernelClient.hb_channel_class.default_value is serving.HBChannel
