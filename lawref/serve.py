"""serve: lawref over HTTP — the JSON API under ``/api/v1`` and the reader (FastAPI).

:func:`create_app` makes the application around one :class:`Library`,
held open for the life of the worker: it follows rebuilds by itself (one
``stat`` before each answer, :meth:`Library.follow`), so a ``lawref
build`` while the server runs is picked up whole, and each answer comes
from one generation. The reader serves the pages of ``export --format
html`` (the same paths and anchors: ``/laws/62.html#law-62b``), rendered
once per generation on first use, with the search box asking the API.

Every error is JSON ``{"error": {"status", "message"}}`` with a 4xx status
(a lawref error maps by its kind: not found 404, bad input 400); an
unexpected fault is 500 with a one-line message and no traceback. Bounds:
request bodies 1 MB (:data:`MAX_BODY`, 413 above), query strings
:data:`MAX_QUERY` code points, ``limit`` 1–100.

Only ``lawref serve`` imports this module, and with it FastAPI (the extra
``lawref[serve]`` installs it; without it the import fails and the command
says so in one line).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import inspect
import os
import re
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import unquote_to_bytes

import anyio
import anyio.to_thread
from anyio.lowlevel import RunVar
from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException

from lawref import exports, usecases
from lawref import search as search_policy
from lawref._version import __version__
from lawref.budget import Budget
from lawref.charsets import lookup_codec, wide_bom
from lawref.errors import CiteError, LawrefError, NotFound
from lawref.export import json as J
from lawref.export.site import missing_page, site_files
from lawref.i18n import LANGS, N_, choose, chosen, retell, retell_in, said, tr
from lawref.library import Library
from lawref.query import shown as S
from lawref.query.generation import live_key
from lawref.query.opening import open_library
from lawref.words import words as told

__all__ = ["MAX_BODY", "MAX_QUERY", "THAW_SECONDS", "app_from_env", "create_app", "listen", "run_app", "run_workers"]

#: The largest request body read (``POST /api/v1/link``), in bytes.
MAX_BODY = 1 << 20
#: The longest query, cite or edition accepted, in code points.
MAX_QUERY = 1000
#: What the reader's search box is told (instead of the offline index of an exported site).
_API_SCRIPT = 'window.LAWREF_API = "{root}api/v1/";\n'


class _Reader:
    """The pages of the HTML export, rendered once per generation of the
    index (a rebuild renders them anew on the next page asked)."""

    def __init__(self, lib: Library) -> None:
        self.lib = lib
        self.lock = threading.Lock()
        self.stamp: object = None
        self.files: dict[str, str] = {}

    def page(self, path: str) -> str | None:
        """The text of the site file at ``path`` (``laws/62.html``), or ``None``."""

        key = self.lib.follow()
        with self.lock:
            if key is not self.stamp:
                book = exports.book(self.lib, single=False)
                self.files = dict(site_files(book, search="api"))
                self.stamp = key
            return self.files.get(path)


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Each worker's loop logs its errors at a bounded rate
    (:func:`_quiet_loop_errors`), answers :data:`ANSWERING` requests at
    once in its thread pool, in the order they came, and hands the
    interpreter between threads every :data:`SWITCH_SECONDS`: while a
    ``link`` runs in its thread, a small request waits for the event loop's
    turn at most that long a step."""
    import sys

    _quiet_loop_errors()
    sys.setswitchinterval(SWITCH_SECONDS)
    anyio.to_thread.current_default_thread_limiter().total_tokens = ANSWERING
    await anyio.to_thread.run_sync(_prepare, app.state.lib)
    _keep_long_lived(app.state.lib)
    try:
        yield
    finally:  # a worker that ends (or a test that ran the lifespan) gives the collector everything back
        _let_go()


def _prepare(lib: Library) -> None:
    """What searches read on first use, read before the worker answers (:func:`lawref.search.prepare`); a library
    that cannot search (no index, a damaged one) is left to say so to each request."""
    with contextlib.suppress(LawrefError):
        search_policy.prepare(lib)


