"""export --format txt|md|html|json (issue 14): what each format proves.

- txt: read back by ``lawref build`` it gives the same node tree (the seeds,
  and the English test edition);
- md: rendered by markdown-it-py (CommonMark + footnotes), every link finds
  its anchor, and escaped text renders as itself (a Hypothesis property);
- html: every page parses as HTML5 with no error (html5lib, strict), every
  link of the whole site resolves to a file and an anchor in it, nothing
  refers to the network, law text is escaped;
- json: ``--law`` gives one law's subtree in the ``lawref/1`` contract;
- goldens of law 26 (a footnote, lost-page marks, a page marker) in each
  format and law 21 in Markdown (citations), reviewed line by line;
- the CLI: exit codes, ``-o`` and a site folder that is not lawref's.
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import html5lib
import pytest
from click.testing import CliRunner
from english_edition import edition
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin

from lawref import exports
from lawref.cli import cli
from lawref.export.book import anchor, page_name, slug
from lawref.export.files import MARK
from lawref.export.markdown import escape
from lawref.labels import law_of
from lawref.library import Library
from lawref.model import Node
from lawref.query.opening import open_library

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
GOLDEN = Path(__file__).resolve().parent / "golden"
MANIFEST = """[[document]]
id = "laws"
kind = "laws"
lang = "{lang}"
edition = "1997"
files = ["laws.txt"]
"""


def tree(lib: Library) -> list[tuple[Any, ...]]:
    """Every node as the round trip must keep it: kind, cite, label, title,
    text, inferred, page, its parent (kind, cite, label), its citations."""
    out = []
    for n in lib.nodes:
        p = lib.by_id.get(n.parent) if n.parent else None
        out.append((n.doc, n.kind, n.cite, n.label, n.title, n.text, n.inferred, n.page,
                    (p.kind, p.cite, p.label) if p else None, [(r.cite, r.status) for r in n.refs]))
    return sorted(out, key=lambda row: row[0] != "laws")  # documents in the same order, reading order inside


def write_back(tmp_path: Path, lib: Library, docs: dict[str, str]) -> Library:
    """The txt export of each document of ``docs`` (id → kind) written to a
    corpus of its own with a manifest, built and opened."""
    folder = tmp_path / "back"
    folder.mkdir()
    manifest = []
    for doc_id, kind in docs.items():
        (folder / f"{doc_id}.txt").write_text(exports.export_text(lib, "txt", doc=doc_id), encoding="utf-8")
        lang = lib.document(doc_id).lang  # type: ignore[union-attr]
        manifest.append(f'[[document]]\nid = "{doc_id}"\nkind = "{kind}"\nlang = "{lang}"\nedition = "1997"\n'
                        f'files = ["{doc_id}.txt"]\n')
    (folder / "lawref.toml").write_text("\n".join(manifest), encoding="utf-8")
    return open_library(folder, tmp_path / "back-index")


# -- txt -------------------------------------------------------------------------------


def test_the_txt_export_of_the_seeds_builds_back_into_the_same_node_tree(seed_library: Library,
                                                                         tmp_path: Path) -> None:
    back = write_back(tmp_path, seed_library, {"laws": "laws", "commentary": "commentary"})
    assert tree(back) == tree(seed_library)
    assert len(tree(back)) == 114


def test_the_txt_export_of_an_english_edition_builds_back_into_the_same_node_tree(tmp_path: Path) -> None:
    raw, _ = edition()
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "laws.txt").write_bytes(raw)
    (tmp_path / "en" / "lawref.toml").write_text(MANIFEST.format(lang="en"), encoding="utf-8")
    lib = open_library(tmp_path / "en", tmp_path / "en-index")
    back = write_back(tmp_path, lib, {"laws": "laws"})
    assert tree(back) == tree(lib)
    assert sum(1 for n in lib.nodes if n.kind == "law") == 93


def test_the_txt_export_is_wrapped_and_indented_and_its_marks_are_dropped_on_the_way_back(
        seed_library: Library, tmp_path: Path) -> None:
    text = exports.export_text(seed_library, "txt", width=60)
    body = text.splitlines()[2:]  # the title line is never wrapped (the reader takes one line as the title)
    assert max(len(line) for line in body if not line.lstrip().startswith("[")) <= 60
    assert "\n  A. Фальшренонс должен быть исправлен\n" in text  # a section: two spaces under its law
    assert "\n    1. Масть специфицирована позднее\n" in text  # a subsection: four
    assert "\n  [фрагмент, стр. 59]\n" in text and "\n- 59 -\n" in text
    back = write_back(tmp_path, seed_library, {"laws": "laws"})
    dropped = [d["text"].strip() for r in back.report for d in r["dropped"]]
    assert "[фрагмент, стр. 59]" in dropped and "[дальше текст утрачен: нет 62C, 62D]" in dropped
    assert dropped[0] == seed_library.document("laws").title  # type: ignore[union-attr]


@pytest.mark.parametrize("line", [
    "[фрагмент, стр. 59]", "[фрагмент правила 20, стр. 51]", "[fragment, p. 12]", "[фрагмент]",
    "[начало — на странице, которой нет в скане]", "[дальше текст утрачен: нет 62C, 62D]",
    "[вариант 2 из 2: 001_x.txt:13]", "[Правило 20 — номер правила выведен: его заголовок не сохранился]",
    "[пропуск: здесь кончается один файл скана и начинается другой]",
])
def test_every_mark_the_export_prints_is_one_the_reader_drops(line: str) -> None:
    from lawref import patterns as P

    assert P.EXPORT_MARK.match("  " + line)
    assert not P.EXPORT_MARK.match(line[:-1] + " и текст закона]")


def test_a_wrapped_line_never_reads_back_as_a_page_number_or_a_footnote() -> None:
    """``… см. правило`` ⏎ ``65).`` would read back as a page marker: such
    a line stays on the line before it."""
    from lawref.export.txt import _misread, _wrap

    for text in ("о методе игры картами и расположении взяток см. правило 65).",
                 "сноска стоит в тексте как (*) - и дальше идёт текст закона", "число - 12 - посреди текста"):
        for width in range(20, 70):
            lines = _wrap(text, "  ", width).splitlines()
            assert " ".join(line.strip() for line in lines) == text
            assert not [line for line in lines[1:] if _misread(line.strip())], width


# -- anchors ---------------------------------------------------------------------------


@pytest.mark.parametrize(("node_id", "cite", "kind", "doc_kind", "want"), [
    ("laws/62", "62", "law", "laws", "law-62"),
    ("laws/62B", "62B", "section", "laws", "law-62b"),
    ("laws/43B2(a)", "43B2(a)", "item", "laws", "law-43b2-a"),
    ("laws/62A~2", "62A", "section", "laws", "law-62a-2"),
    ("commentary/45.5", "45.5", "commentary", "commentary", "commentary-45-5"),
    ("commentary/46", "46", "law", "commentary", "commentary-46"),
    ("laws/chapter-V/part-I", None, "part", "laws", "chapter-v-part-i"),
    ("laws/fragment@003_d6d1da8d5423a94e:83", None, "fragment", "laws", "fragment-003-d6d1da8d5423a94e-83"),
])
def test_anchor_of_each_kind_of_node(node_id: str, cite: str | None, kind: str, doc_kind: str, want: str) -> None:
    from lawref.model import Source

    node = Node(node_id, node_id.split("/")[0], kind, cite, None, None, "", None, None, Source("f", 1))
    assert anchor(node, doc_kind) == want
    assert re.fullmatch(r"[a-z0-9а-яё-]+", want)


def test_page_names_and_slugs() -> None:
    from lawref.model import Source

    law = Node("laws/62~2", "laws", "law", "62", None, None, "", None, None, Source("f", 1))
    assert page_name(law) == "62-2" and page_name(None) == "start"
    assert slug("43B2(a)") == "43b2-a" and slug("Глава V") == "глава-v"


# -- md --------------------------------------------------------------------------------


class _Links(HTMLParser):
    """ids and link targets of an HTML text."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.srcs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "a" and a.get("href"):
            self.hrefs.append(str(a["href"]))
        if a.get("src"):
            self.srcs.append(str(a["src"]))


