"""A build with nothing changed keeps the live build (issue 28, item 3).

The stamp of the corpus files, lawref's code and data and the forced
encoding is the live generation's: a build would write the same index
again, so it writes nothing, and says so — with the report, warnings and
node count the build stored.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

from click.testing import CliRunner

from lawref import folder, store
from lawref.cli import cli
from lawref.errors import EXIT_OK

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def _corpus(tmp_path: Path, name: str = "corpus") -> Path:
    """The seeds, their files dated a minute back (older than the racy window a fingerprint needs)."""
    dest = tmp_path / name
    shutil.copytree(CORPUS, dest)
    past = time.time() - 60
    for p in dest.iterdir():
        os.utime(p, (past, past))
    return dest


def _run(corpus: Path, index: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--corpus", str(corpus), "--index", str(index), "--ui", "en", "build", *args])
    return result.exit_code, result.stdout, result.stderr


def test_nothing_changed_keeps_the_live_build_and_says_so(tmp_path: Path) -> None:
    corpus, index = _corpus(tmp_path), tmp_path / "ix"
    first = store.build(corpus, index)
    live = folder.open_generation(index).path
    again = store.build(corpus, index)
    assert again.unchanged and not first.unchanged
    assert folder.open_generation(index).path == live  # no generation written
    assert len(again.nodes) == len(first.nodes) and list(again.nodes) == list(first.nodes)  # read when asked for
    assert [r.to_json() for r in again.reports] == [r.to_json() for r in first.reports]
    assert again.stamp == first.stamp and again.documents == first.documents
    code, out, _ = _run(corpus, index)
    assert code == EXIT_OK and out.startswith("nothing changed since the last build: 114 nodes from 4 files")


def test_the_report_of_a_kept_build_is_the_report_of_a_full_one(tmp_path: Path) -> None:
    corpus, index = _corpus(tmp_path), tmp_path / "ix"
    _, full, _ = _run(corpus, index, "--full", "--json")
    code, kept, _ = _run(corpus, index, "--json")
    told, stored = json.loads(kept), json.loads(full)
    assert code == EXIT_OK and (told.pop("unchanged"), told.pop("reused")) == (True, 4)  # it says it kept the build
    assert (stored.pop("unchanged"), stored.pop("reused")) == (False, 0) and told == stored


def test_a_changed_file_a_full_build_or_another_folder_builds_anew(tmp_path: Path) -> None:
    corpus, index = _corpus(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    assert not store.build(corpus, index, full=True).unchanged  # --full: everything anew
    victim = corpus / "001_6601c729f2304426.txt"
    victim.write_text(victim.read_text(encoding="utf-8").replace(" взятку ", " взятку и взятку ", 1),
                      encoding="utf-8")
    assert not store.build(corpus, index).unchanged  # an edit
    other = _corpus(tmp_path, "copy")  # the same files in another folder: the store names its folder
    assert not store.build(other, index).unchanged


def test_a_damaged_live_build_is_built_anew(tmp_path: Path) -> None:
    corpus, index = _corpus(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    gen = folder.open_generation(index)
    seg = next(p for p in gen.path.iterdir() if p.suffix == ".seg")
    data = bytearray(seg.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one byte of whoosh's segment flipped
    seg.write_bytes(bytes(data))
    assert not store.build(corpus, index).unchanged


def test_a_kept_build_asked_only_what_build_prints_reads_those_fields_alone(tmp_path: Path) -> None:
    # `lawref build` without --report prints each file's status, warnings and structure warnings: a build that
    # finds nothing changed reads those back (store.SAID), not the whole report (4.5 MB at 100× the seeds)
    corpus, index = _corpus(tmp_path), tmp_path / "ix"
    first = store.build(corpus, index)
    said = store.build(corpus, index, said_only=True)
    assert said.unchanged
    assert [{k: getattr(r, k) for k in store.SAID} for r in said.reports] == [
        {k: getattr(r, k) for k in store.SAID} for r in first.reports]
    assert all(not r.passes and not r.dropped for r in said.reports)  # the rest was not read
    code, out, _ = _run(corpus, index)
    assert code == EXIT_OK and out.startswith("nothing changed since the last build: 114 nodes from 4 files (0 skipped)")


def test_a_build_that_finds_nothing_changed_loads_no_part_of_the_build_proper(tmp_path: Path) -> None:
    import subprocess
    import sys

    corpus, index = _corpus(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    code = ("import sys\nfrom lawref.cli import cli\n"
            f"sys.argv = ['lawref', '--corpus', {str(corpus)!r}, '--index', {str(index)!r}, 'build']\n"
            "try:\n    cli(prog_name='lawref')\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('lawref.writing', 'lawref.corpus', 'lawref.parse', 'lawref.indexing', "
            "'lawref.ingest.clean', 'whoosh', 'pymorphy3') if m in sys.modules), file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "nothing changed since the last build" in out.stdout, out.stderr
    assert out.stderr.strip().splitlines()[-1] == "[]", out.stderr