def _keep_long_lived(lib: Library) -> None:
    """Keep the garbage collector's full collections off what lives long: every object the worker holds now (its
    imports, the library's tables) is frozen (:func:`gc.freeze`), and so is every object that survives a later full
    collection (:class:`_Survivors`), so the next one looks only at what is newer. A worker's caches are what grows;
    at 100× the seeds a full collection over them took 70–140 ms while every request the worker held waited
    (docs/serve.md)."""
    _let_go()
    gc.collect()
    gc.freeze()
    gc.callbacks.append(_Survivors(lib))


def _let_go() -> None:
    """Undo :func:`_keep_long_lived`: its hook removed, everything frozen thawed."""
    gc.callbacks[:] = [c for c in gc.callbacks if not isinstance(c, _Survivors)]
    gc.unfreeze()


#: After a rebuild, how long a worker leaves what survives full collections unfrozen (seconds): long enough for the
#: old generation's last answers to end, so its reference cycles are collected, not frozen for good.
THAW_SECONDS = 30.0


class _Survivors:
    """:data:`gc.callbacks` hook: after a full collection, freeze what survived it — unless a build has swapped a
    generation in (``CURRENT`` changed, :func:`lawref.query.generation.live_key`): then thaw everything, so the old
    generation's searchers and tables, held in reference cycles, are collected (frozen, they would stay: ~18 MiB a
    rebuild of the seeds, measured), and freeze again :data:`THAW_SECONDS` later."""

    def __init__(self, lib: Library) -> None:
        try:
            self.index_dir: Path | None = lib.index_dir
        except LawrefError:  # a library in memory: nothing swaps
            self.index_dir = None
        self.key, self.thawed = live_key(self.index_dir), -THAW_SECONDS

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        key = live_key(self.index_dir)
        if key != self.key:
            self.key, self.thawed = key, time.monotonic()
            gc.unfreeze()
        elif time.monotonic() - self.thawed >= THAW_SECONDS:
            gc.freeze()


#: The interpreter's thread switch interval while serving (Python's default is 5 ms).
SWITCH_SECONDS = 0.001
#: How many requests a worker answers at once (its thread pool's tokens; anyio's default is 40). The
#: work is CPU under one interpreter lock: threads answering side by side share the CPU and each
#: takes as long as all of them, so a slow search (20 ms at 100× the seeds) in a crowd of 8 took
#: 160 ms. One at a time, in arrival order (anyio's limiter is first come, first served), each waits
#: only for those before it. At 100× the seeds, 16 connections (issue 28, interleaved A/B): one
#: worker 90–106 → 140–141 requests/s, p99 559–650 → 226–247 ms, peak memory 820 → 431 MiB (a
#: searcher a thread). ``link`` has its own (:data:`LINKING`): a long text never holds a search.
ANSWERING = 1
#: How many ``POST /api/v1/link`` a worker answers at once, beside :data:`ANSWERING`; the next wait.
LINKING = 1
_LINK_LIMITER: RunVar[anyio.CapacityLimiter] = RunVar("lawref_link_limiter")


def _link_limiter() -> anyio.CapacityLimiter:
    """The running loop's limiter of ``link`` work (:data:`LINKING` tokens), made on first use."""
    try:
        return _LINK_LIMITER.get()
    except LookupError:
        limiter = anyio.CapacityLimiter(LINKING)
        _LINK_LIMITER.set(limiter)
        return limiter


def _error(status: int, message: str, **extra: Any) -> Response:
    return JSONResponse({"error": {"status": status, "message": message[:500], **extra}}, status_code=status)


class _Utf8Only:
    """ASGI middleware: a request whose path or query string percent-decodes to bytes that are not UTF-8
    (``?q=%D0``) is a JSON 400 — Starlette would read them as U+FFFD and answer a query never asked."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for part, said in ((scope.get("raw_path") or b"", "path"), (scope.get("query_string") or b"", "query")):
                try:
                    unquote_to_bytes(part.decode("latin-1")).decode("utf-8")
                except UnicodeDecodeError:
                    await _error(400, f"the {said} is not UTF-8 once its %-escapes are read")(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def _missing(title: str, detail: str, root: str, status: int, lang: str) -> Response:
    """The reader's page for what it lacks (an HTML 404 or 400), in the
    reader's language ``lang``: ``title`` is told in it (:func:`retell_in`)."""
    page = missing_page(retell_in(lang, title), detail, root, lang)
    return Response(page, status_code=status, media_type="text/html; charset=utf-8")