def links(html: str) -> _Links:
    parser = _Links()
    parser.feed(html)
    return parser


def render_md(text: str) -> str:
    return str(MarkdownIt("commonmark").use(footnote_plugin).render(text))


def test_markdown_of_the_whole_corpus_renders_with_every_link_finding_its_anchor(seed_library: Library) -> None:
    md = exports.export_text(seed_library, "md")
    found = links(render_md(md))
    internal = [h for h in found.hrefs if h.startswith("#")]
    assert len(internal) >= 29 and not [h for h in found.hrefs if not h.startswith("#")]
    assert not [h for h in internal if h[1:] not in found.ids]
    assert len(found.ids) == len(set(found.ids))
    for want in ("law-62b", "law-21b1", "commentary-45-5", "chapter-v"):
        assert want in found.ids
    assert "[п.45.5.](#commentary-45-5)" in md  # 46.4 cites 45.5 in the commentary
    assert "правило 16 *(нет в корпусе)*" in md  # an absent law: plain text and its status


def test_markdown_footnotes_are_markdown_footnotes(seed_library: Library) -> None:
    md = exports.export_text(seed_library, "md", law="26")
    assert "другую(\\*)[^footnote-003-d6d1da8d5423a94e-81]" in md
    assert "\n[^footnote-003-d6d1da8d5423a94e-81]: Если заявка была повторена" in md
    html = render_md(md)
    assert 'class="footnote-ref"' in html and 'class="footnotes"' in html


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab1. -+=#*_[]()<>&\\`~|!\"':;\n"), max_size=60) | st.text(max_size=60))
def test_escaped_markdown_renders_as_the_text_itself(text: str) -> None:
    """Nothing in law text becomes markup: one paragraph of escaped text
    renders back to the same words (CommonMark folds whitespace, so lines
    are compared stripped, and a paragraph is one line of the text)."""
    line = " ".join(text.replace("\r", " ").replace("\x0c", " ").replace("\x0b", " ").split())
    if not line or "\x00" in line:
        return
    html = render_md(escape(line))
    assert html.startswith("<p>") and html.endswith("</p>\n"), html
    from html import unescape

    assert unescape(html[3:-5]) == line


# -- html ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(seed_library: Library, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    exports.write_site(seed_library, out)
    return out


def test_the_site_gives_the_fragments_no_law_holds_pages_of_their_own(seed_library: Library, site: Path) -> None:
    # they stood on the page of the law printed before them, after its text and before its footnotes and its
    # commentary, and the contents named none of them (a republisher's find: Law 30's text read as Law 26's)
    by_id = {n.id: n for n in seed_library.nodes}
    orphans = [n for n in seed_library.nodes if n.kind == "fragment" and law_of(n, by_id.get) is None]
    index = (site / "index.html").read_text(encoding="utf-8")
    for node in orphans:
        pages = [p for p in site.rglob("*.html") if f'id="{anchor(node)}"' in p.read_text(encoding="utf-8")]
        assert [p.name for p in pages] == [f"{seed_library.law_before[node.id]}-fragments.html"], node.id
    named = re.findall(r'<a href="laws/(\d+)-fragments\.html">Фрагменты: номер их правила не сохранился</a>', index)
    assert named and all((site / "laws" / f"{n}-fragments.html").is_file() for n in named)
    law26 = (site / "laws" / "26.html").read_text(encoding="utf-8")
    assert "Фрагменты" not in law26 and "[фрагмент, стр. 59]" not in law26


