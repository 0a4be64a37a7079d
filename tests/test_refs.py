"""Cross-references: the citation grammar (every form with its seed example),
resolution statuses, the graph on the seeds, link output; link never raises."""

from __future__ import annotations

import itertools
import json
import re
from html import unescape
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from seeds import CORPUS

from lawref import exports
from lawref.cite import find_citations
from lawref.cli import cli
from lawref.export.annotate import Paragraphs, to_html, to_markdown
from lawref.library import Library

# (text, expected [(citation text, cites)]) — seed examples where there are some
GRAMMAR = [
    ("см. правило 66C)", [("правило 66C", ("66C",))]),                      # 000:17-18
    ("в соответствии с правилом 44, или", [("правилом 44", ("44",))]),       # 000:6-7
    ("правила 70 или 71, и никакая", [("правила 70", ("70",)), ("71", ("71",))]),  # 000:99-100
    ("предусмотренное правилом 64.", [("правилом 64", ("64",))]),           # 001:27
    ("согласно правилу 49)", [("правилу 49", ("49",))]),                    # 001:77
    ("(см. Правило 47Е)", [("Правило 47Е", ("47E",))]),                     # 004:13, Cyrillic Е
    ("согласно Правилу 45F.", [("Правилу 45F", ("45F",))]),                 # 004:56
    ("В Правиле 46В дается", [("Правиле 46В", ("46B",))]),                  # 004:83, Cyrillic В
    ("(Правило 10С2)", [("Правило 10С2", ("10C2",))]),                      # 004:89-90, Cyrillic С
    ("см. правило 81C8)", [("правило 81C8", ("81C8",))]),                   # 000:128-129
    ("Правила 46 ничто", [("Правила 46", ("46",))]),                        # 004:94
    ("в правилах 61 и 62", [("правилах 61", ("61",)), ("62", ("62",))]),
    ("правил 43B2(b)", [("правил 43B2(b)", ("43B2(b)",))]),
    ("правилам 12", [("правилам 12", ("12",))]),
    ("правилами 61-64", [("правилами 61-64", ("61", "62", "63", "64"))]),
    ("правилами 61–64", [("правилами 61–64", ("61", "62", "63", "64"))]),
    ("правилами 61 - 64", [("правилами 61 - 64", ("61", "62", "63", "64"))]),
    ("правило 12C1 и C2", [("правило 12C1", ("12C1",)), ("C2", ("12C2",))]),
    ("правило 64A и B", [("правило 64A", ("64A",)), ("B", ("64B",))]),
    ("правило 64 и B", [("правило 64", ("64",))]),                          # no section to continue
    ("правило 16 и В случае", [("правило 16", ("16",))]),                   # Cyrillic «В» is a word
    ("см. пп. 45.5 и 45.6.", [("пп. 45.5", ("45.5",)), ("45.6", ("45.6",))]),  # the sentence's own full stop
    ("см. п.45.5. выше", [("п.45.5.", ("45.5",))]),  # the seeds' own «п.45.5.» (004:92): the sentence goes on
    ("комм. 45.7. Дальше", [("комм. 45.7", ("45.7",))]),  # a new sentence: the stop is not the cite's
    ("see Law 62B", [("Law 62B", ("62B",))]),
    ("Laws 61-64 apply", [("Laws 61-64", ("61", "62", "63", "64"))]),
    ("Laws 61 to 64", [("Laws 61 to 64", ("61", "62", "63", "64"))]),
    ("L61B and L49C2", [("L61B", ("61B",)), ("L49C2", ("49C2",))]),
    ("Law 43B2(b)", [("Law 43B2(b)", ("43B2(b)",))]),
    ("см. п.45.5. выше", [("п.45.5.", ("45.5",))]),                          # 004:92
    ("см. п. 45.5 выше", [("п. 45.5", ("45.5",))]),
    ("правило", []),
    ("право 62", []),                                                      # not «правило»
    ("4 карты", []),
]