def _absent_line(lib: Library, cite: str, lang: str) -> str:
    """«59 — нет в корпусе: Inability to Lead or Play as Required» for a law
    the edition has and the corpus lacks (as the reader's search box says
    it), else ``""``."""

    try:
        canonical, _, entry = lib.absent(cite)
    except LawrefError:
        return ""
    return f"{canonical} — {told(lang)['absent']}: {entry.title_en}"


def _reader_language(lib: Library, asked: str | None) -> str:
    """The reader's language: ``--ui``/``LAWREF_UI`` when given, else its
    laws' (the pages are the book's: «Содержание»), else English."""
    if asked in LANGS:
        return str(asked)
    return next((d.lang for d in lib.documents if d.kind == "laws" and d.lang in LANGS), "en")


def _get(app: FastAPI, path: str, **options: Any) -> Any:
    """Register a ``GET`` endpoint and its ``HEAD``; the ``HEAD`` stays out
    of the schema (one operation id each; HTTP gives every GET a HEAD)."""
    def register(endpoint: Any) -> Any:
        app.get(path, **options)(endpoint)
        app.head(path, **{**options, "include_in_schema": False})(endpoint)
        return endpoint

    return register


def create_app(lib: Library, *, cors_origins: tuple[str, ...] = ()) -> FastAPI:
    """The application over ``lib`` (kept open; not closed by the app).
    ``cors_origins``: the origins a browser may call the API from (``*``:
    any); CORS is off without them."""
    asked = chosen() or os.environ.get("LAWREF_UI")
    choose(asked or "en")  # --ui, else English: not the server's locale
    reading = _reader_language(lib, asked)
    app = FastAPI(title="lawref", version=__version__, docs_url=None, redoc_url=None,  # their pages load a CDN
                  lifespan=_lifespan,
                  description="The Laws of Duplicate Contract Bridge: search, nodes, references, citations.")
    if cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=list(cors_origins), allow_methods=["GET", "HEAD", "POST"])
    app.add_middleware(_Utf8Only)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    app.state.lib, app.state.reader, app.state.reading = lib, _Reader(lib), reading

    @app.exception_handler(LawrefError)
    async def lawref_error(request: Request, exc: LawrefError) -> Response:
        return _error(exc.http_status, retell(said(exc)))

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        return _error(400, _invalid(first))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def fault(request: Request, exc: Exception) -> Response:
        return _error(500, f"internal error: {type(exc).__name__}")

    for route in ROUTES:
        _register(app, route)
    return app


#: ``POST /api/v1/link``'s body in the OpenAPI schema (read by hand to bound its size).
_LINK_BODY: dict[str, Any] = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": {"type": "object", "required": ["text"],
                                    "properties": {"text": {"type": "string"}}}},
    "text/plain": {"schema": {"type": "string"}}}}}


# -- the routes: one small function an endpoint, the table that registers them (datasette's route table) --


async def _library(request: Request) -> Library:
    """The library the app answers from (a FastAPI dependency)."""
    return request.app.state.lib


async def _reader(request: Request) -> _Reader:
    """The reader's pages (a FastAPI dependency)."""
    return request.app.state.reader


async def _reading(request: Request) -> str:
    """The reader's language (a FastAPI dependency)."""
    return str(request.app.state.reading)


_Lib = Annotated[Library, Depends(_library)]
_Pages = Annotated["_Reader", Depends(_reader)]
_Reading = Annotated[str, Depends(_reading)]


def search(lib: _Lib, q: str = Query("", max_length=MAX_QUERY), limit: int = Query(10, ge=1, le=100),
           lang: str = Query("any", pattern="^(ru|en|any)$"),
           doc: str | None = Query(None, max_length=200)) -> dict[str, Any]:
    """``search --json``: hits for the query ``q`` (words, "phrases", OR, cites); an empty or missing ``q`` is
    refused by the use case, in the words ``search`` says it (400)."""
    found = usecases.search(lib, q, limit=limit, doc=doc, lang=lang)  # nothing found: 200, no results
    out = J.search_json(q, found.hits, found.answer, found.gone, found.also)
    href = exports.hrefs(lib, "/")
    for hit in out["results"]:  # where the reader shows it, from the site's root (laws/62.html#law-62b)
        node = lib.by_id.get(hit["id"])
        hit["label"] = lib.label(node) if node is not None else hit["id"]
        hit["url"] = (href(hit["id"]) or "/").lstrip("/")
    return out



