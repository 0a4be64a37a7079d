"""Highlights as offsets (issue 27 item 7): a hit's ``snippet`` is the text
as it is and its ``marks``/JSON ``highlights`` are code-point spans of it,
so the text's own brackets (``[?]`` for a lost glyph, ``[текст
обрывается…]`` for a cut page) are never read as a match — in the terminal,
in ``--json``, through the API and in the browser."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from lawref import terminal
from lawref.cli import cli
from lawref.index import search
from lawref.library import Library
from lawref.model import Node, Source
from lawref.results import Hit
from lawref.serve import create_app
from lawref.store import build_index

#: A text with the marks the cleaner leaves where the source lost something, around a word that matches.
LOST = "Игрок держит [?]AK и [?]Q, берёт взятку 𝄞 и ходит [текст обрывается…]"


def _node(text: str) -> Node:
    return Node(id="laws/1A", doc="laws", kind="section", cite="1A", label="A.", title=None,
                text=text, parent=None, page=None, source=Source("f.txt", 1))


@pytest.fixture(scope="module")
def lost_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("highlights") / "index"
    build_index([_node(LOST)], folder, stamp="s")
    return folder


def test_the_texts_own_brackets_are_never_a_match(lost_index: Path) -> None:
    [hit] = search(lost_index, "взятка")
    assert hit.snippet == LOST  # the text as it is: no marks added
    assert [hit.snippet[a:b] for a, b in hit.marks] == ["взятку"]
    assert hit.marked() == LOST.replace("взятку", "⟦взятку⟧")
    coloured = terminal.highlight(hit.marked())
    assert "\x1b[1;33mвзятку\x1b[0m" in coloured and "[?]AK" in coloured and "[текст обрывается…]" in coloured
    assert coloured.count("\x1b[1;33m") == 1


def test_offsets_count_code_points_past_an_astral_character(lost_index: Path) -> None:
    [hit] = search(lost_index, "ходит")
    [(start, end)] = hit.marks
    assert hit.snippet[start:end] == "ходит" and start == LOST.index("ходит")  # 𝄞 before it counts once
    assert hit.to_json()["marks"] == [[start, end]]


def test_cli_json_and_the_api_give_the_same_highlights(seed_library: Library, seed_index: Path) -> None:
    cli_json = json.loads(CliRunner().invoke(cli, ["--index", str(seed_index), "search", "фальшренонс",
                                                   "--json"]).stdout)

    async def asked() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app(seed_library))
        async with httpx.AsyncClient(transport=transport, base_url="http://lawref.test") as c:
            return await c.get("/api/v1/search", params={"q": "фальшренонс"})

    api = asyncio.run(asked()).json()
    pairs = [(h["id"], h["snippet"], h["highlights"]) for h in cli_json["results"]]
    assert pairs == [(h["id"], h["snippet"], h["highlights"]) for h in api["results"]]
    words = [snip[a:b] for _, snip, spans in pairs for a, b in spans]
    assert words and all(w.lower().startswith("фальшренонс") for w in words), words


def test_a_hit_found_by_its_cite_alone_marks_nothing(seed_index: Path) -> None:
    data = json.loads(CliRunner().invoke(cli, ["--index", str(seed_index), "search", "62B", "--json"]).stdout)
    assert data["results"][0]["cite"] == "62B" and data["results"][0]["highlights"] == []


WORDS = st.sampled_from(["взятка", "взятку", "игрок", "[?]", "ход", "S.O.", "45.5", "—", "𝄞", "карта"])


@settings(max_examples=60, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=80))
def test_marks_are_ordered_disjoint_spans_of_the_snippet(tmp_path_factory: pytest.TempPathFactory,
                                                         words: list[str]) -> None:
    folder = tmp_path_factory.mktemp("prop") / "index"
    build_index([_node(" ".join(words))], folder, stamp="s")
    for hit in search(folder, "взятка карта"):
        ends = [0] + [e for _, e in hit.marks]
        assert all(ends[i] <= s < e <= len(hit.snippet) for i, (s, e) in enumerate(hit.marks))
        assert all(hit.snippet[s:e].lower().startswith(("взятк", "карт")) for s, e in hit.marks)
        assert Hit.from_json(hit.to_json()) == hit


@pytest.mark.parametrize(("query", "limit", "law", "marked"), [
    # 62's text is its sections': 62A's, marked (62A itself not a hit within the limit: else the law's line
    # has no text, and 62A's own shows it — test_terminal)
    ("исправление фальшренонса", 2, "laws/62", {"фальшренонс"}),
    ("correction revoke", 2, "laws/62", {"фальшренонс"}),  # an English query marks the Russian it searched
])
def test_a_law_shown_by_its_first_sections_text_marks_what_was_searched(seed_library: Library, query: str,
                                                                       limit: int, law: str,
                                                                       marked: set[str]) -> None:
    hit = next(h for h in seed_library.search(query, limit=limit) if h.id == law)
    words = {hit.snippet[s:e].lower() for s, e in hit.marks}
    assert words and words <= marked, (hit.snippet, words)
    label = hit.snippet.split(": ", 1)[0]
    assert all(s > len(label) for s, _ in hit.marks)  # the marks fall in the text, never in its label


_WORDS = st.lists(st.sampled_from(["карта", "Карты", "взятка", "пас", "ход", "Ход", "S.O", "45.5"]), max_size=30)


@settings(max_examples=300)
@given(words=_WORDS, lemmas=st.sets(st.sampled_from(["карта", "взятка", "ход", "пас", "нет"])),
       start=st.integers(0, 32), stop=st.integers(0, 32))
def test_a_snippets_matched_words_are_those_reading_as_one_of_its_lemmas(words: list[str], lemmas: set[str],
                                                                        start: int, stop: int) -> None:
    # each node's words are kept by lemma (issue 28): the words a window marks are those whose reading holds a lemma
    from lawref.results import Tokens

    def reading(word: str) -> frozenset[str]:
        return frozenset({word.lower().rstrip("ы") + ("а" if word.lower().endswith("ы") else "")})

    flat = " ".join(words)
    spans, at = [], 0
    for w in words:
        spans.append((w, at, at + len(w)))
        at += len(w) + 1
    tokens = Tokens.read(flat, spans, reading)
    assert tokens.matched(lemmas, start, stop) == [k for k in range(start, min(stop, len(words)))
                                                   if reading(words[k]) & lemmas]


@settings(max_examples=300)
@given(words=st.lists(st.sampled_from(["см.", "правило", "59", "карта", "взятка,", "(но", "игрок"]), min_size=1,
                      max_size=80), at=st.integers(0, 79), length=st.integers(1, 3))
def test_a_hit_citing_what_was_asked_shows_and_marks_that_citation(words: list[str], at: int, length: int) -> None:
    # «правило 59»: the nodes citing a law the corpus lacks showed their first 200 characters, the citation unmarked
    # and often cut off (a new user's find); the snippet now stands around it, at words, and marks it
    from lawref.search import citing_hit

    text = " ".join(words)
    first = min(at, len(words) - 1)
    last = min(first + length, len(words))
    start = len(" ".join(words[:first])) + (1 if first else 0)
    end = start + len(" ".join(words[first:last]))
    node = Node(id="laws/1", doc="laws", cite="1", kind="law", label=None, title=None, parent=None, page=None,
                text=text, source=Source("a.txt", 1, 1, (0, 1)), inferred=False, refs=[])
    hit = citing_hit(node, 99.0, start, end)
    (s, e), = hit.marks
    assert hit.snippet[s:e] == text[start:end]
    body = hit.snippet.removeprefix("…").removesuffix("…")
    assert body in text and len(body) <= max(250, end - start + 70)