def test_the_site_and_markdown_name_each_documents_edition(seed_library: Library, site: Path) -> None:
    # a republisher's find: no export said which edition it holds (the seeds' titles name 1997 by chance)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert index.count('<p class="edition">редакция (по манифесту): 1997</p>') == 1  # the laws (commentary on its pages)
    for page in (site / "laws").glob("*.html"):  # each law page too: a reader may land on any of them
        assert "; редакция (по манифесту): 1997</p>" in page.read_text(encoding="utf-8"), page.name
    md = exports.export_text(seed_library, "md")
    assert md.count("*редакция (по манифесту): 1997*") == 2


def test_every_page_of_the_site_is_valid_html5(site: Path) -> None:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) == 23  # the contents, 19 law pages and 3 of fragments no law holds (26-, 36-, 47-fragments)
    for page in pages:
        html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page.read_bytes())


def test_every_link_of_the_site_resolves_and_nothing_refers_to_the_network(site: Path) -> None:
    ids = {p: links(p.read_text(encoding="utf-8")).ids for p in site.rglob("*.html")}
    checked = 0
    for page, found_ids in ids.items():
        assert len(found_ids) == len(set(found_ids)), f"{page}: an id twice"
        found = links(page.read_text(encoding="utf-8"))
        for ref in [*found.hrefs, *found.srcs]:
            if ref == "data:,":  # the empty icon: no request for /favicon.ico
                continue
            assert "://" not in ref and not ref.startswith("//"), ref
            path, _, frag = ref.partition("#")
            target = (page.parent / path).resolve() if path else page
            assert target.is_file(), f"{page.name}: {ref}"
            if frag:
                assert frag in ids[target], f"{page.name}: {ref}"
            checked += 1
    assert checked > 250
    css = (site / "lawref.css").read_text(encoding="utf-8")
    assert "url(" not in css and "@import" not in css and "@media print" in css and "max-width" in css


def test_the_site_links_citations_to_their_exact_anchor_and_shows_backlinks(site: Path) -> None:
    page46 = (site / "laws" / "46.html").read_text(encoding="utf-8")
    assert '<a href="#commentary-46-1">46.1</a>' in page46  # «Ссылаются» under law 46
    assert 'href="45.html#commentary-45-5"' in page46.replace("../laws/", "")  # 46.4 → п.45.5
    page17 = (site / "laws" / "17.html").read_text(encoding="utf-8")
    assert 'class="lawref-cite lawref-absent lawref-dangling" title="90: нет в корпусе">правило 90</span>' in page17
    assert 'rel="next" href="20.html"' in page17 and "Глава V - ТОРГОВЛЯ" in page17
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<a href="laws/62.html">Правило 62. Исправление фальшренонса</a>' in index
    assert "Law 62: Correction of a Revoke" in index and "Комментарий 46.1–46.5" in index


def test_the_search_index_is_a_script_the_page_loads_and_json_for_tools(site: Path) -> None:
    data = json.loads((site / "search-index.json").read_text(encoding="utf-8"))
    script = (site / "search-index.js").read_text(encoding="utf-8")
    assert script.startswith("window.LAWREF_INDEX = {") and "</script" not in script.lower()
    assert data["format"] == "lawref-search/1" and data["cites"]["62B"] == "laws/62.html#law-62b"
    node = next(n for n in data["nodes"] if n["c"] == "62B")
    assert "фальшренонс" in node["w"].split() and data["forms"]["фальшренонса"] == ["фальшренонс"]
    assert json.loads((site / MARK).read_text())["tool"] == "lawref"


def test_html_escapes_law_text(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "laws.txt").write_text(
        "Правило 1. Проба <script>alert(1)</script>\n\nA. Раздел & <b>жирный</b>\n\n"
        "Текст с <img src=x onerror=alert(1)> и &amp; и см. правило 1A.\n", encoding="utf-8")
    (folder / "lawref.toml").write_text(MANIFEST.format(lang="ru"), encoding="utf-8")
    lib = open_library(folder, tmp_path / "ix")
    exports.write_site(lib, tmp_path / "site")
    page = (tmp_path / "site" / "laws" / "1.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<img" not in page and "&amp;amp;" in page and "<b>" not in page
    one = exports.export_text(lib, "html", law="1")
    assert "<script>alert" not in one and "&lt;img src=x" in one
    md = exports.export_text(lib, "md", law="1")
    assert "\\<script\\>" in md and "<img" not in render_md(md).replace("&lt;img", "")


# -- one law, json ---------------------------------------------------------------------


def test_json_of_one_law_is_its_subtree_with_refs_and_english_titles(seed_library: Library) -> None:
    data = exports.export_json(seed_library, law="21")
    assert data["format"] == "lawref/1" and [d["id"] for d in data["documents"]] == ["laws"]
    ids = [n["id"] for n in data["nodes"]]
    assert ids[0] == "laws/21" and all(i.startswith("laws/21") for i in ids)
    assert data["nodes"][0]["title_en"] == "Call Based on Misinformation"
    refs = [r for n in data["nodes"] for r in n["refs"]]
    assert {"cite": "17E", "status": "exact"}.items() <= refs[0].items()


@pytest.mark.parametrize(("fmt", "suffix"), [("txt", "txt"), ("md", "md"), ("html", "html"), ("json", "json")])
def test_golden_law_26(seed_library: Library, fmt: str, suffix: str) -> None:
    """Law 26 (page 55: a footnote, two subsections, text that breaks off)
    in each format, as reviewed."""
    got = exports.export_text(seed_library, fmt, law="26")
    if fmt == "html":  # the page carries lawref.css inline: the golden holds the page, not the style sheet
        css = (Path(__file__).resolve().parents[1] / "lawref" / "export" / "templates" / "lawref.css").read_text()
        assert css in got
        got = got.replace(css, "/* lawref.css */")
    assert got == (GOLDEN / f"law-26.{suffix}").read_text(encoding="utf-8")


def test_golden_law_21_markdown(seed_library: Library) -> None:
    """Law 21 in Markdown: its citations, in the law and out of it."""
    assert exports.export_text(seed_library, "md", law="21", base_url="https://example.org/site/") == (
        GOLDEN / "law-21.md").read_text(encoding="utf-8")


# -- the command -----------------------------------------------------------------------


def run(index: Path, *args: str) -> Any:
    return CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(index), "export", *args])