def refs(lib: _Lib, cite: str, direction: str = Query("out", pattern="^(out|in)$"),
         doc: str | None = Query(None, max_length=200)) -> dict[str, Any]:
    """``refs --json``: the references a node and its descendants make
    (``out``), or that other nodes make to it (``in``)."""
    _bounded(cite)
    incoming = direction == "in"
    _, found = usecases.refs(lib, cite, incoming=incoming, doc=doc)
    return J.refs_json(found, incoming)



def node(lib: _Lib, cite: str, lang: str = Query("ru", pattern="^(ru|en|both)$"),
         edition: str | None = Query(None, max_length=MAX_QUERY)) -> Any:
    """``show --json``: the node a cite names (62B, 62b, 62В, "правило 62B",
    45.5 or an id), its children nested; 404 with the catalogue's line
    when the edition has the law and the corpus does not, and for
    ``lang=en`` when the corpus has no English text of it."""
    _bounded(cite)
    shown = usecases.show(lib, cite, edition=edition, lang=lang)  # NotFound: no such law (95)
    if (gone := shown.absent) is not None:  # 62Z, not in the catalogue either: as show says it
        return _error(shown.outcome.http_status, shown.message(), catalogue=J.absent_json(
            gone.canonical, gone.edition, gone.entry, gone.fragments, gone.why, gone.law_title_en, latin=gone.latin))
    if shown.outcome.http_status != 200:  # no English text, as ``show --lang en`` exits 1
        first = shown.nodes[0]
        title = first.title_en or lib.title_en(first)
        return _error(shown.outcome.http_status, shown.message(), catalogue={"cite": first.cite, "title_en": title})
    return J.show_json(*S.first(lib, shown.nodes, lang))



def resolve(lib: _Lib, cite: str = Query(min_length=1, max_length=MAX_QUERY),
            edition: str | None = Query(None, max_length=MAX_QUERY)) -> Any:
    """``resolve --json``: the cite's status, node id and edition; 404
    when the text holds no citation."""
    found = usecases.resolve(lib, [cite], edition)
    if found.outcome == usecases.Outcome.NO_CITATION:  # as ``resolve`` exits 1
        return _error(found.outcome.http_status, usecases.told(found.outcome, text=repr(cite)))
    return J.resolve_json(found.answers, found.elsewhere)



def compare(lib: _Lib, cite: str = Query(min_length=1, max_length=MAX_QUERY),
            from_: str | None = Query(None, alias="from", max_length=MAX_QUERY),
            to: str | None = Query(None, max_length=MAX_QUERY)) -> Any:
    """``compare --json``: what became of the cite (of edition ``from``, by
    default the corpus's) in edition ``to`` (default: every other one), by
    lawref's concordance; 404 when no counterpart is known (as ``compare``
    exits 1)."""
    _bounded(cite)
    outcome, found = usecases.compare(lib, cite, from_, to)
    if (status := outcome.http_status) != 200:
        return _error(status, usecases.told(outcome, cite=found.cite), comparison=J.compare_json(found))
    return J.compare_json(found)


def counterparts(lib: _Lib, cite: str, to: str | None = Query(None, max_length=MAX_QUERY)) -> Any:
    """The counterparts of the node ``cite`` names (any spelling ``show`` takes, or a node id: its cite, in
    its own document's edition) in the other editions — ``GET /api/v1/compare`` of it; 404 for a cite or an
    id the corpus lacks, or a node without a cite; 400 for a malformed cite."""
    _bounded(cite)
    node = lib.by_id.get(cite)
    if node is None:  # a cite, as every other /nodes/{cite} route takes it (it took an id alone: 17E was «no node»)
        try:
            node = next(iter(usecases.show(lib, cite).nodes), None)
        except NotFound:
            node = None
    if node is None or node.cite is None:
        return _error(404, N_("no node {id} with a cite in this corpus").format(id=repr(cite)))
    return J.compare_json(lib.compare(node.cite, lib.edition_of(node.doc) or lib.edition(), to))