@pytest.mark.parametrize(("text", "expected"), GRAMMAR, ids=[g[0] for g in GRAMMAR])
def test_citation_grammar(text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    found = find_citations(text, relative=False)
    assert [(c.text, c.cites) for c in found] == expected
    assert all(text[c.start:c.end] == c.text for c in found)


def test_bare_commentary_numbers_only_inside_a_commentary() -> None:
    text = "карты, указанные в 45.3., должны быть сыграны в манере, описанной в 45.2."  # 004:5-6
    assert [c.cites for c in find_citations(text, commentary=True)] == [("45.3",), ("45.2",)]
    assert find_citations(text, commentary=False) == []


def test_relative_references_are_label_paths() -> None:
    found = find_citations("(согласно предыдущему пункту 1), в случаях (B1) и (B2)")  # 003:49, 003:67
    assert [(c.kind, c.cites) for c in found] == [
        ("relative", ("1",)), ("relative", ("(b)", "(1)")), ("relative", ("(b)", "(2)"))]


# -- the graph on the seeds ---------------------------------------------------------


@pytest.fixture(scope="module")
def lib(seed_library: Library) -> Library:
    return seed_library


def refs_of(lib: Library, node_id: str) -> list[tuple[str, str, str | None]]:
    return [(r.cite, r.status, r.id) for r in lib.by_id[node_id].refs]


def test_law_36_cites_19_23a_26_32_35a(lib: Library) -> None:
    assert [c for c, _, _ in refs_of(lib, "laws/36")] == ["19", "23A", "26", "32", "35A"]
    assert refs_of(lib, "laws/36")[2] == ("26", "exact", "laws/26")
    assert refs_of(lib, "laws/36")[4] == ("35A", "partial", "laws/35")  # law 35 here, section A not


def test_21b1_cites_17e_exact_and_21b2_resolves_previous_point(lib: Library) -> None:
    assert refs_of(lib, "laws/21B1") == [("17E", "exact", "laws/17E")]
    assert refs_of(lib, "laws/21B2")[0] == ("21B1", "exact", "laws/21B1")  # «предыдущему пункту 1»


def test_72a3_cites_81c8_absent(lib: Library) -> None:
    assert refs_of(lib, "laws/72A3") == [("81C8", "absent", None)]


def test_commentary_45_5_cites_47e_printed_with_cyrillic_e(lib: Library) -> None:
    [ref] = lib.by_id["commentary/45.5"].refs
    assert ref.text == "Правило 47Е" and ref.cite == "47E"
    assert (ref.status, ref.id) == ("partial", "laws/47")  # 47E is on a page that was not scraped


def test_citation_broken_across_a_line_end_is_found_with_its_raw_lines(lib: Library) -> None:
    # 000:99-100 «…для применения прави-» ⏎ «ла 70 или 71, …»
    refs = [r for r in lib.by_id["laws/68D"].refs if r.cite in ("70", "71")]
    assert [(r.text, r.cite, r.status, r.line) for r in refs] == [
        ("правила 70", "70", "absent", 99), ("71", "71", "absent", 100)]
    raw = (CORPUS / "000_392cb21f471fdf05.txt").read_text(encoding="utf-8").split("\n")
    assert raw[98].endswith("прави-") and raw[99].startswith("ла 70 или 71")


def test_relative_item_reference_resolves_to_the_sibling_item(lib: Library) -> None:
    frag = lib.by_id["laws/fragment@003_d6d1da8d5423a94e:65"]  # «В обоих случаях (B1) и (B2)»
    targets = [lib.by_id[r.id].title for r in frag.refs if r.text.startswith("(B")]
    assert targets == ["Оставить первую заявку", "Изменить заявку"]


def test_commentary_cites_commentary_paragraph(lib: Library) -> None:
    assert ("45.5", "exact", "commentary/45.5") in refs_of(lib, "commentary/46.4")


def test_backlinks_of_26_and_17e(lib: Library) -> None:
    assert [n.id for n, _ in lib.incoming(lib.by_id["laws/26"])] == [
        "laws/fragment@003_d6d1da8d5423a94e:65", "laws/fragment@003_d6d1da8d5423a94e:87", "laws/36"]
    assert [n.id for n, _ in lib.incoming(lib.by_id["laws/17E"])] == ["laws/21B1"]
    # backlinks of a law include those of its sections
    assert "laws/21B1" in [n.id for n, _ in lib.incoming(lib.by_id["laws/17"])]


def test_every_ref_offset_points_at_its_text(lib: Library) -> None:
    for n in lib.nodes:
        for r in n.refs:
            assert n.text[r.start:r.end] == r.text


@pytest.mark.parametrize(
    ("text", "status", "ids"),
    [
        ("правило 62B", "exact", ["laws/62B"]),
        ("правило 66C", "absent", []),               # law 66 not in the corpus
        ("правило 62F", "partial", ["laws/62"]),      # law 62 here, no section F
        ("правило 95", "invalid", []),                # 1997 has laws 1-93
        ("правило 0", "invalid", []),
        ("п. 45.5", "exact", ["commentary/45.5"]),
        ("п. 45.99", "partial", ["commentary/45"]),
    ],
)
def test_statuses_for_each_kind(lib: Library, text: str, status: str, ids: list[str]) -> None:
    [item] = lib.link(text)
    assert (item.status, item.ids) == (status, ids)


def test_partial_names_the_missing_part(lib: Library) -> None:
    [item] = lib.link("правило 62F")
    assert item.targets[0].missing == "F"


def test_dangling_report_lists_every_unresolved_citation(lib: Library) -> None:
    dangling = lib.dangling()
    assert set(dangling) == {"partial", "absent", "invalid"}
    total = sum(len(v) for v in dangling.values())
    assert total == sum(1 for n in lib.nodes for r in n.refs if r.status != "exact")
    assert ("laws/72A3", "81C8") in [(n.id, r.cite) for n, r in dangling["absent"]]


def test_resolve_api(lib: Library) -> None:
    assert lib.resolve("правило 62B").id == "laws/62B"
    assert lib.resolve("Law 62 B").id == "laws/62B"
    assert lib.resolve("62В").id == "laws/62B"
    assert lib.resolve("п. 45.5").id == "commentary/45.5"
    assert lib.resolve("правило 66C") is None and lib.resolve("ерунда") is None


def test_html_output_escapes_the_input(lib: Library) -> None:
    text = '<script>alert("x")</script> см. правило 62B & Law 17E'
    html = to_html(text, lib.link(text), exports.hrefs(lib))
    assert "<script>" not in html and "&lt;script&gt;" in html and "&amp;" in html
    assert '<a class="lawref-cite lawref-exact" href="#law-62b"' in html


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["см. правило 62B", "Law 17E", "текст", "  ", "\n", "\n\n", " \n \n", "и", "."]),
                max_size=14), st.lists(st.integers(0, 200), max_size=4))
