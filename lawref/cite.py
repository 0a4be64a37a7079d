"""cite: what a cite is, in one place — canonical cites and the citation grammar.

A canonical cite names a node in any document: law ``62``, section ``62B``,
subsection ``72A5``, item ``43B2(a)``, sub-item ``25B2(b)(1)``, commentary
paragraph ``45.5``. Section letters are Latin capitals (a label printed with a
Cyrillic look-alike, 004:13 ``47Е``, gets the Latin cite ``47E``), item letters
Latin lowercase. Every other module asks this one: :func:`normalise_cite`
(a cite given alone), :func:`find_citations` (citations in text),
:func:`query_cites` (a query that is nothing but a citation), :func:`latin`
(a printed label), :func:`fold_token` (a cite-like word in the index). The
patterns are in :mod:`lawref.patterns`, each with its seed example.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from lawref import model
from lawref import patterns as P
from lawref.errors import CiteError
from lawref.i18n import N_
from lawref.rx import Rx

if TYPE_CHECKING:
    from lawref.citations import Citation

__all__ = ["HARD_CUT", "KEEP_BEFORE", "MAX_MEMBERS", "MAX_RANGE_LAW", "ancestors", "cite_pattern", "citing_lang",
           "contexts", "find_citations", "find_in_contexts", "fold_token", "forced_cut", "latin", "law_of",
           "latin_items", "next_cut", "normalise_cite", "parse_cite", "query_cites", "reading",
           "split_query_cites"]

#: The highest law number a range may reach (the Laws have 93): ``правило 5 - 1997 года`` is no range.
MAX_RANGE_LAW = 100
#: Cites one run of a list may expand to; the rest is left unlinked and the
#: last citation is marked ``truncated``.
MAX_MEMBERS = 100


def latin(label: str, alphabet: bool = False) -> str:
    """Letters printed with Cyrillic look-alikes → Latin (``В`` → ``B``,
    ``47Е`` → ``47E``); with ``alphabet``, Cyrillic letters in alphabet
    order (``Б`` → ``B``, ``В`` → ``C``, ``Г`` → ``D``; past ``Н`` by
    look-alike). Other characters unchanged."""
    return label.translate(P.ALPHABET).translate(P.LOOKALIKES) if alphabet else label.translate(P.LOOKALIKES)


#: A citing word in each language: two letters or more (``правило``, ``пр.``, ``Law``, ``section``), a
#: Russian abbreviation of one letter (``п. 45.5``), ``L`` before a number (``L62B``, ``L.65B2``) — never
#: a part's label (``62В``, ``(b)``, ``C2`` of «12C1 и C2»).
_CITING_RU = re.compile(r"[А-Яа-яЁё]{2,}|(?<![\w(])[а-яё]\.")
_CITING_EN = re.compile(r"[A-Za-z]{2,}|(?<![\w(])L(?=\.?\d)")


def citing_lang(text: str) -> str | None:
    """The language of a citation's citing word: ``ru`` (``правило 62B``,
    ``п. 45.5``), ``en`` (``Law 62B``, ``L62B``), or ``None`` for a bare cite
    (``62B``, ``71`` of a list, ``C2`` of «12C1 и C2»), whose letters say
    nothing of its language."""
    if _CITING_RU.search(text):
        return "ru"
    return "en" if _CITING_EN.search(text) else None


def reading(token: str) -> str:
    """How the Cyrillic section letters of a cite token read: ``"alphabet"``
    when one has no Latin look-alike (``25Б``; in lower case glued to its
    number: ``62б``), ``"lookalike"`` when it holds other Cyrillic letters
    (``62В``), else ``""``. Items' letters in brackets are not read here
    (``43B2(б)``: ``""``): they are no evidence of how the sections read."""
    sections = P.ITEM_IN_BRACKETS.sub("", token)  # an item's letter says nothing of the sections'
    if P.ALPHABET_LETTER.search(sections) or P.ALPHABET_LETTER_TYPED.search(sections):
        return "alphabet"
    return "lookalike" if P.CYRILLIC.search(sections) else ""


def latin_items(cite: str) -> str:
    """``cite`` with each item letter that has no Latin look-alike in alphabet order (``43B2(б)`` →
    ``43B2(b)``): it reads one way only, whatever the section letters' reading."""
    return P.ALPHABET_ITEM.sub(lambda m: m.group().translate(P.ALPHABET), cite)


#: Cyrillic letters that read differently by look-alike and in alphabet order.
AMBIGUOUS_LETTERS = frozenset("ВЕКМНвекмн")


def fold_token(folded: str) -> str:
    """A lowercase word as the index keeps it: in a word with digits
    (a cite such as ``62в``) Cyrillic look-alikes become Latin (``62b``), so
    ``62В`` and ``62B`` are one term."""
    return latin(folded) if P.DIGIT.search(folded) else folded


