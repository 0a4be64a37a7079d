"""writing: build a corpus into a new generation of an index folder and write it.

The build proper, apart from :mod:`lawref.store` (which claims the folder,
finds when nothing changed and swaps a generation in): it loads the
cleaning, parsing and whoosh's writer, which a build that finds nothing
changed never needs (issue 28: such a build ≤ 2% of a full one). Whoosh's
files, the node store (:mod:`lawref.nodestore`), the build cache
(:mod:`lawref.buildcache`) and the patterns' compiled programs
(:mod:`lawref.rx`) of the new generation are written here, the rows of
unchanged documents carried over from the live generation.
"""

from __future__ import annotations

import functools
import hashlib
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lawref import folder as F
from lawref import indexing, nodestore, patterns, rx
from lawref.buildcache import CACHE_FILE, BuildCache
from lawref.corpus import build_corpus, other_titles
from lawref.errors import IndexUnavailable
from lawref.folder import Generation
from lawref.forms import association_forms, corpus_words, forms_table, said_forms
from lawref.i18n import stored
from lawref.labels import unique_labels
from lawref.lang import associations
from lawref.model import Document, Node
from lawref.records import Corpus
from lawref.scan import code_version
from lawref.store import SAID, Progress, commit, meta_path, new_generation


def write_locked(nodes: Sequence[Node], documents: Sequence[Document], index_dir: Path, stamp: str,
                  encoding: str | None, meta: Mapping[str, Any], plan: Plan | None = None) -> None:
    gen = new_generation(index_dir)
    try:
        carried = plan is not None and plan.previous is not None and indexing.update_index(
            [n for n in nodes if n.doc in plan.changed], plan.changed | plan.removed, gen, plan.previous,
            verified=True)  # _live_or_none verified every file of it
        if not carried:
            indexing.write_index(nodes, gen)
        _write_store(gen, documents, nodes, meta, plan)
        (gen / rx.PROGRAMS).write_bytes(_programs(plan.previous if plan is not None else None))
        if plan is not None:
            plan.cache.write(gen / CACHE_FILE)
        commit(index_dir, gen, stamp=stamp, encoding=encoding)
    except BaseException:
        shutil.rmtree(gen, ignore_errors=True)
        raise
    finally:
        if plan is not None:
            plan.cache.close()


def _programs(previous: Generation | None) -> bytes:
    """The compiled programs of every pattern of :mod:`lawref.patterns`: the live generation's file as it is
    when it holds these patterns' programs for this Python (``previous``: checked whole by :func:`_live_or_none`),
    else compiled (:func:`lawref.rx.programs`: ~75 ms, once a process)."""
    kept = previous.recorded(rx.PROGRAMS) if previous is not None else None
    again = rx.programs_again(kept, _patterns()) if kept is not None else None
    return again if again is not None else _compiled_programs()


def _patterns() -> list[rx.Rx]:
    return [v for v in vars(patterns).values() if isinstance(v, rx.Rx)]


@functools.cache
def _compiled_programs() -> bytes:
    return rx.programs(_patterns())


def _write_store(gen: Path, documents: Sequence[Document], nodes: Sequence[Node], meta: Mapping[str, Any],
                 plan: Plan | None) -> None:
    """The node store of a new generation, with the labels people see for
    nodes without a cite (worked out over the whole corpus, as the query
    side shows them) and the forms table; the rows of unchanged documents
    copied from the live generation when nothing of theirs can differ
    (:func:`_carry`)."""
    labels = unique_labels(documents, nodes)
    cache = plan.cache if plan else None
    words = _words(nodes, cache, plan.keys) if plan is not None and cache is not None else corpus_words(nodes)
    digest = hashlib.sha256("\n".join(sorted(words)).encode("utf-8", "surrogatepass")).hexdigest()
    carry = _carry(plan, documents, nodes)
    if carry is not None and cache is not None and cache.note("words") == digest:
        carry = carry._replace(forms=True)  # the same words: the same forms table
    if cache is not None:
        cache.notes["words"] = digest
    forms = {} if carry is not None and carry.forms else forms_table(nodes, cache, words)
    meta = {**meta, "titles_en": other_titles(documents, nodes),  # the other editions' titles, searched too
            "said_forms": said_forms(cache)}  # synonyms matched in words the corpus lacks, without pymorphy3
    nodestore.write(gen / nodestore.NODES_FILE, documents, nodes, meta=meta, labels=labels, forms=forms, carry=carry,
                    asked=association_forms(cache),  # a question's words as the query-association table's lemmas
                    association=associations.file_rows())  # its rows, each search reading its own


