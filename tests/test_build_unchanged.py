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
    assert code == EXIT_OK and json.loads(kept) == json.loads(full)


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