def normalise_cite(text: str) -> str:
    """Canonical cite of ``text``.

    ``"62b"``, ``"62В"`` (Cyrillic), ``"правило 62B"``, ``"Law 62 B"``,
    ``"(62B)"``, ``"62B."``, ``"62-B"``, ``"62.B"``, ``"правило № 62B"`` →
    ``"62B"``; ``"25Б"`` → ``"25B"`` and ``"62Г"`` → ``"62D"`` (a letter with no
    Latin look-alike: alphabet order); ``"43 B 2 (A)"`` → ``"43B2(a)"``;
    ``"п. 45.5."`` → ``"45.5"``. Raises :class:`~lawref.errors.CiteError`
    for anything else (``"abc"``, ``""``); its message shows at most 40
    characters of ``text``. :func:`parse_cite` answers ``None`` instead."""
    found, needs_section = _canonical(text)
    if found is not None:
        return found
    shown = text if len(text) <= 40 else text[:39] + "…"
    if len(several := query_cites(text)) > 1:  # ``62B 62C``, ``62, 64``: as ``show 62B 62C`` says of two words
        raise CiteError(N_("{cite} names {count} cites, not one: {cites} (one at a time)").format(
            cite=repr(shown), count=len(several), cites=", ".join(several[:5])))
    named = given_alone(text)
    whole = text.strip().rstrip(".,;:")
    if len(named) == 1 and len(named[0].cites) == 1 and named[0].text == whole:  # ``правило 62 пункт B``
        if not named[0].unread:
            return named[0].cites[0]
        raise CiteError(N_("not a law cite: {cite} ({part} cannot be read: a subsection needs its section letter, "
                           "an item its subsection)").format(cite=repr(shown), part=named[0].unread))
    if needs_section:
        raise CiteError(N_("not a law cite: {cite} (a subsection needs its section letter, e.g. 72A5)").format(
            cite=repr(shown)))
    raise CiteError(N_("not a law cite: {cite} (try 62, 62B, 72A5, 43B2(a) or 45.5)").format(cite=repr(shown)))


def latin_letters(text: str) -> str:
    """``text`` with each section letter Д or Г after a law's number as the Latin letter it spells (``65Д`` →
    ``65D``; :func:`normalise_cite` reads them in alphabet order, 65E): what a director typing a Latin label on a
    Russian keyboard means."""
    return P.TRANSLITERATED_LETTER.sub(lambda m: m["gap"] + P.TRANSLITERATION[m["letter"]], text)


def latin_reading(text: str) -> str | None:
    """The cite ``text`` gives read with :func:`latin_letters`, or ``None`` when it has no such letter or
    reads the same."""
    swapped = latin_letters(text)
    if swapped == text:
        return None
    found, other = parse_cite(swapped), parse_cite(text)
    return found if found != other else None


def parse_cite(text: str) -> str | None:
    """The canonical cite of ``text`` written as one cite (``62B``, ``правило
    62B``, ``43 B 2 (a)``), or ``None`` — for code that tries many strings (a
    query's words), where a raised error would only be caught. Parts named
    in words (``правило 62 пункт B``) are :func:`normalise_cite`'s."""
    return _canonical(text)[0]


def _canonical(text: str) -> tuple[str | None, bool]:
    """``(canonical cite or None, whether a subsection lacked its section letter)``."""
    if P.CANONICAL_CITE.fullmatch(text):  # ``62B`` as typed is its own canonical form
        return text, False
    if not P.ANY_DIGIT.search(text):  # every cite holds a law's number: a search's words are none
        return None, False
    return _repaired(text)


def _repaired(text: str) -> tuple[str | None, bool]:
    """:func:`_canonical` of any spelling: brackets, prefixes, Cyrillic, gaps and glued items repaired."""
    s = _unbracketed(text.strip().rstrip(".,;:"))
    s = P.CITE_PREFIX.sub("", s).translate(P.CITE_FOLD)
    s = P.LOWER_SECTION.sub(_capital_section, s)  # ``62б`` → ``62Б``
    if P.TWO_CITES.search(s):  # ``62B 62C``: a list, read by :func:`given_alone`, never one cite
        return None, False
    s = P.PAREN_SECTION.sub(r"\g<law>\g<letter>", s)  # ``69(A)``: a law has no item of its own, so a section
    s = P.PAREN_SUBSECTION.sub(r"\g<head>\g<sub>", s.strip())  # ``65B(2)``: a section's number is its subsection
    s = P.CITE_LETTER_JOIN.sub(r"\g<law>", s.rstrip(".,;:").strip())  # ``62-B``, ``62.B``, ``62 B`` → ``62B``
    s = P.SECTION_DOT.sub("", s)  # ``26A.1`` → ``26A1``
    s = P.DIGIT_GAP.sub("#", s)  # ``72 5`` is not ``725``
    s = latin_items(latin(P.SPACES.sub("", s), alphabet=reading(s) == "alphabet"))
    s = P.GLUED_ITEM.sub(r"\g<head>(\g<item>)", s)  # ``46B3a``, ``43.B.2.c``: the item in brackets
    m = P.COMMENTARY_CITE.match(s)
    if m:
        return f"{int(m['law'])}.{int(m['num'])}", False
    m = P.LAW_CITE.match(s)
    if not m:
        return None, False
    section = (m["section"] or "").upper()
    if m["sub"] and not section:
        return None, True
    if m["items"] and not section:  # ``62(b)``: an item is a section's or a subsection's
        return None, False
    return f"{int(m['law'])}{section}{m['sub'] or ''}{m['items'].lower()}", False


