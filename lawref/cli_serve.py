"""cli_serve: the command that serves the API and the reader over HTTP — serve."""

from __future__ import annotations

import os

import click

from lawref.clikit import _Ctx, _say
from lawref.errors import UsageError
from lawref.i18n import chosen, retell, said, tr
from lawref.safeio import display_name


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback; another needs to be named here, e.g. 0.0.0.0).")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True, help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes, each with the index open (the index is read-only: more workers, more answers).")
@click.option("--cors-origin", "cors_origins", metavar="ORIGIN", multiple=True,
              help="Let pages of this origin (https://club.example.org, no path; * for any) call the API from a "
              "browser; give it again for more. CORS is off without it.")
@click.pass_obj
def serve(obj: _Ctx, host: str, port: int, workers: int, cors_origins: tuple[str, ...]) -> None:
    """Serve the JSON API (/api/v1) and the reader over HTTP until Ctrl-C.

    Needs the serve extra: pip install 'lawref[serve]'. A build while it
    runs is picked up whole by every worker. See docs/serve.md."""
    try:
        # FastAPI and uvicorn: only ``serve`` loads them
        from lawref import serve as S
    except ImportError:
        raise UsageError(tr("lawref serve needs FastAPI and uvicorn: pip install 'lawref[serve]'")) from None
    for origin in cors_origins:
        _check_origin(origin)
    lib = obj.library()  # built here if needed: once, not in each worker
    try:
        sock = S.listen(host, port)
    except OSError as exc:
        error = retell(said(exc))
        raise UsageError(tr("cannot listen on {host}:{port}: {error}").format(host=host, port=port, error=error)) \
            from None
    index = lib.index_dir
    _say(tr("lawref: serving {index} on http://{host}:{port}/ (API /api/v1, schema /openapi.json)").format(
        index=display_name(str(index)), host=host, port=port), err=True)
    if workers == 1:
        S.run_app(S.create_app(lib, cors_origins=cors_origins), sock)
        return
    corpus, _ = obj.dirs()
    os.environ.update({"LAWREF_CORPUS": str(corpus), "LAWREF_INDEX": str(index),
                       "LAWREF_CORS_ORIGINS": " ".join(cors_origins), "LAWREF_UI": chosen() or "en"})
    lib.close()
    S.run_workers(sock, workers)


def _check_origin(origin: str) -> None:
    """Raise :class:`UsageError` unless ``origin`` is ``*`` or an origin as
    a browser sends it: ``http(s)://host[:port]``, nothing after."""
    from urllib.parse import urlsplit

    parts = urlsplit(origin)
    if origin == "*" or (parts.scheme in ("http", "https") and parts.netloc and origin == f"{parts.scheme}://"
                         f"{parts.netloc}"):
        return
    raise UsageError(tr("--cors-origin {origin}: an origin is scheme://host[:port] with nothing after "
                        "(https://club.example.org), or *").format(origin=repr(origin[:80])))