def test_html_of_a_text_read_in_any_pieces_holds_its_paragraphs_and_no_white_space_before_a_close(
        lib: Library, words: list[str], cuts: list[int]) -> None:
    # ``link --format html`` renders the pieces it reads (a piece may end inside a paragraph): the last paragraph
    # kept its text's last line end before ``</p>`` where the others did not (a new user's find)
    text = "".join(words)
    linked = lib.link(text)
    inside = {p for x in linked for p in range(x.citation.start + 1, x.citation.end)}  # no piece ends in a citation
    bounds = [0, *sorted({min(c, len(text)) for c in cuts} - inside), len(text)]
    href = exports.hrefs(lib)
    paras = Paragraphs()
    html = "".join(paras.render(text[a:b], [x for x in linked if a <= x.citation.start < b], href, offset=a)
                   for a, b in itertools.pairwise(bounds)) + paras.close()
    assert html.count("<p>") == html.count("</p>") == len([p for p in re.split(r"\n[ \t]*\n\s*", text) if p.strip()])
    assert not re.search(r"\s</p>", html) and not re.search(r"<p>\s", html)
    shown = [" ".join(unescape(re.sub(r"<[^>]+>", "", p)).split()) for p in re.findall(r"<p>(.*?)</p>", html, re.S)]
    assert shown == [" ".join(p.split()) for p in re.split(r"\n[ \t]*\n\s*", text) if p.strip()]


def test_markdown_output_links_each_citation_to_the_export_anchors(lib: Library) -> None:
    """A citation links to the anchor ``export --format md`` gives its node;
    one that names no node (laws 70, 71: absent) stays plain text."""
    text = "См. правило 17Е и правила 70 или 71"
    md = to_markdown(text, lib.link(text), exports.hrefs(lib))
    assert md == "См. [правило 17Е](#law-17e) и правила 70 или 71"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("правилоLaws 0123456789ABCЕВС()-–,.п и или to\n"), max_size=120)
       | st.text(max_size=120))
