"""Ingest what users have: the seed pages in other encodings, as HTML reader
pages, as mojibake, with CRLF/NBSP/soft hyphens — each gives the same nodes
as the UTF-8 seed; bad input is reported and costs nothing else.

Every input here is made by the test itself from the seed text (no
third-party pages)."""

from __future__ import annotations

import codecs
import html
import json
import os
import shutil
from pathlib import Path

import ftfy.bad_codecs  # noqa: F401  (sloppy-windows-125x, to make realistic mojibake)
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from seeds import CORPUS, seed_path, seed_text

from lawref.cli import cli
from lawref.corpus import build_corpus
from lawref.ingest.decode import DecodeError
from lawref.ingest.load import load

MANIFEST = """[[document]]
id = "laws"
kind = "laws"
edition = "1997"
files = ["*.txt", "*.html", "**/*.txt"]
"""


def nodes_of(folder: Path, *, with_lines: bool = True) -> list[tuple]:
    corpus = build_corpus(folder, version="test")
    return [(n.id, n.kind, n.cite, n.label, n.title, n.text, n.parent, n.page, n.inferred,
             n.source.line if with_lines else None) for n in corpus.nodes]


def corpus_with(tmp_path: Path, name: str, data: bytes, manifest: str = MANIFEST) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir(exist_ok=True)
    (folder / "lawref.toml").write_text(manifest, encoding="utf-8")
    (folder / name).write_bytes(data)
    return folder


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple]]:
    """Nodes of each laws seed alone, from its UTF-8 file."""
    out = {}
    for number in ("000", "001", "003"):
        folder = tmp_path_factory.mktemp(f"plain{number}")
        (folder / "lawref.toml").write_text(MANIFEST, encoding="utf-8")
        (folder / seed_path(number).name).write_bytes(seed_path(number).read_bytes())
        out[number] = nodes_of(folder)
    return out


# -- encodings ------------------------------------------------------------------