def test_export_formats_on_stdout_and_to_a_file(seed_index: Path, tmp_path: Path) -> None:
    for fmt in ("txt", "md", "json"):
        result = run(seed_index, "--format", fmt, "--law", "62")
        assert result.exit_code == 0 and "Исправление фальшренонса" in result.stdout
    result = run(seed_index, "--format", "html", "--law", "62В")
    assert result.exit_code == 0 and result.stdout.startswith("<!DOCTYPE html>") and "<style>" in result.stdout
    out = tmp_path / "law.md"
    assert run(seed_index, "--format", "md", "--doc", "commentary", "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8").startswith('# <a id="doc-commentary"></a>Комментарий')


def test_one_law_as_html_to_a_file_name_is_its_page_and_a_site_elsewhere_stays(seed_index: Path, tmp_path: Path) -> None:
    # `--law 62 -o law62.html` made a folder of that name holding a one-law site (a republisher's find, who wanted the
    # page stdout gives); a file name now gets that page, and the site in another folder is left as it was
    site = tmp_path / "site"
    assert run(seed_index, "--format", "html", "-o", str(site)).exit_code == 0
    before = sorted(p.relative_to(site) for p in site.rglob("*"))
    page = tmp_path / "law62.html"
    result = run(seed_index, "--format", "html", "--law", "62", "-o", str(page))
    assert result.exit_code == 0 and page.is_file()
    assert page.read_text(encoding="utf-8") == run(seed_index, "--format", "html", "--law", "62").stdout
    assert sorted(p.relative_to(site) for p in site.rglob("*")) == before


def test_markdown_heads_the_fragments_no_law_holds_never_nesting_them_under_the_law_before(
        seed_library: Library) -> None:
    # the page-59 fragments (Law 30's text, its number lost) stood as ``####`` sections right after ``### Правило 26``
    # and the page-77 one ran on from 47B: a federation republishing the Markdown got them as parts of those laws
    # (a new user's find); the site heads them «Фрагменты: номер их правила не сохранился», so does Markdown now
    md = exports.export_text(seed_library, "md").splitlines()
    by_id = {n.id: n for n in seed_library.nodes}
    orphans = [n for n in seed_library.nodes if n.kind == "fragment" and law_of(n, by_id.get) is None]
    assert len(orphans) >= 10
    for node in seed_library.nodes:
        if node.kind != "fragment" or node.doc != "laws":
            continue
        at = next(k for k, line in enumerate(md) if f'<a id="{anchor(node)}"></a>' in line)
        above = next(line for line in reversed(md[:at + 1]) if re.match(r"#{1,3} ", line))
        assert (above == "### Фрагменты: номер их правила не сохранился") == (node in orphans), (node.id, above)


def test_txt_marks_the_fragments_no_law_holds_and_reads_back_the_same(seed_library: Library, tmp_path: Path) -> None:
    # the txt export, the one made for print, set the page-59 fragments (Law 30's text, its number lost) right after
    # Law 26's footnote under no heading of their own: they read as parts of Law 26 (a republisher's find); md and the
    # site head them, and so does txt now, with a mark the reader drops
    by_id = {n.id: n for n in seed_library.nodes}
    orphans = [n for n in seed_library.nodes if n.kind == "fragment" and law_of(n, by_id.get) is None]
    txt = exports.export_text(seed_library, "txt").splitlines()
    marks = [k for k, line in enumerate(txt) if line == "[Фрагменты: номер их правила не сохранился]"]
    assert orphans and marks
    for k in marks:  # the mark stands over a fragment, nothing of a law between
        after = next(line for line in txt[k + 1:] if line.strip())
        assert after.strip().startswith("[фрагмент")
    out = tmp_path / "book"
    assert exports.write_txt_corpus(seed_library, out) > 0
    back = open_library(out, tmp_path / "ix")
    assert sorted((n.doc, n.kind, n.cite, n.text) for n in back.nodes) == sorted(
        (n.doc, n.kind, n.cite, n.text) for n in seed_library.nodes)


@pytest.mark.parametrize(("law", "above"), [
    ("46.2", "Правило 46. НЕПОЛНОЕ/ОШИБОЧНОЕ НАИМЕНОВАНИЕ КАРТЫ БОЛВАНА"),
    # the commentary's Law 45 lost its heading (its number worked out): txt printed nothing above 45.5 where md
    # printed «### Правило 45» (a new user's find); it says what the full export says of it
    ("45.5", "[Правило 45 — номер правила выведен: его заголовок не сохранился]"),
])
def test_a_part_exported_alone_comes_under_its_law_in_txt_as_in_md(seed_library: Library, law: str,
                                                                    above: str) -> None:
    lines = [line for line in exports.export_text(seed_library, "txt", law=law).splitlines() if line.strip()]
    at = next(k for k, line in enumerate(lines) if line.strip().startswith(f"{law}. "))
    assert lines[at - 1].strip() == above
    number, md = law.split(".")[0], exports.export_text(seed_library, "md", law=law)
    assert f'### <a id="commentary-{number}"></a>Правило {number}' in md
    assert ("*\\[номер правила выведен: его заголовок не сохранился\\]*" in md) == above.startswith("[")  # as txt