def _capital_section(m: re.Match[str]) -> str:
    """A :data:`lawref.patterns.LOWER_SECTION` match with its section letter in capitals."""
    return m["law"] + (m["gap"] or m["dash"] or "") + (m["spaced"] or m["dashed"] or m["glued"]).upper()


_PAIRS = {"(": ")", "[": "]", "{": "}", "«": "»", '"': '"', "'": "'"}


def _unbracketed(s: str) -> str:
    """``s`` without brackets or quotes around the whole of it: ``(62B)`` → ``62B``."""
    while len(s) > 2 and _PAIRS.get(s[0]) == s[-1]:
        s = s[1:-1].strip()
    return s


def law_of(cite: str) -> int:
    """Law number of a canonical cite: ``"43B2(a)"`` → 43, ``"45.5"`` → 45.
    Raises :class:`~lawref.errors.CiteError` when it starts with no number."""
    m = P.LEADING_NUMBER.match(cite)
    if not m:
        raise CiteError(N_("not a canonical cite: {cite}").format(cite=repr(cite)))
    return int(m.group())


def ancestors(cite: str) -> Iterable[str]:
    """``43B2(b)`` → ``43B2``, ``43B``, ``43``; ``45.5`` → ``45``."""
    if "." in cite:
        yield cite.split(".")[0]
        return
    m = P.CITE_PARTS.fullmatch(cite)
    if not m:
        return
    law, sec, sub, items = m.groups()
    parts = P.ITEM_LABEL.findall(items)
    for k in range(len(parts) - 1, -1, -1):
        yield law + sec + sub + "".join(parts[:k])
    if sub:
        yield law + sec
    if sec:
        yield law


def is_cite_like(query: str) -> bool:
    """True when a stripped ``query`` has the shape of a cite (``62B``,
    ``45.5``, ``43B2(a)``): a law number and cite characters only."""
    return bool(P.CITE_LIKE.fullmatch(query.strip()))


def query_cites(query: str) -> list[str]:
    """The canonical cites a query names when it is nothing but a cite or a
    citation (``62B``, ``(62B)``, ``правило 62B``, ``Law 62 B``, ``Laws 61 to
    64``, ``правила 62 или 64``) or bare cites (``61-64``, ``62, 64``): the
    text around its citations may only be list words and punctuation. ``[]``
    for any other query. Never raises."""
    bare = query.strip().strip(".,;:!?()[]{}\"'«» ")
    if not bare or not any(ch.isdigit() for ch in bare):  # every cite holds a law's number
        return []
    found_cite = parse_cite(query.strip()) or parse_cite(bare)  # ``Law 69(A)``: its bracket is the section's
    if found_cite is not None:
        return [found_cite]
    found = given_alone(query)
    if not found and all(parse_cite(w) for w in bare.split()):  # ``62B 62C``: cites side by side, each alone
        return list(dict.fromkeys(c for w in bare.split() if (c := parse_cite(w))))
    return list(dict.fromkeys(c for item in found for c in item.cites))


def given_alone(text: str) -> list[Citation]:
    """The citations of a text given as nothing but citations (a query, a
    cite for ``show`` or ``resolve``): those :func:`find_citations` finds
    in it (``правило 62 пункт B``, ``Laws 61 to 64``), or bare cites read
    as if «правила» stood before them (``61―64``, ``с 61-го по 64-е``,
    ``62, 64``); ``[]`` when anything but list words and punctuation is
    left around them. Offsets are into ``text``. Never raises."""
    if not may_cite(text, relative=False):  # no number: no citation, before any pattern is compiled
        return []
    if P.STATUTE_WORD.search(text):  # «Закон 62 пункт B»: read «закон» as «правило», offsets kept
        view, origin = _statute_read(text)
        return [_mapped(c, text, origin) for c in given_alone(view)]
    bare = text.strip().strip(".,;:!?()[]{}\"'«» ")
    at = text.find(bare)
    for view, shift in ((text, 0), (f"{_VIRTUAL} {bare}", len(_VIRTUAL) + 1)):
        found = find_citations(view, relative=False)
        rest = "".join(ch for i, ch in enumerate(view) if i >= shift and not any(c.start <= i < c.end for c in found))
        if found and P.QUERY_GLUE.fullmatch(rest):
            if not shift:
                return found
            moved = at - shift
            return [replace(c, start=max(at, c.start + moved), end=c.end + moved,
                            text=text[max(at, c.start + moved) : c.end + moved]) for c in found]
    return []


def _statute_read(text: str, statute: Rx = P.STATUTE_WORD) -> tuple[str, list[int]]:
    """``text`` with each «закон» ``statute`` finds made the same form of
    «правило» (``закона`` → ``правила``), and the offset in ``text`` of
    each of its characters."""
    pieces, origin, at = [], [], 0
    for m in statute.finditer(text):
        end = m["end"].lower()  # the same case of «правило»: законы → правила, законов → правил
        word = "правил" + ("о" if not end else "а" if end == "ы" else "" if end == "ов" else end)
        pieces += [text[at : m.start()], word]
        origin += [*range(at, m.start()), *(min(m.start() + k, m.end() - 1) for k in range(len(word)))]
        at = m.end()
    pieces.append(text[at:])
    origin += range(at, len(text))
    return "".join(pieces), origin


