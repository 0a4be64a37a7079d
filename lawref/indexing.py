"""indexing: whoosh's files of a generation written for its nodes (:mod:`lawref.index`'s build side).

A full build writes them anew (:func:`write_index`); a build that changed a
few documents carries the previous generation's files over and re-indexes
only those documents (:func:`update_index`). The schema, its analyzer and
how the files are opened and searched are :mod:`lawref.index`'s; this module
and that one are the only ones that import whoosh.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lawref import _safepickle
from lawref.context import contexts
from lawref.folder import Generation
from lawref.index import _schema, whoosh_index
from lawref.model import Node

__all__ = ["MAX_DELETED_SHARE", "update_index", "write_index"]


def _node_fields(node: Node, context: str = "") -> dict[str, Any]:
    """The whoosh document for ``node`` (``None`` values left out), ``context`` its place's words."""
    fields: dict[str, Any] = {"id": node.id, "doc": node.doc, "kind": node.kind, "text": node.text}
    if context:
        fields["context"] = context
    if node.cite is not None:
        fields["cite"] = node.cite
    if node.title is not None:
        fields["title"] = node.title
    if node.page is not None:
        fields["page"] = node.page
    return fields


def write_index(nodes: Sequence[Node], target: Path) -> None:
    """Write whoosh's files for ``nodes`` into the new, empty generation
    folder ``target`` (see :mod:`lawref.store`). Loads pymorphy3. Raises
    ``ValueError`` when two nodes share an id."""
    _unique(nodes)
    ix = whoosh_index.create_in(str(target), _schema())
    _write(ix.writer(), nodes, set())
    (target / "MAIN_WRITELOCK").unlink(missing_ok=True)


#: Past this share of deleted entries whoosh's index is written anew (BM25's statistics count
#: deleted entries until their segment is merged: a long run of edits would skew scores).
MAX_DELETED_SHARE = 0.25


def update_index(nodes: Sequence[Node], drop: set[str], target: Path, previous: Generation, *,
                 verified: bool = False) -> bool:
    """Write whoosh's files into the new generation folder ``target`` as
    those of ``previous`` (linked, or copied where links cannot be made)
    with every node of the documents in ``drop`` deleted and ``nodes``
    added — a build that changed a few documents re-indexes only them.
    Returns False, writing nothing, when more than :data:`MAX_DELETED_SHARE`
    of the entries would then be deleted ones (the caller writes the index
    anew). The previous files are checked against their checksums first and
    read with the restricted unpickler (``verified``: the caller has just
    checked them). Raises
    :class:`~lawref.errors.IndexDamaged` when they are damaged, ``ValueError``
    when two nodes share an id."""
    _unique(nodes)
    names = [n for n in previous.meta["files"] if n.endswith((".toc", ".seg"))]
    if not verified:
        previous.verify(names)
    _safepickle.install()
    if _deleted_share(previous, drop) > MAX_DELETED_SHARE:
        return False
    for name in names:
        _link_or_copy(previous.path / name, target / name)
    ix = whoosh_index.open_dir(str(target), schema=_schema())
    _write(ix.writer(), nodes, drop)
    (target / "MAIN_WRITELOCK").unlink(missing_ok=True)
    return True


def _deleted_share(previous: Generation, drop: set[str]) -> float:
    """The share of ``previous``'s whoosh entries that are deleted, with the
    documents ``drop`` deleted too."""
    with whoosh_index.open_dir(str(previous.path), readonly=True, schema=_schema()).reader() as reader:
        total = reader.doc_count_all()
        deleted = total - reader.doc_count() + sum(reader.doc_frequency("doc", d) for d in drop)
    return deleted / max(total, 1)


def _write(writer: Any, nodes: Sequence[Node], drop: set[str]) -> None:
    """Delete the documents ``drop`` and add ``nodes`` with one whoosh writer, then commit."""
    try:
        for doc in sorted(drop):
            writer.delete_by_term("doc", doc)
        context = contexts(nodes)
        for node in nodes:
            writer.add_document(**_node_fields(node, context[node.id]))
    except BaseException:
        writer.cancel()
        raise
    writer.commit()


def _unique(nodes: Sequence[Node]) -> None:
    ids = [n.id for n in nodes]
    if len(set(ids)) != len(ids):
        raise ValueError("write_index: node ids are not unique")


def _link_or_copy(src: Path, dest: Path) -> None:
    """A hard link of ``src`` at ``dest`` (whoosh never rewrites a file it
    wrote), else a copy."""
    try:
        os.link(src, dest)
    except OSError:
        shutil.copyfile(src, dest)