def test_export_errors_are_one_line_with_their_exit_codes(seed_index: Path, tmp_path: Path) -> None:
    from test_cli import assert_one_line_error

    assert_one_line_error(run(seed_index, "--format", "html"), 2)  # a site needs a folder
    assert_one_line_error(run(seed_index, "--format", "txt", "--law", "59"), 1)  # not in the corpus
    assert_one_line_error(run(seed_index, "--format", "txt", "--law", "abc"), 2)
    assert_one_line_error(run(seed_index, "--format", "md", "--doc", "nope"), 2)
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "ruling.txt").write_text("keep me")
    assert_one_line_error(run(seed_index, "--format", "html", "-o", str(theirs)), 2)
    assert [p.name for p in theirs.iterdir()] == ["ruling.txt"]


def test_a_site_is_replaced_whole_and_nothing_else_is_touched(seed_index: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    assert run(seed_index, "--format", "html", "-o", str(out)).exit_code == 0
    older = ["laws/45.html"]  # the commentary's page, which an export of the laws alone does not write
    assert (out / older[0]).is_file()
    result = run(seed_index, "--format", "html", "--doc", "laws", "-o", str(out))
    assert result.exit_code == 0 and "wrote" in result.stderr
    assert not any((out / rel).exists() for rel in older) and (out / "laws" / "62.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temporary folder left beside it


# -- two languages in one corpus -------------------------------------------------------


@pytest.fixture(scope="module")
def bilingual(tmp_path_factory: pytest.TempPathFactory) -> Library:
    """The seeds and the English test edition as one corpus (three documents)."""
    folder = tmp_path_factory.mktemp("bilingual") / "corpus"
    folder.mkdir()
    for f in CORPUS.glob("0*.txt"):
        (folder / f.name).write_bytes(f.read_bytes())
    (folder / "en.txt").write_bytes(edition()[0])
    manifest = (CORPUS / "lawref.toml").read_text(encoding="utf-8")
    manifest += '\n[[document]]\nid = "laws-en"\nkind = "laws"\nlang = "en"\nedition = "1997"\nfiles = ["en.txt"]\n'
    (folder / "lawref.toml").write_text(manifest, encoding="utf-8")
    return open_library(folder, folder.parent / "index")


def test_a_second_laws_document_gets_its_own_folder_and_prefixed_anchors_in_one_file(bilingual: Library,
                                                                                  tmp_path: Path) -> None:
    md = exports.export_text(bilingual, "md")
    found = links(render_md(md))
    assert len(found.ids) == len(set(found.ids)) and "laws-en-law-62" in found.ids and "law-62" in found.ids
    assert not [h for h in found.hrefs if h.startswith("#") and h[1:] not in found.ids]
    exports.write_site(bilingual, tmp_path / "site")
    assert (tmp_path / "site" / "laws-en" / "62.html").is_file() and (tmp_path / "site" / "laws" / "62.html").is_file()
    page = (tmp_path / "site" / "laws-en" / "62.html").read_text(encoding="utf-8")
    assert 'id="law-62"' in page and '<html lang="en">' in page and "Contents" in page
    for path in (tmp_path / "site").rglob("*.html"):
        found = links(path.read_text(encoding="utf-8"))
        for ref in found.hrefs:
            target, _, frag = ref.partition("#")
            dest = (path.parent / target).resolve() if target else path
            assert dest.is_file() and (not frag or frag in links(dest.read_text(encoding="utf-8")).ids), ref


# -- the round trip as a property ------------------------------------------------------


@functools.cache
def _seed_sentences() -> list[str]:
    """Paragraphs of the seeds' sections (from the reviewed golden export)."""
    nodes = json.loads((GOLDEN / "export.json").read_text(encoding="utf-8"))["nodes"]
    texts = [p for n in nodes if n["kind"] in ("section", "subsection") for p in n["text"].split("\n")]
    return sorted({t for t in texts if 20 < len(t) < 400})


@st.composite
def law_documents(draw: st.DrawFn) -> str:
    """A document in the seeds' layout: page markers (``- 47``, sometimes a
    page skipped), law headings, sections, subsections, seed sentences
    (cut ones too), footnotes and citations of its own sections."""
    sentences = _seed_sentences()
    page, law = draw(st.integers(5, 60)), draw(st.integers(1, 30))
    out = [f"- {page}", ""]
    for _ in range(draw(st.integers(1, 3))):
        law += draw(st.integers(1, 3))
        out += [f"Правило {law}. {draw(st.sampled_from(['Общие положения', 'Порядок игры', 'Исправление']))}", ""]
        for letter in "ABCD"[: draw(st.integers(0, 4))]:
            out += [f"{letter}. {draw(st.sampled_from(['Заявка', 'Ход вне очереди', 'Наказание']))}", ""]
            for _ in range(draw(st.integers(0, 2))):
                cite = f" (см. правило {law}{letter})" if draw(st.booleans()) else ""
                out += [draw(st.sampled_from(sentences)) + cite, ""]
            for num in range(1, draw(st.integers(1, 3))):
                out += [f"{num}. {draw(st.sampled_from(['Если игрок', 'Когда партнёр']))}", "",
                        draw(st.sampled_from(sentences)), ""]
            if draw(st.integers(0, 4)) == 0:
                out += [f"(*) - {draw(st.sampled_from(sentences))}", ""]
            if draw(st.integers(0, 3)) == 0:
                page += draw(st.sampled_from([1, 4]))
                out += [f"- {page}", ""]
    return "\n".join(out) + "\n"


@settings(max_examples=40, deadline=None)
@given(law_documents(), st.sampled_from([30, 45, 80]))
def test_any_document_of_the_seeds_layout_comes_back_from_its_txt_export(text: str, width: int) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        first = _built(root / "a", text)
        back = _built(root / "b", exports.export_text(first, "txt", width=width))
        assert tree(back) == tree(first)


@pytest.mark.parametrize("width", [30, 80])
def test_untitled_items_come_back_from_the_txt_export(tmp_path: Path, width: int) -> None:
    # a club's page: numbered items with no title of their own, each a sentence (found by a new user, issue 25)
    text = ("Правило 40. Соглашения партнёров\n\nA. Право на соглашения\n"
            "1. Пара вправе заранее договориться о значении своих заявок.\n"
            "2. Такие договорённости должны быть известны оппонентам до игры.\n\n"
            "B. Скрытые соглашения\n1. Тайная договорённость запрещена.\n")
    first = _built(tmp_path / "a", text)
    exported = exports.export_text(first, "txt", width=width)
    assert "1. Пара вправе" in exported.replace("\n    ", " ")  # the label stays on its text's line
    back = _built(tmp_path / "b", exported)
    assert tree(back) == tree(first)
    assert [n.cite for n in back.nodes] == ["40", "40A", "40A1", "40A2", "40B", "40B1"]


@pytest.mark.parametrize("width", [30, 80])
def test_a_bare_law_heading_and_its_title_line_come_back_from_the_txt_export(tmp_path: Path, width: int) -> None:
    # a page printing «Правило 16» and its title on lines of their own: the export printed
    # «Правило 16 Сведения», which reads as no heading — built again, laws 16 and 17 became fragments
    text = ("Правило 16\nСведения\n\nA. Законные сведения\nИгрок учитывает заявки и ходы этой сдачи.\n\n"
            "Правило 17\nПродолжительность торговли\n\nA. Начало торговли\nТорговля начинается с первой заявки.\n")
    first = _built(tmp_path / "a", text)
    assert [(n.cite, n.title) for n in first.nodes if n.kind == "law"] == [
        ("16", "Сведения"), ("17", "Продолжительность торговли")]
    exported = exports.export_text(first, "txt", width=width)
    assert "Правило 16. Сведения" in exported  # as the Russian laws print a law's heading
    back = _built(tmp_path / "b", exported)
    printed = {"Правило 16.": "Правило 16", "Правило 17.": "Правило 17"}  # a law's label has the «.» printed now
    back_tree = [row[:3] + (printed.get(row[3], row[3]),) + row[4:8]
                 + ((row[8][0], row[8][1], printed.get(row[8][2], row[8][2])) if row[8] else None,) + row[9:]
                 for row in tree(back)]
    assert back_tree == tree(first)


def _built(folder: Path, text: str) -> Library:
    """``text`` as the one file of a corpus ``folder``, built and opened."""
    folder.mkdir()
    (folder / "lawref.toml").write_text(MANIFEST.format(lang="ru"), encoding="utf-8")
    (folder / "laws.txt").write_text(text, encoding="utf-8")
    return open_library(folder, folder.parent / f"{folder.name}-index")


# -- what a first user found (issue 14's trial) ----------------------------------------


def test_a_txt_export_to_a_folder_is_a_corpus_build_reads_back(seed_library: Library, seed_index: Path,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "book"
    result = run(seed_index, "--format", "txt", "-o", f"{out}/")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == sorted([MARK, "commentary.txt", "laws.txt", "lawref.toml"])
    back = open_library(out, tmp_path / "index")
    assert tree(back) == tree(seed_library)
    # in the manifest's order (the book's), not its files' names' (``commentary.txt`` < ``laws.txt``)
    assert [d.id for d in back.documents] == [d.id for d in seed_library.documents] == ["laws", "commentary"]
    assert all(not r["warnings"] for r in back.report)  # the mark is lawref's: the scan does not even name it


def test_two_documents_in_one_txt_file_are_named_in_the_report_not_read_silently(seed_library: Library,
                                                                                  tmp_path: Path) -> None:
    folder = tmp_path / "one"
    folder.mkdir()
    (folder / "book.txt").write_text(exports.export_text(seed_library, "txt"), encoding="utf-8")
    lib = open_library(folder, tmp_path / "index")
    warnings = [w for r in lib.report for w in r["warnings"]]
    assert any("a second document title «Комментарий к Правилам дубликатного бриджа»" in w for w in warnings)


def test_the_lost_sections_mark_closes_its_law(seed_library: Library) -> None:
    txt = exports.export_text(seed_library, "txt", law="62")
    assert txt.index("B. Исправление фальшренонса") < txt.index("[дальше текст утрачен: нет 62C, 62D]")
    md = exports.export_text(seed_library, "md", law="62")
    assert md.rstrip().endswith("*\\[дальше текст утрачен: нет 62C, 62D\\]*")


def test_one_section_comes_with_the_heading_of_its_law_and_a_law_with_its_commentary(seed_library: Library) -> None:
    txt = exports.export_text(seed_library, "txt", law="62B")
    assert "\nПравило 62. Исправление фальшренонса\n\n  B. Исправление фальшренонса\n" in txt
    assert "Игрок должен исправить" not in txt  # 62A is not exported, nor the law's own text
    data = exports.export_json(seed_library, law="46")
    assert [d["id"] for d in data["documents"]] == ["laws", "commentary"]
    assert {n["id"] for n in data["nodes"]} >= {"laws/46", "commentary/46", "commentary/46.4"}
    page = exports.export_text(seed_library, "html", law="46")
    assert 'id="commentary-46-4"' in page and "Комментарий" in page
    assert exports.export_json(seed_library, law="46", doc="laws")["documents"][0]["id"] == "laws"
    one = exports.export_text(seed_library, "html", law="21", base_url="https://example.org/site/")
    assert 'href="https://example.org/site/laws/17.html#law-17e"' in one


def test_a_one_law_page_links_its_citers_to_the_site_as_its_citations(seed_library: Library) -> None:
    # «Ссылаются» under law 26: the citing nodes stand outside a one-law export; with --base-url they link to the
    # site as the page's own citations do, without it they stay plain (found by a fresh README-only user)
    linked = exports.export_text(seed_library, "html", law="26", base_url="https://example.org/site/")
    cited = linked[linked.index('<p class="cited-by">'):].split("</p>", 1)[0]
    assert '<a href="https://example.org/site/laws/36.html#law-36">36</a>' in cited
    plain = exports.export_text(seed_library, "html", law="26")
    cited = plain[plain.index('<p class="cited-by">'):].split("</p>", 1)[0]
    assert "36" in cited and "<a " not in cited


@pytest.mark.parametrize("args", [
    ["--format", "json", "--law", ""], ["--format", "md", "--width", "60"], ["--format", "txt", "--base-url", "/x/"],
    ["--format", "md", "--base-url", "javascript:alert(1)"], ["--format", "md", "--base-url", "data:text/html,x"],
    ["--format", "md", "--base-url", 'https://x.org/"onmouseover=alert(1)'],
])
def test_export_refuses_options_it_would_ignore_or_write_unsafely(seed_index: Path, args: list[str]) -> None:
    from test_cli import assert_one_line_error

    assert_one_line_error(run(seed_index, *args), 2)


@pytest.mark.parametrize("bad", ["https://x.org/<b>", "https://x.org/a\\b", "https://x.org/`x`", "https://x.org/a b"])
def test_a_refused_base_url_s_error_names_what_it_may_not_hold(seed_index: Path, bad: str) -> None:
    # the message named spaces, quotes and control characters, and a URL holding ``<`` was refused with it (a
    # republisher's find): it names every character it refuses
    result = run(seed_index, "--format", "md", "--base-url", bad)
    assert result.exit_code == 2 and 'spaces, control characters and " < > \\ ` are not allowed' in result.stderr


def test_link_refuses_a_base_url_that_is_not_a_web_address_or_a_path(seed_index: Path) -> None:
    from test_cli import assert_one_line_error

    result = CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(seed_index), "link", "--format",
                                      "html", "--base-url", "javascript:alert(1)"], input="правило 62B")
    assert_one_line_error(result, 2)


def test_link_html_titles_a_status_in_the_language_of_the_citation(seed_library: Library) -> None:
    from lawref.export.annotate import to_html

    text = "см. правило 16 и Law 16"
    html = to_html(text, seed_library.link(text), exports.hrefs(seed_library))
    assert 'title="16: нет в корпусе">правило 16</span>' in html and 'title="16: not in the corpus">Law 16</span>' in html



@pytest.mark.parametrize(("text", "words"), [
    ("См. правило 43B2(a) и (b), правило 12C1 и C2", ["в корпусе только 43"] * 2 + ["нет в корпусе"] * 2),
    ("See Law 43B2(a) and (b), Law 12C1 and C2", ["only 43 in the corpus"] * 2 + ["not in the corpus"] * 2),
    # a partial cite names the part the corpus has, as the exports do (it said «only a part of it in the corpus»,
    # read as «a part of 47E is here»: a new user's find); a range held in one part is one note
    ("См. правила 64A–64C и 47E", ["в корпусе только 64", "в корпусе только 47"]),
])
def test_a_lists_bare_members_are_titled_in_its_head_s_language(seed_library: Library, text: str,
                                                                words: list[str]) -> None:
    # «(b)», «C2», «62В» name parts, not a language: told as the citation they continue (a new user saw
    # «43B2(a): в корпусе только его часть» beside «43B2(b): only a part of it in the corpus»)
    from lawref.export.annotate import to_html

    titles = re.findall(r'title="[^:"]+: ([^"]*)"', to_html(text, seed_library.link(text), exports.hrefs(seed_library)))
    assert titles == words


def test_the_offline_search_knows_english_titles_and_the_laws_the_corpus_lacks(site: Path) -> None:
    data = json.loads((site / "search-index.json").read_text(encoding="utf-8"))
    law62 = next(n for n in data["nodes"] if n["c"] == "62")
    assert "revoke" in law62["w"].split()
    assert data["absent"]["59"] == "Inability to Lead or Play as Required" and "62" not in data["absent"]
    law61 = next(n for n in data["nodes"] if n["c"] == "61")
    assert law61["t"] == "Правило 61. Недавание в масть - расспросы относительно фальшренонса"


@pytest.mark.parametrize("fmt", ["json", "txt", "md"])
def test_exporting_a_law_the_edition_lacks_says_so(seed_index: Path, fmt: str) -> None:
    result = run(seed_index, "--format", fmt, "--law", "999")
    assert result.exit_code == 1
    assert result.stderr == "lawref: 999 is not in this corpus; the 1997 edition has no law 999\n"


def test_two_documents_of_one_file_name_come_back_as_two(tmp_path: Path) -> None:
    # two sites' pages named read_19.txt and read-19.txt: their ids share a slug, and each is kept (issue 25's trial)
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "read_19.txt").write_text("Правило 24. Карты, открытые в торговле\nКарта считается открытой, если "
                                        "партнёр мог увидеть её лицо.\n", encoding="utf-8")
    (folder / "read-19.txt").write_text("Правило 13. Неправильное число карт\nСудья проверяет, сколько карт в "
                                        "каждой руке.\n", encoding="utf-8")
    first = open_library(folder, tmp_path / "ix")
    out = tmp_path / "book"
    count = exports.write_txt_corpus(first, out)
    assert count == 4 and sorted(p.name for p in out.iterdir() if p.suffix == ".txt") == ["read-19-2.txt",
                                                                                          "read-19.txt"]
    back = open_library(out, tmp_path / "ix2")
    assert sorted((n.doc, n.cite) for n in back.nodes) == sorted((n.doc, n.cite) for n in first.nodes)


