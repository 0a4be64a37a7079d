"""BENCHMARKS.md from the figures ``scripts/bench.py`` measured (never typed by hand).

:func:`tables` gives the Markdown tables (also printed by the bench);
:func:`render` the whole file: how it was measured, the tables, the budgets
and what missed them, and a profile of a warm search.
"""

from __future__ import annotations

import math
from typing import Any

BUDGETS = """\
| budget (issues 13, 28) | asserted by `--check` |
|---|---|
| cold `show 62B` on the seeds | ≤ 1.2× `python -c "import click"` |
| cold `search` / `link` on the seeds | ≤ 1.35× / 0.8× the floor |
| cold `show` at 100× the seeds | ≤ 1.5× the floor |
| real searches of a held `Library`, distinct queries | ≥ 2,000 q/s (seeds), ≥ 500 q/s (100×), ≥ Whoosh+stemmer |
| one edited file at 100× | rebuilt in ≤ 10% of a full build; nothing changed: ≤ 2% |
| build growth 1× → 100× | exponent ≤ 1.0, peak memory at 100× ≤ 250 MiB |
| `link` on 100 MB | peak memory ≤ 100 MiB |
| HTTP real search, 16 connections | 2 workers ≥ 1.7× one (1×, 100×); 2 workers at 100×: p99 ≤ 100 ms; 0 errors |
"""


def _cold(cold: dict[str, Any]) -> list[str]:
    rows = ["| command | CPU ms (median) | × floor |", "|---|---:|---:|"]
    names = {"pass": '`python -c pass`', "click": '`python -c "import click"`',
             "floor": '`python -c "import click, whoosh.index"` (floor)', "show": "`lawref show 62B`",
             "search": "`lawref search фальшренонс`", "link": "`echo 'см. правило 62B' \\| lawref link`"}
    for key, ms in cold["median_ms"].items():
        rows.append(f"| {names.get(key, key)} | {ms:.1f} | {cold['ratio_to_floor'][key]:.2f} |")
    return rows


def _warm(warm: dict[str, Any]) -> list[str]:
    rows = [f"{warm['queries']} judged queries (`bench/queries.tsv`), one process, each system warmed with "
            f"{warm.get('warmup', 0)} other questions first:", "",
            "| system | p50 ms | p95 ms | q/s |", "|---|---:|---:|---:|"]
    for name, row in warm["systems"].items():
        rows.append(f"| {name} | {row['p50_ms']:.2f} | {row['p95_ms']:.2f} | {row['qps']:.0f} |")
    rows.append(f"| lawref, the set asked again: answers kept, **no search** | | | {warm['answers_kept_qps']:.0f} |")
    if "policy_alone_qps" in warm:
        rows.append("| lawref, the index's retrieval answered from a table: the policy alone, **no search** | | | "
                    f"{warm['policy_alone_qps']:.0f} |")
    return rows


def _http(where: str, http: dict[str, Any]) -> list[str]:
    rows = [f"| {where}, {n} worker{'s' if n != '1' else ''} | {r['requests']} | {r['rps']:.0f} | {r['p50_ms']:.0f} | "
            f"{r['p99_ms']:.0f} | {r['errors']} | {', '.join(f'{m:.0f}' for m in r['worker_peak_mib'])} | "
            f"{r.get('client_cpu_ms', math.nan):.3f} |" for n, r in http["workers"].items()]
    return [*rows, f"| {where}: 2 workers ÷ 1 | | **{http['two_workers']:.2f}×** | | | | | |"]


