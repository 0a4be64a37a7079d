"""Benchmarks and budgets: ``python scripts/bench.py [--part speed|reliability|quality|all] [--check]``.

* ``speed`` (issue 13, ``scripts/benchspeed.py``): cold ``show``, ``search``
  and ``link`` processes against the Python floor; warm queries of a held
  library against raw Whoosh and SQLite FTS5; synthetic corpora 1×, 10×,
  100× the seeds (build time, peak memory, index size, cold and warm
  queries, growth exponent, an incremental rebuild); ``link`` on 100 MB.
* ``reliability``: hostile inputs the issues name, each built or linked in a
  fresh process, with its wall time and peak memory (RSS) against a budget.
* ``quality``: hit@5 and MRR on the judged query set ``bench/queries.tsv``
  for lawref beside ``grep -i``, SQLite FTS5 and plain Whoosh
  (``scripts/quality.py``); targets hit@5 ≥ 0.97, MRR ≥ 0.92, and beating
  every other system.

``all`` is speed and quality (under 5 minutes on 2 cores); reliability runs
alone. Figures go to ``bench/results.json`` (``--results``), and
``--markdown`` rewrites ``BENCHMARKS.md`` from them, so the published
figures are the measured ones. ``--check`` asserts the budgets and exits 1
naming every line that misses one. Speed lives here, never in timed tests.
Every case is generated here; no text from outside the seeds.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import benchmarks_md  # noqa: E402  (scripts/benchmarks_md.py)

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
RESULTS = ROOT / "bench" / "results.json"


# ---------------------------------------------------------------- reliability (budgets)


@dataclass(frozen=True)
class Case:
    """A hostile input: ``make`` writes it into a folder (Python source run in
    the child), ``run`` is what the child does with it; budgets in seconds
    and MiB of peak RSS."""

    name: str
    make: str
    run: str
    seconds: float
    mib: float


_BUILD = "from lawref.store import build\nc = build(folder / 'c', folder / 'ix')\nprint(len(c.nodes), file=sys.stderr)"
_LINK = ("from lawref import open_library\nlib = open_library(None, folder / 'ix')\n"
         "with open(folder / 'in.txt', encoding='utf-8') as f:\n"
         "    n = sum(len(l) for _, _, l in lib.link_stream(f.read))\nprint(n, file=sys.stderr)")

CASES = [
    Case("1 MB of short lines of seed words, one paragraph",
         "import random, re\nrandom.seed(7)\n"
         f"ws = sorted(set(re.findall('[а-яё]{{3,}}', open({str(CORPUS / '000_392cb21f471fdf05.txt')!r},"
         " encoding='utf-8').read())))\n"
         "(folder / 'c' / 'x.txt').write_text('\\n'.join(' '.join(random.choice(ws) for _ in range(3))"
         " for _ in range(22000)))", _BUILD, 6, 250),
    Case("1 MB of short lines, 65,000 distinct numbers (terms)",
         "(folder / 'c' / 'x.txt').write_text('\\n'.join(f'ход {i} в масть' for i in range(65000)))",
         _BUILD, 15, 300),
    Case("200,000 repeated short lines",
         "(folder / 'c' / 'x.txt').write_text('\\n'.join('взятка сыграна' for i in range(200000)))",
         _BUILD, 15, 300),
    Case("20,000 law headings (ids and law lookups stay linear)",
         "(folder / 'c' / 'x.txt').write_text('\\n'.join(f'Правило {i % 93 + 1}. Заголовок\\nA.Раздел\\nтекст {i}'"
         " for i in range(20000)))", _BUILD, 40, 300),
    Case("a 17 MB single line (under the 20 MB cap)",
         "(folder / 'c' / 'x.txt').write_text('Правило 1. Тест. ' + 'слово ' * 1_600_000)", _BUILD, 25, 350),
    Case("a 50 MB file (over the cap: skipped unread)",
         "(folder / 'c' / 'x.txt').write_bytes(b'a' * 50_000_000)\n"
         "(folder / 'c' / 'y.txt').write_text('Правило 1. Тест\\nA.Раздел\\nтекст')", _BUILD, 5, 150),
    Case("HTML with 100,000 unclosed <font> tags",
         "(folder / 'c' / 'x.html').write_text('<html><body>' + '<font>' * 100000 + 'Правило 1. Тест</body></html>')",
         _BUILD, 20, 400),
    Case("English: 2 MB of unknown words (ligature repair bounded)",
         "import random, string\nrandom.seed(1)\n"
         "ws = [''.join(random.choice(string.ascii_lowercase) for _ in range(random.randint(3, 12)))"
         " for _ in range(250000)]\n"
         "(folder / 'c' / 'x.txt').write_text('LAW 1 - TEST\\nLAW 2 - MORE\\n' + '\\n'.join(' '.join(ws[i:i + 10])"
         " for i in range(0, len(ws), 10)))", _BUILD, 45, 400),
    Case("link: правило 43B2 + 100,000 × (a)",
         "(folder / 'in.txt').write_text('правило 43B2' + '(a)' * 100000)", _LINK, 8, 150),
    Case("link: 'Laws 1 to 31 ' repeated to 1 MB",
         "(folder / 'in.txt').write_text('Laws 1 to 31 ' * 80000)", _LINK, 60, 150),
    # issue 22: every pass linear, answers bounded
    Case("an 18 MB line that opens with a rule (was quadratic)",
         "(folder / 'c' / 'x.txt').write_text('-' * 20 + ' слово' * 1_600_000)", _BUILD, 60, 600),
    Case("an 18 MB line of ?-runs between words (lost glyphs)",
         "(folder / 'c' / 'x.txt').write_text('а ?? ' * 3_000_000)", _BUILD, 60, 1500),
    Case("link --format json: 1 MB of ranges stops at 40x",
         "(folder / 'in.txt').write_text('Laws 1 to 93 ' * 80000)",
         "import subprocess\nr = subprocess.run([sys.executable, '-m', 'lawref', '--index', str(folder / 'ix'), 'link',"
         " str(folder / 'in.txt'), '--format', 'json'], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)\n"
         "assert r.returncode == 2 and '40 times' in r.stderr, r.stderr", 20, 300),
    Case("link: 20 MB of law text, streamed",
         "import random\nrandom.seed(1)\nws = 'см. правило 62B и правила 70 или 71, взятка Law 43B2(a) игрок'.split()\n"
         "(folder / 'in.txt').write_text('\\n'.join(' '.join(random.choice(ws) for _ in range(12))"
         " for _ in range(280000)))",
         _LINK, 120, 100),
]

_PROLOGUE = "import json, resource, sys, time\nfrom pathlib import Path\nfolder = Path(sys.argv[1])\n"


def _measured(run: str) -> str:
    """The program a fresh process runs to time ``run`` and report its
    seconds and peak MiB as JSON (the input was made by another process,
    so making it costs this one nothing)."""
    return "\n".join([
        _PROLOGUE, "t = time.perf_counter()", run,
        "print(json.dumps({'seconds': time.perf_counter() - t, 'mib': max(resource.getrusage(who).ru_maxrss"
        " for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024}))",
    ])


def _python(source: str, folder: Path) -> str:
    out = subprocess.run([sys.executable, "-c", source, str(folder)], capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1:])
    return out.stdout


def run_case(case: Case, tmp: Path, index: Path) -> dict[str, float]:
    """Make ``case``'s input in one process, run it in a fresh one; its
    seconds and peak MiB."""
    folder = tmp / f"case-{CASES.index(case)}"
    (folder / "c").mkdir(parents=True)
    if case.run is _LINK:
        (folder / "ix").symlink_to(index, target_is_directory=True)
    _python(_PROLOGUE + case.make, folder)
    return json.loads(_python(_measured(case.run), folder).strip().splitlines()[-1])


def reliability() -> list[str]:
    """Every hostile case against its budget; returns the lines that miss."""
    from lawref.store import build

    failures = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        index = tmp / "seed-index"
        build(CORPUS, index)
        print(f"{'case':<52} {'s':>7} {'budget':>7} {'MiB':>7} {'budget':>7}")
        for case in CASES:
            got = run_case(case, tmp, index)
            ok = got["seconds"] <= case.seconds and got["mib"] <= case.mib
            line = (f"{case.name:<52} {got['seconds']:>7.1f} {case.seconds:>7.0f} {got['mib']:>7.0f} "
                    f"{case.mib:>7.0f}{'' if ok else '  MISSED'}")
            print(line, flush=True)
            if not ok:
                failures.append(line)
        failures += serve_under_load(index)
    return failures


#: The slowest /api/v1/health answer allowed while the largest link request runs (issue 22), in seconds.
HEALTH_BUDGET = 0.100


def serve_under_load(index: Path) -> list[str]:
    """``lawref serve`` answering ``/api/v1/health`` while a 1 MB ``link``
    request runs (its work off the event loop): the slowest of the health
    answers against :data:`HEALTH_BUDGET`."""
    import threading
    import urllib.request

    sys.path.insert(0, str(Path(__file__).parent))
    import benchspeed  # scripts/benchspeed.py: starts the server

    with benchspeed.serving(CORPUS, index) as (_, url):
        body = ("См. правило 62B и правила 70 или 71. " * 40_000).encode()[: 1 << 20]
        body = body.decode("utf-8", "ignore").encode()
        posted = threading.Thread(target=lambda: urllib.request.urlopen(urllib.request.Request(
            url + "/api/v1/link", data=body, headers={"Content-Type": "text/plain"}), timeout=300).read())
        started = time.perf_counter()
        posted.start()
        time.sleep(0.3)
        waits = []
        while posted.is_alive() and len(waits) < 50:
            t = time.perf_counter()
            urllib.request.urlopen(url + "/api/v1/health", timeout=30).read()
            waits.append(time.perf_counter() - t)
            time.sleep(0.05)
        posted.join()
        took = time.perf_counter() - started
    worst = max(waits) if waits else float("nan")
    line = (f"{'serve: slowest /health while a 1 MB link runs (' + f'{took:.1f} s)':<52} {worst * 1000:>7.0f}"
            f" {HEALTH_BUDGET * 1000:>7.0f} ms{'' if waits and worst <= HEALTH_BUDGET else '  MISSED'}")
    print(line, flush=True)
    return [] if waits and worst <= HEALTH_BUDGET else [line]


# ---------------------------------------------------------------- quality (targets)


def quality() -> tuple[dict[str, Any], list[str]]:
    """The judged query set on a fresh build of the default corpus; the
    table and the targets missed."""
    sys.path.insert(0, str(Path(__file__).parent))
    import quality as q  # scripts/quality.py

    from lawref.store import build

    with tempfile.TemporaryDirectory() as tmp:
        build(CORPUS, Path(tmp) / "index")
        return q.report(Path(tmp) / "index")


#: The warm-up of a held library's throughput: every this-many-th later judged query (about 440).
WARMUP_EVERY = 5


def speed(runs: int) -> tuple[dict[str, Any], list[str]]:
    """The speed figures (``scripts/benchspeed.py``), printed; and the budgets missed."""
    sys.path.insert(0, str(Path(__file__).parent))
    import benchspeed
    import quality as q

    queries = [j.query for j in q.load()]
    asked = set(queries)  # a warm-up never asks a timed query: every timed search is a first
    warmup = [j.query for j in q.load(q.LATER) if j.query not in asked][::WARMUP_EVERY]
    fig, misses = benchspeed.speed(runs, queries, warmup)
    for line in benchmarks_md.tables(fig):
        print(line)
    return fig, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["speed", "reliability", "quality", "all"], default="all")
    parser.add_argument("--runs", type=int, default=15, help="rounds of cold processes (at least 15 for the figures)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a budget is missed")
    parser.add_argument("--results", type=Path, default=RESULTS, help="where the figures are written (JSON)")
    parser.add_argument("--markdown", action="store_true", help="rewrite BENCHMARKS.md from the figures")
    parser.add_argument("--render", action="store_true",
                        help="only rewrite BENCHMARKS.md from the figures already in --results (no measuring)")
    args = parser.parse_args()
    if args.render:
        figures = json.loads(args.results.read_text(encoding="utf-8"))
        missed = benchmarks_md.misses(figures)
        (ROOT / "BENCHMARKS.md").write_text(benchmarks_md.render(figures, missed), encoding="utf-8")
        return
    started = time.perf_counter()
    failures: list[str] = []
    figures: dict[str, Any] = {}
    if args.part in ("speed", "all"):
        figures["speed"], missed = speed(args.runs)
        failures += missed
    if args.part == "reliability":
        failures += reliability()
    if args.part in ("quality", "all"):
        figures["quality"], missed = quality()
        failures += missed
    figures["seconds"] = time.perf_counter() - started
    figures["command"] = "python scripts/bench.py " + " ".join(sys.argv[1:])
    if args.part in ("speed", "all"):
        args.results.parent.mkdir(parents=True, exist_ok=True)
        args.results.write_text(json.dumps(figures, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        if args.markdown:
            (ROOT / "BENCHMARKS.md").write_text(benchmarks_md.render(figures, failures), encoding="utf-8")
    print(f"\n{figures['seconds']:.0f} s")
    if args.check and failures:
        print("\nbudgets missed:\n" + "\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
