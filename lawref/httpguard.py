"""httpguard: uvicorn's h11 protocol with guards a slow or idle client cannot get past.

Two guards (issue 22: 1,100 half-sent requests at ``nofile`` 1024 stopped
the server): a request must arrive whole within :data:`REQUEST_SECONDS`
of its first byte (or of the connection), else the connection is
closed; and past ``limit_concurrency`` connections (:func:`lawref.serve.connection_limit`) the oldest one
still waiting for its request is closed to make room, so a client that
sends a request is answered. No asyncio accept error is ever reached.

And two mends of what h11 refuses: a request line holding bytes past
ASCII (a URL typed with Cyrillic, as ``curl`` sends it) is read as its
percent-encoding, as a browser sends it; a request h11 cannot read at all
is answered as every API error is, JSON ``{"error": {"status": 400, …}}``.

uvicorn is told the class by its path (``lawref.httpguard:Guarded``), so
``serve --workers N`` imports it in each worker. Only ``lawref serve``
imports this module.
"""

from __future__ import annotations

import asyncio
import json
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
        if self.conn.their_state is h11.IDLE and b"\n" not in self.conn.trailing_data[0]:
            data = _line_encoded(data)  # the request line goes on here
        super().data_received(data)
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()  # the request is in: the answer is the server's to give
        elif self._deadline is None:
            self._arm()  # the next request on a kept-alive connection starts

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request h11 cannot read, as every error of lawref's API is: JSON
        ``{"error": {"status": 400, "message": …}}``, then the connection closed."""
        body = json.dumps({"error": {"status": 400, "message": msg}}, separators=(",", ":")).encode("utf-8")
        headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
        for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"), h11.Data(data=body),
                      h11.EndOfMessage()):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def _line_encoded(data: bytes) -> bytes:
    """``data``, the start (or more) of a request line, with each byte of its request line past ASCII
    percent-encoded (``/api/v1/search?q=взятка`` as ``curl`` sends it, UTF-8 unencoded, is read as a browser
    sends it, ``q=%D0%B2…``; h11 refuses such a line): the rest (headers, a body) is left as it is."""
    end = data.find(b"\n")
    line, rest = (data, b"") if end < 0 else (data[:end], data[end:])
    if line.isascii():
        return data
    return b"".join(b"%%%02X" % byte if byte > 0x7F else bytes((byte,)) for byte in line) + rest