def _scale(scale: dict[str, Any]) -> list[str]:
    rows = ["| corpus | corpus MiB | build s | peak MiB | index MiB | cold show × floor | cold search × floor "
            "| search p50 ms | real search q/s | Whoosh (Russian stemmer) q/s |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n, row in scale["copies"].items():
        ratio = row["cold"]["ratio_to_floor"]
        first = next(iter(row["warm"]["systems"].values()))
        rows.append(f"| {n}× | {row['corpus_mib']:.1f} | {row['build_s']:.1f} | {row['peak_mib']:.0f} | "
                    f"{row['index_mib']:.1f} | {ratio['show']:.2f} | {ratio['search']:.2f} | {first['p50_ms']:.2f} | "
                    f"{row['warm']['search_qps']:.0f} | {row['warm']['whoosh_ru_qps']:.0f} |")
    rows.append("")
    rows.append(f"Growth exponent of build time, 1× → 100×: **{scale['growth_exponent']:.2f}**.")
    big = scale["copies"][str(max(int(k) for k in scale["copies"]))]
    inc = big["incremental"]
    new = inc["new_paragraph"]
    rows.append(f"One edited file (`{inc['edited']}`, a word doubled; median of three edits) in the 100× corpus "
                f"rebuilt in **{inc['cpu_s']:.1f} s of CPU** ({inc['seconds']:.1f} s wall), **{inc['share']:.1%}** of "
                f"the full build ({big['build_cpu_s']:.1f} s of CPU, {big['build_s']:.1f} s wall); peak "
                f"{inc['peak_mib']:.0f} MiB. The same file with a commentary paragraph added (a new cite: every row "
                f"is written anew): {new['cpu_s']:.1f} s of CPU, {new['share']:.1%}. A build with nothing changed: "
                f"{inc['no_change']['cpu_s']:.1f} s of CPU, {inc['no_change']['share']:.1%}.")
    return rows


def _quality(q: dict[str, Any]) -> list[str]:
    rows = [f"{q['queries']} judged queries ({q['graded']} with relevant nodes; lawref's query association counted "
            "without them, `lawref/lang/associations.py`):", "",
            "| system | hit@5 | MRR | absent law: nothing |", "|---|---:|---:|---:|"]
    for name, row in q["systems"].items():
        rows.append(f"| {name} | {row['hit@5']:.3f} | {row['mrr']:.3f} | {row['absent_nothing']:.2f} |")
    if "later" in q:
        later = q["later"]
        rows += ["", f"Not a target: {later['queries']} queries judged later (`bench/queries-later.tsv`, sets "
                 "written and judged from the seeds by readers who had not seen lawref's answers; the first score of "
                 "each set is in the file; each set scored with the query association counted without it): lawref "
                 f"hit@5 **{later['hit@5']:.3f}**, MRR **{later['mrr']:.3f}**."]
    return rows


def tables(fig: dict[str, Any]) -> list[str]:
    """The speed tables of ``fig`` (the ``speed`` figures), as Markdown lines."""
    out = ["### Cold processes, seed corpus", "", *_cold(fig["cold"]), "", "### Warm queries, seed corpus", "",
           *_warm(fig["warm"]), "", "### Scale", "", *_scale(fig["scale"]), "", "### link on a large input", "",
           f"`lawref link --format jsonl` on {fig['link']['megabytes']} MB of seed text: "
           f"{fig['link']['seconds']:.0f} s, peak **{fig['link']['peak_mib']:.0f} MiB**."]
    big = fig["scale"]["copies"][str(max(int(k) for k in fig["scale"]["copies"]))]
    out += ["", "### Real searches over HTTP", "",
            f"`lawref serve --workers N`, a new server each, {fig['http']['connections']} keep-alive connections, "
            "every judged query once per round (`limit` 1 … rounds: each request distinct, none answered from "
            "the answers kept), after a warm-up outside the set (a dozen words, then the held library's warm-up "
            "questions, each on a new connection: spread over the workers); the client runs on the same cores, "
            "its CPU a request in the last column (raw keep-alive requests: `benchspeed._get`):", "",
            "| corpus, workers | requests | req/s | p50 ms | p99 ms | errors | worker peak MiB | client CPU ms |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
            *_http("seeds", fig["http"]), *_http("100×", big["http"])]
    inc_profile = fig["scale"]["copies"][str(max(int(k) for k in fig["scale"]["copies"]))]["incremental"].get(
        "profile")
    if inc_profile:
        out += ["", "### Where an incremental build spends its time", "",
                "cProfile of one more incremental build of the 100× corpus (a word doubled), in-process, top lines "
                "by cumulative time:", "", "```", *inc_profile, "```"]
    if fig["warm"].get("profile"):
        out += ["", "### Where a warm search spends its time", "",
                "cProfile of the judged set, each query searched (answer cache emptied), top lines by "
                "cumulative time:", "", "```", *fig["warm"]["profile"], "```"]
    return out


def misses(figures: dict[str, Any]) -> list[str]:
    """The budgets the figures miss (as the bench's ``--check`` says them)."""
    import benchspeed  # scripts/benchspeed.py, beside this file

    return benchspeed.budgets(figures["speed"]) if "speed" in figures else []


def render(figures: dict[str, Any], misses: list[str]) -> str:
    """The whole of BENCHMARKS.md."""
    speed = figures["speed"]
    machine = speed["machine"]
    lines = [
        "# Benchmarks", "",
        "Every figure below was measured by one command on this repository's machine "
        f"({machine['cpus']} cores, Python {machine['python']}) and written here by it; nothing is typed by hand:",
        "", "```", figures["command"], "```", "",
        f"It ran in {figures['seconds']:.0f} s. The raw figures are in `bench/results.json`. Cold figures are "
        "medians of CPU time (user + system) of whole processes, every command once per round, "
        f"{speed['cold']['runs']} rounds, interleaved; `.pyc` files compiled and the index fresh first.", "",
        "## Budgets", "", BUDGETS,
        ("**All budgets met.**" if not misses else "**Missed:**\n\n" + "\n".join(f"- {m}" for m in misses)), "",
        "Search throughput is real searches: each judged query asked once of a held library that was never "
        "asked it before (distinct queries), beside Whoosh and FTS5 asked the same queries over the same nodes "
        "in the same run. Each system is first asked a warm-up of other questions (every fifth later judged "
        "query, none of the timed ones), as a library in service has read its terms' postings and its "
        "dictionaries (a library just opened is timed as a whole process: the cold figures); then what each "
        "holds is frozen for Python's collector (`gc.freeze`, as `lawref serve` does after its warm-up), so "
        "no system's round holds a full collection of the bench's objects. "
        "A question asked again is answered from the answers the library keeps (`Library."
        "answer`, the last 1,024 per generation): that row is no search and no budget counts it. Peak memory "
        "is each program's own (`VmHWM`, read by the program as it exits); a child's `ru_maxrss` would keep "
        "the bench's own peak across `exec`.", "",
        "## Speed", "", *tables(speed), "",
    ]
    if "quality" in figures:
        lines += ["## Quality", "", *_quality(figures["quality"]), ""]
    return "\n".join(lines) + "\n"