async def link(request: Request, lib: _Lib, edition: str | None = Query(None, max_length=MAX_QUERY)) -> Response:
    """``link --format json``: the citations in the text (JSON
    ``{"text": …}`` or ``text/plain``, UTF-8, at most 1 MB), resolved;
    413 when the answer would be over 40 times the text
    (:mod:`lawref.budget`)."""
    text = await _body_text(request)
    lib.pick_edition(edition)  # a bad edition: 400 before the work
    body = await anyio.to_thread.run_sync(_link_answer, lib, text, edition,  # CPU work off the event loop
                                          limiter=_link_limiter())
    return Response(body, media_type="application/json")



async def health(lib: _Lib) -> dict[str, Any]:  # on the event loop: answered while other work holds threads
    """The index answers come from: corpus stamp, node count, age, version."""
    state = lib.follow()
    gen = lib.generation
    built = (gen.path / "META.json").stat().st_mtime
    return {"status": "ok", "version": __version__, "corpus_stamp": gen.stamp, "nodes": state.store.count(),
            "documents": [d.id for d in lib.documents], "generation": gen.path.name,
            "index_built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(built)),
            "index_age_s": round(time.time() - built, 1)}



def law_page(lib: _Lib, reading: _Reading, cite: str) -> Response:
    """``/law/62B`` → the reader's page and anchor of that node."""
    try:
        _bounded(cite)
        found = lib.find(cite)
    except LawrefError as exc:  # a browser asked: a page, not JSON
        return _missing(said(exc), _absent_line(lib, cite, reading), "../", exc.http_status, reading)
    target = exports.hrefs(lib, "/")(found[0].id) or "/"
    return RedirectResponse(".." + target, status_code=307)  # relative: works behind a proxy's prefix too



def page(lib: _Lib, reader: _Pages, reading: _Reading, path: str) -> Response:
    """The reader: ``/``, ``/laws/62.html``, ``/lawref.css`` …"""
    text = reader.page(path or "index.html")
    if text is None and path.startswith("api/"):
        return _error(404, tr("no API endpoint {path}").format(path=repr(path[:200])))
    if text is None:
        return _missing(N_("no page {path}").format(path=repr(path[:200])), "", "../" * path.count("/"), 404,
                        reading)
    kind = {"html": "text/html", "css": "text/css", "js": "text/javascript", "json": "application/json"}
    media = kind.get(path.rsplit(".", 1)[-1], "text/html") if path else "text/html"
    return Response(text, media_type=f"{media}; charset=utf-8")


@dataclass(frozen=True)
class Route:
    """One endpoint: its HTTP ``method``, ``path``, the function that answers and FastAPI's ``options``."""

    method: str
    path: str
    endpoint: Callable[..., Any]
    options: dict[str, Any]


#: Every endpoint, in the order they are matched (``/{path:path}``, the reader, last).
ROUTES: tuple[Route, ...] = (
    Route("GET", "/api/v1/search", search, {"tags": ["api"]}),
    Route("GET", "/api/v1/nodes/{cite:path}/refs", refs, {"tags": ["api"]}),
    Route("GET", "/api/v1/nodes/{cite:path}/counterparts", counterparts, {"tags": ["api"]}),
    Route("GET", "/api/v1/compare", compare, {"tags": ["api"]}),
    Route("GET", "/api/v1/nodes/{cite:path}", node, {"tags": ["api"]}),
    Route("GET", "/api/v1/resolve", resolve, {"tags": ["api"]}),
    Route("POST", "/api/v1/link", link, {"tags": ["api"], "openapi_extra": _LINK_BODY}),
    Route("GET", "/api/v1/health", health, {"tags": ["api"]}),
    Route("GET", "/law/{cite}", law_page, {"include_in_schema": False}),
    Route("GET", "/{path:path}", page, {"include_in_schema": False}),
)


