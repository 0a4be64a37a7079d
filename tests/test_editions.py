"""Editions (issue 11): a PDF-extracted English edition read as the edition
it is — contents and index, running heads, page numbers, headings in
capitals, lost ligatures, glued footnotes — on a test edition written for
these tests (:mod:`english_edition`), whose truth the tests compare with."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from english_edition import LIGATURE_WORDS, edition

from lawref.corpus import build_corpus
from lawref.ingest import pdf
from lawref.ingest.clean import clean
from lawref.ingest.load import load
from lawref.ingest.state import Ctx
from lawref.model import Node, Paragraph
from lawref.parse import law_order

MARKER = re.compile(r"\[\d+\]")


def _build(tmp_path: Path, seed: int = 7, dash: str = "–") -> tuple[list[Node], object, list]:
    raw, truth = edition(seed, dash)
    folder = tmp_path / f"en-{seed}"
    folder.mkdir()
    (folder / "laws-en.txt").write_bytes(raw)
    corpus = build_corpus(folder, version="t")
    return list(corpus.nodes), corpus.reports[0], truth


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Node], object, list]:
    return _build(tmp_path_factory.mktemp("editions"))


def test_the_test_edition_has_all_93_laws_with_their_titles(built: tuple) -> None:
    nodes, _, truth = built
    laws = [n for n in nodes if n.kind == "law"]
    assert [n.cite for n in laws] == [str(law.number) for law in truth]
    for node, law in zip(laws, truth, strict=True):
        assert MARKER.sub("", node.title or "") == law.title.upper(), node.cite  # as printed: in capitals
        assert node.text == law.text, node.cite


def test_every_section_has_its_title_and_clean_text(built: tuple) -> None:
    nodes, _, truth = built
    sections = {n.cite: n for n in nodes if n.kind == "section"}
    want = {f"{law.number}{letter}": (title, text) for law in truth for letter, title, text in law.sections}
    assert len(sections) == len(want) == 139
    for cite, (title, text) in want.items():
        assert (sections[cite].title, sections[cite].text) == (title, text), cite


def test_no_node_comes_from_the_contents_or_the_index(built: tuple) -> None:
    nodes, report, _ = built
    texts = [f"{n.title or ''} {n.text}" for n in nodes]
    assert not any("...." in t or "Adjusted score" in t or "INDEX" in t for t in texts)
    contents = " ".join(d["text"] for d in report.dropped if d["reason"] == "table of contents")
    assert {int(n) for n in re.findall(r"(?i)\blaw (\d+)", contents)} == set(range(1, 94))  # every entry reported
    reasons = Counter(d["reason"] for d in report.dropped)
    assert reasons["index of the book"] == 9  # the INDEX line and its 8 entries


def test_page_numbers_and_running_heads_are_gone_and_reported(built: tuple) -> None:
    nodes, report, _ = built
    reasons = Counter(d["reason"] for d in report.dropped)
    assert reasons["running head (колонтитул)"] > 10
    assert reasons["page number glued to a law title"] >= 1
    assert reasons["running head (колонтитул): the law's heading again at a page edge"] >= 1  # ``LAW 11`` on its 2nd page
    assert reasons["running head (колонтитул) printed with the page number"] == 4  # ``10  THE LAWS – A TEST EDITION``
    assert not any("A TEST EDITION" in n.text for n in nodes if n.cite)
    assert not any("LAWS OF DUPLICATE BRIDGE" in n.text for n in nodes if n.cite)  # the title page is a fragment
    assert not any(re.search(r"\b(\d+) \1\b", n.text) for n in nodes)  # ``67 67``
    assert not any(re.search(r"[A-Z] \d+$", n.title or "") for n in nodes)  # ``… POWERS 15``


def test_the_build_balances_and_counts_the_ligatures_it_put_back(built: tuple) -> None:
    nodes, report, truth = built
    assert report.status == "ok", report.warnings  # conservation holds: nothing lost, nothing invented
    damaged = {d for _, d in LIGATURE_WORDS}
    assert not any(d in n.text for n in nodes for d in damaged if " " in d.strip())
    assert not re.search(r"\b(?:o|di|su|a|speci|shu|e) (?:ender|erent|cient|ected|c|e|ective)\b",
                         " ".join(n.text for n in nodes))


def test_footnotes_are_attached_to_the_node_that_calls_them(built: tuple) -> None:
    nodes, _, _ = built
    by_id = {n.id: n for n in nodes}
    notes = [n for n in nodes if n.kind == "footnote"]
    assert len(notes) == len({n.label for n in notes})  # two footnotes never merged into one
    for note in notes:
        host = by_id[note.parent]
        assert note.label in f"{host.title} {host.text}", note.label
    law13 = next(n for n in nodes if n.cite == "13")
    assert law13.title == "INCORRECT NUMBER OF CARDS[3]"  # ``CARDS3``: the call kept as a marker


def test_a_heading_is_never_a_citation(built: tuple) -> None:
    nodes, _, _ = built
    assert not [r.text for n in nodes for r in n.refs if r.text.startswith("LAW")]  # ``refs 64 --incoming``: no heading
    assert all(n.kind == "law" for n in nodes if (n.label or "").startswith("LAW"))


@pytest.mark.parametrize("seed", [11, 23])
def test_other_test_editions_read_as_well(tmp_path: Path, seed: int) -> None:
    nodes, report, truth = _build(tmp_path, seed)
    assert report.status == "ok", report.warnings
    assert [n.cite for n in nodes if n.kind == "law"] == [str(law.number) for law in truth]
    assert sum(n.kind == "section" for n in nodes) == sum(len(law.sections) for law in truth)


def test_a_file_whose_only_high_bytes_are_soft_hyphens_is_read_as_english(tmp_path: Path) -> None:
    raw, _ = edition(7, dash="\xad")
    assert {b for b in raw if b > 127} == {0xAD}
    text = load(raw, "laws.txt", None).text
    assert "LAW 22 - PROCEDURE" in text and "н" not in text  # never cp866's «н»
    nodes, report, _ = _build(tmp_path, 7, "\xad")
    assert sum(n.kind == "law" for n in nodes) == 93


SUBSECTIONS = """LAW 12 - DIRECTOR'S DISCRETIONARY POWERS
A. Power to Award an Adjusted Score
The Director may award an adjusted score on his own initiative when
these test Laws empower him to do so.
1. The Director may award an adjusted score when he judges that these
test Laws give no indemnity to a side.
2. Dummy's Limitations
The text of a titled subsection, written for the tests.
C. Awarding an Adjusted Score
1. When the Director awards an assigned score:
(a) the first item of the list,
(b) the second item, which has sub-items:
(i) the first sub-item;
(ii) the second sub-item;
(iii) the third.
(c) the third item.
(d) fourth (e) fifth
(f) sixth
(g) seventh
(h) eighth
(i) the ninth item, a letter.
"""


def test_subsections_with_text_and_roman_sub_items() -> None:
    from lawref.parse import parse

    nodes = parse(clean(SUBSECTIONS, lang="en").paragraphs, doc="d", doc_kind="laws", file="f", lang="en").nodes
    got = {n.cite: (n.title, n.text) for n in nodes}
    assert got["12A1"] == (None, "The Director may award an adjusted score when he judges that these test Laws give "
                                 "no indemnity to a side.")  # a subsection printed with its text: no title
    assert got["12A2"] == ("Dummy's Limitations", "The text of a titled subsection, written for the tests.")
    assert got["12C1(b)(ii)"] == (None, "the second sub-item;")
    assert got["12C1(b)(iii)"] == (None, "the third.")
    assert got["12C1(i)"] == (None, "the ninth item, a letter.")  # after (h): the letter, not Roman one
    assert "12C1(d)" in got and "(e) fifth" in got["12C1(d)"][1]  # an inline label stays text


# -- ligatures, one shape a row -------------------------------------------------------

LIGATURE_ROWS = [
    ("the o ender must", "the offender must"),  # a one-letter head that is no word
    ("the shu e of the cards", "the shuffle of the cards"),  # a one-letter tail
    ("a speci c call", "a specific call"),
    ("di erent", "different"),
    ("the a ected side", "the affected side"),  # ``a`` is a word, ``ected`` is not
    ("E ective at once", "Effective at once"),
    ("THE O ENDING SIDE", "THE OFFENDING SIDE"),  # in capitals
    ("the  nal pass", "the final pass"),  # a gap at the word's start
    ("the oender nds", "the offender finds"),  # no gap at all, in two words of the file
    ("the oender di ers", "the offender differs"),  # no gap, in a file that lost one in a gap too
    ("and...ack! Now", "and...ack! Now"),  # one word the list lacks, and nothing else lost: no loss (real34)
    ("in ate", "in ate"),  # two words: inflate would be a guess
    ("of ten tricks", "of ten tricks"),
    ("a player", "a player"),
]


@pytest.mark.parametrize(("raw", "want"), LIGATURE_ROWS)
def test_ligature_repair(raw: str, want: str) -> None:
    cleaned = clean(raw + "\n", lang="en", steps=["repair_ligatures", "reflow"])
    assert cleaned.paragraphs[0].text == want
    inserted = "".join(t for _, t in cleaned.report.inserted)
    assert Counter(want.replace(" ", "")) == Counter(raw.replace(" ", "")) + Counter(inserted)  # each insertion recorded


def test_a_ligature_lost_at_a_line_break_is_put_back_on_the_first_line() -> None:
    cleaned = clean("a fresh o\nender of the cards\n", lang="en", steps=["repair_ligatures", "reflow"])
    assert cleaned.paragraphs[0].text == "a fresh offender of the cards"
    assert cleaned.report.inserted == ((1, "ff"),)


def test_a_word_after_two_spaces_stays_when_it_stands_elsewhere() -> None:
    text = "the  at side\nsits at the table\n"
    assert clean(text, lang="en", steps=["repair_ligatures", "reflow"]).paragraphs[0].text.startswith("the  at")


def test_ligature_steps_leave_russian_text_alone() -> None:
    ctx = Ctx(lang="ru")
    assert pdf.repair_ligatures([], ctx) == [] and not ctx.records


# -- the order of law numbers ---------------------------------------------------------


def _paras(texts: list[str]) -> list[Paragraph]:
    return [Paragraph(t, (k + 1,), (0,), None, 0, True, "heading" if t.startswith("LAW") else "text")
            for k, t in enumerate(texts)]


def test_law_order_rejects_a_heading_off_the_upward_run() -> None:
    body = "The Director rules on the matter and the score stands as obtained at the table."
    texts = ["LAW 12 - DIRECTOR'S POWERS", "LAW 13 - CARDS", "LAW 1 - THE PACK", body, "LAW 2 - BOARDS", body,
             "LAW 64 - PROCEDURE", "LAW 3 - TABLES", body, "LAW 4 - PARTNERSHIPS", body]
    kept = [texts[k] for k in law_order(_paras(texts), "laws", "en")]
    assert kept == ["LAW 1 - THE PACK", "LAW 2 - BOARDS", "LAW 3 - TABLES", "LAW 4 - PARTNERSHIPS"]


def test_law_order_prefers_the_heading_with_text_under_it() -> None:
    body = "The Director rules on the matter and the score stands as obtained at the table."
    texts = ["LAW 1 - THE PACK", body, "LAW 2 - BOARDS", "LAW 2 - THE DUPLICATE BOARDS", body, body]
    kept = [k for k in law_order(_paras(texts), "laws", "en")]
    assert kept == [0, 3]


def test_a_missing_law_is_reported(tmp_path: Path) -> None:
    raw, _ = edition(7)
    text = raw.decode("cp1252")
    text = re.sub(r"(?m)^LAW 40 \xad PARTNERSHIP UNDERSTANDINGS$", "", text)
    (tmp_path / "laws-en.txt").write_bytes(text.encode("cp1252"))
    report = build_corpus(tmp_path, version="t").reports[0]
    assert any("no heading found for law(s) 40 between law 1 and law 93" in w for w in report.warnings)


# -- citations resolved within their own edition ---------------------------------------

#: A small English edition labelled 2017, written for these tests (own sentences, the
#: catalogue's titles): it cites Laws 62A and 81C8 and lacks law 1. Its Law 17 has four sections, as
#: 2017's has (1997 17E is its 17D), and its 15A is 1997's 17D (issue 26).
ENGLISH_2017 = """LAW 15 - WRONG BOARD OR HAND
A. Cards from Wrong Board
A test sentence of lawref's own about cards taken from a board of another table.
LAW 17 - THE AUCTION PERIOD
A. Auction Period Starts
A test sentence of lawref's own about where the auction starts.
B. The First Call
A test sentence of lawref's own about the dealer.
C. Successive Calls
A test sentence of lawref's own about the order of calls.
D. End of Auction Period
A test sentence of lawref's own about three passes.
LAW 61 - FAILURE TO FOLLOW SUIT - INQUIRIES CONCERNING A REVOKE
A. Definition of Revoke
A test sentence of lawref's own that cites Laws 62A and Law 81C8 for the tests.
LAW 62 - CORRECTION OF A REVOKE
A. Revoke Must Be Corrected
A second test sentence of lawref's own, with no citation in it.
B. Correcting a Revoke
A third test sentence of lawref's own.
"""


def _two_editions(folder: Path, default: str | None) -> Path:
    from seeds import CORPUS

    folder.mkdir(exist_ok=True)
    for path in CORPUS.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "english").mkdir()
    (folder / "english" / "laws-2017.txt").write_text(ENGLISH_2017, encoding="utf-8")
    head = f'default_edition = "{default}"\n' if default else ""
    manifest = head + (CORPUS / "lawref.toml").read_text(encoding="utf-8") + (
        '\n[[document]]\nid = "laws-en"\nkind = "laws"\nlang = "en"\nedition = "2017"\n'
        'title = "A 2017 English test edition"\nfiles = ["english/*.txt"]\n')
    (folder / "lawref.toml").write_text(manifest, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def editions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A corpus of the Russian seeds (1997) and a 2017 English edition, the
    manifest's default edition 2017; and its index folder."""
    folder = _two_editions(tmp_path_factory.mktemp("two-editions"), "2017")
    return folder, tmp_path_factory.mktemp("two-editions-index") / "index"


