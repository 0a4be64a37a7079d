"""Search quality on the judged query set: ``python scripts/bench.py --part quality [--check]``.

``bench/queries.tsv`` holds queries a director would type (word forms,
phrases, English terms, typos, parts of compounds, every citation spelling
of issue 12, laws the corpus lacks), each with the nodes a careful reader
marks relevant on the seed corpus. For every system the same nodes are
searched, and two figures are reported over the queries that have relevant
nodes:

* **hit@5** — share of queries with a relevant node among the first five;
* **MRR** — mean of 1/rank of the first relevant node (0 past rank 10).

Systems: lawref (its index and search policy), ``grep -i`` over each node
(the query as a fixed string, nodes in reading order), SQLite FTS5 with the
``unicode61`` tokenizer (every word required, ranked by bm25), and Whoosh
with its standard analyzer (no morphology, every word required, BM25F).
For the queries whose law the corpus lacks (``absent``), the share answered
with nothing is shown.

lawref's query association (:mod:`lawref.lang.associations`) is counted from
these very sets; each set is scored with a table counted without it (set 0,
this file's, included), so a figure here is one for questions lawref has not
seen the answers of.
"""

from __future__ import annotations

import re
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
QUERIES = ROOT / "bench" / "queries.tsv"
#: Queries judged after the set above was tuned (each set scored unseen first): reported, never a target.
LATER = ROOT / "bench" / "queries-later.tsv"
#: What lawref must reach (issue 12), and beat every other system on both.
MIN_HIT5, MIN_MRR = 0.97, 0.92
DEPTH = 10

Ranker = Callable[[str], list[str]]


@dataclass(frozen=True)
class Judged:
    """One judged query: its text, kind and the relevant node ids (empty: the corpus lacks it)."""

    query: str
    kind: str
    relevant: tuple[str, ...]


