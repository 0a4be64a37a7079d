"""A layout zoo: a known law tree rendered the ways other libraries and books
lay the Laws out, so tests can check that parsing each gives the same tree.

Trees come from the seed corpus (its own nodes, cut to law, sections,
subsections) and from :data:`OWN_TREES`, written for these tests.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from lawref.model import Node


@dataclass(frozen=True)
class Item:
    """One node of a tree: ``kind`` (law, section, subsection), ``label`` as
    printed without its dot (``62``, ``A``, ``1``), ``title``, ``text``."""

    kind: str
    label: str
    title: str
    text: str = ""


@dataclass(frozen=True)
class Layout:
    """How to print a tree: ``width`` (None: one paragraph a line, blank
    lines between), ``hyphenate`` (перенос at the wrap), ``spaced`` labels
    (``A. Title``), ``caps`` (all capitals), ``lower_body`` (bodies start in
    lower case), ``markers`` (a page-marker spelling put between nodes;
    ``{n}`` is the page), ``running_head`` (after each marker), ``html``
    (``pre`` or ``p``), ``crlf``, ``invisible`` (zero-width spaces and soft
    hyphens inside words, NBSP for some spaces), ``run_on`` (``"space"``: each
    heading and its body on one line, ``A. Запись результата Судья
    записывает …``; ``"glued"``: the whole tree on one line with nothing
    between, as a page whose tags were dropped: ``… РЕЗУЛЬТАТОВA. Запись
    результатаСудья записывает …``), ``bullets`` (a ``- `` before each
    heading and each body, as a page's list items print: ``- A. Запись
    результата`` ⏎ ``- Судья записывает …``)."""

    width: int | None = 60
    hyphenate: bool = False
    spaced: bool = False
    caps: bool = False
    lower_body: bool = False
    markers: str | None = None
    running_head: str | None = None
    html: str | None = None
    crlf: bool = False
    invisible: bool = False
    first_page: int = 89
    run_on: str | None = None
    bullets: bool = False
    extra: dict[str, str] = field(default_factory=dict)


OWN_TREES: list[list[Item]] = [
    [Item("law", "90", "Порядок проверки результатов"),
     Item("section", "A", "Запись результата", "Судья записывает результат каждой сдачи в протокол турнира."),
     Item("section", "B", "Проверка записи",
          "Капитан команды может проверить запись до конца сессии и указать судье на ошибку."),
     Item("subsection", "1", "Ошибка в записи", "Ошибку исправляют, если о ней заявлено вовремя."),
     Item("subsection", "2", "Спорная запись", "Спор решает главный судья турнира."),
     Item("section", "C", "Хранение протоколов", "Протоколы хранятся до окончания турнира и сорока дней после.")],
]


def tree_of(nodes: list[Node], law_cite: str) -> list[Item]:
    """The tree of law ``law_cite`` from built nodes: the law, its sections
    and subsections, in reading order (items and fragments left out)."""
    law = next(n for n in nodes if n.cite == law_cite and n.kind == "law")
    out = [Item("law", law_cite, law.title or "", law.text)]
    for n in nodes:
        if n.kind in ("section", "subsection") and n.cite and n.cite.startswith(law_cite) and n.doc == law.doc:
            label = n.cite[len(law_cite):]
            out.append(Item(n.kind, label[-1] if n.kind == "section" else label[1:], n.title or "", n.text))
    return out


def _heading(item: Item, layout: Layout) -> str:
    if item.kind == "law":
        return f"Правило {item.label}. {item.title}"
    return f"{item.label}.{' ' if layout.spaced else ''}{item.title}"


def _body(item: Item, layout: Layout) -> str:
    text = item.text
    if layout.lower_body and text[:1].isupper():
        text = text[:1].lower() + text[1:]
    return text


def _wrap(text: str, layout: Layout) -> list[str]:
    if layout.width is None:
        return [text]
    lines = textwrap.wrap(text, layout.width, break_long_words=False, break_on_hyphens=False)
    if not layout.hyphenate:
        return lines
    out = []
    for k, line in enumerate(lines):
        nxt = lines[k + 1] if k + 1 < len(lines) else None
        words = nxt.split(" ", 1) if nxt else []
        word = words[0] if words else ""
        if len(word) >= 7 and word.isalpha() and word.islower():  # перенос: move a word's head up
            cut = len(word) // 2
            line, lines[k + 1] = f"{line} {word[:cut]}-", word[cut:] + (" " + words[1] if len(words) > 1 else "")
        out.append(line)
    return out


def render(tree: list[Item], layout: Layout) -> str:
    """``tree`` as raw text (or HTML) in ``layout``."""
    blocks: list[list[str]] = []
    for item in tree:
        if layout.run_on:
            sep = " " if layout.run_on == "space" else ""
            blocks.append([_heading(item, layout) + (sep + _body(item, layout) if item.text else "")])
            continue
        block = [_heading(item, layout)] if layout.width is None else _wrap_heading(item, layout)
        body = _wrap(_body(item, layout), layout) if item.text else []
        if layout.bullets:  # each heading and each body an HTML list item, printed with its bullet
            block[0] = "- " + block[0]
            body[:1] = ["- " + line for line in body[:1]]
        blocks.append(block + body)
    if layout.run_on == "glued":
        blocks = [["".join(b[0] for b in blocks)]]
    lines = _with_markers(blocks, layout)
    if layout.caps:
        lines = [line.upper() for line in lines]
    if layout.invisible:
        lines = [_invisible(line) for line in lines]
    text = _join(lines, layout)
    return text.replace("\n", "\r\n") if layout.crlf else text


def _wrap_heading(item: Item, layout: Layout) -> list[str]:
    head = _heading(item, layout)
    assert layout.width is not None
    if len(head) <= layout.width:
        return [head]
    cut = head.rfind(" ", 0, layout.width)
    tail = head[cut + 1 :]
    return [head[:cut], tail] if tail[:1].islower() else [head]  # a tail in capitals cannot be told from a body


def _with_markers(blocks: list[list[str]], layout: Layout) -> list[str]:
    out: list[str] = []
    for k, block in enumerate(blocks):
        if layout.markers:  # every page numbered, the first too: pages follow each other
            out.append(layout.markers.format(n=layout.first_page + k))
            if layout.running_head:
                out.append(layout.running_head)
        out += block + ([""] if layout.width is None else [])
    return out


def _join(lines: list[str], layout: Layout) -> str:
    if layout.html == "pre":
        body = "\n".join(lines).replace("&", "&amp;").replace("<", "&lt;")
        return f"<html><head><title>Книга</title></head><body><div class='menu'>Главная</div><pre>{body}</pre></body></html>"
    if layout.html == "p":
        paras = "\n".join(f"<p>{line}</p>" if line else "" for line in lines)
        return f"<!DOCTYPE html><html><body><nav>А Б В</nav>{paras}</body></html>"
    if layout.width is None:
        return "\n\n".join(line for line in lines if line) + "\n"
    return "\n".join(lines) + "\n"


def _invisible(line: str) -> str:
    words = line.split(" ")
    out = []
    for k, w in enumerate(words):
        if len(w) >= 8 and w.isalpha():
            w = w[:3] + ("\u00ad" if k % 2 else "\u200b") + w[3:]
        out.append(w)
    return "\u00a0".join(out[:2]) + (" " + " ".join(out[2:]) if len(out) > 2 else "")


def shape(nodes: list[Node], caps: bool = False) -> list[tuple[str, str, str, str]]:
    """What a parse of a layout must give back: ``(kind, label, title,
    text)`` of laws, sections and subsections, whitespace collapsed."""
    out = []
    for n in nodes:
        if n.kind not in ("law", "section", "subsection"):
            continue
        label = (n.cite or "")[-1] if n.kind == "section" else (n.cite or "")
        if n.kind == "subsection":
            label = (n.cite or "")[len(n.cite or "") - 1 :]
        title, text = " ".join((n.title or "").split()), " ".join(n.text.split())
        out.append((n.kind, label, title.upper() if caps else title, text.upper() if caps else text))
    return out


def expected(tree: list[Item], caps: bool = False, lower_body: bool = False) -> list[tuple[str, str, str, str]]:
    """The shape :func:`shape` must find for ``tree``."""
    out = []
    for item in tree:
        text = item.text
        if lower_body and text[:1].isupper():
            text = text[:1].lower() + text[1:]
        label = item.label[-1] if item.kind != "law" else item.label
        title, text = " ".join(item.title.split()), " ".join(text.split())
        out.append((item.kind, label, title.upper() if caps else title, text.upper() if caps else text))
    return out