def _lib(editions: tuple[Path, Path]):  # type: ignore[no-untyped-def]
    from lawref import open_library

    return open_library(*editions)


def test_a_russian_citation_never_resolves_into_another_edition(editions: tuple[Path, Path]) -> None:
    lib = _lib(editions)
    refs = [r for n in lib.nodes if n.doc == "laws" for r in n.refs]
    assert refs and all(r.id is None or r.id.startswith("laws/") for r in refs)
    cited = [r for r in refs if r.cite == "81C8"]
    assert cited and all(r.id is None for r in cited)  # law 81 is not in the Russian 1997 text: absent, never 2017's


def test_an_english_citation_never_resolves_into_the_russian_text(editions: tuple[Path, Path]) -> None:
    lib = _lib(editions)
    refs = {r.cite: r for n in lib.nodes if n.doc == "laws-en" for r in n.refs}
    assert refs["62A"].status == "exact" and refs["62A"].id == "laws-en/62A"
    assert refs["81C8"].status == "absent" and refs["81C8"].id is None  # 2017's text lacks law 81: absent there


def test_free_text_resolves_in_its_citing_word_s_edition_and_names_it(editions: tuple[Path, Path]) -> None:
    # issue 26: a Russian «правило» stays in the Russian text's edition though the manifest's default is 2017;
    # ``Law`` resolves in the English one; a bare cite in the default edition; --edition overrides them all
    lib = _lib(editions)
    assert lib.default_edition() == "2017"
    [linked] = lib.link("см. правило 62B")
    assert linked.targets[0].id == "laws/62B" and linked.targets[0].edition == "1997"
    [linked] = lib.link("см. правило 62B", edition="2017")
    assert linked.targets[0].id == "laws-en/62B" and linked.targets[0].edition == "2017"
    assert lib.resolve_target("правило 62B").id == "laws/62B"  # type: ignore[union-attr]
    assert lib.resolve_target("Law 62B", "1997").id == "laws/62B"  # type: ignore[union-attr]
    assert lib.resolve_target("Law 62B").id == "laws-en/62B"  # type: ignore[union-attr]
    assert lib.resolve_target("62B").edition == "2017"  # type: ignore[union-attr]  # no citing word: the default