@pytest.mark.parametrize("codec", ["cp1251", "koi8-r", "cp866", "mac-cyrillic", "utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("number", ["000", "003"])
def test_seed_in_another_encoding_gives_the_same_nodes(tmp_path, plain, number: str, codec: str) -> None:
    data = seed_text(number).encode(codec)
    assert nodes_of(corpus_with(tmp_path, seed_path(number).name, data)) == plain[number]


def test_all_caps_cp1251_file_is_read_as_cp1251(tmp_path) -> None:
    text = "ГЛАВА V - ТОРГОВЛЯ\n\nПРАВИЛО 17. ПРОДОЛЖИТЕЛЬНОСТЬ ТОРГОВЛИ\n\nA.НАЧАЛО ТОРГОВЛИ\n\nПЕРИОД ТОРГОВЛИ В СДАЧЕ.\n"
    loaded = load(text.encode("cp1251"), "caps.txt")
    assert loaded.decoded.encoding == "cp1251" and loaded.text.startswith("ГЛАВА V - ТОРГОВЛЯ")


def test_a_200_byte_cp866_file_is_read_right() -> None:
    text = seed_text("003")[:140]
    data = text.encode("cp866")
    assert len(data) <= 200
    assert load(data, "short.txt").text == text


def test_crlf_nbsp_and_soft_hyphens_give_the_same_nodes(tmp_path, plain) -> None:
    text = seed_text("003").replace("\n", "\r\n").replace("Период торговли", "Пе\u00adриод\u00a0торговли")
    assert nodes_of(corpus_with(tmp_path, seed_path("003").name, text.encode("utf-8"))) == plain["003"]


def test_manifest_fixes_the_encoding_per_file(tmp_path, plain) -> None:
    manifest = MANIFEST + 'encodings = { "003_*.txt" = "koi8-r" }\n'
    data = seed_text("003").encode("koi8-r")
    corpus = build_corpus(corpus_with(tmp_path, seed_path("003").name, data, manifest), version="t")
    assert corpus.reports[0].encoding == "koi8-r" and corpus.reports[0].encoding_how == "forced"


# -- mojibake -------------------------------------------------------------------

MOJIBAKE = {
    "utf-8 read as cp1251": lambda t: t.encode("utf-8").decode("sloppy-windows-1251"),
    "utf-8 read as cp1252": lambda t: t.encode("utf-8").decode("sloppy-windows-1252"),
    "utf-8 read as latin-1": lambda t: t.encode("utf-8").decode("latin-1"),
    "cp1251 read as latin-1": lambda t: t.encode("cp1251").decode("latin-1"),
    "cp1251 read as cp1252": lambda t: t.encode("cp1251").decode("sloppy-windows-1252"),
    "cp1251 read as koi8-r": lambda t: t.encode("cp1251").decode("koi8-r"),
    "koi8-r read as cp1251": lambda t: t.encode("koi8-r").decode("sloppy-windows-1251"),
}


@pytest.mark.parametrize("form", list(MOJIBAKE))
def test_mojibake_forms_are_repaired_to_the_same_nodes(tmp_path, plain, form: str) -> None:
    garbled = MOJIBAKE[form](seed_text("003"))
    assert "Правило" not in garbled
    folder = corpus_with(tmp_path, seed_path("003").name, garbled.encode("utf-8"))
    assert nodes_of(folder) == plain["003"]
    report = build_corpus(folder, version="t").reports[0]
    assert report.mojibake["lines"] > 20


def test_valid_russian_is_never_repaired() -> None:
    for number in ("000", "001", "003", "004"):
        assert load(seed_path(number).read_bytes(), "x.txt").mojibake.lines == ()


# -- HTML -----------------------------------------------------------------------


def reader_page(text: str, *, paragraphs: bool) -> str:
    """A library reader page of ``text``, written here: site chrome, nav,
    pager, a script, a meta charset that lies (the bytes are cp1251), inline
    tags inside words, entities and NBSP."""
    if paragraphs:  # one paragraph a line (001, 003)
        body = "\n".join(f"<p>{html.escape(line)}</p>" for line in text.split("\n") if line.strip())
    else:  # hard-wrapped lines (000)
        body = "<div class='text'>" + "<br>\n".join(html.escape(line) for line in text.split("\n")) + "</div>"
    body = body.replace("Правило", "П<b>равило</b>", 1).replace("торговли", "торг<i>овли</i>", 1)
    body = body.replace(" масть", "&nbsp;масть", 1)
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Все о Бридже - читать онлайн</title>
<style>p {{ margin: 0 }}</style><script>var page = 4; if (a < b) {{ go(); }}</script></head>
<body>
<div class="header">ТОП авторов и книг ИСКАТЬ КНИГУ В БИБЛИОТЕКЕ</div>
<nav><ul><li><a href="/">Главная</a></li><li><a href="/top">Лучшие книги</a></li></ul></nav>
<div id="reader">
{body}
</div>
<div class="pagination"><a href="?p=1">1</a> <a href="?p=2">2</a> <a href="?p=3">3</a></div>
<footer>© библиотека</footer>
</body></html>
"""


def _line_free(nodes: list[tuple]) -> list[tuple]:
    """Nodes with fragment and footnote ids (which name the raw line) replaced
    by their order, and no source line: what must not depend on the format."""
    names = {}
    for n in nodes:
        if "@" in n[0]:
            names[n[0]] = f"{n[1]}#{len(names)}"
    return [(names.get(n[0], n[0]), *n[1:6], names.get(n[6], n[6]), *n[7:9]) for n in nodes]


@pytest.mark.parametrize(("number", "paragraphs"), [("003", True), ("001", True), ("000", False)])
def test_html_reader_page_gives_the_same_nodes_as_the_text_export(tmp_path, plain, number, paragraphs) -> None:
    page = reader_page(seed_text(number), paragraphs=paragraphs)
    name = seed_path(number).name.replace(".txt", ".html")
    folder = corpus_with(tmp_path, name, page.encode("cp1251"))
    assert _line_free(nodes_of(folder)) == _line_free(plain[number])
    report = build_corpus(folder, version="t").reports[0]
    assert (report.format, report.encoding) == ("html", "cp1251")


def test_html_nodes_point_at_their_raw_html_lines(tmp_path) -> None:
    page = reader_page(seed_text("003"), paragraphs=True)
    folder = corpus_with(tmp_path, "003.html", page.encode("utf-8"))
    corpus = build_corpus(folder, version="t")
    raw = page.split("\n")
    law17 = next(n for n in corpus.nodes if n.cite == "17")
    assert "равило</b> 17. Продолжительность торговли" in raw[law17.source.line - 1]


# -- bad input --------------------------------------------------------------------


@pytest.fixture()
def mixed(tmp_path: Path) -> Path:
    """The default corpus plus one of every kind of bad input."""
    folder = tmp_path / "mixed"
    folder.mkdir()
    for path in CORPUS.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "empty.txt").write_bytes(b"")
    (folder / "picture.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    damaged = seed_path("001").read_bytes()
    (folder / "damaged.txt").write_bytes(damaged[:900] + b"\xff\xfe\xfd" + damaged[900:])
    (folder / "english.txt").write_text("The quick brown fox jumps over the lazy dog.\n" * 20, encoding="utf-8")
    (folder / "oneline.txt").write_text(("игрок должен исправить фальшренонс " * 30000)[:1_000_000], encoding="utf-8")
    (folder / "nested" / "deeper").mkdir(parents=True)
    (folder / "nested" / "deeper" / "copy.txt").write_bytes(seed_text("003").encode("cp1251"))
    os.symlink(folder / "no-such-file.txt", folder / "broken.txt")
    return folder


def test_mixed_folder_builds_and_the_seed_laws_are_unchanged(mixed: Path) -> None:
    plain = build_corpus(CORPUS, version="t")
    corpus = build_corpus(mixed, version="t")
    seed_nodes = [n for n in plain.nodes]
    assert [n for n in corpus.nodes if n.doc in ("laws", "commentary")] == seed_nodes
    status = {r.file: (r.status, r.warnings) for r in corpus.reports}
    assert status["empty.txt"] == ("skipped", ["empty file"])
    assert status["picture.txt"][0] == "skipped" and "binary" in status["picture.txt"][1][0]
    assert status["broken.txt"] == ("skipped", ["broken link"])
    assert status["english.txt"][0] == "skipped" and "its words are in Latin letters" in status["english.txt"][1][0]
    assert status["damaged.txt"][0] == "warning" and "U+FFFD" in status["damaged.txt"][1][0]
    assert status["oneline.txt"][0] == "warning"
    nested = next(r for r in corpus.reports if r.file == "nested/deeper/copy.txt")
    assert (nested.status, nested.encoding, nested.kind) == ("ok", "cp1251", "laws")
    assert "detected" in nested.kind_how


def test_damaged_span_is_kept_marked_not_guessed(mixed: Path) -> None:
    corpus = build_corpus(mixed, version="t")
    damaged = [n for n in corpus.nodes if n.source.file == "damaged.txt"]
    assert any("\ufffd" in (n.text + (n.title or "")) for n in damaged)


def test_unreadable_file_is_reported(mixed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawref import corpus as corpus_module

    real = corpus_module.read_file

    def read_file(file, limit):  # type: ignore[no-untyped-def]
        if file.name == "english.txt":
            raise PermissionError(13, "Permission denied")
        return real(file, limit)

    monkeypatch.setattr(corpus_module, "read_file", read_file)
    report = next(r for r in build_corpus(mixed, version="t").reports if r.file == "english.txt")
    assert (report.status, report.warnings) == ("skipped", ["unreadable: Permission denied"])


def test_cli_build_exits_0_with_warnings_and_2_when_nothing_is_usable(mixed: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(mixed), "--index", str(tmp_path / "i"), "build", "--report"])
    assert result.exit_code == 0, result.output
    assert "picture.txt: skipped: binary data" in result.stdout
    assert "lawref: warning: damaged.txt" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.txt").write_bytes(b"")
    result = CliRunner().invoke(cli, ["--corpus", str(bad), "--index", str(tmp_path / "j"), "build"])
    assert result.exit_code == 2 and "nothing usable" in result.stderr


def test_report_json_explains_decisions(mixed: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--corpus", str(mixed), "--index", str(tmp_path / "i"), "build", "--json"])
    files = {f["file"]: f for f in json.loads(result.stdout)["files"]}
    assert files["nested/deeper/copy.txt"]["encoding_how"] == "chardet+lexicon"
    assert files["000_392cb21f471fdf05.txt"]["rejoined_words"] == 45
    assert files["003_d6d1da8d5423a94e.txt"]["qmark_runs"] > 0


# -- provenance --------------------------------------------------------------------


@pytest.mark.parametrize("codec", ["utf-8", "cp1251", "utf-16"])
def test_show_source_prints_the_raw_lines_whatever_the_encoding(tmp_path: Path, codec: str) -> None:
    folder = corpus_with(tmp_path, seed_path("000").name, seed_text("000").encode(codec))
    result = CliRunner().invoke(cli, ["--corpus", str(folder), "--index", str(tmp_path / "i"), "show", "62B",
                                      "--source"])
    assert result.exit_code == 0, result.output
    raw = seed_text("000").split("\n")
    assert result.stdout.splitlines()[1:] == [f"{n:>6}  {raw[n - 1]}" for n in range(26, 30)]


def test_byte_ranges_cover_the_node_lines() -> None:
    corpus = build_corpus(CORPUS, version="t")
    data = seed_path("003").read_bytes()
    node = next(n for n in corpus.nodes if n.cite == "21B")
    start, end = node.source.bytes
    assert data[start:end].decode("utf-8").startswith("Игроку не предоставляется помощь")
    assert data[start:end].decode("utf-8").endswith("роны оппонента")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600), st.sampled_from(["x.txt", "x.html"]))
def test_load_never_raises_except_decode_error(data: bytes, name: str) -> None:
    try:
        loaded = load(data, name)
    except DecodeError:
        return
    assert loaded.line_numbers is None or len(loaded.line_numbers) == len(loaded.text.split("\n"))


def test_bom_of_utf8_and_utf16_does_not_shift_byte_ranges() -> None:
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (b"", "utf-16")):
        data = bom + "аб\nвг".encode(codec)
        loaded = load(data, "x.txt")
        (s1, e1), (s2, e2) = loaded.line_bytes
        assert data[s2:e2].decode(codec if codec == "utf-8" else "utf-16-le") == "вг"


def test_a_manifest_entry_that_matches_no_file_is_reported(tmp_path: Path) -> None:
    manifest = MANIFEST + '\n[[document]]\nid = "ghost"\nkind = "laws"\nfiles = ["ghost/*.txt"]\n'
    folder = corpus_with(tmp_path, seed_path("003").name, seed_path("003").read_bytes(), manifest)
    corpus = build_corpus(folder, version="t")
    assert corpus.warnings == ("manifest: document 'ghost' matches no file (ghost/*.txt)",)


@pytest.mark.parametrize("value", ['"2099"', "2099"])
def test_a_default_edition_no_document_has_is_reported(tmp_path: Path, value: str) -> None:
    manifest = f"default_edition = {value}\n" + MANIFEST
    folder = corpus_with(tmp_path, seed_path("003").name, seed_path("003").read_bytes(), manifest)
    assert build_corpus(folder, version="t").warnings == (
        "manifest: default_edition '2099' is the edition of no document built: answers come from the newest "
        "edition built",)


@pytest.mark.parametrize("codec", ["cp1251", "koi8-r", "cp866", "mac-cyrillic", "latin-1"])
def test_a_wrong_forced_encoding_is_repaired_to_the_same_nodes(codec: str) -> None:
    plain = build_corpus(CORPUS, version="t")
    forced = build_corpus(CORPUS, version="t", encoding=codec)
    assert [(n.id, n.title, n.text) for n in forced.nodes] == [(n.id, n.title, n.text) for n in plain.nodes]
    assert all(r.lost_chars == 0 and r.mojibake["lines"] > 0 for r in forced.reports)


def test_cp1251_read_as_cp866_keeps_every_letter() -> None:
    # cp1251 «я» is byte 0xFF, NBSP in cp866: repair must come before NBSP → space
    text = seed_text("001")
    assert load(text.encode("cp1251"), "x.txt", "cp866").text == text


def test_an_identical_copy_of_a_file_adds_no_node_not_even_a_fragment(tmp_path: Path) -> None:
    corpus = tmp_path / "c"
    shutil.copytree(CORPUS, corpus)
    shutil.copyfile(seed_path("000"), corpus / "000_copy.txt")  # the manifest's laws glob takes it too
    plain, copied = build_corpus(CORPUS, version="t"), build_corpus(corpus, version="t")
    assert [n.id for n in copied.nodes] == [n.id for n in plain.nodes]
    report = next(r for r in copied.reports if r.file == "000_copy.txt")
    assert report.duplicates_dropped == report.nodes == 31 and not report.warnings


def test_an_html_page_s_chrome_is_listed_as_dropped_text(tmp_path: Path) -> None:
    page = ("<html><head><title>Книга правил</title><style>p {color: red}</style></head><body>\n"
            "<div class='menu'>Главная | Авторы | Книги</div>\n<p>Правило 30. Пас вне очереди</p>\n"
            "<p>Игрок пасует.</p>\n<script>var x = 1;</script>\n<nav>Назад Вперёд</nav></body></html>\n")
    folder = corpus_with(tmp_path, "page.html", page.encode("utf-8"))
    report = build_corpus(folder, version="t").reports[0]
    chrome = [(d["line"], d["text"], d["reason"]) for d in report.dropped if d["step"] == "read_html"]
    assert chrome == [(1, "Книга правил", "site chrome (HTML <head>)"),
                      (2, "Главная | Авторы | Книги", "site chrome (HTML <div>)"),
                      (6, "Назад Вперёд", "site chrome (HTML <nav>)")]  # code (style, script) is no words


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="ая€😀 a\n", min_size=1, max_size=40), st.integers(0, 3), st.booleans())
def test_a_large_files_chrome_samples_are_cut_between_characters(piece: str, shift: int, lines: bool) -> None:
    # the chrome is learnt from a large file's first and last 32 KiB: cut through a Cyrillic letter they were
    # invalid UTF-8, so a file the build reads as UTF-8 had its samples decoded by chardet and the lexicon
    # (22 MiB of chardet's state in a 20,000-heading build) or with a U+FFFD at the cut
    from lawref import corpus
    from lawref.ingest import frames

    text = "x" * shift + (piece if lines else piece.replace("\n", " ")) * (3 * corpus.CHROME_SAMPLE // len(piece))
    data = text.encode("utf-8")
    head, tail = frames.sample_ends(data, corpus.CHROME_SAMPLE)
    assert data.startswith(head) and data.endswith(tail)
    head.decode("utf-8"), tail.decode("utf-8")  # strict: raises on a cut character
    if "\n" in data[: corpus.CHROME_SAMPLE].decode("utf-8", "ignore"):
        assert head.endswith(b"\n")
    assert len(head) > corpus.CHROME_SAMPLE - 2 * len(piece.encode()) - 4 or "\n" in piece


# English typeset with curly quotes and bullets, in our own words: as a real PDF-extracted summary of the 2017 changes
# printed it, «’» and «•» read through cp866-as-windows-1251 are «Т» and «Х», so «Players’» became «PlayersТ» — a
# «Russian word» to the lexicon (its core «т» with Latin letters around it) — and every line of the file was «repaired»
ENGLISH_TYPESET = [
    "2017 Laws Summary • Law 12, Director’s Discretionary Powers • Law 40, Partnership understandings "
    "• Law 15, Wrong board or hand • Law 45, Card played • Law 16, Authorized information • Law 46, Incomplete "
    "designation • Law 50, Disposition of a penalty card • Law 64, Procedure after a revoke",
    "A. Players’ Systemic Agreements\n\n1. Partnership understandings may be reached: • one • two • three • four "
    "• five • six • seven • eight.",
    "“Don’t” — he said, ‘it’s the Director’s call’ … • • • • • • • •",
]


@pytest.mark.parametrize("text", ENGLISH_TYPESET)
def test_english_typography_is_never_taken_for_mojibake(text: str) -> None:
    from lawref.ingest import mojibake

    repaired = mojibake.repair(text)
    assert repaired.text == text and not repaired.lines


@pytest.mark.parametrize(("token", "russian"), [("«взятка»,", True), ("62В", True), ("(правило", True),
                                                 ("PlayersТ", False), ("lawrefТs", False), ("Тest", False)])
def test_a_russian_token_is_cyrillic_with_punctuation_or_digits_around_it_never_latin_letters(token, russian) -> None:
    from lawref import patterns as P

    assert (P.RUSSIAN_CORE.fullmatch(token) is not None) is russian