def load(path: Path = QUERIES) -> list[Judged]:
    """The judged queries of ``path`` (comment lines and the header skipped)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("query\t"):
            continue
        query, kind, relevant, _note = line.split("\t")
        out.append(Judged(query, kind, tuple(r for r in relevant.split() if r != "-")))
    return out


def scores(ranker: Ranker, judged: Sequence[Judged]) -> tuple[float, float, float]:
    """``(hit@5, MRR, share of absent queries answered with nothing)``."""
    hit5 = mrr = 0.0
    graded = [j for j in judged if j.relevant]
    for j in graded:
        ranked = ranker(j.query)[:DEPTH]
        first = next((k for k, node in enumerate(ranked, 1) if node in j.relevant), None)
        hit5 += first is not None and first <= 5
        mrr += 1 / first if first else 0.0
    absent = [j for j in judged if not j.relevant]
    silent = sum(1 for j in absent if not ranker(j.query)) / len(absent) if absent else 1.0
    return hit5 / len(graded), mrr / len(graded), silent


# -- the systems ------------------------------------------------------------------


def lawref_ranker(index: Path, without: int | None = None) -> Ranker:
    """lawref as ``lawref search`` and ``GET /api/v1/search`` answer: the use case
    (:func:`lawref.usecases.search`: a missing section's title answered first by its cite); with
    ``without``, its query association counted without that judged set (``scripts/associations.py``;
    set 0 is ``bench/queries.tsv``), so no query is ranked by its own answer."""
    from lawref import usecases
    from lawref.lang import associations
    from lawref.library import Library

    lib = Library.open(index)
    if without is None:
        return lambda q: [h.id for h in usecases.search(lib, q, limit=DEPTH).answer.hits]
    import associations as counted  # scripts/associations.py

    table = counted.table(counted.judged(), without)

    def rank(q: str) -> list[str]:
        with associations.held_out(table):
            return [h.id for h in usecases.search(lib, q, limit=DEPTH).answer.hits]

    return rank


def later_sets(path: Path = LATER) -> dict[int, list[Judged]]:
    """The judged queries of ``path`` by their ``# set N`` line."""
    out: dict[int, list[Judged]] = {}
    current = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := re.match(r"# set (\d+)\b", line):
            current = int(m.group(1))
        elif line and not line.startswith("#") and not line.startswith("query\t"):
            query, kind, relevant, _note = line.split("\t")
            out.setdefault(current, []).append(Judged(query, kind, tuple(r for r in relevant.split() if r != "-")))
    return out


def held_out_scores(index: Path, sets: dict[int, list[Judged]]) -> tuple[float, float, float]:
    """``scores`` over every set of ``sets``, each ranked with the query association counted without it."""
    total = [0.0, 0.0, 0.0]
    graded = absent = 0
    for number, judged in sorted(sets.items()):
        h5, mrr, silent = scores(lawref_ranker(index, without=number), judged)
        n, a = sum(1 for j in judged if j.relevant), sum(1 for j in judged if not j.relevant)
        total[0] += h5 * n
        total[1] += mrr * n
        total[2] += silent * a
        graded, absent = graded + n, absent + a
    return total[0] / graded, total[1] / graded, total[2] / absent if absent else 1.0


def grep_ranker(nodes: Sequence[tuple[str, str]]) -> Ranker:
    """``grep -iF`` over each node (title and text), in reading order."""
    return lambda q: [i for i, text in nodes if q.strip() and q.strip().lower() in text.lower()]


def fts5_ranker(nodes: Sequence[tuple[str, str]]) -> Ranker:
    """SQLite FTS5, ``unicode61`` tokenizer: every word of the query, by bm25."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, body, tokenize='unicode61')")
    db.executemany("INSERT INTO t VALUES (?, ?)", nodes)

    def rank(q: str) -> list[str]:
        words = re.findall(r"\w+", q)
        if not words:
            return []
        match = " ".join('"' + w.replace('"', "") + '"' for w in words)
        return [r[0] for r in db.execute("SELECT id FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?", (match, DEPTH))]
    return rank


def whoosh_ranker(nodes: Sequence[tuple[str, str]], folder: Path, *, russian: bool = False) -> Ranker:
    """Whoosh alone, every word, BM25F: its standard analyzer (no morphology), or with ``russian``
    its Russian stemmer (``LanguageAnalyzer("ru")``: Snowball and its stop words) — what a program
    would build with Whoosh alone (issue 28)."""
    from whoosh import index as windex
    from whoosh.analysis import LanguageAnalyzer
    from whoosh.fields import ID, TEXT, Schema
    from whoosh.qparser import QueryParser

    folder.mkdir(parents=True, exist_ok=True)
    body = TEXT(analyzer=LanguageAnalyzer("ru")) if russian else TEXT()
    ix = windex.create_in(str(folder), Schema(id=ID(stored=True), body=body))
    with ix.writer() as writer:
        for i, text in nodes:
            writer.add_document(id=i, body=text)
    searcher = ix.searcher()
    parser = QueryParser("body", ix.schema)

    def rank(q: str) -> list[str]:
        words = re.findall(r"\w+", q)
        if not words:
            return []
        return [r["id"] for r in searcher.search(parser.parse(" AND ".join(words)), limit=DEPTH)]
    return rank


def report(index: Path) -> tuple[dict[str, Any], list[str]]:
    """Print the table for every system; return it (system → hit@5, MRR,
    share of absent laws answered with nothing) and the lines that miss a target."""
    from lawref.library import Library

    judged = load()
    lib = Library.open(index)
    nodes = [(n.id, f"{n.title or ''} {n.text}") for n in lib.nodes]
    with tempfile.TemporaryDirectory() as tmp:
        systems = {"lawref": lawref_ranker(index, without=0), "grep -i": grep_ranker(nodes),
                   "SQLite FTS5": fts5_ranker(nodes),
                   "Whoosh (plain)": whoosh_ranker(nodes, Path(tmp) / "plain"),
                   "Whoosh (Russian stemmer)": whoosh_ranker(nodes, Path(tmp) / "ru", russian=True)}
        table = {name: scores(rank, judged) for name, rank in systems.items()}
    graded = sum(1 for j in judged if j.relevant)
    print(f"{len(judged)} judged queries ({graded} with relevant nodes, {len(judged) - graded} the corpus lacks; "
          "lawref's query association counted without them)")
    print(f"{'system':<26} {'hit@5':>7} {'MRR':>7} {'absent: nothing':>16}")
    for name, (h5, mrr, silent) in table.items():
        print(f"{name:<26} {h5:>7.3f} {mrr:>7.3f} {silent:>16.2f}")
    h5, mrr, _ = table["lawref"]
    misses = []
    if h5 < MIN_HIT5 or mrr < MIN_MRR:
        misses.append(f"lawref hit@5 {h5:.3f} (target {MIN_HIT5}), MRR {mrr:.3f} (target {MIN_MRR})")
    for name, (oh5, omrr, _) in table.items():
        if name != "lawref" and (oh5 >= h5 or omrr >= mrr):
            misses.append(f"lawref does not beat {name}: hit@5 {h5:.3f} vs {oh5:.3f}, MRR {mrr:.3f} vs {omrr:.3f}")
    figures = {"queries": len(judged), "graded": graded,
               "systems": {k: {"hit@5": v[0], "mrr": v[1], "absent_nothing": v[2]} for k, v in table.items()}}
    if LATER.exists():  # not a target: how lawref does on queries it was not tuned on when they were written
        later = load(LATER)
        h5, mrr, silent = held_out_scores(index, later_sets())
        print(f"{len(later)} later queries ({LATER.relative_to(ROOT)}, not a target; each set held out of the query "
              f"association): lawref hit@5 {h5:.3f}, MRR {mrr:.3f}, absent: nothing {silent:.2f}")
        figures["later"] = {"queries": len(later), "hit@5": h5, "mrr": mrr, "absent_nothing": silent}
    return figures, misses


def per_query(index: Path, kind: str | None = None) -> None:
    """Print lawref's rank of the first relevant node for every query (for tuning by hand)."""
    rank = lawref_ranker(index)
    for j in load():
        if j.relevant and (kind is None or j.kind == kind):
            got = rank(j.query)
            first = next((k for k, node in enumerate(got, 1) if node in j.relevant), None)
            print(f"{first or '-':>3} {j.kind:<9} {j.query!r:<40} top: {got[:2]}")