@pytest.mark.parametrize(("text", "want"), [
    ("См. правило 17Е", [("17E", "laws/17E", "1997")]),
    ("согласно Law 62B", [("62B", "laws-en/62B", "2017")]),
    # a list's bare member is in its list's language
    ("правила 61 или 62", [("61", "laws/61", "1997"), ("62", "laws/62", "1997")]),
    ("Laws 61 and 62", [("61", "laws-en/61", "2017"), ("62", "laws-en/62", "2017")]),
    ("п. 45.5", [("45.5", "commentary/45.5", "1997")]),
])
def test_link_and_resolve_agree_on_the_citing_word_s_edition(editions: tuple[Path, Path], text: str,
                                                             want: list[tuple[str, str, str]]) -> None:
    lib = _lib(editions)
    linked = [(t.cite, t.id, t.edition) for item in lib.link(text) for t in item.targets]
    assert linked == want
    assert [(t.cite, t.id, t.edition) for t in lib.resolve_targets(text)] == want


def test_the_citing_word_s_language_is_read_from_the_word_not_the_section_letter() -> None:
    from lawref.query.link import citing_lang

    assert [citing_lang(t) for t in ("правило 62B", "п. 45.5", "Law 62В", "62В", "17Е", "71", "43B2(b)")] == [
        "ru", "ru", "en", None, None, None, None]
    # a part's label is no citing word (C2 of «правило 12C1 и C2», (b) alone); L before a number is one
    assert [citing_lang(t) for t in ("C2", "(b)", "B", "L62B", "L.65B2", "пр69А", "ст40")] == [
        None, None, None, "en", "en", "ru", "ru"]