def _register(app: FastAPI, route: Route) -> None:
    """Register ``route`` on ``app`` (a ``GET`` with its ``HEAD``: :func:`_get`).

    No response model: an answer is lawref's JSON contract (docs/json.md),
    made by :mod:`lawref.export.json`, not a pydantic model. FastAPI would
    take one from the return annotation and validate every answer against
    it, in the thread pool — a second thread hop per request, a third of a
    cached answer's time (issue 28); the dependencies are ``async`` for the
    same reason (they only read the app's state)."""
    options = {"response_model": None, "responses": {200: {"content": {"application/json": {
        "schema": _schema(route.endpoint)}}}}, **route.options}
    if route.method == "GET":
        _get(app, route.path, **options)(_rendered(route.endpoint))
    else:
        app.post(route.path, **options)(_rendered(route.endpoint))


def _rendered(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """``endpoint`` answering a :class:`Response`: its JSON value rendered as
    :class:`JSONResponse` renders it (compact, UTF-8), so FastAPI neither
    validates it nor walks it with ``jsonable_encoder`` (a fifth of a cached
    answer's time, on the event loop). FastAPI reads the parameters through
    ``__wrapped__``; a coroutine stays a coroutine (it runs on the loop)."""
    if inspect.iscoroutinefunction(endpoint):
        @functools.wraps(endpoint)
        async def answer_async(*args: Any, **kwargs: Any) -> Response:
            return _response(await endpoint(*args, **kwargs))

        return answer_async

    @functools.wraps(endpoint)
    def answer(*args: Any, **kwargs: Any) -> Response:
        return _response(endpoint(*args, **kwargs))

    return answer


def _schema(endpoint: Callable[..., Any]) -> dict[str, Any]:
    """The OpenAPI schema of ``endpoint``'s answer, as its return annotation
    says (``dict[…]``: an object; else any JSON value)."""
    said = inspect.signature(endpoint).return_annotation
    return {"type": "object", "additionalProperties": True} if str(said).startswith("dict") else {}


def _response(value: Any) -> Response:
    return value if isinstance(value, Response) else JSONResponse(value)


def _link_answer(lib: Library, text: str, edition: str | None) -> str:
    """The JSON text of ``link``'s answer to ``text``, read in pieces
    (:meth:`Library.link_stream`: the same answer as the whole) and stopped
    with :class:`~lawref.errors.AnswerTooLarge` as soon as it passes its
    budget — the work and memory of a refused answer are bounded too."""
    import io

    budget, parts = Budget(), []
    for _, piece, linked in usecases.link(lib, io.StringIO(text).read, edition):
        budget.read(len(piece))
        for item in linked:
            parts.append(J.dumps(item.to_json(), compact=True))
            budget.spend(len(parts[-1]) + 1)
    return '{"citations":[' + ",".join(parts) + "]}"


def _bounded(cite: str) -> None:
    if len(cite) > MAX_QUERY:
        raise CiteError(N_("a cite of {length} characters: at most {limit}").format(length=len(cite), limit=MAX_QUERY))


async def _body_text(request: Request) -> str:
    """The text of a ``link`` request: read at most :data:`MAX_BODY` bytes
    (413 above); ``text/plain`` (also when no type is given) in its declared
    ``charset`` (UTF-8 when none) or ``application/json`` ``{"text": "…"}``,
    UTF-8 (415 for another type)."""
    import json

    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise HTTPException(413, f"the body is over {MAX_BODY} bytes")
    from starlette.requests import ClientDisconnect

    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise HTTPException(413, f"the body is over {MAX_BODY} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # closed before its body was whole (the request deadline): nobody to answer
        raise HTTPException(400, "the client went away before its body was whole") from None
    body = b"".join(chunks)
    media, _, params = request.headers.get("content-type", "text/plain").partition(";")
    media = media.strip().lower()
    if media not in ("text/plain", "application/json"):
        raise HTTPException(415, tr("a body is text/plain or application/json, not {media}").format(media=media[:80]))
    codec, name = _declared_charset(params) if media == "text/plain" else ("utf-8-sig", "UTF-8")  # JSON is UTF-8
    try:
        raw = body.decode(codec)
    except UnicodeDecodeError as exc:
        if (marked := wide_bom(body)) is not None and not codec.startswith(marked):  # as lawref link names it
            raise HTTPException(400, f"the body is {marked.upper()} text (its byte order mark), not {name}") from None
        if b"\x00" in body:  # a program's bytes fail UTF-8 before its first NUL: binary, as lawref link says
            raise HTTPException(400, "the body is binary data (NUL bytes), not text") from None
        raise HTTPException(400, f"the body is not {name} ({exc.reason})") from None
    if media == "text/plain":
        return _text_only(raw)
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise HTTPException(400, f"the body is not JSON: {exc}") from None
    except RecursionError:
        raise HTTPException(400, "the body is not JSON lawref reads: nested too deep") from None
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise HTTPException(400, 'a JSON body is {"text": "…"}')
    return _text_only(str(data["text"]))


def _invalid(error: dict[str, Any]) -> str:
    """What a request's parameter that FastAPI refused says: a choice by its choices (``direction is out or in,
    not 'sideways'``), as the command line's options say it; else its place and pydantic's message
    (``query.limit: Input should be less than or equal to 100``)."""
    where, kind = ".".join(str(p) for p in error.get("loc", ())), error.get("type")
    name, given = str(error.get("loc", ("", ""))[-1]), str(error.get("input", ""))[:40]
    if kind == "string_pattern_mismatch" and (m := re.fullmatch(r"\^\(([\w|]+)\)\$", error["ctx"]["pattern"])):
        *rest, last = m[1].split("|")
        return f"{name} is {', '.join(rest)} or {last}, not {given!r}"
    return f"{where}: {error.get('msg', 'invalid')}"


def _declared_charset(params: str) -> tuple[str, str]:
    """The codec of a ``text/plain`` body's ``charset`` parameter, and how to name it (UTF-8, a BOM dropped, when
    none is given); 400 for a charset Python does not know or that is no text's (as ``link --encoding``)."""
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset" and (value := value.strip().strip('"')):
            try:
                codec = lookup_codec(value).name
            except LookupError:
                raise HTTPException(400, f"the body's charset {value[:40]!r} is none lawref knows") from None
            return ("utf-8-sig" if codec == "utf-8" else codec), value[:40]
    return "utf-8-sig", "UTF-8"


def _text_only(text: str) -> str:
    """``text``, or 400 when it holds a NUL: binary data, which ``lawref link`` refuses too (exit 2)."""
    if "\x00" in text:
        raise HTTPException(400, "the body is binary data (NUL bytes), not text")
    return text


def app_from_env() -> FastAPI:
    """The application of one worker, configured by ``lawref serve``
    through the environment (``LAWREF_CORPUS``, ``LAWREF_INDEX``,
    ``LAWREF_CORS_ORIGINS``, space-separated): uvicorn imports it in each
    worker process."""

    corpus = os.environ.get("LAWREF_CORPUS")
    index = os.environ.get("LAWREF_INDEX")
    lib = open_library(Path(corpus) if corpus else None, Path(index) if index else None)
    origins = tuple(o for o in os.environ.get("LAWREF_CORS_ORIGINS", "").split(" ") if o)
    return create_app(lib, cors_origins=origins)


def listen(host: str, port: int) -> Any:
    """A socket bound to ``host``:``port`` (IPv6 when ``host`` has a ``:``),
    made with ``IPPROTO_TCP``: a socket uvicorn makes for workers leaves the
    protocol 0, so asyncio never sets ``TCP_NODELAY`` on the connections it
    accepts and every keep-alive answer after the first waits ~40 ms for
    the client's delayed ACK (uvicorn issue 3149; measured here: 23
    answers/s on one connection instead of 600). Binding first also makes a
    busy port an error before anything is served. Raises :class:`OSError`."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


#: Seconds an idle keep-alive connection is kept between requests.
KEEP_ALIVE_SECONDS = 5
#: File descriptors kept free of connections: the index files, logs, the listening socket, and the
#: connections one accept burst takes before the guard can close any (twice :data:`ACCEPT_BURST`).
RESERVED_FDS = 256
#: The listening backlog, which is also how many connections asyncio accepts in one go.
ACCEPT_BURST = 64
#: The most connections a worker holds at once, whatever its file limit allows.
MAX_CONNECTIONS = 4096
#: Seconds between two log lines about the same accept or connection error.
LOG_INTERVAL = 10.0


def connection_limit() -> int:
    """How many connections one worker holds at once: its open-file limit
    (``RLIMIT_NOFILE``) less :data:`RESERVED_FDS`, at most
    :data:`MAX_CONNECTIONS`, at least 16."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    room = MAX_CONNECTIONS if soft == resource.RLIM_INFINITY else soft - RESERVED_FDS
    return max(16, min(MAX_CONNECTIONS, room))


def _config(app: Any, **options: Any) -> Any:
    """uvicorn's configuration for lawref: the guarded HTTP protocol
    (:class:`lawref.httpguard.Guarded`, named by its path: workers import it), the keep-alive deadline, 503 past the
    connection limit, headers of at most 16 KiB (h11's default, named)."""
    import uvicorn

    return uvicorn.Config(app, http="lawref.httpguard:Guarded", log_level="warning",
                          timeout_keep_alive=KEEP_ALIVE_SECONDS, limit_concurrency=connection_limit(),
                          h11_max_incomplete_event_size=16 * 1024, backlog=ACCEPT_BURST, **options)


def _quiet_loop_errors() -> None:
    """Log asyncio's errors on the running loop (an accept that failed: too
    many open files) at most once per :data:`LOG_INTERVAL` per kind, with
    how many were left unsaid — never a flood of tracebacks."""
    import asyncio
    import logging

    loop = asyncio.get_running_loop()
    said: dict[str, list[float]] = {}
    log = logging.getLogger("lawref.serve")

    def handler(_: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        kind = f"{context.get('message', '')}: {type(exc).__name__ if exc else ''} {exc or ''}".strip()[:300]
        now = loop.time()
        last = said.setdefault(kind, [-LOG_INTERVAL, 0])
        if now - last[0] < LOG_INTERVAL:
            last[1] += 1
            return
        more = f" ({int(last[1])} more like it)" if last[1] else ""
        log.warning("lawref serve: %s%s", kind, more)
        said[kind] = [now, 0]

    loop.set_exception_handler(handler)


def run_app(app: FastAPI, sock: Any) -> None:
    """Serve ``app`` on the bound socket ``sock`` (:func:`listen`) in this
    process until interrupted."""
    import uvicorn

    uvicorn.Server(_config(app)).run(sockets=[sock])


def run_workers(sock: Any, workers: int) -> None:
    """Serve :func:`app_from_env` in ``workers`` processes sharing the bound
    socket ``sock`` (:func:`listen`) until interrupted."""
    from uvicorn.supervisors import Multiprocess

    config = _config("lawref.serve:app_from_env", factory=True, workers=workers)
    Multiprocess(config, sockets=[sock]).run()


def _openapi(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI schema as the server answers: errors are
    ``{"error": {"status", "message"}}`` with 400 (not FastAPI's 422), 404
    for a cite, 413/415 for ``link``'s body."""
    if app.openapi_schema:
        return app.openapi_schema
    from fastapi.openapi.utils import get_openapi

    schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
    schemas = schema.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = {"type": "object", "required": ["error"], "properties": {"error": {
        "type": "object", "required": ["status", "message"],
        "properties": {"status": {"type": "integer"}, "message": {"type": "string"}}}}}
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    for path, operations in schema.get("paths", {}).items():
        for op in operations.values():
            op["responses"].pop("422", None)
            for code, what in _errors(path).items():
                op["responses"][code] = {"description": what, "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    app.openapi_schema = schema
    return schema


def _errors(path: str) -> dict[str, str]:
    """The error statuses an API path answers with, and why."""
    out = {"400": "bad input: a malformed cite, a parameter out of range, an unknown document or edition"}
    if "{cite}" in path:
        out["404"] = ("not in this corpus (for a law its edition has: with the catalogue's line); lang=en: no "
                      "English text of it")
    if path.endswith("/resolve"):
        out["404"] = "the text holds no citation"
    if path.endswith("/compare"):
        out["404"] = "no counterpart of the cite is known in lawref's concordance (the comparison is in the error)"
    if path.endswith("/counterparts"):
        out["404"] = "no node of that id with a cite in this corpus"
    if path.endswith("/link"):
        out.update({"413": "a body over 1 MB, or an answer that would be over 40 times the text",
                    "415": "a body neither text/plain nor application/json"})
    return out
