"""treecheck: the build checks the tree it made, as word conservation checks the words (issue 23).

Words are conserved (:mod:`lawref.conserve`), but a tree can hold every word
and still be wrong: a contents page parsed as thirty laws, a law's whole
body taken for its title, text filed under the wrong law. Each check here
looks at one file's nodes, in the order the file gives them, for a shape a
right tree never has, and says so as a :class:`Finding` naming the file's
line and the node — never silently ``ok``. The checks decide nothing and
change nothing; they only tell (``build --strict`` fails on them).

Checks, each a small function in :data:`CHECKS` (ftfy's registry):

* ``long_title`` — a title longer than a heading can be (over
  :data:`MAX_TITLE_WORDS` words or :data:`MAX_TITLE_CHARS` characters): a
  body swallowed into the title;
* ``contents_title`` — a title holding a dot-leader run or ending in a page
  number (``Первое нарушение ........ 23``): a contents line;
* ``contents_text`` — three or more lines of a node's text ending in a
  dot leader and numbers: a contents page or a subject index kept as text;
* ``heading_run`` — three or more headings side by side with no text
  between them (not a chapter → law → section chain, which nests): a
  contents page, or a chapter's list of its law titles;
* ``label_order`` — a law number lower than one before it in the file, or
  met twice; a section letter skipped where the pages run on (``A``, ``C``
  on one page or the next);
* ``embedded_heading`` — a line inside a node's text shaped as a law
  heading: a heading taken for text, and what follows it misfiled;
* ``unread_label`` — a paragraph opening with a whole cite as its label
  (``74А1. Вежливость …``, ``12.2,3. …``): a heading the parser did not
  read, its text filed in the node before or as a fragment;
* ``chrome_left`` — one short line in the text of
  :data:`RECURRING_NODES` or more nodes on as many pages, or a line dropped
  as chrome on other pages still in a node's text: chrome left in the text;
* ``fragment_share`` — most letters of a file in fragments although its
  pages run consecutively: headings the parser did not see;
* ``sentence_title`` — a heading's title that reads as a sentence (ends in
  a colon, or is six words or more ending in a sentence mark): a line of
  text taken for a heading (``Law 62.D is first applied:``), or a body
  taken for the title;
* ``no_heading`` — a file of several paragraphs in which no law, section or
  commentary heading was found: every word is a fragment, so where its text
  belongs — and whether a menu, an index or a blog stands among it — is not
  known; said, never ``ok``;
* ``glued_words`` — words glued at a case change inside a node's text
  (``обеих парПредставителю``): a page whose tags were dropped, a heading
  run into the text before it and filed there.

* ``title_in_body`` — an English section with no title whose text opens
  with a title-case run before its sentence, or a title ending in a small
  word (``… Period Unless the``): the title left in the body, or the body's
  first words taken into the title.

* ``retold_law`` — a law's or section's text with a sentence that opens by
  naming its own law or a part of it as its subject (``Law 4 is about
  partnerships``, ``Law 42B(2) used to say``), or telling what «this law»
  is (``This law is split into three sections:``): a retelling of the law
  (a blog, a course, an article on what changed), not its text;
* ``untitled_law`` — a law with no title and no section whose text opens
  with a long sentence (``Law 1: The player who first designates …``): a
  page summarising the laws, each law's number before a sentence of its own;
* ``first_person`` — law text with a word of the first person singular
  (``I like this change``, ``я``): an author's words filed as the law's;
* ``note_in_law`` — law text with a paragraph opening as a note
  (``Примечание клуба: …``, ``Note: …``): a site's note filed as law text;
* ``bracketed_note`` — words in square brackets inside a node's text (a
  note or a gloss: ``[LAs]``): an editor's comment filed in the law text;
* ``left_out`` — law text with an editor's mark of words left out
  (``[ . . . ]``, ``[…]``): the page quotes the law in part;
* ``text_after_chrome`` — a site's interface line dropped from the middle of
  a node's raw lines: what follows it (a forum's reply) filed in its text;
* ``cells_in_title`` — a title holding a table's cell bar ``|``: a heading
  printed in two columns;
* ``note_runs_on`` — a footnote whose text ends in a colon: the lead-in of
  the text after it (a section whose label the source lost) filed in it;
* ``run_in_heading`` — a label and a title in capitals run into a node's
  text after a sentence's end (``… наказание. В. НАКАЗАНИЕ ПОСЛЕ …``): the
  next section filed in this one.

Across a document's files, ``cut_across_files`` names a fragment on a page
that follows one another file of the document holds a law's text on (see
:func:`check_document`).

``label_order`` also names a section, subsection or item met twice in a
file (``64A1`` twice: a label the source lost, its text under the wrong
section), and every label after such a restart under the same parent
(``64A3`` after ``64A1`` ``64A2`` again).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from lawref import patterns as P
from lawref.i18n import N_
from lawref.lang import english
from lawref.model import Kind, Node

__all__ = ["CHECKS", "Dropped", "Finding", "check_document", "check_tree"]

#: The most words and characters a printed heading's title has (:data:`lawref.patterns.HEADING_MAX_WORDS`).
MAX_TITLE_WORDS = P.HEADING_MAX_WORDS
MAX_TITLE_CHARS = P.HEADING_MAX_CHARS
#: A line in this many nodes' text, on as many pages, is chrome left in it.
RECURRING_NODES = 4
#: Lines shorter or longer than this are not taken for chrome.
_CHROME_CHARS = (3, 120)
#: Share of a file's letters in fragments that says its headings were missed.
MAX_FRAGMENT_SHARE = 0.5
HEADINGS = frozenset({"chapter", "part", "division", "law", "section", "subsection"})
_LEADER = re.compile(r"\.{4,}|…{2,}|(?:\. ){3,}|_{4,}|·{3,}")
_ENDS_IN_PAGE = re.compile(r"[\s.…]\d{1,3}$")
_LEADER_LINE = re.compile(r"(?:\.{4,}|…{2,}|_{4,}|·{3,})\s*\d{1,3}(?:\s*[,–-]\s*\d{1,3})*(?:\s|$)")
_LAW_NUMBER = re.compile(r"\d{1,3}")
_LETTER = re.compile(r"\d{1,3}([A-Z])$")
#: Words glued at a case change: a lower-case Cyrillic word's end, then a capitalised word.
_GLUED = re.compile(r"[а-яё]{2}[А-ЯЁ][а-яё]{2}")
#: A title of this many words ending in a sentence mark is a sentence (the Laws' titles never end so).
SENTENCE_WORDS = 6
#: A file of fewer letters with no heading is a scrap (a page's end): not worth a warning.
MIN_UNCHECKED = 200


@dataclass(frozen=True)
class Dropped:
    """What the clean dropped, as the checks read it: ``chrome``, the lines
    it dropped as a site's chrome twice or more (looked for in the text);
    ``interface``, the raw lines (1-based) of a site's interface words
    dropped by their shape (``Link to comment``, ``Next: …``); ``quoted``, the raw
    lines whose e-mail quote marks were dropped (``strip_mail_quotes``)."""

    chrome: frozenset[str] = frozenset()
    interface: frozenset[int] = frozenset()
    quoted: frozenset[int] = frozenset()


NOTHING = Dropped()


@dataclass(frozen=True)
class Finding:
    """One violation: ``check`` (a name of :data:`CHECKS`), the raw
    ``line`` (1-based) and ``node`` id it is at, and ``message`` (an
    English template filled in, told in the user's language when shown)."""

    check: str
    line: int | None
    node: str | None
    message: str

    def to_json(self) -> dict[str, object]:
        """``{"check", "line", "node", "message"}``."""
        return {"check": self.check, "line": self.line, "node": self.node, "message": self.message}


def _at(node: Node, check: str, message: str) -> Finding:
    return Finding(check, node.source.line, node.id, message)


def long_title(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A title no heading has: ``Правило 7. <a whole body of 40 words>``."""
    for n in nodes:
        title = n.title or ""
        if (n.kind in HEADINGS or n.kind == Kind.FRAGMENT) and (
                len(title) > MAX_TITLE_CHARS or len(title.split()) > MAX_TITLE_WORDS):
            yield _at(n, "long_title", N_("{label} has a title of {words} words, longer than a heading can be: its "
                                          "text taken for its title?").format(label=_name(n), words=len(title.split())))


def contents_title(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A title with a dot leader, or — in a run of three or more such
    titles, decided for the file at once — ending in a number that is not
    the node's own: a contents line (``Обязанность следовать масти 81``)."""
    numbered = [n for n in nodes if n.kind in HEADINGS and _page_at_end(n)]
    for n in nodes:
        title = n.title or ""
        if n.kind in HEADINGS and (_LEADER.search(title) or (len(numbered) >= 3 and n in numbered)):
            yield _at(n, "contents_title", N_("{label}'s title {title} reads as a line of contents (a dot leader or a "
                                              "page number)").format(label=_name(n), title=repr(title[-60:])))


def contents_text(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """Three or more entries of a node's text that end in a dot leader and
    page or law numbers (``Безнаказанная = ........35``): a contents page or
    a subject index kept as text."""
    for n in nodes:  # counted in the text, not by line: a wrapped layout joins an index's entries into one
        entries = list(_LEADER_LINE.finditer(n.text))
        if len(entries) >= 3:
            first = n.text[max(0, entries[0].start() - 40) : entries[0].end()].strip()
            yield _at(n, "contents_text", N_("{count} entries of the text of {label} end in a dot leader and numbers "
                                             "({first}): a contents page or a subject index?").format(
                count=len(entries), label=_name(n), first=repr(first[-60:])))


def _page_at_end(n: Node) -> bool:
    found = _ENDS_IN_PAGE.search(n.title or "")
    return bool(found) and found is not None and found.group().strip(" .…") != (n.cite or "")


def heading_run(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """Three or more headings side by side with no text between them."""
    run: list[Node] = []
    for n in [*nodes, None]:
        empty_heading = n is not None and n.kind in HEADINGS and not n.text.strip()
        if empty_heading and run and n is not None and n.parent == run[-1].id:
            run.append(n)  # a chain (chapter → law → section) nests: not side by side
            continue
        if empty_heading and n is not None:
            run.append(n)
            continue
        side_by_side = sum(1 for a, b in zip(run, run[1:], strict=False) if b.parent != a.id)
        if side_by_side >= 2:
            yield _at(run[0], "heading_run", N_("{count} headings with no text between them, from {first} to {last}: "
                                                "a contents page or a list of titles?").format(
                count=len(run), first=_name(run[0]), last=_name(run[-1])))
        run = [n] if empty_heading and n is not None else []


def label_order(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """Law numbers that go back or come twice; a section, subsection or item
    met twice; a section letter skipped where the pages run on."""
    labelled: dict[str, Node] = {}
    restarted: dict[str | None, Node] = {}  # a parent → the first of its children met twice
    for n in nodes:
        if n.kind in (Kind.SECTION, Kind.SUBSECTION, Kind.ITEM) and n.cite:
            if n.cite in labelled:
                yield _at(n, "label_order", N_("{label} comes twice in this file (first at line {line}): a label "
                                               "the source lost, and text filed under the wrong one?").format(
                    label=n.cite, line=labelled[n.cite].source.line))
                restarted.setdefault(n.parent, n)
            elif n.parent in restarted:  # ``1.`` ``2.`` again, then ``3.``: the rest of the run the lost label opened
                yield _at(n, "label_order", N_("{label} follows the restart of its numbering at line {line}: the "
                                               "label of what it belongs to lost?").format(
                    label=n.cite, line=restarted[n.parent].source.line))
            labelled.setdefault(n.cite, n)
    seen: dict[str, Node] = {}
    last_law = 0
    last_section: dict[str, Node] = {}
    for n in nodes:
        if n.kind == Kind.LAW and n.cite and _LAW_NUMBER.fullmatch(n.cite):
            number = int(n.cite)
            if n.cite in seen:
                yield _at(n, "label_order", N_("{label} comes twice in this file (first at line {line})").format(
                    label=_name(n), line=seen[n.cite].source.line))
            elif number < last_law:
                yield _at(n, "label_order", N_("{label} comes after law {before}: out of order").format(
                    label=_name(n), before=last_law))
            seen.setdefault(n.cite, n)
            last_law = max(last_law, number)
        letter = _LETTER.match(n.cite or "") if n.kind == Kind.SECTION else None
        if letter and n.parent:
            before = last_section.get(n.parent)
            if before is not None and _skipped(before, n):
                yield _at(n, "label_order", N_("{label} follows {before} though the pages run on: a section "
                                               "between them was not found").format(
                    label=_name(n), before=_name(before)))
            last_section[n.parent] = n


def _skipped(before: Node, after: Node) -> bool:
    """``after``'s letter is two or more past ``before``'s, on the same page or the next."""
    a, b = (_LETTER.match(x.cite or "") for x in (before, after))
    if not a or not b or before.page is None or after.page is None:
        return False
    return ord(b.group(1)) - ord(a.group(1)) >= 2 and 0 <= after.page - before.page <= 1


def embedded_heading(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A line inside a node's text shaped as a law heading (``ПРАВИЛО 23.
    …``): a heading the parser took for text — the text after it is filed
    under the wrong law (a law number that went back, a list of a chapter's
    titles printed before the bodies)."""
    for n in nodes:
        offset = 0
        for k, line in enumerate(n.text.split("\n")):
            if (k or n.kind == Kind.LAW) and P.LAW_HEADING_LINE.match(line.strip()):
                message = N_("the text of {label} holds the law heading {line}: text filed under the wrong "
                             "law?").format(label=_name(n), line=repr(line.strip()[:60]))
                yield Finding("embedded_heading", _raw_line(n, offset), n.id, message)
                break
            offset += len(line) + 1


def chrome_left(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A site's line left in the text: one short line in the text of many
    nodes on many pages, or a line the clean dropped as chrome on other
    pages (``dropped.chrome``) still inside a node's text — glued to it at a page's
    end (``… которые сыграны. Современная библиотека: читать онлайн``)."""
    where: dict[str, list[Node]] = defaultdict(list)
    for n in nodes:
        for line in {ln.strip() for ln in n.text.split("\n")}:
            if _CHROME_CHARS[0] <= len(line) <= _CHROME_CHARS[1]:
                where[line].append(n)
    for line, found in where.items():
        pages = {n.page for n in found if n.page is not None}
        if len(found) >= RECURRING_NODES and len(pages) >= RECURRING_NODES:
            yield _at(found[0], "chrome_left", N_("the line {text} stands in the text of {count} nodes on {pages} "
                                                  "pages: a site's chrome left in the text?").format(
                text=repr(line[:60]), count=len(found), pages=len(pages)))
    for n in nodes:  # a line of its own, or glued at the end (a node that is only such a line: the running-head
        kept = next((c for c in dropped.chrome if n.text.strip() != c and _holds_line(n.text, c)), None)  # step's
        if kept is not None:
            yield _at(n, "chrome_left", N_("the text of {label} holds {text}, dropped as a site's chrome on other "
                                           "pages").format(label=_name(n), text=repr(kept[:60])))


def _holds_line(text: str, line: str) -> bool:
    """``line`` stands in ``text`` as a line of its own, or glued to its end."""
    return text.rstrip().endswith(line) or f"\n{line}\n" in f"\n{text}\n"


def fragment_share(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """Most letters in fragments although the pages run one after another, or although some of those
    fragments were headings under a law this file heads (``1. Play of Card from a Hand`` on a page that
    numbers a law's sections as a list: labels the tree could not place)."""
    letters = [(n, sum(c.isalpha() for c in n.text)) for n in nodes]
    total = sum(k for _, k in letters)
    loose = sum(k for n, k in letters if n.kind == Kind.FRAGMENT)
    pages = sorted({n.page for n in nodes if n.page is not None})
    steps = [b - a for a, b in zip(pages, pages[1:], strict=False)]
    running = len(steps) >= 2 and sum(1 for s in steps if s == 1) >= 0.8 * len(steps)
    laws = {n.id for n in nodes if n.kind == Kind.LAW and n.cite and not n.inferred}  # headed here, not worked out
    headed = next((n for n in nodes if n.kind == Kind.FRAGMENT and n.title and n.parent in laws), None)
    if not total or loose / total <= MAX_FRAGMENT_SHARE:
        return
    if running:
        first = next(n for n in nodes if n.kind == Kind.FRAGMENT)
        yield _at(first, "fragment_share", N_("{share:.0%} of the file's letters are in fragments though its pages "
                                              "run one after another: headings not found?").format(share=loose / total))
    elif headed is not None:
        yield _at(headed, "fragment_share", N_("{share:.0%} of the file's letters are in fragments, some of them "
                                               "headed ({title}) where the tree has no place for them: headings not "
                                               "read as the page numbers them?").format(share=loose / total,
                                                                                         title=repr(headed.title)))


def sentence_title(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A heading's title that is a sentence: it ends in a colon, or holds
    :data:`SENTENCE_WORDS` words or more and ends in a sentence mark."""
    for n in nodes:
        title = (n.title or "").rstrip()
        if n.kind in HEADINGS and title and (title.endswith(":") or (
                len(title.split()) >= SENTENCE_WORDS and title[-1] in ".;!?")):
            yield _at(n, "sentence_title", N_("{label}'s title {title} reads as a sentence: a line of text taken "
                                              "for a heading, or its body for its title?").format(
                label=_name(n), title=repr(title[-60:])))


def no_heading(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """No node of the file has a cite, though it holds :data:`MIN_UNCHECKED`
    letters or more: nothing in it could be checked against a heading."""
    letters = sum(sum(c.isalpha() for c in n.text + (n.title or "")) for n in nodes)
    if nodes and letters >= MIN_UNCHECKED and not any(n.cite for n in nodes):
        yield _at(nodes[0], "no_heading", N_("no law, section or commentary heading in this file: its {count} "
                                             "letters are fragments, and where they belong is not known").format(
            count=letters))


def glued_words(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """Words glued at a case change in a node's text (``парПредставителю``)."""
    for n in nodes:
        m = _GLUED.search(n.text)
        if m is not None:
            yield Finding("glued_words", _raw_line(n, m.start()), n.id, N_(
                "the text of {label} holds words glued at a case change ({words}): a page whose tags were dropped, "
                "a heading run into the text?").format(label=_name(n), words=repr(n.text[max(0, m.start() - 12):
                                                                                        m.end() + 12])))


def title_in_body(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """English editions (Latin text): a section whose title stayed in its
    body — no title (every section of the Laws has one), its text opening
    with a capital (``Power to Award an Adjusted Score On the application
    …``) — or whose title took its body's first words (a title ending in a
    small word: ``… Play Period Unless the``)."""
    for n in nodes:
        if n.kind != Kind.SECTION or not n.text[:60].isascii():
            continue
        title = (n.title or "").split()
        if title and title[-1].lower() in english.SMALL_WORDS:
            shown = repr(" ".join(title)[-60:])
            yield _at(n, "title_in_body", N_("{label}'s title {title} ends in {word}: the body's first words taken "
                                             "into the title?").format(label=_name(n), title=shown,
                                                                       word=repr(title[-1])))
        elif not title and n.text[:1].isupper():  # a section of the Laws always has a title
            words = " ".join(n.text.split()[:6])
            yield _at(n, "title_in_body", N_("{label} has no title, and its text opens with {words}: the section's "
                                             "title left in its body?").format(label=_name(n), words=repr(words)))


def _own_law_opening(n: Node) -> re.Match[str] | None:
    """A sentence or line of ``n``'s text opening by naming its own law, or a part of it, as its subject
    (``Law 4 is about …``, ``… stronger. Law 43A2(c) has been reworded …``, ``Правило 4 объясняет …``), or
    telling what «this law» is (:data:`_THIS_LAW`); the
    law's word and number (its section, subsection and item after it), then a word in lower case. A law
    that points at another part of itself says so inside a sentence (``see Law 45E``)."""
    law = _LAW_NUMBER.match(n.cite or "")
    if law is None or n.kind not in (Kind.LAW, Kind.SECTION):
        return None
    return re.search(rf"(?:^|(?<=\n)|(?<=[.!?…]\s))(?:Law|LAW|Правило|ПРАВИЛО)\s+{law.group()}"
                     r"(?:[A-ZА-Я](?:\d{1,2})?(?:\s?\([a-z0-9]{1,4}\))*)?(?![\dA-ZА-Я])\s+[a-zа-яё]", n.text) or \
        _THIS_LAW.search(n.text)


#: A sentence telling what «this law» is or was (``This law is split into three sections:``, ``This Law has been
#: made stronger``, ``Это правило состоит из …``): a page about the law. The Laws' own «This Law applies …» is not.
_THIS_LAW = re.compile(r"(?:^|(?<=\n)|(?<=[.!?…:]\s))(?:(?:This|The present)\s+(?:[Ll]aw|[Ss]ection)\s+(?:is\s+"
                       r"(?:split|divided|about|now)|consists|has\s+been|had|was|used\s+to|covers|deals\s+with)"
                       r"|(?:Это|Данное|Настоящее)\s+(?:[Пп]равило|положение)\s+(?:было\s+)?(?:разделено|делится|состоит"
                       r"|изменено|посвящено|рассказывает))")


def retold_law(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A law's or section's text with a sentence that opens by naming its
    own law, or a part of it, as its subject (``Law 4 is about partnerships
    …``, ``Law 42B(2) used to say …``): the Laws never speak of themselves
    so — a text about the law (a blog's or a course's retelling, an
    article on what an edition changed), not the law's text."""
    for n in nodes:
        m = _own_law_opening(n)
        if m is not None:
            words = " ".join(n.text[m.start():].split()[:6])
            yield _at(n, "retold_law", N_(
                "the text of {label} names its own law as a sentence's subject ({words}): "
                "a text about the law (a retelling, a blog, an article), not the law's text?").format(
                label=_name(n), words=repr(words)))


#: A word of the first person singular (English or Russian): ``I like this change``, ``I suspect``, ``по-моему``.
_FIRST_PERSON = re.compile(r"(?<![\w'’])(?:I|I'm|I've|I'd|[Mm]y|[Mm]e|(?i:я|мне|меня|мой|моя|моё|мои|по-моему))"
                           r"(?![\w'’])")
_LAW_TEXT = frozenset({Kind.LAW, Kind.SECTION, Kind.SUBSECTION, Kind.ITEM})


def first_person(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A law's, section's, subsection's or item's text with a word of the first person singular (``I like this
    change``, ``I suspect the laws …``, ``Oh, I did not mean …``): the Laws never say «I» (nor «я» in Russian,
    the seeds hold none), so it is an author's words — an article, a blog, a forum's post — filed as law text.
    A commentary's own voice (``мы считаем``) is not looked at."""
    for n in nodes:
        m = _FIRST_PERSON.search(n.text) if n.kind in _LAW_TEXT else None
        if m is not None:
            words = " ".join(n.text[m.start():].split()[:5])
            yield Finding("first_person", _raw_line(n, m.start()), n.id, N_(  # the line the words stand on
                "the text of {label} speaks in the first person ({words}): an author's words (an article, a post), "
                "not the law's text?").format(label=_name(n), words=repr(words)))


#: A paragraph opening as a note: its word, who wrote it, a colon (``Примечание клуба:``, ``Note:``,
#: ``Комментарий редакции сайта:``, ``Editor's note:``).
_NOTE_OPENING = re.compile(r"(?:^|(?<=\n))(?i:примечание|комментарий|прим\.|note|comment|editor.s note|n\.b\.)"
                           r"[^:\n.]{0,40}:")


def note_in_law(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A paragraph of a law's, section's, subsection's or item's text that opens as a note (``Примечание клуба:
    …``, ``Note: …``, ``Комментарий редакции сайта: …``): the Laws print no notes inside a law (the seeds' law
    files hold none; the commentary's ``Примечание:`` is the commentary's own), so it is a site's, a club's or
    an editor's note filed — and shown, and pasted into a ruling — as the law's text."""
    for n in nodes:
        m = _NOTE_OPENING.search(n.text) if n.kind in _LAW_TEXT else None
        if m is not None:
            yield Finding("note_in_law", _raw_line(n, m.start()), n.id, N_(
                "the text of {label} holds a note ({words}): a site's or an editor's note filed as the law's "
                "text?").format(label=_name(n), words=repr(" ".join(n.text[m.start():].split()[:5]))))


#: Fewest words of a sentence a law with no title opens with to be a retelling (``Law 1: The player who first
#: designates a suit as trump is the declarer …``); a title left in the body is shorter.
MIN_TOLD_WORDS = 8
_FIRST_SENTENCE = re.compile(r"[^.!?\n]+[.!?](?=\s|$)")


def untitled_law(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A law whose heading gave no title (none printed, none its edition's: the parser takes the catalogue's
    title when the text opens with it), with no section under it, whose text opens with a sentence of
    :data:`MIN_TOLD_WORDS` words or more (``Law 1: The player who first designates a suit as trump is the
    declarer, …``): the Laws print every law with its title, so this is a page telling what the laws say (a
    summary, a quiz), not their text. A law whose heading the source lost (``inferred``) is not one."""
    parents = {n.parent for n in nodes}
    for n in nodes:
        if n.kind != Kind.LAW or n.title or n.inferred or n.id in parents:
            continue
        first = _FIRST_SENTENCE.match(n.text.lstrip())
        if first is not None and len(first.group().split()) >= MIN_TOLD_WORDS:
            yield _at(n, "untitled_law", N_(
                "{label} has no title, no section, and its text opens with a sentence ({words}): a page telling "
                "what the law says (a summary), not the law's text?").format(
                label=_name(n), words=repr(" ".join(first.group().split()[:6]))))


#: A word in square brackets in a node's text (two letters or more: not a footnote's ``[1]``, not lawref's
#: ``[?]``) is an editor's, not the Laws': ``[LAs]``, ``[sic]``, ``[This is not intended …]``.
_NOTE_WORD = re.compile(r"[^\W\d_]{2}")
_BRACKETED = re.compile(r"\[(?P<inside>[^\[\]]{1,2000})\]")


def bracketed_note(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """Words in square brackets inside a node's text (``[This is not
    intended to be a complete list …]``, a gloss: ``[LAs]``): the Laws print
    no such brackets, so it is an editor's or a site's comment filed in the
    law text. lawref's own marks (``[?]``, ``[текст обрывается…]``:
    :data:`~lawref.patterns.EXPORT_MARK`) and a footnote's call (``[1]``)
    are not."""
    for n in nodes:
        if n.kind == Kind.FRAGMENT:
            continue
        m = next((m for m in _BRACKETED.finditer(n.text) if _NOTE_WORD.search(m.group("inside"))
                  and not P.EXPORT_MARK.match(m.group())), None)
        if m is not None:
            yield Finding("bracketed_note", _raw_line(n, m.start()), n.id, N_(
                "the text of {label} holds a comment in square brackets ({words}): an editor's note filed in the "
                "law text?").format(label=_name(n), words=repr(m.group()[:60])))


#: An editor's mark of words left out of a quote: ``[ . . . ]``, ``[...]``, ``[…]``, ``(...)``, ``<…>``.
_LEFT_OUT = re.compile(r"[\[(<]\s*(?:(?:\.\s*){3,}|…\s*)[\])>]")


def left_out(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """Law text with an editor's mark of words left out (``[ . . . ]``, ``[…]``): the page quotes the law in
    part — a lecture's slide holds ``LAW 45`` ⏎ ``[ . . . ]`` ⏎ ``C. …`` ⏎ ``[ . . . ]`` — so the node is not
    the law's whole text, and lawref must not show it as if it were. The source lost the words; lawref never
    guesses them."""
    for n in nodes:
        m = _LEFT_OUT.search(n.text) if n.kind != Kind.FRAGMENT else None
        if m is not None:
            yield Finding("left_out", _raw_line(n, m.start()), n.id, N_(
                "the text of {label} marks words left out ({mark}): the page quotes the law in part, not whole"
            ).format(label=_name(n), mark=repr(m.group())))


def cells_in_title(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A title holding a table's cell bar (``Подготовка … | CHAPTER III.
    Preparation … |``): a heading printed in two columns, the other
    language's (or a contents row) taken into the title."""
    for n in nodes:
        if n.title and "|" in n.title:
            yield _at(n, "cells_in_title", N_("the title of {label} holds a table's cells ({title}): a heading "
                                              "printed in two columns?").format(label=_name(n),
                                                                                title=repr(n.title[:60])))


def text_after_chrome(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A site's interface line (``Link to comment``, ``Share on other
    sites``, ``Next: …``) dropped from the middle of a node's raw lines:
    what follows it on the page is another block (a forum's reply, the next
    post, an advert), filed in the node's text."""
    for n in nodes:
        end = n.source.end_line or max(n.lines, default=None)  # the build sets end_line; a bare parse has lines
        if n.kind == Kind.FRAGMENT or end is None:
            continue
        inside = sorted(k for k in dropped.interface if n.source.line < k < end)
        if inside:
            yield Finding("text_after_chrome", inside[0], n.id, N_(
                "a site's interface line (line {line}) stands inside {label}: what follows it (a reply, the next "
                "post, an advert) filed in its text?").format(line=inside[0], label=_name(n)))


def note_runs_on(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A footnote whose text ends in a colon: a note is whole, so the lead-in
    after it (``Нет исправления … вслед за установленным фальшренонсом:``,
    a section whose label the source lost) was filed in the note."""
    for n in nodes:
        if n.kind == Kind.FOOTNOTE and n.text.rstrip().endswith(":"):
            tail = n.text.rstrip()
            start = max(tail.rfind(". ", 0, len(tail) - 1) + 2, 0)
            yield Finding("note_runs_on", _raw_line(n, start), n.id, N_(
                "the footnote at line {line} ends in a colon ({tail}): the lead-in of the text after it filed in the "
                "note?").format(line=n.source.line, tail=repr(tail[-60:])))


#: A label and a title in capitals run into a node's text after a sentence's end:
#: ``… наказание. В. НАКАЗАНИЕ ПОСЛЕ ПОТЕРИ ПРАВА НА НАКАЗАНИЕ. Даже …``.
_RUN_IN_CAPS = re.compile(r"(?<=[^\W\d_]{2}[.:;])\s+(?:[A-HJ-NА-ЕЖЗИК-Н]|\d{1,2})\.\s+"
                          r"(?P<title>[А-ЯЁA-Z]{3,}(?:\s+[А-ЯЁA-Z]+){1,14}[.:])(?=\s|$)")


def run_in_heading(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A heading run into a node's text after a sentence's end — a label and
    a title in capitals (``… наказание. В. НАКАЗАНИЕ ПОСЛЕ ПОТЕРИ ПРАВА.``):
    a section the parser did not cut, and its text filed in this node."""
    for n in nodes:
        m = _RUN_IN_CAPS.search(n.text)
        if m is not None:
            yield Finding("run_in_heading", _raw_line(n, m.start("title")), n.id, N_(
                "the text of {label} holds a heading run into it ({heading}): the next section filed "
                "here?").format(label=_name(n), heading=repr(n.text[m.start():m.end()].strip()[:60])))


#: A line of a section's, subsection's or item's text shaped as a heading with no label (:func:`unlabelled_heading`).
_BARE_HEADING = re.compile(r"^[A-ZА-ЯЁ][^.,;:!?()\d]{0,40}$")


def unlabelled_heading(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A line inside a section's, subsection's or item's text, with more text after it, shaped as a heading with
    no label — two to five words, a capital first and a word in lower case after it, no sentence mark (``Card on
    show``, ``Advice for Defenders``): an article's own section after the law it quotes, filed in the law's last
    part. The Laws print no such line inside a part: the seeds and the real pages' laws hold none, and a table's
    row of column names is capitalised word by word (Law 77's ``Undoubled Doubled Redoubled``)."""
    for n in nodes:
        if n.kind not in (Kind.SECTION, Kind.SUBSECTION, Kind.ITEM):
            continue
        offset = 0
        for line in n.text.split("\n")[:-1]:
            t = line.strip()
            words = t.split()
            if _BARE_HEADING.match(t) and 2 <= len(words) <= 5 and any(w[:1].islower() for w in words[1:]):
                yield Finding("unlabelled_heading", _raw_line(n, offset), n.id, N_(
                    "the text of {label} holds a heading with no label ({line}): a site's own section after the law, "
                    "filed here?").format(label=_name(n), line=repr(t)))
                break
            offset += len(line) + 1


#: A whole cite printed as a paragraph's label, then a capital: ``74А1. Вежливость …`` (a section's letter and a
#: subsection's number after the law's, in either alphabet), ``43B2(a) The …``, a range of commentary paragraphs
#: ``74.2,3. Остальные …``.
_CITE_LABEL = re.compile(r"(?P<label>\d{1,3}[A-LА-Л]\d{1,2}(?:\s?\([a-zа-и]\))?|\d{1,3}\.\d{1,2}(?:,\s?\d{1,2})+)"
                         r"[.)]?\s+[A-ZА-ЯЁ]")


def unread_label(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A paragraph of a node's text that opens with a whole cite as its label (``74А1. Вежливость …``), or a
    fragment that does: a heading the parser did not read — its text is filed under the part before, or under
    no law at all. The Laws' own text never opens a paragraph with a cite (it says «Правило 74А1» or «Law 43B2»);
    the seeds' and the real pages' laws hold none."""
    for n in nodes:
        offset = 0
        for k, para in enumerate(n.text.split("\n")):
            m = _CITE_LABEL.match(para.strip()) if k or n.kind == Kind.FRAGMENT else None
            if m:
                yield Finding("unread_label", _raw_line(n, offset), n.id, N_(
                    "the text of {label} opens a paragraph with the cite {cite}: a heading lawref did not read, its "
                    "text filed here?").format(label=_name(n), cite=repr(m["label"])))
                break
            offset += len(para) + 1


def text_after_quote(nodes: Sequence[Node], dropped: Dropped = NOTHING) -> Iterable[Finding]:
    """A node of a mailing list's post whose text runs on from quoted lines (``> A. …``, their marks dropped by
    ``strip_mail_quotes``) into lines that are not quoted: the poster's own words after the law they quote, filed
    in its last part."""
    for n in nodes:
        if n.kind == Kind.FRAGMENT or not dropped.quoted:
            continue
        quoted = False
        for line in n.lines:
            if line in dropped.quoted:
                quoted = True
            elif quoted:
                yield Finding("text_after_quote", line, n.id, N_(
                    "the text of {label} goes on past the quote it was in (line {line}): the poster's own words "
                    "filed in the law?").format(label=_name(n), line=line))
                break


#: Every check, by name, in the order they run.
CHECKS: dict[str, Callable[[Sequence[Node], Dropped], Iterable[Finding]]] = {
    "long_title": long_title,
    "contents_title": contents_title,
    "contents_text": contents_text,
    "heading_run": heading_run,
    "label_order": label_order,
    "embedded_heading": embedded_heading,
    "unread_label": unread_label,
    "chrome_left": chrome_left,
    "fragment_share": fragment_share,
    "sentence_title": sentence_title,
    "no_heading": no_heading,
    "glued_words": glued_words,
    "title_in_body": title_in_body,
    "retold_law": retold_law,
    "untitled_law": untitled_law,
    "first_person": first_person,
    "note_in_law": note_in_law,
    "bracketed_note": bracketed_note,
    "left_out": left_out,
    "text_after_chrome": text_after_chrome,
    "cells_in_title": cells_in_title,
    "note_runs_on": note_runs_on,
    "run_in_heading": run_in_heading,
    "unlabelled_heading": unlabelled_heading,
    "text_after_quote": text_after_quote,
}


#: The reason ``drop_chrome`` gives a line of a site's interface found by its shape (:func:`text_after_chrome`).
INTERFACE_REASON = "site chrome"
#: Clean steps whose drops are a site's chrome (a line one of them dropped twice is chrome for :func:`chrome_left`).
CHROME_STEPS = frozenset({"drop_running_heads", "drop_chrome", "read_html"})


def check_tree(nodes: Sequence[Node], dropped: Iterable[dict[str, object]] = ()) -> list[Finding]:
    """Every :class:`Finding` of every check over one file's ``nodes`` (in
    the file's order), by line; ``dropped`` the clean's dropped pieces
    (``{"text", "step", …}``), whose chrome lines are looked for in the text."""
    seen: dict[str, int] = defaultdict(int)
    for d in dropped:
        text = str(d.get("text", "")).strip()
        if d.get("step") in CHROME_STEPS and _CHROME_CHARS[0] * 3 <= len(text) <= _CHROME_CHARS[1]:
            seen[text] += 1
    interface = frozenset(int(str(d["line"])) for d in dropped if d.get("step") == "drop_chrome"
                          and d.get("reason") == INTERFACE_REASON and d.get("line") is not None)
    quoted = frozenset(int(str(d["line"])) for d in dropped if d.get("step") == "strip_mail_quotes"
                       and d.get("line") is not None)
    evidence = Dropped(frozenset(t for t, k in seen.items() if k >= 2), interface, quoted)
    found = [f for check in CHECKS.values() for f in check(nodes, evidence)]
    return sorted(found, key=lambda f: (f.line or 0, f.check))


def check_document(nodes: Sequence[Node]) -> list[Finding]:
    """The check across one document's files, in reading order
    (``cut_across_files``): a fragment on a page that follows — or is — a
    page another file of the document holds a law's text on (the pages run
    on, so its text goes on that law), filed as a fragment all the same,
    because the file it stands in printed no heading before it."""
    found = []
    held: dict[int, Node] = {}  # page → the last labelled node another file printed on it
    for n in nodes:
        if n.kind == Kind.FRAGMENT and n.page is not None:
            before = held.get(n.page) or held.get(n.page - 1)
            if before is not None and before.source.file != n.source.file:
                found.append(_at(n, "cut_across_files", N_(
                    "{label} on page {page} follows {before} of {file} on the pages the document holds: text "
                    "going on across files, filed as a fragment").format(
                    label=_name(n), page=n.page, before=_name(before), file=before.source.file)))
        elif n.cite and n.page is not None:
            held[n.page] = n
    return found


def _raw_line(n: Node, offset: int) -> int | None:
    """The raw line of the file that ``n``'s text at ``offset`` (code points) was made from."""
    found = [line for at, line in n.line_map if at <= offset]
    return found[-1] if found else n.source.line


def _name(n: Node) -> str:
    """How a finding names a node: its cite, else its kind and line."""
    return n.cite or f"{n.kind} at line {n.source.line}"
