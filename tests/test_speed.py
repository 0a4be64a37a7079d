"""Issue 13, what the fast paths must keep true (speed itself is measured by
``scripts/bench.py --check``, never here):

* an incremental build (one file changed, added or removed) gives the same
  nodes, the same export and the same search answers as a full build;
* a cache from other code, or a damaged one, costs a full build, never a
  wrong one;
* the freshness fingerprint sends every change of the corpus, the index or
  the code to the full check, and ``touch`` never causes a rebuild;
* a held-open library answers from many threads as from one, and follows a
  rebuild without mixing generations in one answer;
* a query process loads only what its command needs;
* the whoosh import shims leave nothing behind in ``sys.modules``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from lawref import exports, folder, fresh, store
from lawref.buildcache import CACHE_FILE, BuildCache
from lawref.cli import cli
from lawref.lang import morph
from lawref.library import Library
from lawref.nodestore import NODES_FILE, SqliteStore
from lawref.query.generation import MAX_SEARCHERS
from lawref.query.opening import open_library
from lawref.scan import code_version

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
QUERIES = ["фальшренонс", "взяток", "отзыв заявки", "revoke", "62B", "правило 66C", "претензия"]
LAWS_FILE = "000_392cb21f471fdf05.txt"
COMMENTARY_FILE = "004_195c9b41eff5a6c7.txt"


def _copy(tmp_path: Path, split: bool = False) -> Path:
    """The seeds in ``tmp_path/corpus``; with ``split``, each file a document
    of its own (so that one edit changes one document of four)."""
    dest = tmp_path / "corpus"
    shutil.copytree(CORPUS, dest)
    if split:
        (dest / "lawref.toml").write_text("".join(
            f'[[document]]\nid = "d{i}"\nkind = "{"commentary" if name == COMMENTARY_FILE else "laws"}"\n'
            f'lang = "ru"\nedition = "1997"\nfiles = ["{name}"]\n\n'
            for i, name in enumerate(sorted(p.name for p in CORPUS.glob("*.txt")))), encoding="utf-8")
    return dest


def _answers(index: Path) -> list[set[str]]:
    """Every node each query finds (the sets: an incremental index's BM25
    statistics still count deleted entries, so scores — and the order of
    near ties — may differ from a full build's until ``build --full``)."""
    with Library.open(index) as lib:
        return [{h.id for h in lib.search(q, limit=1000)} for q in QUERIES]


def _export(index: Path) -> str:
    with Library.open(index) as lib:
        return json.dumps(exports.export_json(lib), ensure_ascii=False, sort_keys=True)


def _edit(path: Path) -> None:
    """Drop the last paragraph of a seed file (a real edit: text goes away)."""
    text = path.read_text(encoding="utf-8").rstrip("\n")
    path.write_text(text.rsplit("\n\n", 1)[0] + "\n", encoding="utf-8")


def _same_as_full(corpus: Path, incremental: Path, tmp_path: Path) -> None:
    full = tmp_path / "full"
    store.build(corpus, full, full=True)
    assert _export(incremental) == _export(full)
    assert _answers(incremental) == _answers(full)
    with Library.open(incremental) as inc, Library.open(full) as whole:
        assert inc.store.all_forms() == whole.store.all_forms()  # type: ignore[union-attr]
        assert inc.labels == whole.labels


# ---------------------------------------------------------------- incremental builds


@pytest.mark.parametrize("victim", ["001_6601c729f2304426.txt", COMMENTARY_FILE])
def test_one_edited_file_rebuilds_its_document_and_equals_a_full_build(tmp_path: Path, victim: str) -> None:
    corpus, index = _copy(tmp_path, split=True), tmp_path / "ix"
    store.build(corpus, index)
    before = folder.open_generation(index)
    _edit(corpus / victim)
    store.build(corpus, index)
    after = folder.open_generation(index)
    carried = [n for n in before.meta["files"] if n.endswith(".seg") and n in after.meta["files"]]
    assert carried, "whoosh's segment of the unchanged documents was carried over"
    assert os.path.samefile(before.path / carried[0], after.path / carried[0])
    _same_as_full(corpus, index, tmp_path)


def test_an_edit_to_most_of_the_corpus_rewrites_the_index(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"  # "laws" holds most nodes: deleting it would skew BM25
    store.build(corpus, index)
    before = folder.open_generation(index)
    _edit(corpus / LAWS_FILE)
    store.build(corpus, index)
    after = folder.open_generation(index)
    assert not [n for n in before.meta["files"] if n.endswith(".seg") and n in after.meta["files"]]
    _same_as_full(corpus, index, tmp_path)


def test_an_added_then_removed_file_equals_a_full_build(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path, split=True), tmp_path / "ix"
    store.build(corpus, index)
    extra = corpus / "005_extra.txt"  # not in the manifest: a document of its own, kind detected
    shutil.copyfile(corpus / COMMENTARY_FILE, extra)
    store.build(corpus, index)
    _same_as_full(corpus, index, tmp_path)
    extra.unlink()
    store.build(corpus, index)
    shutil.rmtree(tmp_path / "full")
    _same_as_full(corpus, index, tmp_path)


def test_the_build_cache_skips_unchanged_files(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    cache = BuildCache.load(folder.open_generation(index), store.code_version())
    assert len(cache.old["files"]) == 4 and cache.old["words"] and cache.old["citations"]
    assert len(cache.old["docs"]) == 2
    assert set(cache.old["docs"]) == {"laws", "commentary"}


def test_the_lexemes_of_lemmas_only_asked_are_kept_for_the_next_build(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # the query-association table's lemmas the corpus lacks: their forms worked out once (pymorphy3's
    # slowest work, 0.9 s of a one-file rebuild at 100×), then taken from the cache, the same forms
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    kept = BuildCache.load(folder.open_generation(index), store.code_version()).old["lexemes"]
    assert kept and all(found == sorted(found) for found in kept.values())
    before = SqliteStore(folder.open_generation(index).path / NODES_FILE).asked_lemmas(list(kept))
    asked: list[str] = []
    worked_out = morph.lexeme_forms
    monkeypatch.setattr(morph, "lexeme_forms", lambda word, **k: asked.append(word) or worked_out(word, **k))
    with (corpus / COMMENTARY_FILE).open("a", encoding="utf-8") as f:
        f.write("\nИгрок должен исправить фальшренонс.\n")  # the corpus's own words: none new
    store.build(corpus, index)
    assert not set(asked) & set(kept)
    assert SqliteStore(folder.open_generation(index).path / NODES_FILE).asked_lemmas(list(kept)) == before


def test_two_files_with_the_same_bytes_are_two_files_in_the_report_and_the_documents(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    (corpus / "lawref.toml").unlink()  # documents named after their files
    shutil.copyfile(corpus / COMMENTARY_FILE, corpus / "copy.txt")
    for _ in range(2):  # the first build, then one from the cache
        built = store.build(corpus, index)
        assert sorted(r.file for r in built.reports) == sorted(p.name for p in corpus.iterdir())
        copies = {n.source.file for n in built.nodes if n.doc == "copy"}
        assert copies == {"copy.txt"}
    assert "unchanged" not in CliRunner().invoke(cli, ["--corpus", str(corpus), "--index", str(tmp_path / "i2"),
                                                      "build"]).stdout  # a fresh index took nothing unchanged


def test_a_cache_made_by_other_code_is_not_used(tmp_path: Path) -> None:
    store.build(CORPUS, tmp_path / "ix")
    cache = BuildCache.load(folder.open_generation(tmp_path / "ix"), "another-version")
    assert cache.old == {"files": {}, "citations": {}, "words": {}, "docs": {}, "filewords": {}, "frames": {},
                         "chrome": {}, "lexemes": {}}


def test_a_damaged_cache_costs_a_full_build_not_a_wrong_one(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    gen = folder.open_generation(index)
    data = bytearray((gen.path / CACHE_FILE).read_bytes())
    data[len(data) // 2] ^= 0x01
    (gen.path / CACHE_FILE).write_bytes(bytes(data))
    assert BuildCache.load(gen, store.code_version()).old["files"] == {}
    _edit(corpus / LAWS_FILE)
    store.build(corpus, index)
    _same_as_full(corpus, index, tmp_path)


def test_build_full_flag_builds_everything_anew(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    runner = CliRunner()
    assert runner.invoke(cli, ["--corpus", str(corpus), "--index", str(index), "build"]).exit_code == 0
    first = folder.open_generation(index)
    result = runner.invoke(cli, ["--corpus", str(corpus), "--index", str(index), "build", "--full"])
    assert result.exit_code == 0, result.stderr
    segs = [n for n in folder.open_generation(index).meta["files"] if n.endswith(".seg")]
    assert not any(n in first.meta["files"] for n in segs)  # nothing carried over


# ---------------------------------------------------------------- freshness without reading


@pytest.fixture()
def no_racy_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fresh, "RACY_SECONDS", -1.0)


def test_a_recorded_fingerprint_holds_until_something_changes(tmp_path: Path, no_racy_wait: None) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    assert not fresh.unchanged(corpus, index)  # nothing recorded yet
    assert fresh.record(corpus, index) and fresh.unchanged(corpus, index)
    (corpus / "notes.md").write_text("x", encoding="utf-8")  # any new entry
    assert not fresh.unchanged(corpus, index)


def test_touch_costs_one_full_check_and_no_rebuild(tmp_path: Path, no_racy_wait: None) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    gen = folder.open_generation(index).path
    os.utime(corpus / LAWS_FILE, None)
    rebuilt: list[str] = []
    open_library(corpus, index, on_rebuild=rebuilt.append).close()
    assert rebuilt == [] and folder.open_generation(index).path == gen
    assert fresh.unchanged(corpus, index)


def test_an_edit_after_the_fingerprint_is_seen_and_rebuilt(tmp_path: Path, no_racy_wait: None) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    open_library(corpus, index).close()
    assert fresh.unchanged(corpus, index)
    _edit(corpus / COMMENTARY_FILE)
    rebuilt: list[str] = []
    open_library(corpus, index, on_rebuild=rebuilt.append).close()
    assert rebuilt == ["the corpus or lawref changed since the index was built"]


def test_damage_after_the_fingerprint_is_seen(tmp_path: Path, no_racy_wait: None) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    open_library(corpus, index).close()
    seg = next(p for p in folder.open_generation(index).path.iterdir() if p.suffix == ".seg")
    data = bytearray(seg.read_bytes())
    data[len(data) // 2] ^= 0x01
    seg.write_bytes(bytes(data))
    rebuilt: list[str] = []
    open_library(corpus, index, on_rebuild=rebuilt.append).close()
    assert len(rebuilt) == 1 and "damaged" in rebuilt[0]


def test_a_query_on_a_stale_index_says_so_in_one_line(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    _edit(corpus / LAWS_FILE)
    result = CliRunner().invoke(cli, ["--corpus", str(corpus), "--index", str(index), "show", "62B"])
    assert result.exit_code == 0 and "Исправление фальшренонса" in result.stdout
    assert result.stderr.count("\n") == 1 and "changed since the index was built" in result.stderr


# ---------------------------------------------------------------- a library held open


def test_threads_get_the_answers_one_thread_gets(seed_index: Path) -> None:
    with Library.open(seed_index) as lib:
        alone = [[h.id for h in lib.search(q)] for q in QUERIES]
        lib._current.answers.clear()
        got: dict[int, list[list[str]]] = {}

        def ask(k: int) -> None:
            got[k] = [[h.id for h in lib.search(q)] for q in QUERIES * 5][: len(QUERIES)]

        threads = [threading.Thread(target=ask, args=(k,)) for k in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(v == alone for v in got.values()) and len(got) == 16
        # answers borrow from a pool: however many threads, at most MAX_SEARCHERS are opened (memory bounded)
        assert 1 <= len(lib._current.searchers) <= MAX_SEARCHERS < 16


def test_a_searcher_a_thread_asked_for_stays_its_own(seed_index: Path) -> None:
    with Library.open(seed_index) as lib:
        mine = lib.searcher()  # outside an answer: this thread's, never lent to another
        lib.search("фальшренонс после")
        assert lib.searcher() is mine and mine not in lib._current.idle
        seen: list[object] = []
        other = threading.Thread(target=lambda: (lib.search("штрафная карта"), seen.append(lib._current.idle[:])))
        other.start()
        other.join()
        assert seen and mine not in seen[0]  # the other thread's answer borrowed one of the pool's


def test_a_held_library_follows_a_rebuild(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    with Library.open(index) as lib:
        assert lib.find("62B") and lib.search("фальшренонс")
        first = lib.generation.path
        (corpus / LAWS_FILE).unlink()  # law 62 lived there
        store.build(corpus, index)
        assert lib.generation.path == first  # nothing asked yet
        assert "laws/62B" not in [h.id for h in lib.search("62B")]
        assert lib.generation.path != first
        with pytest.raises(Exception, match="62B"):
            lib.find("62B")


def test_a_stream_is_linked_against_the_generation_it_started_on(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    store.build(corpus, index)
    pieces = iter(["см. правило 62B.\n\n" * 3000, "см. правило 62B.\n\n" * 3000, ""])
    with Library.open(index) as lib:
        stream = lib.link_stream(lambda n: next(pieces))
        first = next(stream)
        (corpus / LAWS_FILE).unlink()
        store.build(corpus, index)
        rest = list(stream)
    statuses = {t.status for _, _, linked in [first, *rest] for item in linked for t in item.targets}
    assert statuses == {"exact"}


# ---------------------------------------------------------------- what a query process loads

_LOADED = (
    "import sys\n"
    "from lawref.cli import cli\n"
    "sys.argv = ['lawref', '--corpus', {corpus!r}, '--index', {index!r}, *{args!r}]\n"
    "try:\n    cli(prog_name='lawref')\nexcept SystemExit:\n    pass\n"
    "print(sorted(m for m in {watch!r} if m in sys.modules), file=sys.stderr)\n"
)
HEAVY = ("whoosh.searching", "whoosh.query", "rapidfuzz", "jinja2", "asyncio", "pymorphy3", "lawref.scan",
         "lawref.manifest", "lawref.records", "lawref.lang.catalogue", "whoosh.lang.morph_en",
         "_hashlib", "hmac",  # OpenSSL's module: the seal and the index's name are Python's own BLAKE2/SHA-256
         "lawref.exports", "lawref.export.book")  # the export writers: a link as JSON needs none of them


@pytest.mark.parametrize(("args", "allowed"), [
    (["show", "62B"], ()),
    (["link"], ()),
    (["search", "фальшренонс"], ("whoosh.searching", "whoosh.query")),
])
def test_a_query_process_loads_only_what_its_command_needs(tmp_path: Path, args: list[str],
                                                          allowed: tuple[str, ...]) -> None:
    index = tmp_path / "ix"
    store.build(CORPUS, index)
    code = _LOADED.format(corpus=str(CORPUS), index=str(index), args=args, watch=HEAVY)
    env = {**os.environ}
    prime = subprocess.run([sys.executable, "-c", "import lawref.fresh as f; f.RACY_SECONDS = -1; "
                            f"from lawref import open_library; open_library({str(CORPUS)!r}, {str(index)!r})"],
                           capture_output=True, text=True, timeout=120, env=env)
    assert prime.returncode == 0, prime.stderr
    assert fresh.unchanged(CORPUS, index)
    out = subprocess.run([sys.executable, "-c", code], input="см. правило 62B", capture_output=True, text=True,
                         timeout=120, env=env)
    loaded = out.stderr.strip().splitlines()[-1]
    assert loaded == repr(sorted(allowed)), out.stderr


def test_the_whoosh_import_shims_leave_nothing_behind() -> None:
    code = (
        "import sys\n"
        "import lawref.index\n"
        "print('cached_property' in sys.modules, 'whoosh.lang.morph_en' in sys.modules, 'asyncio' in sys.modules,"
        " 'urllib.request' in sys.modules, 'http.client' in sys.modules, 'hashlib' in sys.modules)\n"
        "import cached_property, whoosh.lang.morph_en, urllib.request, hashlib\n"
        "print(cached_property.__file__ is not None, hasattr(whoosh.lang.morph_en, 'variations'),"
        " hasattr(urllib.request, 'urlopen'), hasattr(hashlib, 'sha256'))\n"
        "from whoosh.query.terms import variations\n"
        "print('played' in variations('play'))\n"
        "from whoosh.filedb.filetables import md5_hash\n"  # whoosh's hash tables hash as they did
        "print(md5_hash(b'62B') == int(hashlib.md5(b'62B').hexdigest(), 16) & 0xFFFFFFFF)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["False"] * 6 + ["True"] * 6, out.stderr


# ---------------------------------------------------------------- link streams


def test_link_jsonl_holds_the_citations_json_holds_one_per_line(seed_index: Path) -> None:
    text = "см. правило 62B\n\nи Law 62A,\r\nправила 70 или 71\n" * 50
    runner = CliRunner()
    args = ["--corpus", str(CORPUS), "--index", str(seed_index), "link", "--format"]
    whole = json.loads(runner.invoke(cli, [*args, "json"], input=text).stdout)["citations"]
    lines = runner.invoke(cli, [*args, "jsonl"], input=text).stdout.splitlines()
    assert [json.loads(line) for line in lines] == whole and len(whole) == 200


def test_link_answers_each_paragraph_as_soon_as_it_ends(seed_index: Path) -> None:
    """A program writing into the pipe gets the answer to a paragraph before
    it writes the next one (the input is not read to its end first)."""
    cmd = [sys.executable, "-m", "lawref", "--corpus", str(CORPUS), "--index", str(seed_index), "link",
           "--format", "jsonl"]
    with subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                          encoding="utf-8") as proc:
        assert proc.stdin is not None and proc.stdout is not None
        out = proc.stdout
        got: list[str] = []
        reader = threading.Thread(target=lambda: got.append(out.readline()), daemon=True)
        reader.start()
        proc.stdin.write("см. правило 62B\n\n")
        proc.stdin.flush()
        reader.join(timeout=60)
        first = list(got)  # what came before any more input was written
        proc.stdin.write("и правило 62A\n")
        proc.stdin.close()
        rest = out.read()
    assert first and json.loads(first[0])["ids"] == ["laws/62B"], "no answer before the input ended"
    assert json.loads(rest)["text"] == "правило 62A"


# ---------------------------------------------------------------- a query process ends at once


@pytest.mark.parametrize(("args", "code"), [(["show", "62B"], 0), (["show", "59"], 1), (["search", "взятка"], 0),
                                             (["search", "зюзюзю"], 1), (["show", "62Z9"], 1),
                                             (["term", "фальшренонса"], 0)])
def test_a_query_process_that_ends_at_once_says_all_it_would_have(seed_index: Path, args: list[str],
                                                                   code: int) -> None:
    """``main`` ends a query process with ``os._exit`` after flushing: the
    output and the exit code are exactly those of the command run in-process."""
    base = ["--corpus", str(CORPUS), "--index", str(seed_index), *args]
    inside = CliRunner().invoke(cli, base)
    out = subprocess.run([sys.executable, "-m", "lawref", *base], capture_output=True, text=True, timeout=120)
    assert (out.returncode, out.stdout) == (inside.exit_code, inside.stdout) and out.returncode == code
    assert out.stderr.splitlines()[-1:] == inside.stderr.splitlines()[-1:]


@pytest.mark.parametrize("args", [["show", "62B"], ["search", "фальшренонс"], ["link"], ["refs", "26"],
                                  ["resolve", "Law 62B"], ["check"], ["export"]])
def test_the_cold_commands_register_no_exit_handler(seed_index: Path, args: list[str]) -> None:
    """So they end at once (``term`` loads pymorphy3, which loads logging
    and its exit handler: it ends normally, as the next test shows)."""
    code = ("import atexit, sys\nfrom lawref.cli import cli\n"
            f"sys.argv = ['lawref', '--corpus', {str(CORPUS)!r}, '--index', {str(seed_index)!r}, *{args!r}]\n"
            "try:\n    cli(prog_name='lawref')\nexcept SystemExit:\n    pass\n"
            "print(atexit._ncallbacks(), file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], input="правило 62B", capture_output=True, text=True, timeout=120)
    assert out.stderr.strip().splitlines()[-1] == "0", out.stderr


def test_a_text_only_edit_copies_the_other_documents_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit that changes no cite of its document lets the build copy every
    other document's node-store rows (SQL) instead of writing them anew —
    and the result is still a full build's."""
    from lawref import nodestore

    corpus, index = _copy(tmp_path, split=True), tmp_path / "ix"
    store.build(corpus, index)
    copied: list[str] = []
    real = nodestore._copy_documents
    monkeypatch.setattr(nodestore, "_copy_documents", lambda db, starts: (copied.extend(starts), real(db, starts)))
    victim = corpus / "001_6601c729f2304426.txt"
    text = victim.read_text(encoding="utf-8")
    assert "взятк" in text
    victim.write_text(text.replace("взятк", "взятк", 1).replace(" взятку", " взятку, одну", 1), encoding="utf-8")
    store.build(corpus, index)
    assert sorted(copied) == ["d0", "d2", "d3"]
    _same_as_full(corpus, index, tmp_path)


def test_an_edit_that_moves_a_cite_writes_every_row_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawref import nodestore

    corpus, index = _copy(tmp_path, split=True), tmp_path / "ix"
    store.build(corpus, index)
    copied: list[str] = []
    real = nodestore._copy_documents
    monkeypatch.setattr(nodestore, "_copy_documents", lambda db, starts: (copied.extend(starts), real(db, starts)))
    victim = corpus / COMMENTARY_FILE  # commentary paragraph 45.5 goes away: cite 45.5 is no longer there
    lines = victim.read_text(encoding="utf-8").split("\n")
    victim.write_text("\n".join(ln for ln in lines if not ln.startswith("45.5.")), encoding="utf-8")
    store.build(corpus, index)
    assert copied == []
    _same_as_full(corpus, index, tmp_path)


def test_an_edit_with_no_new_word_copies_the_forms_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawref import nodestore

    corpus, index = _copy(tmp_path, split=True), tmp_path / "ix"
    store.build(corpus, index)
    seen: list[nodestore.Carry | None] = []
    real = nodestore.write
    monkeypatch.setattr(nodestore, "write", lambda *a, **kw: (seen.append(kw.get("carry")), real(*a, **kw)))
    victim = corpus / "001_6601c729f2304426.txt"
    text = victim.read_text(encoding="utf-8")
    victim.write_text(text.replace(" взятку ", " взятку и взятку ", 1), encoding="utf-8")  # only known words
    store.build(corpus, index)
    assert seen and seen[0] is not None and seen[0].forms
    cache = BuildCache.load(folder.open_generation(index), store.code_version())  # brought up to date, not grown
    assert len(cache.old["files"]) == 4 and len(cache.old["filewords"]) == 4 and set(cache.old["docs"]) == {
        "d0", "d1", "d2", "d3"}
    _same_as_full(corpus, index, tmp_path)


def test_a_build_process_that_ends_at_once_leaves_a_whole_index(tmp_path: Path) -> None:
    """``lawref build`` ends at once too (after logging's exit handler has run):
    its index is sealed and every file checks out; a failed build exits normally."""
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    out = subprocess.run([sys.executable, "-m", "lawref", "--corpus", str(corpus), "--index", str(index), "build"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.startswith("built ")
    folder.open_generation(index).verify()
    empty = tmp_path / "empty"
    empty.mkdir()
    bad = subprocess.run([sys.executable, "-m", "lawref", "--corpus", str(empty), "--index", str(tmp_path / "ix2"),
                          "build"], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


@pytest.mark.parametrize("args", [["search", "взятка"], ["export"], ["link", "--format", "jsonl"]])
def test_a_reader_that_goes_away_ends_the_command_quietly_with_exit_0(seed_index: Path, tmp_path: Path,
                                                                     args: list[str]) -> None:
    """``lawref search … | head -1``: what the reader took is enough — exit 0,
    nothing on stderr (click itself would make a closed pipe exit 1)."""
    text = tmp_path / "in.txt"
    text.write_text("см. правило 62B\n\n" * 20000, encoding="utf-8")
    extra = [str(text)] if args[0] == "link" else []
    cmd = [sys.executable, "-m", "lawref", "--corpus", str(CORPUS), "--index", str(seed_index), *args, *extra]
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()  # the reader goes away
        err = proc.stderr.read()
        code = proc.wait(timeout=120)
    assert (code, err) == (0, b"")


def test_a_build_says_how_many_files_it_took_unchanged_from_the_last(tmp_path: Path) -> None:
    corpus, index = _copy(tmp_path), tmp_path / "ix"
    args = ["--corpus", str(corpus), "--index", str(index), "build"]
    assert CliRunner().invoke(cli, args).stdout.startswith("built 114 nodes from 4 files (0 skipped) into")
    _edit(corpus / COMMENTARY_FILE)
    again = CliRunner().invoke(cli, args).stdout
    assert "(0 skipped; 3 unchanged since the last build)" in again
    assert "unchanged" not in CliRunner().invoke(cli, [*args, "--full"]).stdout


def test_an_edit_keeps_every_file_s_frames_and_each_unchanged_folder_s_chrome_in_the_cache(tmp_path: Path) -> None:
    # a folder whose files are as they were takes its chrome from the cache, and its files' frames are not read
    # then — they must still be kept for the next build (a first cut dropped them: every other build decoded all)
    corpus, index = tmp_path / "c", tmp_path / "ix"
    for k in range(2):
        (corpus / f"f{k}").mkdir(parents=True)
        for seed in sorted(CORPUS.glob("*.txt")):  # two folders, no file the same bytes as another
            (corpus / f"f{k}" / seed.name).write_text(seed.read_text(encoding="utf-8") + "\n" * (k + 1),
                                                      encoding="utf-8")
    store.build(corpus, index)
    first = BuildCache.load(folder.open_generation(index), code_version()).old
    assert len(first["frames"]) == 8 and len(first["chrome"]) == 2
    victim = corpus / "f0" / "004_195c9b41eff5a6c7.txt"
    for word in ("карты", "карту"):
        victim.write_text(victim.read_text(encoding="utf-8").replace(f" {word} ", f" {word} и {word} ", 1),
                          encoding="utf-8")
        store.build(corpus, index)
        cache = BuildCache.load(folder.open_generation(index), code_version()).old
        assert len(cache["frames"]) == 8  # f1's four, read from no file this build, kept; the edited file's anew
        assert len(cache["chrome"]) == 2 and set(map(tuple, cache["chrome"].values())) == set(
            map(tuple, first["chrome"].values()))