def test_the_only_or_newest_edition_is_the_default_without_the_manifest(tmp_path: Path) -> None:
    from lawref import open_library

    lib = open_library(_two_editions(tmp_path / "c", None), tmp_path / "ix")
    assert lib.editions() == ["1997", "2017"] and lib.default_edition() == "2017"


def test_cli_resolve_and_link_take_an_edition(editions: tuple[Path, Path]) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    folder, index = editions

    def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
        return CliRunner().invoke(cli, ["--corpus", str(folder), "--index", str(index), *args], input=stdin)

    result = run("resolve", "правило 62B", "--edition", "1997")
    assert result.exit_code == 0 and "laws/62B" in result.stdout and "[edition 1997]" in result.stdout
    result = run("resolve", "Law 62B")
    assert result.exit_code == 0 and "laws-en/62B" in result.stdout and "[edition 2017]" in result.stdout
    assert run("resolve", "Law 99").exit_code == 1
    bad = run("resolve", "62", "--edition", "2030")
    assert bad.exit_code == 2 and "no edition '2030' in this corpus (editions: 1997, 2017)" in bad.stderr
    linked = run("link", "--edition", "1997", stdin="Law 62B")
    found = json.loads(linked.stdout)["citations"][0]
    assert linked.exit_code == 0 and found["targets"][0]["edition"] == "1997" and found["ids"] == ["laws/62B"]


