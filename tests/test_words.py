"""lawref.words: every word around law text is a message of the catalogue, told
in the language the rule gives (the user's for what lawref says to them, the
document's for words printed inside a law document)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from lawref.cli import cli
from lawref.words import WORDS, words


@pytest.mark.parametrize("key", sorted(WORDS))
def test_every_word_is_told_in_russian_with_the_same_fields(key: str) -> None:
    english, russian = words("en")[key], words("ru")[key]
    assert english == WORDS[key]
    assert russian != english, key
    assert sorted(f for f in ("{k}", "{n}", "{cite}") if f in english) == sorted(
        f for f in ("{k}", "{n}", "{cite}") if f in russian)


@pytest.mark.parametrize(("ui", "lost"), [("en", "[the rest is lost: no 62C, 62D]"),
                                          ("ru", "[дальше текст утрачен: нет 62C, 62D]")])
def test_show_speaks_the_user_s_language(seed_index: Path, ui: str, lost: str) -> None:
    out = CliRunner().invoke(cli, ["--index", str(seed_index), "--ui", ui, "show", "62", "--no-pager"]).output
    assert lost in out


@pytest.mark.parametrize("ui", ["en", "ru"])
def test_show_plain_prints_the_words_of_the_document_s_language_whatever_the_user_s(seed_index: Path, ui: str) -> None:
    # a ruling in Russian gets Russian marks, pasted from a terminal that speaks English
    out = CliRunner().invoke(cli, ["--index", str(seed_index), "--ui", ui, "show", "62", "--plain", "--no-pager"])
    assert out.exit_code == 0
    assert "[дальше текст утрачен: нет 62C, 62D]" in out.output and "the rest is lost" not in out.output


def test_a_part_the_catalogue_does_not_title_is_shown_under_its_law_s_title_said_as_such(tmp_path: Path) -> None:
    # 40A1 has no title in the 1997 catalogue: the line names law 40's title as its law's, never as 40A1's own
    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "club.txt").write_text("Правило 40. Соглашения партнёров\nA. Право на соглашения\n"
                                     "1. Пара вправе заранее договориться о значении своих заявок.\n",
                                     encoding="utf-8")
    out = CliRunner().invoke(cli, ["--corpus", str(corpus), "--index", str(tmp_path / "ix"), "--ui", "en",
                                   "show", "40A1", "--lang", "en", "--no-pager"])
    assert "Law 40A1 (in Law 40: Partnership Understandings) [English: catalogue title of its law only;" in out.output
    own = CliRunner().invoke(cli, ["--corpus", str(corpus), "--index", str(tmp_path / "ix"), "--ui", "en",
                                   "show", "40", "--lang", "en", "--no-pager"])
    assert "Law 40 — Partnership Understandings [English: catalogue title only;" in own.output