#: The law word put before bare cites of a query (``61-64`` → ``правила 61-64``).
_VIRTUAL = "правила"


def split_query_cites(query: str) -> tuple[list[str], str]:
    """``(cites, words)``: the cites a query names beside its words
    (``62B фальшренонс`` → ``["62B"]``, ``фальшренонс``): its citations
    with a law word (``правило 62B``), and tokens with a law number and a
    section letter (``62B``) or a paragraph number (``45.5``). ``([], query)``
    when it names none, or nothing but cites."""
    if not any(ch.isdigit() for ch in query):  # every cite holds a law's number
        return [], query
    found = find_citations(query, relative=False)
    cites = [c for item in found for c in item.cites]
    for item in reversed(found):
        query = query[: item.start] + " " + query[item.end :]
    kept = []
    for token in query.split():
        bare = token.strip(".,;:!?()[]{}\"'«»")
        cite = parse_cite(bare) if P.QUERY_CITE_TOKEN.fullmatch(bare) else None
        if cite is not None:
            cites.append(cite)
            continue
        kept.append(token)
    return (cites, " ".join(kept)) if cites and kept else ([], query)


# -- cutting a long text into pieces that are searched apart --------------------------


#: The longest context (code points): a text with no cut in that many is cut by :func:`forced_cut`.
HARD_CUT = 1 << 16
#: How far :data:`~lawref.patterns.CONTEXT_CUT` looks after a place, and :data:`~lawref.patterns.OPEN_END` before it.
_AHEAD, _BEHIND = 4, 40
#: Context before ``start`` a caller of :func:`next_cut` keeps (the lookbehinds and the veto).
KEEP_BEFORE = 64