def test_show_both_pairs_the_same_edition_and_says_when_it_cannot(editions: tuple[Path, Path]) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    folder, index = editions
    base = ["--corpus", str(folder), "--index", str(index)]
    out = CliRunner().invoke(cli, [*base, "show", "62", "--lang", "both", "--edition", "1997"]).stdout
    assert out.startswith("Правило 62. Исправление фальшренонса")
    assert "Law 62 — Correction of a Revoke" in out
    # the 2017 text is paired by lawref's concordance (issue 26), which says how it knows
    assert "[the 2017 edition's 62 is the 1997 edition's 62: same (read from the titles; lawref's concordance)" in out
    english = CliRunner().invoke(cli, [*base, "show", "62", "--lang", "en"]).stdout  # the default edition's
    assert english.startswith("Law 62 — Correction of a Revoke\n[A 2017 English test edition; edition as labelled: 2017]")
    assert "A. Revoke Must Be Corrected" in english


def test_a_law_missing_from_an_english_document_gets_its_editions_title(editions: tuple[Path, Path]) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    folder, index = editions
    result = CliRunner().invoke(cli, ["--corpus", str(folder), "--index", str(index), "show", "1", "--doc", "laws-en"])
    assert result.exit_code == 1
    assert result.stdout.startswith("Law 1 — The Pack — text not in this corpus")  # 2017's title, not 1997's


# -- counterparts by the concordance, never by number (issue 26, items 2-4) --------------------------


def test_compare_names_the_counterpart_the_concordance_gives_with_its_node(editions: tuple[Path, Path]) -> None:
    lib = _lib(editions)
    found = lib.compare("17E", "1997", "2017")
    assert (found.cite, found.edition, found.id) == ("17E", "1997", "laws/17E")
    [k] = found.counterparts
    assert (k.cite, k.edition, k.relation, k.sure, k.id) == ("17D", "2017", "renumbered", True, "laws-en/17D")
    assert k.title_en == "End of Auction Period" and "pzbs.pl" in k.source
    [moved] = lib.compare("17D", "1997", "2017").counterparts  # 1997's 17D is 2017's 15A, not 2017's 17D
    assert (moved.cite, moved.relation, moved.id) == ("15A", "moved", "laws-en/15A")
    [back] = lib.compare("17D", "2017", "1997").counterparts  # and read backwards
    assert (back.cite, back.relation, back.id) == ("17E", "renumbered", "laws/17E")


@pytest.mark.parametrize(("cite", "twin", "relation"), [
    ("17E", "laws-en/17D", "renumbered"),  # by the concordance: 1997 17E is 2017 17D
    ("17D", "laws-en/15A", "moved"),  # never 2017's 17D, a different rule of the same number
    ("61A", "laws-en/61A", None),  # the catalogues lack 2017 61A: paired as the two documents print one heading
    ("62B", "laws-en/62B", "same"),  # one title under one cite in both contents: paired, said to be read so
    ("17", "laws-en/17", "reworded"),  # a law retitled in 2017 whose sections stay: paired, said to be reworded
])
def test_show_both_pairs_by_the_concordance_never_by_number(editions: tuple[Path, Path], cite: str,
                                                             twin: str | None, relation: str | None) -> None:
    from lawref.query import shown as S

    lib = _lib(editions)
    [node] = [n for n in lib.find(cite, edition="1997") if n.doc == "laws"]
    t = S.twin(lib, node)
    assert (t.view.shown.node.id if t.view is not None else None, t.relation) == (twin, relation)


