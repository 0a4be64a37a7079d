"""A node's place adds its ancestors' titles to its search terms (lawref.context).

The seeds print no heading for Law 43 (its sections survive as fragments,
001:13-27) and none for Law 68 (000:70): their titles come from the
catalogue in English, and are searched in Russian through the glossary.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from lawref.context import contexts, title_words
from lawref.library import Library
from lawref.model import Node, Source


def _node(id: str, parent: str | None, title: str | None, text: str, title_en: str | None = None,
          doc: str = "laws") -> Node:
    return Node(id=id, doc=doc, kind="section", cite=None, label=None, title=title, text=text, parent=parent,
                page=None, source=Source(file="x.txt", line=1), title_en=title_en)


def test_a_node_holds_its_ancestors_titles_nearest_first() -> None:
    law = _node("laws/62", None, "Исправление фальшренонса", "")
    section = _node("laws/62A", "laws/62", "Фальшренонс должен быть исправлен", "Игрок должен исправить…")
    item = _node("laws/62A1", "laws/62A", None, "Текст пункта.")
    found = contexts([law, section, item])
    assert found == {"laws/62": "", "laws/62A": "Исправление фальшренонса",
                     "laws/62A1": "Фальшренонс должен быть исправлен Исправление фальшренонса"}


def test_a_title_the_russian_text_lacks_is_the_glossarys_russian_of_the_english_one() -> None:
    # a law inferred at a lost page: no printed title, no text of its own; its document is Russian
    law = _node("laws/43", None, None, "", title_en="Dummy's Limitations")
    fragment = _node("laws/f", "laws/43", "Привлекает внимание к нарушению", "разыгрывающий не может…")
    assert contexts([law, fragment])["laws/f"] == "болван ограничение"
    assert title_words(law, russian=True) == "болван ограничение"
    # an English word the glossary lacks is left out, never guessed
    assert title_words(replace(law, title_en="Xyzzy Limitations"), russian=True) == "ограничение"


def test_an_english_document_keeps_the_english_title() -> None:
    law = _node("laws/43", None, None, "", title_en="Dummy's Limitations", doc="en")
    section = _node("laws/43A", "laws/43", "Limitations on Dummy", "Dummy may not…", doc="en")
    assert contexts([law, section])["laws/43A"] == "Dummy's Limitations"


@pytest.mark.parametrize(("query", "first"), [
    # 43B2(a) (001:13-15) never says «болван»; its law is Dummy's Limitations
    ("болван наказание", {"laws/fragment@001_6601c729f2304426:13", "laws/fragment@001_6601c729f2304426:19",
                          "laws/fragment@001_6601c729f2304426:23"}),
    ("болван первым указал на нарушение защитника, может ли разыгрывающий требовать наказания",
     {"laws/fragment@001_6601c729f2304426:13", "laws/fragment@001_6601c729f2304426:23"}),
])
def test_a_question_naming_the_law_finds_its_sections(seed_library: Library, query: str, first: set[str]) -> None:
    hits = seed_library.search(query, limit=5)
    assert hits and hits[0].id in first, [h.id for h in hits]