def _carry(plan: Plan | None, documents: Sequence[Document], nodes: Sequence[Node]) -> nodestore.Carry | None:
    """The unchanged documents whose node-store rows can be copied from the
    live generation: when the documents are the same, in the same order,
    and every changed document holds the same cites at the same node ids —
    then no citation of an unchanged document resolves otherwise (a
    citation resolves in its own document first, then in the others by
    their cites), and its nodes are the same node for node."""
    if plan is None or plan.previous is None or plan.removed:
        return None
    if nodestore.NODES_FILE not in plan.previous.meta.get("files", {}):
        return None
    old = nodestore.SqliteStore(plan.previous.path / nodestore.NODES_FILE)
    try:
        before = {d.id: d.to_json() for d in old.documents}
        if list(before) != [d.id for d in documents]:
            return None
        if any(before[d.id] != d.to_json() for d in documents if d.id not in plan.changed):
            return None
        for doc in plan.changed:
            mine: dict[str, str] = {}
            for n in nodes:
                if n.doc == doc and n.cite is not None:
                    mine.setdefault(n.cite, n.id)
            if old.cite_map(doc) != mine:
                return None
    except IndexUnavailable:  # IndexDamaged too: then nothing is copied
        return None
    finally:
        old.close()
    return nodestore.Carry(old.path, frozenset(d.id for d in documents) - plan.changed)


def _words(nodes: Sequence[Node], cache: BuildCache, keys: Mapping[str, str]) -> set[str]:
    """The corpus words, file by file: a file whose key the cache knows
    gives its words without its texts being read again."""
    by_file: dict[str, list[Node]] = {}
    for n in nodes:
        by_file.setdefault(n.source.file, []).append(n)
    out: set[str] = set()
    for name, mine in by_file.items():
        key = keys.get(name)
        found = cache.get("filewords", key) if key else None
        if found is None:
            found = sorted(corpus_words(mine))
            if key:
                cache.put("filewords", key, found)
        out.update(found)
    return out


@dataclass
class Plan:
    """How a build writes its generation: the cache it used, and — when the
    live generation can be carried over — that generation and the documents
    to re-index (``changed``: new or different; ``removed``: gone)."""

    cache: BuildCache
    keys: dict[str, str] = field(default_factory=dict)  # file name → build-cache key
    previous: Generation | None = None
    changed: set[str] = field(default_factory=set)
    removed: set[str] = field(default_factory=set)


#: Past this share of changed documents a build re-indexes everything (as fast, and no old segments kept).
INCREMENTAL_SHARE = 0.5


def plan_for(cache: BuildCache, corpus: Corpus, previous: Generation | None) -> Plan:
    """Carry the live generation over when it was built by this code from a
    cache and fewer than :data:`INCREMENTAL_SHARE` of the documents changed."""
    old = cache.previous_docs()
    changed = {d for d, sig in corpus.signatures.items() if old.get(d) != sig}
    removed = set(old) - set(corpus.signatures)
    for doc, sig in corpus.signatures.items():
        cache.put("docs", doc, sig)
    if previous is None or not old or len(changed | removed) > INCREMENTAL_SHARE * max(len(old), 1):
        return Plan(cache, corpus.file_keys)
    return Plan(cache, corpus.file_keys, previous, changed, removed)



def store_meta(corpus: Corpus, corpus_dir: Path) -> dict[str, Any]:
    """What the node store keeps beside the nodes: the build report, its
    structure warnings alone (:mod:`lawref.treecheck`), the corpus folder,
    the real names of renamed files, the default edition."""
    return {
        "report": stored([r.to_json() for r in corpus.reports]),  # each message as its template and fields
        # what a build that finds nothing changed says of each file, without reading the report (MBs at 100×)
        "said": stored([{k: getattr(r, k) for k in SAID} for r in corpus.reports]),
        "structure": stored([f for r in corpus.reports for f in r.structure]),  # read by every show: apart, small
        "corpus": meta_path(corpus_dir),
        "warnings": stored(list(corpus.warnings)),  # said again by a build that finds nothing changed
        "paths": corpus.paths,
        "default_edition": corpus.default_edition,
    }


def build_locked(corpus_dir: Path, index_dir: Path, encoding: str | None, progress: Progress | None,
                  full: bool = False) -> Corpus:
    """Build into a new generation, taking from the live one what did not
    change (:mod:`lawref.buildcache`; whoosh's index by document) unless ``full``."""
    version = code_version()
    previous = None if full else _live_or_none(index_dir, encoding)
    if previous is not None:
        rx.take_programs(previous.recorded(rx.PROGRAMS))  # the patterns this build runs, compiled by the last
    cache = BuildCache.load(previous, version, verified=True)  # _live_or_none verified every file of it
    corpus = build_corpus(corpus_dir, version=version, encoding=encoding, progress=progress, cache=cache)
    if not corpus.usable():
        return corpus
    plan = plan_for(cache, corpus, previous)
    meta = store_meta(corpus, corpus_dir)
    write_locked(corpus.nodes, corpus.documents, index_dir, corpus.stamp, encoding, meta, plan)
    return corpus


def _live_or_none(index_dir: Path, encoding: str | None) -> Generation | None:
    """The live generation, when one built with the same forced encoding is
    there and every file of it is intact."""
    try:
        gen = F.open_generation(index_dir)
        if gen.encoding != (encoding or None):
            return None
        gen.verify()  # a damaged generation is never carried over
    except IndexUnavailable:  # IndexDamaged too
        return None
    return gen