def test_link_never_raises_and_offsets_stay_in_the_input(text: str) -> None:
    for c in find_citations(text, commentary=True):
        assert 0 <= c.start < c.end <= len(text)
        assert text[c.start:c.end] == c.text
        assert c.cites


# -- CLI -------------------------------------------------------------------------


def run(lib: Library, *args: str, input: str | None = None):
    return CliRunner().invoke(cli, ["--corpus", str(CORPUS), "--index", str(lib.index_dir), *args], input=input)


def test_cli_link_json_round_trip(lib: Library) -> None:
    text = "См. правило 17Е, Law 62B и правила 70 или 71"
    result = run(lib, "link", "--format", "json", input=text)
    assert result.exit_code == 0
    cites = json.loads(result.stdout)["citations"]
    assert [(c["text"], c["cites"], c["status"], c["ids"]) for c in cites] == [
        ("правило 17Е", ["17E"], "exact", ["laws/17E"]),
        ("Law 62B", ["62B"], "exact", ["laws/62B"]),
        ("правила 70", ["70"], "absent", []),
        ("71", ["71"], "absent", []),
    ]
    assert all(text[c["start"]:c["end"]] == c["text"] for c in cites)


@pytest.mark.parametrize(("text", "field"), [
    ("и правило\n44C", "правило\\n44C"),  # broken over a line end (a new user's: the row was split in two)
    ("и правило\r\n44C", "правило\\r\\n44C"),
    ("и правило\t44C", "правило\\t44C"),
])
def test_cli_link_text_keeps_a_cite_on_one_row(lib: Library, text: str, field: str) -> None:
    result = run(lib, "link", "--format", "text", input=f"правило 62B\n\n{text}\n")
    header, *rows = result.stdout.splitlines()
    assert result.exit_code == 0 and header.split("\t") == ["start", "end", "text", "cite", "status", "id", "note"]
    assert [row.split("\t")[2:4] for row in rows] == [["правило 62B", "62B"], [field, "44C"]]


def test_cli_link_reads_a_file_and_rejects_non_utf8(lib: Library, tmp_path: Path) -> None:
    good = tmp_path / "ruling.txt"
    good.write_text("применяется правило 62B", encoding="utf-8")
    assert "laws/62B" in run(lib, "link", str(good), "--format", "text").stdout
    bad = tmp_path / "bad.txt"
    bad.write_bytes("правило 62B".encode("cp1251"))
    result = run(lib, "link", str(bad))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("codec", ["latin-1", "cp1251", "utf-8", None])
def test_cli_link_refuses_binary_data_in_any_codec(lib: Library, tmp_path: Path, codec: str | None) -> None:
    # any single-byte codec decodes binary data to some text: the NUL bytes tell it (as ``clean`` says it); UTF-8,
    # the default, fails on an ELF header's bytes before its first NUL is read, and said «not UTF-8 text … name its
    # codec, e.g. cp1251»; nothing was read, so nothing «came before it» and was answered
    blob = tmp_path / "blob.bin"
    blob.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00\xe8\x99 " * 40)
    result = run(lib, "link", *(["--encoding", codec] if codec else []), str(blob))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"lawref: {blob}: binary data (NUL bytes), not text"]
    table = run(lib, "link", "--format", "text", *(["--encoding", codec] if codec else []), str(blob))
    assert table.exit_code == 2 and table.stdout == ""  # no table's header for an input that is no text


@pytest.mark.parametrize(("tail", "said"), [
    (b"abc\x00def", "binary data (NUL bytes), not text"),
    (b"\xff\xfe", "not UTF-8 text (invalid start byte) (name its codec with --encoding, e.g. cp1251)"),
])
def test_cli_link_answers_every_paragraph_before_the_fault_and_says_how_much(lib: Library, tmp_path: Path,
                                                                             tail: bytes, said: str) -> None:
    # a bad byte lost the paragraphs of the 8 KiB the text stream decoded it in (a new user counted 3,880 of 4,000
    # citations): each paragraph before the fault is answered now, and the line says how much was
    text = tmp_path / "ruling.txt"
    paragraph = "применяется правило 62B.\n\n"
    text.write_bytes(paragraph.encode() * 4000 + tail)
    result = run(lib, "link", "--format", "text", str(text))
    rows = result.stdout.splitlines()[1:]
    assert result.exit_code == 2 and len(rows) == 4000 and all("laws/62B" in row for row in rows)
    answered = 4000 * len(paragraph)
    assert result.stderr.strip().splitlines() == [f"lawref: {text}: {said}; its first {answered} code points "
                                                  "were answered"]


