"""Glue for serving the notebooks with Voilà (``notebooks/voila.json`` names it); no game here.

:class:`KernelClient` is jupyter_client's asynchronous kernel client whose heartbeat channel can
always be stopped. Voilà runs each notebook with such a client and, once the page is rendered,
stops its channels on the server's only thread. jupyter_client's heartbeat channel stops by joining
its thread, and that thread can wait forever on a ping it cannot send (an asynchronous ZeroMQ
REQ socket with no peer to take it: seen here when the machine was so loaded while pre-heating
that the kernel missed a heartbeat and the channel reconnected). The join then never returns and
the whole server stops answering, every page on it included (docs/classroom.md). Here stopping
waits :data:`STOP_WAIT` seconds, then cancels what the channel's thread is waiting for.
"""
from __future__ import annotations

import asyncio

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import HBChannel as _HBChannel
from traitlets import Type

STOP_WAIT = 5.0
"""Seconds :meth:`HBChannel.stop` waits for the heartbeat's thread before cancelling its wait."""


class HBChannel(_HBChannel):
    """jupyter_client's heartbeat channel, with a :meth:`stop` that returns."""

    _loop = None

    def run(self) -> None:
        """The thread: jupyter_client's loop, kept where :meth:`stop` can reach it."""
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        try:
            loop.run_until_complete(self._async_run())
        except asyncio.CancelledError:     # stop() cancelled a ping that could not be sent
            pass
        finally:
            loop.close()

    def stop(self) -> None:
        """Stop the heartbeat: ask the thread to end, wait :data:`STOP_WAIT` s, then cancel what
        it waits for and wait again; close the socket once the thread has ended."""
        self._running = False
        self._exit.set()
        self.join(STOP_WAIT)
        loop = self._loop
        if self.is_alive() and loop is not None:
            try:
                loop.call_soon_threadsafe(_cancel_all, loop)
            except RuntimeError:           # the loop closed meanwhile: the thread is ending
                pass
            self.join(STOP_WAIT)
        if not self.is_alive():
            self.close()


def _cancel_all(loop) -> None:
    for task in asyncio.all_tasks(loop):
        task.cancel()


class KernelClient(AsyncKernelClient):
    """jupyter_client's asynchronous kernel client with :class:`HBChannel` (set as
    ``AsyncKernelManager.client_factory`` in ``notebooks/voila.json``)."""

    hb_channel_class = Type(HBChannel)
