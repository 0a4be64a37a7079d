"""query.source: the raw lines a node came from (``show --source``).

Functions of an open :class:`~lawref.library.Library` (``lib``), which hands
its public methods on to them; each reads the node store of the generation
``lib`` answers from.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lawref.i18n import N_
from lawref.model import Node, Source
from lawref.safeio import read_regular

if TYPE_CHECKING:
    from lawref.library import Library

#: The largest raw file ``show --source`` reads back.
MAX_SOURCE_BYTES = 64 * 1024 * 1024


def raw_source(lib: Library, node: Node | Source) -> list[tuple[int, str]]:
    """The raw lines ``node`` (or a :class:`Source` span) came from,
    ``[(line number, text)]``: its byte range in the raw file, decoded
    with the encoding the build used. Raises :class:`OSError` when the
    file cannot be read any more."""
    src = node.source if isinstance(node, Node) else node
    corpus_dir = lib.corpus_dir
    if corpus_dir is None or src.bytes is None:
        raise OSError(N_("no raw source recorded for {node}").format(
            node=node.id if isinstance(node, Node) else src.file))
    hexed = lib.paths.get(src.file)
    real = os.fsdecode(bytes.fromhex(hexed)) if hexed else src.file
    data = read_regular(corpus_dir / real, MAX_SOURCE_BYTES)
    enc = next((r.get("encoding") for r in lib.report if r.get("file") == src.file), None) or "utf-8"
    start, end = src.bytes
    text = data[start:end].decode(enc, errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    return list(enumerate(text.split("\n"), start=src.line))


def source_spans(lib: Library, node: Node) -> list[Source]:
    """Where ``node`` and everything under it came from: one span a raw
    file, from the first line to the last of its nodes there (the
    lines between included: the raw text as it stands), in reading
    order. ``show 62 --source`` prints the law and all its sections."""
    spans: dict[str, Source] = {}
    for _, n in lib.subtree(node):
        src, cur = n.source, spans.get(n.source.file)
        if src.bytes is None:
            continue
        if cur is None or cur.bytes is None:
            spans[src.file] = src
            continue
        spans[src.file] = Source(src.file, min(cur.line, src.line), max(cur.end_line or cur.line,
                                 src.end_line or src.line), (min(cur.bytes[0], src.bytes[0]),
                                                             max(cur.bytes[1], src.bytes[1])))
    return list(spans.values())


def sources(lib: Library, nodes: list[Node]) -> list[tuple[str, Source, list[tuple[int, str]]]]:
    """``show --source``: for each node, each raw file its subtree came from
    (:func:`source_spans`) with its raw lines (:func:`raw_source`):
    ``[(node id, span, [(line number, text)])]``. Raises :class:`OSError`
    when a raw file cannot be read any more."""
    return [(node.id, src, raw_source(lib, src)) for node in nodes for src in source_spans(lib, node)]