def test_show_both_of_a_cite_two_editions_hold_rules_off_each_pair(editions: tuple[Path, Path]) -> None:
    # «17D» is 1997 17D (its 2017 counterpart 15A) and 2017 17D (its 1997 counterpart 17E): two pairs, told apart
    from click.testing import CliRunner

    from lawref.cli import cli
    from lawref.export.text import PAIR_RULE

    run = CliRunner().invoke(cli, ["--corpus", str(editions[0]), "--index", str(editions[1]), "show", "17D",
                                   "--lang", "both"])
    assert run.exit_code == 0, run.output
    first, second = run.stdout.split(PAIR_RULE)
    assert "Карты из неправильной коробки" in first and "Cards from Wrong Board" in first
    assert "End of Auction Period" in second and "Конец торговли" in second
    one = CliRunner().invoke(cli, ["--corpus", str(editions[0]), "--index", str(editions[1]), "show", "62B",
                                   "--lang", "both"])
    assert one.exit_code == 0 and PAIR_RULE not in one.stdout  # one pair: nothing to tell apart


def test_the_site_and_the_reader_print_each_counterpart_beside_its_node(editions: tuple[Path, Path]) -> None:
    # issue 26 item 4: two columns on a wide screen (one after the other on a phone), the relation named
    import html
    import re

    from lawref import exports
    from lawref.export.site import site_files

    files = dict(site_files(exports.book(_lib(editions), single=False), search="api"))  # what the reader serves
    page = files["laws/17.html"]
    pairs = re.findall(r'<section class="node section depth-1" id="(law-17[a-e])">.*?<aside class="counterpart" '
                       r'lang="en">\s*<p class="counterpart-head"><a href="([^"]+)">([^<]+)</a>([^<]*)'
                       r'(?:<span class="relation" lang="ru">([^<]+)</span>)?', page, re.S)
    got = {a: (href, head, html.unescape(title).strip(), rel) for a, href, head, title, rel in pairs}
    # the relation told to the Russian page's reader in its words; the counterpart's own in English
    assert got["law-17e"] == ("../laws-en/17.html#law-17d", "2017 17D", "End of Auction Period", "перенумерован")
    assert got["law-17d"] == ("../laws-en/15.html#law-15a", "2017 15A", "Cards from Wrong Board", "перенесён")
    assert "about three passes" in page  # the counterpart's own text, beside the Russian
    back = files["laws-en/17.html"]
    assert 'href="../laws/17.html#law-17e">1997 17E</a>' in back  # and from the English page back
    assert '<span class="relation" lang="en">renumbered</span>' in back
    assert ".pair { display: grid; grid-template-columns: 1fr 1fr;" in files["lawref.css"]


def test_a_relation_is_told_in_the_user_s_language_and_kept_as_the_term_in_json(editions: tuple[Path, Path],
                                                                               ru_ui: None) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    base = ["--corpus", str(editions[0]), "--index", str(editions[1]), "compare", "17E", "--from", "1997"]
    said = CliRunner().invoke(cli, [*base, "--to", "2017"])
    assert "2017 17D — End of Auction Period: перенумерован (проверено;" in said.stdout
    data = json.loads(CliRunner().invoke(cli, [*base, "--to", "2017", "--json"]).stdout)
    assert [k["relation"] for k in data["counterparts"]] == ["renumbered"]  # the data term, for programs


def test_the_concordance_covers_every_section_of_the_1997_catalogue_each_row_sourced() -> None:
    from lawref.lang.catalogue import load
    from lawref.lang.concordance import RELATIONS, rows

    sections = {e.id for e in load("1997").entries.values() if e.kind == "section"}
    for target in ("2007", "2017"):
        assert {r.cite for r in rows() if r.edition == "1997" and r.to_edition == target} >= sections
    assert all(r.source and r.relation in RELATIONS for r in rows())
    assert all(r.to == "" for r in rows() if r.relation == "unknown")  # an unknown counterpart names no cite
    # a row of another cite is never read from the number: a move or a renumbering is sure only as a checked fact
    assert all(not r.sure or "contents:" not in r.source for r in rows() if r.relation in ("moved", "renumbered"))


