"""httpguard: uvicorn's h11 protocol with guards a slow or idle client cannot get past.

Two guards (issue 22: 1,100 half-sent requests at ``nofile`` 1024 stopped
the server): a request must arrive whole within :data:`REQUEST_SECONDS`
of its first byte (or of the connection), else the connection is
closed; and past ``limit_concurrency`` connections (:func:`lawref.serve.connection_limit`) the oldest one
still waiting for its request is closed to make room, so a client that
sends a request is answered. No asyncio accept error is ever reached.

uvicorn is told the class by its path (``lawref.httpguard:Guarded``), so
``serve --workers N`` imports it in each worker. Only ``lawref serve``
imports this module.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["REQUEST_SECONDS", "Guarded"]

#: Seconds a connection has to send a whole request (headers and body) once it is opened or starts one;
#: ``LAWREF_REQUEST_SECONDS`` sets it for a server (a proxy in front may want it longer or shorter).
REQUEST_SECONDS = float(os.environ.get("LAWREF_REQUEST_SECONDS") or 15.0)


class Guarded(H11Protocol):
    """The h11 protocol of uvicorn, with a request deadline and room made
    for new connections by closing the oldest that sent no whole request."""

    _deadline: asyncio.TimerHandle | None = None
    _since = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()
        if self.limit_concurrency is not None and len(self.connections) >= self.limit_concurrency:
            waiting: list[Any] = [c for c in self.connections if c is not self and getattr(c, "_deadline", None)]
            if waiting:  # a connection sent nothing whole yet: it makes room, at once
                oldest = min(waiting, key=lambda c: getattr(c, "_since", 0.0))
                oldest._disarm()
                self.connections.discard(oldest)
                oldest.transport.abort()

    def _arm(self) -> None:
        self._disarm()
        self._since = self.loop.time()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()  # the request is in: the answer is the server's to give
        elif self._deadline is None:
            self._arm()  # the next request on a kept-alive connection starts

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
