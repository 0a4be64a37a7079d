"""Benchmark: build the default corpus into a fresh index, then time queries.

Usage: ``python scripts/bench.py [--repeat N]``. Prints seconds per step; it
asserts nothing (speed lives here, not in the tests).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from lawref import index as idx
from lawref.library import Library, default_corpus
from lawref.store import build

QUERIES = ["фальшренонс", "взяток", "revoke", "adjusted score", "правило 62B", "(*)"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "index"
        t = time.perf_counter()
        corpus = build(default_corpus(), target)
        print(f"build: {time.perf_counter() - t:.3f} s ({len(corpus.nodes)} nodes)")
        t = time.perf_counter()
        lib = Library.open(target)
        print(f"open library: {time.perf_counter() - t:.4f} s")
        for q in QUERIES:
            t = time.perf_counter()
            for _ in range(args.repeat):
                hits = lib.search(q)
            print(f"search {q!r}: {(time.perf_counter() - t) / args.repeat * 1000:.1f} ms ({len(hits)} hits)")
        with idx.Searcher(target) as searcher:
            t = time.perf_counter()
            for _ in range(args.repeat):
                searcher.search("фальшренонс")
            print(f"open searcher, query x{args.repeat}: {(time.perf_counter() - t) / args.repeat * 1000:.2f} ms/query")


if __name__ == "__main__":
    main()
