"""The English reader on the layout real PDF extractions of the 2017 Laws
print (issue 24): ``A. Title Body…`` on one line, run-in subsections and
items, lone page numbers inside paragraphs, contents with the page number on
a line of its own, an ``Index to …``, notes two to a line, ligatures lost as
gaps and as presentation forms, the dash byte 0xAD between digits.

The edition (:mod:`english_pdf`) is written in those layouts in our own
words and built as it is and re-wrapped (70 columns, line-end hyphens, a
running head on every page, the number at the foot, no contents); the
figures asserted are the issue's "done when". Small inputs below are one
real layout a row, in our own words."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from english_pdf import edition

from lawref.corpus import build_corpus
from lawref.ingest.clean import clean
from lawref.ingest.decode import normalise_line
from lawref.lang import english
from lawref.model import Node, Source
from lawref.parse import parse
from lawref.treecheck import check_tree

MANIFEST = """[[document]]
id = "en"
kind = "laws"
lang = "en"
edition = "2017"
title = "test edition"
files = ["*.txt"]
"""
CALL = re.compile(r"\[\d+\]")


def _norm(text: str | None) -> str:
    """Letters and digits only, lower case, footnote calls out: what the figures compare."""
    return re.sub(r"\W+", "", CALL.sub("", text or "").casefold())


def _build(folder: Path, rewrap: bool) -> tuple[list[Node], object, list]:
    raw, truth = edition(rewrap=rewrap)
    folder.mkdir()
    (folder / "lawref.toml").write_text(MANIFEST, encoding="utf-8")
    (folder / "laws.txt").write_bytes(raw)
    corpus = build_corpus(folder, version="t")
    return list(corpus.nodes), corpus.reports[0], truth


@pytest.fixture(scope="module", params=[False, True], ids=["as-extracted", "re-wrapped"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Node], object, list]:
    return _build(tmp_path_factory.mktemp("pdf") / "ed", request.param)


def test_all_93_laws_have_their_titles(built: tuple) -> None:
    nodes, _, truth = built
    by = {n.cite: n for n in nodes if n.kind == "law"}
    assert sorted(by, key=int) == [str(law.number) for law in truth]
    assert [law.number for law in truth if _norm(by[str(law.number)].title) != _norm(law.title)] == []


def test_every_section_is_found_with_its_title(built: tuple) -> None:
    nodes, _, truth = built
    by = {n.cite: n for n in nodes if n.kind == "section"}
    want = {f"{law.number}{letter}": title for law in truth for letter, title, _ in law.sections}
    assert len(want) > 240
    wrong = [(cite, by[cite].title if cite in by else None) for cite, title in want.items()
             if cite not in by or _norm(by[cite].title) != _norm(title)]
    assert wrong == []  # the issue asks 98%; every one is found


def test_every_sentence_of_a_law_is_in_its_own_law(built: tuple) -> None:
    nodes, _, truth = built
    mine: dict[str, str] = {}
    for n in nodes:
        if n.cite:
            law = re.match(r"\d+", n.cite).group()  # type: ignore[union-attr]
            mine[law] = mine.get(law, "") + _norm(n.text)
    lost = [(law.number, sentence) for law in truth for _, _, body in law.sections
            for sentence in re.split(r"(?<=\.) ", body)
            if (s := _norm(re.sub(r"^\d+\.|\([a-z]\)", "", sentence))) and s not in mine.get(str(law.number), "")]
    assert lost == []


def test_no_fragment_and_no_contents_or_index_text(built: tuple) -> None:
    nodes, report, _ = built
    assert [n.id for n in nodes if n.kind == "fragment"] == []
    words = ("CONTENTS", "Index to the Laws", "Revoke 61, 62", "LAW 12 - DIRECTOR")
    assert [(n.id, w) for n in nodes for w in words if w in n.text or w in (n.title or "")] == []
    reasons = Counter(d["reason"] for d in report.dropped)
    assert reasons["index of the book"] >= 5


def test_every_section_cite_resolves_exact(built: tuple) -> None:
    nodes, _, _ = built
    cites = [(n.cite, r.text, r.status) for n in nodes for r in n.refs if re.fullmatch(r"\d+[A-N]", r.cite or "")]
    assert len(cites) > 240
    assert [c for c in cites if c[2] != "exact"] == []


def test_the_scoring_table_stays_in_its_law(built: tuple) -> None:
    nodes, _, _ = built
    text = "\n".join(n.text for n in nodes if n.cite and n.cite.startswith("77"))
    assert "Undoubled Doubled Redoubled" in text and "20 40 80" in text
    assert "170–210" in text  # the cp1252 dash byte between digits is a dash


def test_notes_are_footnotes_of_the_node_that_calls_them(built: tuple) -> None:
    nodes, _, _ = built
    notes = [n for n in nodes if n.kind == "footnote"]
    assert len(notes) >= 10
    by_id = {n.id: n for n in nodes}
    for note in notes:
        assert note.parent is not None
        host = by_id[note.parent]
        assert note.label in (host.title or "") + host.text, note.id
    assert any(n.text.startswith("and a second note") for n in notes)  # two on a line, the second in lower case


def test_the_build_is_ok_with_no_structure_warning(built: tuple) -> None:
    _, report, _ = built
    assert report.status == "ok" and report.structure == [] and report.warnings == []


# -- one layout a row -------------------------------------------------------------------

TITLE_ROWS = [  # (text after the label, the title found; None: all title; "": no title)
    ("Rank of Cards and Suits The four suits rank downwards", "Rank of Cards and Suits"),
    ("The Deal The cards are dealt face down", "The Deal"),
    ("Acceptance of Insufficient Bid 1. Any bid that is too low", "Acceptance of Insufficient Bid"),
    ("Players' Use of Information 1. A player may use", "Players' Use of Information"),
    ("Awarding an Adjusted Score The Director gives a score", "Awarding an Adjusted Score"),
    ("Extraneous Information from Other Sources When a player receives", "Extraneous Information from Other Sources"),
    ("Review of Auction during Auction Period A player may ask", "Review of Auction during Auction Period"),
    ("The Shuffle Before play starts each pack", "The Shuffle"),
    ("RHO Required to Pass The player on the right", "RHO Required to Pass"),
    ("RANK OF CARDS The four suits rank", "RANK OF CARDS"),
    ("Technical Management The Director is responsible", "Technical Management"),
    ("Rank of Cards and Suits", None),
    ("When Illegal Alternative is Chosen", None),  # a verb in lower case, and no body after it
    ("The Director may award a score", ""),
    ("Each contestant keeps a record", ""),
]


@pytest.mark.parametrize(("text", "title"), TITLE_ROWS)
def test_where_a_run_in_title_ends(text: str, title: str | None) -> None:
    k = english.title_end(text)
    assert (None if k is None else text[:k].strip()) == title


def _nodes(text: str) -> dict[str, tuple[str | None, str]]:
    nodes = parse(clean(text, lang="en").paragraphs, doc="d", doc_kind="laws", file="f", lang="en").nodes
    return {n.cite or n.id: (n.title, n.text) for n in nodes}


def test_a_law_heading_line_holding_its_first_section_and_run_in_subsections() -> None:
    got = _nodes("LAW 27 – INSUFFICIENT BID A. Acceptance of Insufficient Bid 1. Any bid that is too low may be "
                 "accepted by the next player. 2. When it is accepted the auction goes on.\n"
                 "B. Bid Not Accepted 1.(a) The bid is corrected. (b)it derives from a mistake.\n")
    assert got["27"] == ("INSUFFICIENT BID", "")
    assert got["27A"] == ("Acceptance of Insufficient Bid", "")
    assert got["27A1"] == (None, "Any bid that is too low may be accepted by the next player.")
    assert got["27A2"] == (None, "When it is accepted the auction goes on.")
    assert got["27B1(a)"] == (None, "The bid is corrected.")
    assert got["27B1(b)"] == (None, "it derives from a mistake.")


def test_a_whole_law_printed_on_one_line() -> None:
    got = _nodes("LAW 6 -THE SHUFFLE AND DEAL A. The Shuffle Before play the pack is mixed in this test text. "
                 "B. The Deal The cards go face down, one at a time. C. New Deal 1. A misdeal is dealt again. "
                 "2. The Director may order a redeal. Then: 1. (a) one more test sentence.\n")
    assert got["6A"] == ("The Shuffle", "Before play the pack is mixed in this test text.")
    assert got["6B"] == ("The Deal", "The cards go face down, one at a time.")
    assert got["6C1"] == (None, "A misdeal is dealt again.")
    assert got["6C2"] == (None, "The Director may order a redeal. Then: 1. (a) one more test sentence.")  # out of order


def test_a_title_ended_by_its_full_stop_or_before_this() -> None:
    got = _nodes("Law 26: Call Withdrawn, Lead Restrictions This Law applies in this test text.\n"
                 "A. Bid Not Accepted. If a bid is not accepted it is changed.\nB. Second Call\n"
                 "Then: 1. (a) if the call is corrected the auction goes on.\n")
    assert got["26"] == ("Call Withdrawn, Lead Restrictions", "This Law applies in this test text.")
    assert got["26A"] == ("Bid Not Accepted", "If a bid is not accepted it is changed.")
    assert got["26B"] == ("Second Call", "Then:")
    assert got["26B1(a)"] == (None, "if the call is corrected the auction goes on.")


def test_a_cite_or_a_number_in_a_sentence_is_never_cut_as_an_item() -> None:
    got = _nodes("LAW 12\nDIRECTOR'S POWERS\nA. Scope of Powers The Director applies Law 12C1(a) as in (a) above. "
                 "He counts 2. Then 3. tricks.\n")
    assert set(got) == {"12", "12A"}
    assert got["12A"][1] == "The Director applies Law 12C1(a) as in (a) above. He counts 2. Then 3. tricks."


def test_a_title_wrapped_before_its_body_at_70_columns() -> None:
    got = _nodes("LAW 20\nREVIEW OF CALLS\nA. Call Not Clearly\nRecognized The Director acts when a call is not\n"
                 "heard. 1. A player may ask.\nB. Cards Exposed by a Player The\nDirector rules at once.\n")
    assert got["20A"] == ("Call Not Clearly Recognized", "The Director acts when a call is not heard.")
    assert got["20B"] == ("Cards Exposed by a Player", "The Director rules at once.")


def test_two_notes_on_one_line_and_a_note_in_lower_case() -> None:
    text = ("LAW 13\nINCORRECT NUMBER OF CARDS2\nA. Cards Missing A hand short of a card is played3 at once.\n"
            "2 A note on the title. 3 and a note in lower case.\n\n14\n")
    nodes = parse(clean(text, lang="en").paragraphs, doc="d", doc_kind="laws", file="f", lang="en").nodes
    notes = {n.label: (n.parent, n.text) for n in nodes if n.kind == "footnote"}
    assert notes == {"[2]": ("d/13", "A note on the title."), "[3]": ("d/13A", "and a note in lower case.")}


def test_contents_with_the_page_number_on_its_own_line_and_an_index_are_dropped() -> None:
    text = ("CONTENTS\n\nLAW 1 - THE PACK\n\n3\n\nA. Rank of Cards and Suits\nB. The Face of the Cards\n"
            "LAW 2 - THE DUPLICATE BOARDS\n\n4\n\nLAW 3 - ARRANGEMENT OF TABLES\n\n4\n\n"
            "LAW 1\nTHE PACK\nA. Rank of Cards and Suits The suits rank downwards in this test text.\n\n"
            "Index to the Laws of Duplicate Bridge\n\nAdjusted score 12, 86\nClaim 68, 69\nRevoke 61, 62, 63\n")
    cleaned = clean(text, lang="en")
    reasons = Counter(d.reason for d in cleaned.report.dropped)
    assert reasons["table of contents"] == 9 and reasons["index of the book"] == 4
    assert [p.text for p in cleaned.paragraphs] == [
        "LAW 1 THE PACK", "A. Rank of Cards and Suits The suits rank downwards in this test text."]


LIGATURE_ROWS = [
    ("a di cult case", "a difficult case"),  # both halves words, the joined word far commoner
    ("in ate", "in ate"),  # both words, the joined word rarer: stays
    ("the \ufb01nal pass", "the final pass"),  # a presentation form spelt out
    ("the o\ufb00ending side", "the offending side"),
]


@pytest.mark.parametrize(("raw", "want"), LIGATURE_ROWS)
def test_ligatures_lost_as_gaps_and_as_presentation_forms(raw: str, want: str) -> None:
    assert clean(raw + "\n", lang="en").paragraphs[0].text == want


def test_a_ligature_at_a_line_start_goes_to_that_word_not_the_one_before() -> None:
    assert clean("Dummy keeps a\n nal record\n", lang="en").paragraphs[0].text == "Dummy keeps a final record"


def test_a_ligature_lost_across_a_page_break() -> None:
    text = "A. Option The side may accept a e\n\n39\n\nective explanation of the call.\n"
    got = [p.text for p in clean(text, lang="en").paragraphs]
    assert got == ["A. Option The side may accept a effective explanation of the call."]


def test_a_soft_hyphen_between_digits_is_a_dash() -> None:
    assert normalise_line("170\u00ad210 and nar\u00adrow") == "170–210 and narrow"


def _section(title: str | None, text: str) -> Node:
    return Node(id="d/12A", doc="d", kind="section", cite="12A", label="A.", title=title, text=text, page=3,
                source=Source("f", 4), parent="d/12")


@pytest.mark.parametrize(("title", "text", "found"), [
    (None, "Power to Award an Adjusted Score On the application of a player the Director may", True),
    ("Wrong Board Discovered During Auction or Play Period Unless the", "Director rules.", True),
    ("Power to Award an Adjusted Score", "On the application of a player the Director may", False),
    (None, "The Director may award an adjusted score.", True),  # every section of the Laws has a title
    ("Power to Award an Adjusted Score", "(a) the Director may award an adjusted score.", False),
])
def test_a_section_title_left_in_its_body_is_warned(title: str | None, text: str, found: bool) -> None:
    checks = [f.check for f in check_tree([_section(title, text)])]
    assert ("title_in_body" in checks) is found


def test_the_catalogue_is_evidence_where_the_shape_cannot_tell() -> None:
    text = "LAW 31\nBID OUT OF ROTATION\nA. Partner's Turn to Call North or South may then bid in this test text.\n"
    paras = clean(text, lang="en").paragraphs
    shape = parse(paras, doc="d", doc_kind="laws", file="f", lang="en").nodes
    known = parse(paras, doc="d", doc_kind="laws", file="f", lang="en",
                  titles={"31A": "Partner's Turn to Call"}).nodes
    assert [(n.title, n.text) for n in shape if n.cite == "31A"] == [
        (None, "Partner's Turn to Call North or South may then bid in this test text.")]  # said, not guessed
    assert [(n.title, n.text) for n in known if n.cite == "31A"] == [
        ("Partner's Turn to Call", "North or South may then bid in this test text.")]


def test_toc_shows_each_title_once_in_the_catalogue_case(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from lawref.cli import cli

    raw, _ = edition()
    folder = tmp_path / "ed"
    folder.mkdir()
    (folder / "lawref.toml").write_text(MANIFEST, encoding="utf-8")
    (folder / "laws.txt").write_bytes(raw)
    out = CliRunner().invoke(cli, ["--corpus", str(folder), "--index", str(tmp_path / "ix"), "--ui", "en", "toc"])
    assert out.exit_code == 0, out.output
    rows = {line.split()[0]: line for line in out.output.splitlines()[1:]}
    assert rows["63"].split("  ")[2] == "Establishment of a Revoke"  # not ``ESTABLISHMENT … — Establishment …``
    assert rows["1A"].split("  ")[3] == "Rank of Cards and Suits"


def test_every_repair_is_listed_with_its_line_and_an_unsure_gap_is_flagged(built: tuple) -> None:
    _, report, _ = built
    assert len(report.inserted) >= 200 and all(set(d) == {"line", "text"} for d in report.inserted)
    assert {d["text"] for d in report.inserted} <= {"ff", "fi", "fl", "ffi", "ffl", "FF", "FI", "FL", "FFI", "FFL"}
    cleaned = clean("he ate in ate here\n", lang="en")
    assert cleaned.paragraphs[0].text == "he ate in ate here"  # not guessed
    assert [(p.name, p.examples) for p in cleaned.report.passes if p.name == "repair_ligatures:unsure"] == [
        ("repair_ligatures:unsure", ("1: in ate",))]


def test_a_suit_symbol_lost_in_parentheses_is_a_lost_glyph() -> None:
    got = clean("The trump suit is spades () and hearts ( ) rank next.\n", lang="en").paragraphs[0].text
    assert got == "The trump suit is spades ([?]) and hearts ([?]) rank next."


@pytest.mark.parametrize("sep", [" ", "\n"], ids=["run-in", "a line each"])
def test_two_sections_sharing_their_words_are_both_kept(sep: str) -> None:
    shared = (f"2.{sep}(a) if the call out of rotation is a double, the offender's partner must pass whenever it "
              f"is his turn to call.{sep}(b) the lead restrictions of Law 26 may apply in this test text.")
    text = ("LAW 31\nBID OUT OF ROTATION\nA. RHO's Turn to Call 1. When the offender has called at his RHO's turn, "
            f"then:{sep}{shared}\n\n20\n\nLAW 32\nDOUBLE OR REDOUBLE OUT OF ROTATION\nA. Made at Partner's Turn 1. A "
            f"double made out of rotation is cancelled in this test text.{sep}{shared}\n\n21\n\n")
    got = _nodes(text)
    for law in ("31", "32"):
        assert got[f"{law}A2(b)"] == (None, "the lead restrictions of Law 26 may apply in this test text."), law


def test_a_run_in_subsection_that_opens_in_lower_case() -> None:
    got = _nodes("LAW 27\nINSUFFICIENT BID\nB. Bid Not Accepted Then: 1. (a) if the bid is corrected the auction goes "
                 "on. 2. except as provided in B1 above, the partner must pass in this test text.\n")
    assert got["27B1(a)"] == (None, "if the bid is corrected the auction goes on.")
    assert got["27B2"] == (None, "except as provided in B1 above, the partner must pass in this test text.")


def test_the_first_page_number_mid_paragraph_invents_no_law() -> None:
    # a new user's edition: the body's first page number fell inside 6B; lawref made up a "Law 11" there
    text = ("LAW 6\nTHE SHUFFLE AND DEAL\nA. The Shuffle The pack is mixed well in this test text. B. The Deal The "
            "cards go face down so that each player receives\n\n3\n\nthirteen. C. Representation of Both Pairs One "
            "member of each side watches the deal.\n\n4\n\n")
    got = _nodes(text)
    assert got["6B"] == ("The Deal", "The cards go face down so that each player receives thirteen.")
    assert got["6C"][0] == "Representation of Both Pairs" and not any(k.startswith(("11", "d/fragment")) for k in got)


def test_a_page_break_before_a_capitalised_word_and_a_title_after_a_page_break() -> None:
    text = ("LAW 12\nDIRECTOR'S POWERS\nC. Awarding a Score 1.(a) When, after an irregularity, the\n\n3\n\nDirector "
            "may award a score, he does so in this test text.\nLAW 61\n\n4\n\nFAILURE TO FOLLOW SUIT - INQUIRIES "
            "CONCERNING A REVOKE\nA. Revoke Defined A revoke is a failure to follow suit in this test text.\n\n5\n\n")
    got = _nodes(text)
    assert got["12C1(a)"] == (None, "When, after an irregularity, the Director may award a score, he does so in "
                                    "this test text.")
    assert got["61"] == ("FAILURE TO FOLLOW SUIT - INQUIRIES CONCERNING A REVOKE", "")


@pytest.mark.parametrize(("raw", "want"), [("should di er in colour", "should differ in colour"),
                                           ("Right to Inquire about a Possible Revoke", None)])
def test_short_halves_and_small_words_a_new_user_met(raw: str, want: str | None) -> None:
    if want is None:
        assert english.title_end(raw + " 1. Declarer may ask in this test text.") == len(raw) + 1
    else:
        assert clean(raw + "\n", lang="en").paragraphs[0].text == want


@pytest.mark.parametrize(("text", "cites"), [
    ("the Director rules (see C below).", [("C", ("C",))]),
    ("but see D following.", [("D", ("D",))]),
    ("as provided under A above", [("A", ("A",))]),
    ("except as provided in B1 above, if", [("B1", ("B", "1"))]),
    ("as in C2(a) below", [("C2(a)", ("C", "2", "(a)"))]),
    ("Section C of the rules is below the line", []),  # no "see/in/under … below" shape
])
def test_a_reference_to_a_part_of_the_same_law(text: str, cites: list[tuple[str, tuple[str, ...]]]) -> None:
    from lawref.cite import find_citations

    assert [(c.text, c.cites) for c in find_citations(text) if c.kind == "relative"] == cites


def test_relative_references_resolve_exact_in_their_law(tmp_path: Path) -> None:
    folder = tmp_path / "ed"
    folder.mkdir()
    (folder / "lawref.toml").write_text(MANIFEST, encoding="utf-8")
    (folder / "laws.txt").write_text("LAW 12\nPOWERS\nA. Power to Act The Director acts (see C below).\nB. Limits "
                                     "None in this test text (but see A above).\nC. Scores An artificial score is "
                                     "given.\n", encoding="utf-8")
    nodes = build_corpus(folder, version="t").nodes
    refs = {(n.cite, r.text, r.cite, r.status) for n in nodes for r in n.refs}
    assert refs == {("12A", "C", "12C", "exact"), ("12B", "A", "12A", "exact")}
    from click.testing import CliRunner

    from lawref.cli import cli

    # the same through a real build, whose citation cache has its own quick test (a text with no digit)
    out = CliRunner().invoke(cli, ["--corpus", str(folder), "--index", str(tmp_path / "ix"), "--ui", "en", "refs",
                                   "12A"])
    assert out.exit_code == 0 and "12C" in out.output and "exact" in out.output, out.output


def test_a_law_that_ends_at_a_page_foot_before_the_next_page_lost_nothing(tmp_path: Path) -> None:
    # a new user's edition: law 13 ended at a page foot, law 14 opened the next page, and the catalogue's 13C
    # (not in the user's text) made toc say [lost pages]; with every page kept, nothing was lost
    from click.testing import CliRunner

    from lawref.cli import cli

    folder = tmp_path / "ed"
    folder.mkdir()
    (folder / "lawref.toml").write_text(MANIFEST, encoding="utf-8")
    (folder / "laws.txt").write_text(
        "LAW 12\nPOWERS\nA. Power to Act The Director acts in this test text.\n\n3\n\nLAW 13\nCARDS LEFT BEHIND\n"
        "A. Board Not Played Yet A hand short of a card is put right in this test text.\nB. Cards Seen The "
        "Director judges what was seen in this test text.\n\n4\n\nLAW 14\nLATE ARRIVAL\nA. Waiting The Director "
        "waits a little in this test text.\n\n5\n\n", encoding="utf-8")
    out = CliRunner().invoke(cli, ["--corpus", str(folder), "--index", str(tmp_path / "ix"), "--ui", "en", "toc"])
    assert out.exit_code == 0, out.output
    row = next(line for line in out.output.splitlines() if line.split()[:1] == ["13"])
    assert "lost pages" not in row, row