def test_the_concordance_is_what_its_script_makes_of_the_catalogues() -> None:
    pytest.importorskip("rapidfuzz")
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(Path(__file__).resolve().parents[1] / "scripts" / "concordance.py"),
                           "--check"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_cli_compare_prints_both_texts_and_a_word_diff_and_exits_1_when_nothing_is_known(
        editions: tuple[Path, Path]) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    folder, index = editions
    base = ["--corpus", str(folder), "--index", str(index)]
    out = CliRunner().invoke(cli, [*base, "compare", "17E", "--from", "1997", "--to", "2017"])
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert lines[0] == "1997 17E — End of Auction Period"
    assert lines[1].startswith("  → 2017 17D — End of Auction Period: renumbered (checked; ")
    assert "A test sentence of lawref's own about three passes." in out.stdout  # the 2017 text beside the 1997 one
    assert "word by word" not in out.stdout  # Russian and English: no diff of words across languages
    data = json.loads(CliRunner().invoke(cli, [*base, "compare", "17E", "--from", "1997", "--json"]).stdout)
    assert set(data) == {"cite", "edition", "asked", "title_en", "id", "counterparts"}
    assert {k["edition"] for k in data["counterparts"]} == {"2007", "2017"}
    none = CliRunner().invoke(cli, [*base, "compare", "72A5", "--from", "1997", "--to", "2017"])
    assert none.exit_code == 1 and "counterpart unknown" in none.stdout
    assert CliRunner().invoke(cli, [*base, "compare", "17E", "--to", "1999"]).exit_code == 2


@pytest.mark.parametrize(("old", "new", "want"), [
    ("a b c", "a b c", "a b c"),
    ("the player may correct", "the player must correct", "the player [-may-] {+must+} correct"),
    ("one two", "one two three", "one two {+three+}"),
])
def test_word_diff(old: str, new: str, want: str) -> None:
    from lawref.export.text import word_diff

    assert word_diff(old, new) == want


def test_show_both_prints_two_columns_on_a_wide_terminal(editions: tuple[Path, Path]) -> None:
    # issue 26, item 4: on a terminal at least 120 wide the Russian text and its counterpart stand side by side
    from lawref import terminal
    from lawref.export import text as T
    from lawref.query import shown as S

    lib = _lib(editions)
    [node] = [n for n in lib.find("17E", edition="1997") if n.doc == "laws"]
    pairs = T.both_pairs(*S.show(lib, [node], "both"))
    assert len(pairs) == 1 and "three passes" in pairs[0][1]
    out = terminal.columns(pairs, 120)
    lines = out.splitlines()
    assert all(len(line) <= 120 for line in lines)
    assert any(line.lstrip().startswith("Правило 17") or "Конец торговли" in line for line in lines)
    assert any("End of Auction Period" in line and any("а" <= ch <= "я" for ch in line.lower()) for line in lines)
    assert "renumbered" in out  # the relation is said under the counterpart
    assert T.both_pairs([], {}) == []


def test_resolve_names_the_counterpart_of_a_cite_its_edition_lacks(editions: tuple[Path, Path]) -> None:
    # issue 26, item 1: «Law 17E» in an English (2017) text is not 2017's: the answer names 2017 17D, which
    # 1997 17E became, never a 2017 node of the same number; an exact answer names nothing
    from click.testing import CliRunner

    from lawref.cli import cli

    folder, index = editions
    base = ["--corpus", str(folder), "--index", str(index)]
    data = json.loads(CliRunner().invoke(cli, [*base, "resolve", "Law 17E", "--json"]).stdout)
    [answer] = data["resolved"]
    assert answer["status"] != "exact" and answer["edition"] == "2017"
    assert [(c["edition"], c["cite"], c["relation"], c["id"]) for c in answer["counterparts"]] == [
        ("2017", "17D", "renumbered", "laws-en/17D")]
    text = CliRunner().invoke(cli, [*base, "resolve", "Law 17E"]).stdout
    assert "  lawref's concordance: 2017 17D (renumbered) — laws-en/17D" in text
    exact = json.loads(CliRunner().invoke(cli, [*base, "resolve", "правило 17E", "--json"]).stdout)
    assert exact["resolved"][0]["status"] == "exact" and exact["resolved"][0]["counterparts"] == []


