"""The library behind the CLI: build, load, search, show, export.

A built corpus lives in one index folder: the Whoosh index, the form → lemma
table, ``corpus.json`` (the export document plus the build report) and
``STAMP``. It is rebuilt by itself when a corpus file or the lawref version
changes (content hashes, not mtimes). Default places:

* corpus: ``$LAWREF_CORPUS`` or the default corpus shipped in the package;
* index: ``$LAWREF_INDEX`` or ``<user cache>/lawref/index-<hash of corpus path>``
  (platformdirs).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import platformdirs

from lawref import __version__
from lawref import index as idx
from lawref.cite import CiteError, normalise_cite
from lawref.corpus import Corpus, CorpusError, build_corpus, corpus_files, read_manifest, stamp_of
from lawref.model import Document, Node, Ref, Source

CORPUS_JSON = "corpus.json"
FORMAT = "lawref/1"


class NotFound(LookupError):
    """A cite or id that names no node of the corpus."""


def default_corpus() -> Path:
    """The corpus shipped inside the package (the four seed files)."""
    return Path(__file__).resolve().parent / "corpus"


def default_index(corpus_dir: Path) -> Path:
    """Per-user cache folder for the index of ``corpus_dir``."""
    key = hashlib.sha256(str(Path(corpus_dir).resolve()).encode()).hexdigest()[:12]
    return platformdirs.user_cache_path("lawref") / f"index-{key}"


def current_stamp(corpus_dir: Path) -> str:
    """Content stamp of ``corpus_dir`` as :func:`lawref.corpus.stamp_of` gives it.
    Raises :class:`~lawref.corpus.CorpusError` when the folder is missing."""
    read_manifest(corpus_dir)
    return stamp_of(corpus_dir, corpus_files(corpus_dir), __version__)


def export_document(corpus: Corpus) -> dict[str, Any]:
    """The JSON contract: ``{"format", "documents", "nodes"}`` (README)."""
    return {
        "format": FORMAT,
        "documents": [d.to_json() for d in corpus.documents],
        "nodes": [n.to_json() for n in corpus.nodes],
    }


def build(corpus_dir: Path, index_dir: Path, *, encoding: str | None = None) -> Corpus:
    """Build the corpus and its index (atomically replacing an older one).

    Returns the corpus. When nothing usable was built (``corpus.usable()`` is
    false, e.g. every file is binary) the index is left as it was. Raises
    :class:`~lawref.corpus.CorpusError` when the corpus folder or manifest
    cannot be read, :class:`OSError` when the index cannot be written."""
    corpus = build_corpus(corpus_dir, version=__version__, encoding=encoding)
    if not corpus.usable():
        return corpus
    payload = export_document(corpus)
    payload["report"] = [r.to_json() for r in corpus.reports]
    extra = {CORPUS_JSON: json.dumps(payload, ensure_ascii=False)}
    idx.build_index(corpus.nodes, index_dir, stamp=corpus.stamp, extra=extra)
    return corpus


def ensure(corpus_dir: Path, index_dir: Path) -> bool:
    """Build the index unless it is up to date with ``corpus_dir``; returns True
    when it (re)built."""
    if idx.read_stamp(index_dir) == current_stamp(corpus_dir):
        return False
    if not build(corpus_dir, index_dir).usable():
        raise CorpusError(f"nothing usable in the corpus {corpus_dir} (see 'lawref build --report')")
    return True


def _node(d: dict[str, Any]) -> Node:
    src = d["source"]
    refs = tuple(Ref(**r) for r in d.get("refs", []))
    return Node(d["id"], d["doc"], d["kind"], d["cite"], d["label"], d["title"], d["text"],
                d["parent"], d["page"], Source(src["file"], src["line"]), d["inferred"], refs=refs)


@dataclass(frozen=True)
class Library:
    """A loaded corpus: documents, nodes in reading order, the build report."""

    index_dir: Path
    documents: tuple[Document, ...]
    nodes: tuple[Node, ...]
    report: tuple[dict[str, Any], ...]

    @classmethod
    def open(cls, index_dir: Path) -> Library:
        """Load ``corpus.json`` of a built index. Raises
        :class:`~lawref.index.IndexUnavailable` when there is none."""
        try:
            data = json.loads((Path(index_dir) / CORPUS_JSON).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise idx.IndexUnavailable(f"no built corpus in {index_dir}") from exc
        docs = tuple(Document(d["id"], d["kind"], d["lang"], d["edition"], d["title"], tuple(d["files"]))
                     for d in data["documents"])
        return cls(Path(index_dir), docs, tuple(_node(n) for n in data["nodes"]), tuple(data.get("report", [])))

    @cached_property
    def by_id(self) -> dict[str, Node]:
        return {n.id: n for n in self.nodes}

    @cached_property
    def children(self) -> dict[str | None, list[Node]]:
        kids: dict[str | None, list[Node]] = {}
        for n in self.nodes:
            kids.setdefault(n.parent, []).append(n)
        return kids

    def find(self, cite_or_id: str, doc: str | None = None) -> list[Node]:
        """Nodes named by a cite (any spelling :func:`normalise_cite` takes) or
        an exact id, laws documents first. Raises :class:`NotFound`."""
        if cite_or_id in self.by_id:
            return [self.by_id[cite_or_id]]
        try:
            cite = normalise_cite(cite_or_id)
        except CiteError as exc:
            raise NotFound(str(exc)) from exc
        kinds = {d.id: d.kind for d in self.documents}
        found = [n for n in self.nodes if n.cite == cite and (doc is None or n.doc == doc)]
        found.sort(key=lambda n: kinds.get(n.doc) != "laws")
        if not found:
            raise NotFound(f"{cite} is not in this corpus")
        return found

    def subtree(self, node: Node) -> list[tuple[int, Node]]:
        """``node`` and its descendants in reading order, with their depth."""
        out, stack = [], [(0, node)]
        while stack:
            depth, n = stack.pop()
            out.append((depth, n))
            stack.extend((depth + 1, c) for c in reversed(self.children.get(n.id, [])))
        return out

    def law_of(self, node: Node) -> Node | None:
        """The law node above ``node`` (itself if it is a law)."""
        cur: Node | None = node
        while cur is not None and cur.kind != "law":
            cur = self.by_id.get(cur.parent) if cur.parent else None
        return cur

    def search(self, query: str, *, limit: int = 10, doc: str | None = None) -> list[idx.Hit]:
        """Ranked hits (see :func:`lawref.index.search`)."""
        return idx.search(self.index_dir, query, limit=limit, doc=doc)


def open_library(corpus_dir: Path | None = None, index_dir: Path | None = None) -> Library:
    """Ensure the index of ``corpus_dir`` is built and up to date, and load it."""
    corpus_dir = Path(corpus_dir) if corpus_dir else default_corpus()
    index_dir = Path(index_dir) if index_dir else default_index(corpus_dir)
    ensure(corpus_dir, index_dir)
    return Library.open(index_dir)


__all__ = ["CorpusError", "Library", "NotFound", "build", "open_library"]
