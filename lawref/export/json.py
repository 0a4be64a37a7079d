"""export.json: the JSON shapes lawref writes — here the ``lawref/1`` contract.

Shared by the build side (``corpus.json`` in the index) and the query side
(``lawref export --format json``); imports :mod:`lawref.model` only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lawref.model import Document, Node

__all__ = ["FORMAT", "export_document"]

FORMAT = "lawref/1"


def export_document(documents: Iterable[Document], nodes: Iterable[Node]) -> dict[str, Any]:
    """The JSON contract: ``{"format", "documents", "nodes"}`` (README,
    «JSON contract»), documents and nodes in reading order."""
    return {
        "format": FORMAT,
        "documents": [d.to_json() for d in documents],
        "nodes": [n.to_json() for n in nodes],
    }