def test_an_export_never_writes_one_file_twice(tmp_path: Path) -> None:
    from lawref.export.files import write_folder

    with pytest.raises(ValueError, match="two files of one name"):
        write_folder([("a.txt", "one"), ("a.txt", "two")], tmp_path / "out", "txt corpus")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("lead", "shown"), [
    # a subsection with no title whose text leads into its items: shown above the item asked (a new user's show of
    # 14B2(b) printed «2.» alone, and «(b) решает …» read without «судья:»)
    ("2. Если карта так и не найдена, судья:", "2. Если карта так и не найдена, судья:"),
    # a part with a title: its heading only, its text not repeated (as show 26A2 of the seeds)
    ("2. Поиск карты\n\nСудья должен:", "2. Поиск карты"),
])
def test_an_item_is_shown_under_its_parent_s_lead_in(tmp_path: Path, lead: str, shown: str) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "a.txt").write_text(f"Правило 14. Неполная колода\n\nB. Карта не найдена\n\n{lead}\n\n"
                                  "(a) определяет, у кого она была;\n\n(b) решает, был ли ущерб.\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["--corpus", str(folder), "--index", str(tmp_path / "ix"), "show", "14B2(b)"])
    assert out.exit_code == 0, out.output
    assert f"B. Карта не найдена\n\n{shown}\n\n(b)" in out.stdout and "решает, был ли ущерб." in out.stdout


def test_a_folder_export_that_cannot_be_written_names_the_folder_asked_for(seed_index: Path, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    # the error named lawref's temporary folder beside it («Permission denied (ro/.site.lawref-new-7d26308e)»), where
    # -o FILE said «cannot write ro/laws.json: Permission denied» (a republisher's find); now both say the same
    def refuse(self: Path, *args: object, **kwargs: object) -> int:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "write_text", refuse)
    for fmt, out in (("html", tmp_path / "site"), ("txt", tmp_path / "book")):
        result = run(seed_index, "--format", fmt, "-o", f"{out}/")
        assert result.exit_code == 2, result.stderr
        assert result.stderr.strip().endswith(f"cannot write {out}: Permission denied") and "lawref-new" not in result.stderr
        assert not out.exists() and not list(tmp_path.glob(".*lawref-new*"))


@pytest.mark.skipif(not Path("/proc/version").is_file(), reason="a Linux /proc")
def test_a_file_in_a_folder_that_takes_no_new_file_is_not_said_missing(seed_index: Path) -> None:
    # «cannot write /proc/version: No such file or directory» of a file that is there (a new user's find): the
    # temporary file the write goes through could not be made in its folder
    result = run(seed_index, "--format", "txt", "--law", "62", "-o", "/proc/version")
    assert result.exit_code == 2
    assert result.stderr.strip() == "lawref: cannot write /proc/version: its folder takes no new file: No such file or " \
                                    "directory"


def test_export_to_a_device_or_fifo_is_refused_and_a_link_written_through(seed_index: Path, tmp_path: Path) -> None:
    # `-o /dev/full` (as root) left a 49 KB file where the device was, `-o link.md` a file where the link was
    # (a new user's find): a device, FIFO or socket is never replaced; a link is written through to its file
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    refused = run(seed_index, "--format", "md", "--law", "62", "-o", str(fifo))
    assert refused.exit_code == 2 and refused.stderr.strip().endswith("not a regular file: lawref replaces only a file")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    (tmp_path / "target.md").write_text("old\n", encoding="utf-8")
    (tmp_path / "link.md").symlink_to("target.md")
    assert run(seed_index, "--format", "md", "--law", "62", "-o", str(tmp_path / "link.md")).exit_code == 0
    assert (tmp_path / "link.md").is_symlink() and "Правило 62" in (tmp_path / "target.md").read_text(encoding="utf-8")


def test_every_law_heading_in_markdown_says_its_number(seed_library: Library) -> None:
    # Law 61's heading was lost with its page and the law kept the title its page opens with: Markdown printed that
    # title alone, «### Недавание в масть …», the one law a reader could not find by its number (a republisher's find)
    md = exports.export_text(seed_library, "md")
    laws = [n for n in seed_library.nodes if n.kind == "law" and n.doc == "laws"]
    heads = dict(re.findall(r'^### <a id="law-(\w+)"></a>(.*)$', md, flags=re.M))
    assert {n.cite for n in laws} <= set(heads) and any(n.inferred and n.title for n in laws)
    for n in laws:
        assert heads[n.cite].startswith(f"Правило {n.cite}") and (n.title or "") in heads[n.cite]


def test_a_second_document_s_markdown_anchor_names_it_once(tmp_path: Path) -> None:
    # two documents of laws: the second one's anchors are prefixed with its id, and its own heading got the prefix
    # too, «doc-reg-en-reg-en» (a republisher's find)
    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "ru.txt").write_text("Правило 1. Колода\nИгра ведётся колодой из 52 карт.\n", encoding="utf-8")
    (corpus / "en.txt").write_text("LAW 1 - THE PACK\nDuplicate bridge is played with a pack of 52 cards.\n",
                                   encoding="utf-8")
    (corpus / "lawref.toml").write_text(
        '[[document]]\nid = "reg-ru"\nkind = "laws"\nlang = "ru"\nfiles = ["ru.txt"]\n\n'
        '[[document]]\nid = "reg-en"\nkind = "laws"\nlang = "en"\nfiles = ["en.txt"]\n', encoding="utf-8")
    md = exports.export_text(open_library(corpus, tmp_path / "ix"), "md")
    assert re.findall(r'^# <a id="([^"]+)"></a>', md, flags=re.M) == ["doc-reg-ru", "doc-reg-en"]