def next_cut(text: str, start: int, *, final: bool, scanned: int = 0) -> tuple[int | None, int]:
    """Where the context that begins at ``start`` ends: ``(cut, scanned)``.

    ``cut`` is the first place after ``start`` that
    :data:`~lawref.patterns.CONTEXT_CUT` marks: after a blank line (which
    ends every citation: a list does not go on into the next paragraph), or
    after a sentence's end that no citation can cross
    (:data:`~lawref.patterns.OPEN_END` does not end the text before it);
    past :data:`HARD_CUT` code points without one, :func:`forced_cut`'s
    place in those code points; ``len(text)`` when ``final`` and the text
    ends first. ``None`` when ``text`` does not tell yet (not ``final``:
    read more, and call again with the ``scanned`` returned — places before
    it were looked at). Every test is local (a few code points around a
    place) and needs the :data:`KEEP_BEFORE` code points before ``start``
    when there are any, so the cuts of a text read in pieces are the cuts of
    the whole: :func:`contexts`. Code-point offsets."""
    for m in P.CONTEXT_CUT.finditer(text, max(start + 1, scanned)):
        at = m.start()
        if at <= start:  # a scan from past the end starts at the end
            continue
        if at - start > HARD_CUT:
            break
        if m.group("para") is not None:  # a blank line ends every citation: a paragraph is answered at once
            return at, at
        if not final and at + _AHEAD > len(text):
            return None, at
        if not P.OPEN_END.search(_view(text[max(0, at - _BEHIND) : at])[0]):  # ``прави-`` ⏎ ``ла`` is whole
            return at, at
    if len(text) - start > HARD_CUT + (0 if final else _AHEAD):
        return start + forced_cut(text[start : start + HARD_CUT], HARD_CUT // 2), start
    if final:
        return (len(text) if len(text) > start else None), len(text)
    return None, max(start, len(text) - _AHEAD)


def contexts(text: str) -> list[tuple[int, int]]:
    """The contexts of ``text``: ``(start, end)`` code-point spans, end-exclusive,
    in order, covering it (see :func:`next_cut`)."""
    spans, start = [], 0
    while (cut := next_cut(text, start, final=True)[0]) is not None:
        spans.append((start, cut))
        start = cut
    return spans


def forced_cut(text: str, lo: int) -> int:
    """Where to cut ``text`` (at or after ``lo``) when :func:`next_cut` finds
    no place: before the last citation that starts a new run (a law
    word, ``п.``) so it is read whole in the next piece; else at the last
    space (inside an endless list, whose cites past :data:`MAX_MEMBERS` are
    not linked anyway); else at the end."""
    starts = [m.start() for rx in (P.LAW_CITATION, P.COMMENTARY_CITATION) for m in rx.finditer(text, lo)]
    if starts and max(starts) > lo:
        return max(starts)
    space = text.rfind(" ", lo)
    return space + 1 if space >= lo else len(text)


# -- the citation grammar ----------------------------------------------------------


def _token_cite(token: str, law: str | None, alphabet: bool) -> str | None:
    token = latin(P.SPACES.sub("", P.ORDINAL.sub("", token)), alphabet)
    if token[:1].isdigit():
        return normalise_cite(token)
    return normalise_cite(f"{law}{token}") if law else None


def _continued(prev: str, tok: str, alphabet: bool) -> str | None:
    """The cite a list member that is not a whole cite names after ``prev``:
    a section (``64A и B`` → ``64B``, ``12C1 и C2`` → ``12C2``) or an item of
    the same subsection (``43B2(a) и (b)`` → ``43B2(b)``); ``None`` when it
    cannot follow ``prev`` (``правило 64 и B``)."""
    parts = P.CITE_PARTS.fullmatch(prev)
    if parts is None:
        return None
    law, section, sub, items = parts.groups()
    if tok.startswith("("):
        if not items:
            return None
        return prev[: len(prev) - len(P.ITEM_LABEL.findall(items)[-1])] + latin_items(latin(tok, alphabet).lower())
    if not section:
        return None
    return normalise_cite(f"{law}{latin(tok, alphabet)}")


def _sectioned(cite: str) -> bool:
    """Whether canonical ``cite`` names a section or a part of one (``62B``, ``72A5``; not ``62``)."""
    parts = P.CITE_PARTS.fullmatch(cite)
    return parts is not None and bool(parts.group(2))


def _range(prev: str, tok: str, alphabet: bool) -> tuple[str, ...] | None:
    """The cites after ``prev`` up to ``tok`` in a range, or ``None`` when
    the two make none: laws (``61-64``), sections (``62А-В``, ``62A-D``,
    ``65A–65C``), subsections anchored on their section (``12C1-C3``,
    ``12C1-3``, ``12C1–12C3``)."""
    a = P.CITE_PARTS.fullmatch(prev)
    if a is None:
        return None
    law, section, sub, items = a.groups()
    if items:
        return None
    if section and tok.startswith(law) and tok[len(law) : len(law) + 1].isalpha():
        tok = tok[len(law) :]  # the law written again: ``65A–65C`` as ``65A–C``, ``12C1–12C3`` as ``12C1–C3``
    if not section and tok.isdigit():  # laws
        lo, hi = int(law), int(tok)
        return tuple(str(n) for n in range(lo + 1, hi + 1)) if lo < hi <= MAX_RANGE_LAW else None
    letters = latin(tok, alphabet).upper()
    if section and not sub and len(letters) == 1 and letters.isalpha():  # sections of one law
        lo_c, hi_c = ord(section), ord(letters)
        return tuple(f"{law}{chr(c)}" for c in range(lo_c + 1, hi_c + 1)) if lo_c < hi_c <= ord("N") else None
    if section and sub:  # subsections of one section: ``12C1-3`` or ``12C1-C3``
        same = letters[:1] == section and letters[1:].isdigit()
        hi_s = tok if tok.isdigit() else (letters[1:] if same else None)
        if hi_s and int(sub) < int(hi_s) <= 20:
            return tuple(f"{law}{section}{n}" for n in range(int(sub) + 1, int(hi_s) + 1))
    return None


def _split_run(text: str, base: int, prefix_start: int, alphabet: bool) -> list[Citation]:
    """Split a run of cites into citations: one per listed cite, one per
    range; at most :data:`MAX_MEMBERS` cites in all (the last citation is
    then marked ``truncated``)."""
    m = P.CITE_RUN.match(text, base)
    assert m is not None
    first = m.group("first")
    head = text[prefix_start : m.end("first")]
    out = [model.Citation(prefix_start, m.end("first"), head, (_token_cite(first, None, alphabet) or first,),
                    reading=reading(first))]
    members = 1
    for piece in P.CITE_PIECE.finditer(text, m.end("first"), m.end()):
        tok, ranged = P.ORDINAL.sub("", piece.group("tok")), bool(P.RANGE_MARK.search(piece.group("sep")))
        if not ranged and len(tok) == 1 and not tok.isascii() and tok.lower() in _ONE_LETTER_WORDS and \
                text[piece.end() : piece.end() + 8].lstrip()[:1].isalpha():
            break  # a one-letter word before a word (``и В случае``) is no section: ``62 А и В.``, ``62 А и Б`` are
        prev = out[-1].cites[-1]
        more = _range(prev, tok, alphabet) if ranged else None
        if more is not None:
            last = out.pop()
            kept = more[: MAX_MEMBERS - members]
            members += len(kept)
            out.append(model.Citation(last.start, piece.end(), text[last.start : piece.end()], last.cites + kept,
                                truncated=len(kept) < len(more), reading=last.reading or reading(tok)))
            if members >= MAX_MEMBERS:
                break
            continue
        cite = _token_cite(tok, None, alphabet) if tok[:1].isdigit() else _continued(prev, tok, alphabet)
        if cite is None or (not piece.group("sep").strip() and not _sectioned(prev)):
            break  # spaces alone list sections after a section (``62B 62A``), never after a bare law number
        if members >= MAX_MEMBERS:
            out[-1] = replace(out[-1], truncated=True)
            break
        out.append(model.Citation(piece.start("tok"), piece.end("tok"), piece.group("tok"), (cite,),
                                  reading=reading(tok)))
        members += 1
    return out


#: Russian words of one letter a section letter may look like (``и в``, ``и к``, ``и с``): a bare one
#: of them after «и» or a comma is a section only where no word follows it (``правило 62 А и В.``).
_ONE_LETTER_WORDS = frozenset("авикосуя")


def _view(text: str) -> tuple[str, list[int] | None]:
    """``text`` as citations are looked for in it — no-break spaces as
    spaces, hyphens and the minus as ``-``, a word hyphenated across a line
    break joined (``пра-`` ⏎ ``вило`` → ``правило``) — and the offset in
    ``text`` of each of its characters (``None``: the same offsets)."""
    folded = text.translate(P.CITE_FOLD)
    breaks = list(P.CITE_HYPHEN_BREAK.finditer(folded))
    if not breaks:
        return folded, None
    pieces: list[str] = []
    origin: list[int] = []
    at = 0
    for m in breaks:
        pieces.append(folded[at : m.start()])
        origin.extend(range(at, m.start()))
        at = m.end()
    pieces.append(folded[at:])
    origin.extend(range(at, len(folded)))
    return "".join(pieces), origin


def _mapped(c: Citation, text: str, origin: list[int]) -> Citation:
    start, end = origin[c.start], origin[c.end - 1] + 1
    return replace(c, start=start, end=end, text=text[start:end])


def may_cite(text: str, *, relative: bool = True) -> bool:
    """Whether ``text`` can hold a citation at all — the quick test before
    any search: every citation holds a number, but an English reference to a
    part of the same law (``see C below``, with ``relative``)."""
    return bool(P.ANY_DIGIT.search(text) or (relative and P.RELATIVE_EN.search(text)))


def find_citations(text: str, *, commentary: bool = False, relative: bool = True,
                   alphabet: bool = False) -> list[Citation]:
    """Every citation in ``text``, in order of their start.

    ``commentary``: also take bare paragraph numbers (``45.3.``), as inside a
    commentary. ``relative``: also take relative references (``пункту 1``,
    ``(B1)``), which only make sense inside a node. ``alphabet``: the text
    is of a document whose section labels are in alphabet order (А, Б, В,
    Г …); otherwise each context of the text (:func:`contexts`: a sentence
    or paragraph) that cites a letter with no Latin look-alike (``25Б``) is
    read so, and its citations printed with a letter that reads otherwise
    by look-alike (``62В``) are marked ``mixed`` — one stray letter never
    turns a whole text. Never raises; offsets are code-point offsets into
    ``text``, end-exclusive, and ``text[c.start:c.end] == c.text`` (a
    citation hyphenated across a line break, ``пра-`` ⏎ ``вило 66C``, is
    found with its break)."""
    if not may_cite(text, relative=relative):
        return []
    return find_in_contexts(text, contexts(text), commentary=commentary, relative=relative, alphabet=alphabet)


def find_in_contexts(text: str, spans: Iterable[tuple[int, int]], *, commentary: bool = False,
                     relative: bool = True, alphabet: bool = False) -> list[Citation]:
    """:func:`find_citations` over the given contexts of ``text`` (spans of
    :func:`contexts`, or of the whole text's contexts that a piece holds,
    as ``link`` reads a stream); offsets into ``text``."""
    found: list[Citation] = []
    for start, end in spans:
        piece = text[start:end]
        if may_cite(piece, relative=relative):
            found.extend(replace(c, start=c.start + start, end=c.end + start)
                         for c in _find_context(piece, commentary, relative, alphabet, start == 0))
    return found


def _find_context(text: str, commentary: bool, relative: bool, alphabet: bool, first: bool) -> list[Citation]:
    """The citations of one context (``first``: it opens the whole text); «закон» read as «правило»
    before a cite with a section letter (``по Закону 16B1(a)``; «Закон 152» is a state's law)."""
    if P.STATUTE_SECTION.search(text):
        read, statutes = _statute_read(text, P.STATUTE_SECTION)
        return [_mapped(c, text, statutes) for c in _find_context(read, commentary, relative, alphabet, first)]
    view, origin = _view(text)
    found = _find(view, commentary, relative, alphabet, first)
    if not alphabet and any(c.reading == "alphabet" for c in found):  # the context reads its letters in order
        found = [_in_doubt(c) for c in _find(view, commentary, relative, True, first)]
    if origin is not None:
        return [_mapped(c, text, origin) for c in found]
    return found if view == text else [replace(c, text=text[c.start : c.end]) for c in found]


def _in_doubt(c: Citation) -> Citation:
    """``c``, found in a context read in alphabet order: a section letter the two readings read differently
    (``62В`` → 62C) is marked ``mixed``, and its ``reading`` is the one its cite was given by. Only its
    section letters count (:func:`_section_letters`): «правилу 64А» holds a «в», but 64А reads 64A both ways."""
    mixed = c.reading == "lookalike" and bool(AMBIGUOUS_LETTERS & set(_section_letters(c.text)))
    return replace(c, mixed=mixed, reading="alphabet" if mixed else c.reading)


def _section_letters(text: str) -> str:
    """What of a citation's ``text`` may be section letters: what follows its first digit, items in brackets
    (``(в)``) and words of two or more letters (``правила`` of «пп. 2 и 3 правила 46В») left out — the words
    before it («в правиле», «к правилу») are the citing words."""
    digit = P.DIGIT.search(text)
    return "" if digit is None else P.VOCABULARY_WORD.sub(" ", P.ITEM_IN_BRACKETS.sub("", text[digit.start():]))


def _find(text: str, commentary: bool, relative: bool, alphabet: bool, first: bool = True) -> list[Citation]:
    found: list[Citation] = []
    for m in P.LAW_CITATION.finditer(text):
        if P.CITE_RUN.match(text, m.end()):
            run = _split_run(text, m.end(), m.start(), alphabet)
            found.extend(run)
            found.extend(_paragraphs_after(text, run[-1].end))  # ``правило 59, 45.5``: 45.5 is a paragraph
    for m in P.ORDINAL_LAW.finditer(text):  # «по 62-му правилу» → 62
        found.append(model.Citation(m.start(), m.end(), m.group(), (str(int(m["law"])),)))
    # parts a law word follows with no comma are that law's, not the law's before them: «правило 25Б, пп. 2 и 3
    # правила 46В» → 25B, 46C2, 46C3
    named_before = list(P.SUBDIVISIONS_BEFORE.finditer(text))
    theirs = [m.start() for m in named_before if "," not in text[m.end("parts"):m.start("law")]]
    found.extend(_with_parts(m, alphabet, False) for m in P.SUBDIVISIONS_AFTER.finditer(text)
                 if not any(m.start("parts") <= at < m.end() for at in theirs))
    found.extend(_with_parts(m, alphabet, True) for m in named_before)
    for m in P.COMMENTARY_NAMED.finditer(text):  # «п. 2 комментария к правилу 46» → 46.2
        paragraph = f"{int(m['law1'] or m['law2'])}.{int(m['num1'] or m['num2'] or m['num3'])}"
        found.append(model.Citation(m.start(), m.end(), m.group(), (paragraph,), "commentary"))
    for m in P.COMMENTARY_CITATION.finditer(text):
        paragraph = normalise_cite((m.group("c") or m.group("cc")).replace(",", "."))
        found.extend(_paragraphs_after(text, m.end(), model.Citation(m.start(), m.end(), m.group(), (paragraph,),
                                                                     "commentary")))
    if commentary:
        for m in P.BARE_COMMENTARY.finditer(text):
            if m.start() > 0 or not first:  # not the number a node's own text opens with
                found.append(model.Citation(m.start(), m.end(), m.group(), (normalise_cite(m.group("c")),),
                                            "commentary"))
    if relative:
        for m in P.RELATIVE_POINT.finditer(text):
            found.append(model.Citation(m.start(), m.end(), m.group(), (m.group("n"),), "relative"))
        for m in P.RELATIVE_EN.finditer(text):
            path = (m.group("sec"), *((m.group("n"),) if m.group("n") else ()),
                    *(f"({x})" for x in re.findall(r"\(([a-z0-9]{1,3})\)", m.group("items"))))
            at = m.start("sec")
            found.append(model.Citation(at, m.end("items") if m.group("items") else m.end("n") if m.group("n")
                                  else m.end("sec"), text[at:(m.end("items") if m.group("items") else
                                                            m.end("n") if m.group("n") else m.end("sec"))],
                                  path, "relative"))
        for m in P.RELATIVE_ITEM.finditer(text):
            cites = (f"({m.group('item').lower()})", f"({m.group('n')})")
            found.append(model.Citation(m.start(), m.end(), m.group(), cites, "relative"))
    return _of_the_laws(text, _without_overlaps(found))


def _of_the_laws(text: str, found: list[Citation]) -> list[Citation]:
    """``found`` (in order) without the citations of another document: one followed by its name
    (:data:`~lawref.patterns.OTHER_DOCUMENT`: «статья 5 регламента», «ст. 152 ГК»), and those listed
    before it with nothing but list words between («статьи 5 и 6 регламента»)."""
    kept: list[Citation] = []
    other_from = None  # where a member of a list of another document's citations starts (``6`` of «5 и 6»)
    for c in reversed(found):
        if P.OTHER_DOCUMENT.match(text, c.end) or (other_from is not None and c.end <= other_from
                                                    and P.QUERY_GLUE.fullmatch(text, c.end, other_from)):
            other_from = None if c.text[:1].isalpha() else c.start  # a citing word heads the list
        else:
            kept.append(c)
            other_from = None
    return kept[::-1]


def _with_parts(m: re.Match[str], alphabet: bool, before: bool) -> Citation:
    """The citation of a law cite whose parts are named in words
    (:data:`~lawref.patterns.SUBDIVISIONS_AFTER`, :data:`~lawref.patterns.SUBDIVISIONS_BEFORE`,
    the smallest part first): ``пункт 2 раздела B правила 43`` → ``43B2``;
    a part naming a list gives a cite each (``пункты B и C правила 62`` →
    ``62B``, ``62C``). A part that cannot join the cites — a subsection with
    no section, two sections, a letter that is no section's — is kept as
    ``unread``, and the cites stop before it (``пп. 1,2 правила 68`` → ``68``,
    ``пп. 1,2`` unread: never dropped unsaid)."""
    parts = [(p.group(), [P.SPACES.sub("", label) for label in P.LIST_SEPARATOR.split(p.group("label"))])
             for p in P.SUBDIVISION.finditer(m.group("parts"))]
    if before:
        parts.reverse()
    own = m["own"] or ""  # a letter with no Latin look-alike (``25Б``) reads in alphabet order, its one reading
    cites = [f"{int(m['law'])}{latin(own, alphabet or reading(own) == 'alphabet').upper()}"]
    unread: list[str] = []
    for said, labels in parts:
        longer = [] if unread else [_joined(cite, label, alphabet) for cite in cites for label in labels]
        joined = [c for c in longer if c is not None]
        if unread or len(joined) < len(longer) or len(joined) > MAX_MEMBERS:  # the cites stop before it
            unread.append(said)
        else:
            cites = joined
    letters = own + "".join(label for _, labels in parts for label in labels)
    return model.Citation(m.start(), m.end(), m.group(), tuple(cites), reading=reading(letters),
                          unread=", ".join(unread))


def _joined(cite: str, label: str, alphabet: bool) -> str | None:
    """``cite`` with one more part ``label`` (``62`` + ``B`` → ``62B``; ``43B`` +
    ``2`` → ``43B2``; ``43B2`` + ``(b)`` or ``b`` → ``43B2(b)``), or ``None``
    when the label is not the next part of it."""
    parts = P.CITE_PARTS.fullmatch(cite)
    assert parts is not None
    _, section, sub, items = parts.groups()
    head = label[:1]
    if head.isdigit():  # a subsection: after its section, before any item
        fits = bool(section) and not sub and not items
    elif head.isupper():  # a section (``B``, ``B2``, ``B2(b)``)
        fits = not section
    else:  # an item: ``(b)``, or ``b`` (``подпункт b``)
        fits = bool(section)
        label = label if head == "(" else f"({label})"
    return parse_cite(f"{cite}{latin(label, alphabet)}") if fits else None


def _paragraphs_after(text: str, end: int, lead: Citation | None = None) -> list[Citation]:
    """``lead`` (the paragraph cited ending at ``end``, if any) and the commentary paragraphs listed on
    from ``end``: ``пп. 45.5 и 45.6`` → ``45.6``; ``правило 59, 45.5`` → ``45.5``; a range is one
    citation with the paragraph before it, as a range of laws is (``45.7–45.9`` and ``45.7-9`` →
    ``45.7``, ``45.8``, ``45.9``: of one law, ascending, at most :data:`MAX_MEMBERS`; a bare number only
    right after the dash; else its last end alone, or, when that is a bare number, the list ends)."""
    out = [lead] if lead is not None else []
    while more := P.COMMENTARY_MORE.match(text, end):
        first = out[-1].cites[-1] if out else None
        if more.group("to"):  # no range (``45.9–45.7``): its two ends, as ``правила 64-61`` reads
            last, dotted = more.group("last"), "." in more.group("last")
            tight = more.start("last") == more.end("to")  # ``45.7-9`` is a range, ``45.7 - 9`` not
            cites = _paragraph_range(first, last) if dotted or tight else ()
            if cites and out:  # the range's start is the paragraph before it: one citation
                joined = out.pop()
                out.append(replace(joined, end=more.end(), text=text[joined.start : more.end()],
                                   cites=joined.cites + cites))
                end = more.end()
                continue
            if not cites and dotted:
                cites = (normalise_cite(last),)
            if not cites:
                break
            at = more.start("last")
        else:
            cites, at = (normalise_cite(more.group("c")),), more.start("c")
        out.append(model.Citation(at, more.end(), text[at : more.end()], cites, "commentary"))
        end = more.end()
    return out


def _paragraph_range(first: str | None, last: str) -> tuple[str, ...]:
    """The paragraphs after ``first`` up to ``last`` (``45.9``, or ``9`` of ``first``'s law); ``()`` when
    they are no range."""
    if first is None or "." not in first:
        return ()
    law, num = first.split(".")
    end_law, _, end_num = last.rpartition(".")
    if (end_law and int(end_law) != int(law)) or not int(num) < int(end_num) <= int(num) + MAX_MEMBERS:
        return ()
    return tuple(f"{law}.{k}" for k in range(int(num) + 1, int(end_num) + 1))


def _without_overlaps(found: list[Citation]) -> list[Citation]:
    out: list[Citation] = []
    for c in sorted(found, key=lambda c: (c.start, -(c.end - c.start))):
        if out and c.start < out[-1].end:
            continue
        out.append(c)
    return out


def cite_pattern(cite: str) -> re.Pattern[str]:
    """A pattern for ``cite`` and every part of it (``59`` → ``59``, ``59A``,
    ``59A1`` but not ``590``), matched at the start of a canonical cite."""
    return re.compile(rf"{re.escape(cite)}(?![0-9])")