def test_a_russian_query_reaches_the_english_text_through_the_glossary(editions: tuple[Path, Path]) -> None:
    # issue 26, item 6: «фальшренонс» finds the 2017 English Laws 61–62 beside the Russian ones, as «revoke»
    # finds the Russian text; only when every word is a glossary term, and never on a Russian-only corpus
    from lawref import search

    lib = _lib(editions)
    ids = [h.id for h in lib.search("фальшренонс", limit=20)]
    assert ids[0].startswith("laws/") and {"laws-en/61A", "laws-en/62B"} <= set(ids)
    assert search.in_english(lib.searcher(), "фальшренонс") == "revoke"
    assert search.in_english(lib.searcher(), "болван фальшренонс") == "dummy revoke"
    assert search.in_english(lib.searcher(), "абракадабра фальшренонс") is None  # a word the glossary lacks
    assert not [h for h in lib.search("фальшренонс", limit=20, doc="laws") if h.id.startswith("laws-en/")]


def test_show_both_of_an_english_node_prints_its_russian_counterpart_by_the_concordance(
        editions: tuple[Path, Path]) -> None:
    # found by a fresh user: «show 17D --lang both --edition 2017» ended «[17D: no Russian text in the corpus]»
    # while its JSON named 1997 17E; and with no --edition, 2017's 17D stood under 1997's 17D with that false note
    from click.testing import CliRunner

    from lawref.cli import cli

    folder, index = editions
    base = ["--corpus", str(folder), "--index", str(index), "show", "17D", "--lang", "both"]
    out = CliRunner().invoke(cli, [*base, "--edition", "2017"]).stdout
    assert "no Russian text" not in out and "Конец торговли" in out
    assert "[the 1997 edition's 17E is the 2017 edition's 17D: renumbered" in out
    both = CliRunner().invoke(cli, base).stdout
    assert "no Russian text" not in both
    assert both.index("Карты из неправильной коробки") < both.index("cards taken from a board of another table")
    assert both.index("three passes") < both.index("Конец торговли")  # 2017 17D, then its own counterpart 1997 17E


def test_compare_without_from_reads_a_cite_in_an_edition_that_has_it(editions: tuple[Path, Path]) -> None:
    # found by a fresh user: in a corpus whose default is 2017, «compare 17E» read 2017's 17E, which no 2017
    # contents list, and answered «no counterpart is known»; it now reads the newest edition listing 17E
    lib = _lib(editions)
    found = lib.compare("17E")
    assert found.edition == "1997" and found.id == "laws/17E"  # an edition the corpus holds, before 2007
    assert ("2017", "17D", "renumbered", "laws-en/17D") in [(k.edition, k.cite, k.relation, k.id)
                                                            for k in found.counterparts]
    assert lib.compare("17D").edition == "2017"  # the default edition lists it: read there


def test_compare_says_when_a_cite_is_read_as_another_edition_s(seed_index: Path) -> None:
    # 1997's catalogue lists no section of Law 46: «compare 46B» answers from 2017 — and says so (a new user's report)
    from click.testing import CliRunner

    from lawref.cli import cli

    base = ["--index", str(seed_index), "--ui", "en", "compare"]
    switched = CliRunner().invoke(cli, [*base, "46B"])
    assert "46B read as a 2017 cite: lawref's catalogue of 1997 does not list it" in switched.stderr
    asked = CliRunner().invoke(cli, [*base, "46B", "--from", "1997"])
    plain = CliRunner().invoke(cli, [*base, "17E"])
    assert "read as a" not in asked.stderr and "read as a" not in plain.stderr


def test_an_edition_lawref_keeps_no_catalogue_of_is_told_nothing_of_the_laws_it_lacks(tmp_path: Path) -> None:
    # a federation's own rules, edition "2024": the 1997 catalogue stood in for it, so its site listed 93 laws of
    # the 1997 book as missing, under their Russian titles, and `show 63` said the 2024 edition has no law 63
    from click.testing import CliRunner

    from lawref.cli import cli

    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "rules.txt").write_text("Правило 101. Опоздание\nA. Первое опоздание\nСудья предупреждает пару.\n",
                                      encoding="utf-8")
    (corpus / "lawref.toml").write_text('[[document]]\nid = "rules"\nkind = "laws"\nlang = "ru"\nedition = "2024"\n'
                                        'files = ["rules.txt"]\n', encoding="utf-8")
    base = ["--corpus", str(corpus), "--index", str(tmp_path / "ix")]
    shown = CliRunner().invoke(cli, [*base, "show", "63"])
    assert shown.exit_code == 1
    assert "63 is not in this corpus (lawref keeps no list of the 2024 edition's laws)" in shown.stderr
    site = tmp_path / "site"
    assert CliRunner().invoke(cli, [*base, "export", "--format", "html", "-o", str(site)]).exit_code == 0
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Правило 101" in index and "Исправление фальшренонса" not in index and "фальшренонс" not in index