@pytest.mark.parametrize("fault", [b"\xff", b"\xd0", b"\xe2\x82", b"\xc3\x28"])
@pytest.mark.parametrize("at", [0, 1, 57, 2999])
def test_cli_link_bad_utf8_answers_the_paragraphs_before_its_paragraph_and_none_after(
        lib: Library, tmp_path: Path, fault: bytes, at: int) -> None:
    # a bad sequence inside paragraph ``at`` of 3,000 (its words before and after it): the paragraphs before it are
    # answered, its own and the ones after are not (the input stopped being text there), whatever the 8 KiB chunks
    text = tmp_path / "ruling.txt"
    paragraph = "применяется правило 62B.\n\n".encode()
    text.write_bytes(paragraph * at + "см. правило 64A, ".encode() + fault + " и правило 62B.\n\n".encode()
                     + paragraph * (3000 - at - 1))
    result = run(lib, "link", "--format", "jsonl", str(text))
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 2 and len(rows) == at and all(r["ids"] == ["laws/62B"] for r in rows)
    said = result.stderr.strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"lawref: {text}: not UTF-8 text (")
    assert said[0].endswith(f"; its first {at * len(paragraph.decode())} code points were answered" if at else ")")


@pytest.mark.parametrize("first", [True, False])
def test_cli_link_json_stopped_by_its_input_is_still_one_json_document_naming_the_fault(
        lib: Library, tmp_path: Path, first: bool) -> None:
    # it printed «{"citations": [» and the citations before the fault and stopped there: no JSON reader could read it
    text = tmp_path / "ruling.txt"
    paragraph = "применяется правило 62B.\n\n"
    text.write_bytes((b"" if first else paragraph.encode() * 3000) + b"abc\x00def")
    result = run(lib, "link", "--format", "json", str(text))
    said = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(said) == 1 and said[0].startswith("lawref: ")
    answer = json.loads(result.stdout)
    assert answer["error"] == said[0].removeprefix("lawref: ")
    assert answer["citations"] == [] if first else answer["citations"] and all(
        c["ids"] == ["laws/62B"] for c in answer["citations"])


@pytest.mark.parametrize(("codec", "named"), [("utf-16", "utf-16"), ("utf-16-be", "utf-16"), ("utf-32", "utf-32"),
                                              ("utf-32-be", "utf-32")])
def test_cli_link_names_a_utf16_ruling_by_its_byte_order_mark(lib: Library, tmp_path: Path, codec: str,
                                                             named: str) -> None:
    # a ruling saved as UTF-16 (a BOM, then NUL bytes between ASCII) was called binary data: a new user's find; a
    # UTF-32 one (its mark opens with UTF-16's) was named UTF-16, and that advice failed (session 27's new user)
    text = tmp_path / "ruling.txt"
    text.write_bytes(("\ufeff" if codec.endswith("be") else "").encode(codec) + "см. правило 62B\n".encode(codec))
    result = run(lib, "link", "--format", "text", str(text))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"lawref: {text}: {named.upper()} text (its byte order mark), not "
                                                  f"UTF-8: name its codec with --encoding {named}"]
    fixed = run(lib, "link", "--format", "text", "--encoding", named, str(text))
    assert fixed.exit_code == 0 and "laws/62B" in fixed.stdout


@pytest.mark.usefixtures("ru_ui")
def test_cli_link_json_error_is_english_data_while_stderr_speaks_the_users_language(
        lib: Library, tmp_path: Path) -> None:
    # JSON is data for programs, the same in every language (docs/usage.md); a new user's find on this session's error
    text = tmp_path / "ruling.txt"
    text.write_bytes("применяется правило 62B.\n\n".encode() * 3000 + b"abc\x00def")
    result = run(lib, "link", "--format", "json", str(text))
    answer = json.loads(result.stdout)
    assert answer["error"].startswith(f"{text}: binary data (NUL bytes), not text; its first ")
    assert result.exit_code == 2 and "двоичные данные" in result.stderr


def test_cli_link_html_stopped_by_its_input_closes_the_paragraph_it_printed(lib: Library, tmp_path: Path) -> None:
    text = tmp_path / "ruling.txt"
    text.write_bytes("применяется правило 62B, и ещё\n".encode() * 40000 + b"abc\x00def")
    result = run(lib, "link", "--format", "html", str(text))
    assert result.exit_code == 2 and "laws/62B" not in result.stderr
    assert result.stdout.count("<p>") == result.stdout.count("</p>") >= 1


def test_cli_refs_outgoing_and_incoming(lib: Library) -> None:
    out = run(lib, "refs", "36", "--json")
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert [(r["cite"], r["status"]) for r in data["refs"]] == [
        ("19", "absent"), ("23A", "absent"), ("26", "exact"), ("32", "absent"), ("35A", "partial")]
    inc = json.loads(run(lib, "refs", "26", "--incoming", "--json").stdout)
    assert [r["from"] for r in inc["refs"]][-1] == "laws/36"
    assert run(lib, "refs", "62B").exit_code == 0
    assert run(lib, "refs", "99").exit_code == 1


@pytest.mark.usefixtures("ru_ui")
def test_cli_show_ends_with_see_also_and_cited_by(lib: Library) -> None:
    out = run(lib, "show", "17E").stdout
    assert out.rstrip().endswith("См. также: 34 (нет в корпусе)\nСсылаются: 21B1")


def test_cli_check_groups_unresolved_citations(lib: Library) -> None:
    result = run(lib, "check", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"partial", "absent", "invalid"} == set(data)
    assert any(r["cite"] == "81C8" and r["from"] == "laws/72A3" for r in data["absent"])


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("правилоLaws 0123456789ABCЕВС()-–,.п и или to\n<>&"), max_size=120))
def test_library_link_never_raises_and_offsets_stay_in_the_input(lib: Library, text: str) -> None:
    for item in lib.link(text):
        c = item.citation
        assert text[c.start:c.end] == c.text
        assert item.status in ("exact", "partial", "absent", "invalid")
        assert len(item.targets) == len(c.cites)


@pytest.mark.parametrize("given_text", [b"\x00", "правило 62B".encode(), None, 62, ["правило 62B"]])
def test_library_link_refuses_anything_but_text_saying_so(lib: Library, given_text: object) -> None:
    # a new user's: lawref.link(b'...') raised re's «cannot use a string pattern on a bytes-like object»
    with pytest.raises(TypeError, match=r"^link takes text \(str\), not \w+: decode it first"):
        lib.link(given_text)  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", ["jsonl", "text", "md", "html"])
def test_cli_link_reads_windows_line_ends_as_line_ends(lib: Library, tmp_path: Path, fmt: str) -> None:
    # a ruling saved on Windows (CRLF): md and html showed each CR as «\x0d» and joined its paragraphs (a CRLF blank
    # line ended none), and a bad byte lost the citations of the paragraphs before it (a new user's find): the same
    # answers as the LF text, at its own offsets
    lf = "см. правило 68A и правило 68C. Далее правилу 70.\n\nПо правилам 62B, 64 и 71 судья решает.\n\nКонец 62A.\n"
    answers = {}
    for name, text in (("lf", lf), ("crlf", lf.replace("\n", "\r\n"))):
        path = tmp_path / f"{name}.txt"
        path.write_bytes(text.encode())
        result = run(lib, "link", "--format", fmt, str(path))
        assert result.exit_code == 0 and "\\x0d" not in result.stdout
        answers[name] = result.stdout
    if fmt == "html":
        assert answers["crlf"].count("<p>") == answers["crlf"].count("</p>") == 3
        assert answers["crlf"].replace("\r", "") == answers["lf"]
    elif fmt == "md":
        assert answers["crlf"].replace("\r", "") == answers["lf"]  # CommonMark reads CRLF as LF
    else:
        assert len(answers["crlf"].splitlines()) == len(answers["lf"].splitlines()) == 6 + (fmt == "text")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(lf.replace("\n", "\r\n").replace("Конец", "Кон\udcffец").encode("utf-8", "surrogateescape"))
    stopped = run(lib, "link", "--format", "jsonl", str(bad))
    assert stopped.exit_code == 2 and [json.loads(r)["cites"] for r in stopped.stdout.splitlines()] == [
        ["68A"], ["68C"], ["70"], ["62B"], ["64"], ["71"]]  # every citation before the bad byte's paragraph
