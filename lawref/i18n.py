"""i18n: the language lawref speaks to its user (Russian or English), and its gettext catalogue.

The language is ``--ui`` (:func:`choose`), else ``LAWREF_UI``, else the locale —
the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, as POSIX
orders them: ``ru…`` is Russian, anything else English (the default).
Messages are English in the code and looked up in
``lawref/locale/ru/LC_MESSAGES/lawref.mo`` (made from ``lawref.po`` by
``python scripts/i18n.py``; a test checks the two agree). The law text is
never translated: only what lawref itself says.

What the build side writes down (a file's warnings, why a line was dropped,
what a clean step did) is a :class:`Message`: the English text, keeping the
template marked :func:`N_` and the fields it was made from. The index keeps
it as template and fields (:func:`stored`), ``--json`` and the report files
print the English, and :func:`retell` tells it in the user's language at
display by filling the template's translation with the same fields.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["LANGS", "LOCALE_DIR", "N_", "Message", "Template", "choose", "chosen", "retell", "retell_in", "revived",
           "said", "speak", "stored", "tr", "tr_in", "trn", "ui_language"]

#: The languages lawref speaks; the first is the default.
LANGS = ("en", "ru")
LOCALE_DIR = Path(__file__).parent / "locale"


class _Chosen:
    """The language ``--ui`` chose for this command (``None``: none chosen)."""

    lang: str | None = None


def choose(lang: str | None) -> None:
    """Speak ``lang`` (``ru``/``en``) from now on; ``None``: as the environment says."""
    _Chosen.lang = lang if lang in LANGS else None


def chosen() -> str | None:
    """What ``--ui`` chose for this command (``None``: nothing)."""
    return _Chosen.lang


def ui_language(env: Mapping[str, str] | None = None) -> str:
    """``"ru"`` or ``"en"``: what ``--ui`` chose (:func:`choose`), else
    ``LAWREF_UI`` when it names one, else the first locale variable set
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    if env is None and _Chosen.lang is not None:
        return _Chosen.lang
    env = os.environ if env is None else env
    chosen = env.get("LAWREF_UI", "")
    if chosen in LANGS:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return LANGS[0]


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``: English is the messages' own language, so none is looked up (looking up
    loads :mod:`locale`, a cold command's millisecond)."""
    if lang == LANGS[0]:
        return gettext.NullTranslations()
    try:  # opened where it is: gettext.translation's search expands ``ru`` through locale.normalize first
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / "lawref.mo", "rb") as mo:
            return Compiled(mo.read())
    except (OSError, ValueError):
        return gettext.NullTranslations()


class Compiled(gettext.NullTranslations):
    """A compiled catalogue (a GNU ``.mo``) looked up where it lies: each
    message asked is found by a binary search of the originals, which
    msgfmt and Babel write sorted in byte order (``scripts/i18n.py --check``
    holds lawref's to that), and only it is decoded. gettext's own reader
    decodes all of them when it opens the file: 579 messages, 2.7 ms of a
    cold ``show`` (issue 28). :meth:`gettext` and :meth:`ngettext` answer
    as :class:`gettext.GNUTranslations` does (a test holds them to it for
    every message): a plural entry is found by its singular, and its form
    by the header's ``Plural-Forms`` (``gettext`` of a singular only a
    plural entry holds: its form for 1). Raises :class:`ValueError` for bytes
    that are no UTF-8 ``.mo`` of revision 0 or 1."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        order = "little" if data[:4] == b"\xde\x12\x04\x95" else "big" if data[:4] == b"\x95\x04\x12\xde" else ""
        if not order or len(data) < 20:
            raise ValueError("not a GNU .mo file")
        self._data, self._order = data, order
        revision, self._count, self._originals, self._translations = (self._word(at) for at in (4, 8, 12, 16))
        if revision >> 16 not in (0, 1):
            raise ValueError(f"unknown .mo revision {revision >> 16}")
        self._memo: dict[str, str] = {}
        self.plural = _plural(self._header())

    def _word(self, at: int) -> int:
        return int.from_bytes(self._data[at:at + 4], self._order)  # type: ignore[arg-type]

    def _string(self, table: int, k: int) -> bytes:
        at = table + 8 * k
        start = self._word(at + 4)
        return self._data[start:start + self._word(at)]

    def _first_from(self, key: bytes) -> int:
        """The index of the first original not below ``key`` (``_count``: none)."""
        lo, hi = 0, self._count
        while lo < hi:
            mid = (lo + hi) // 2
            if self._string(self._originals, mid) < key:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def _header(self) -> dict[str, str]:
        """The catalogue's header fields, their names in lower case (``plural-forms``), as gettext reads them."""
        k = self._first_from(b"")
        if k >= self._count or self._string(self._originals, k) != b"":
            return {}
        fields = {}
        for line in self._string(self._translations, k).decode("utf-8").split("\n"):
            name, sep, value = line.partition(":")
            if sep:
                fields[name.strip().lower()] = value.strip()
        if "charset=" in fields.get("content-type", "") and \
                fields["content-type"].split("charset=")[1].strip().lower() not in ("utf-8", "utf8"):
            raise ValueError("a .mo that is not UTF-8")
        return fields

    def in_order(self) -> bool:
        """Whether the originals are sorted in byte order, as the binary search needs (``i18n.py --check``)."""
        originals = [self._string(self._originals, k) for k in range(self._count)]
        return originals == sorted(originals)

    def gettext(self, message: str) -> str:
        """``message``'s translation, or ``message`` itself when the catalogue lacks it."""
        found = self._memo.get(message)
        if found is None:
            key = message.encode("utf-8")
            k = self._first_from(key)
            hit = k < self._count and self._string(self._originals, k) == key
            found = self._string(self._translations, k).decode("utf-8") if hit else self._form(message, 1)
            self._memo[message] = found = message if found is None else found
        return found

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The form of ``msgid1`` for ``n`` (``msgid1`` for 1, else ``msgid2``, when the catalogue lacks it)."""
        found = self._form(msgid1, n)
        return (msgid1 if n == 1 else msgid2) if found is None else found

    def _form(self, singular: str, n: int) -> str | None:
        """The form for ``n`` of the plural entry of ``singular`` (``None``: none; gettext's answer of a singular
        that only a plural entry holds is its form for 1)."""
        key = singular.encode("utf-8") + b"\x00"
        k = self._first_from(key)
        if k < self._count and self._string(self._originals, k).startswith(key):
            forms = self._string(self._translations, k).decode("utf-8").split("\x00")
            form = self.plural(n)
            if 0 <= form < len(forms):
                return forms[form]
        return None


def _plural(header: dict[str, str]) -> Callable[[int], int]:
    """The plural rule the header names (gettext's ``c2py``), else English's."""
    rule = header.get("plural-forms", "")
    if "plural=" in rule:
        return gettext.c2py(rule.split(";")[1].split("plural=")[1])
    return lambda n: int(n != 1)


def speak(lang: str | None = None) -> None:
    """Make ``lang`` (default :func:`ui_language`) the language of every
    ``gettext`` call in this process — click's own words too («Usage:»,
    «No such option»), which it looks up in the default domain: that domain
    is lawref's catalogue, and ``LANGUAGE`` names the language."""
    os.environ["LANGUAGE"] = lang or ui_language()
    gettext.bindtextdomain("lawref", LOCALE_DIR)
    gettext.textdomain("lawref")


def tr(message: str, lang: str | None = None) -> str:
    """``message`` in the user's language (:func:`ui_language`), or in
    ``lang`` when given (``"en"``: a JSON answer's words); the English text
    itself when the catalogue lacks it."""
    return _catalogue(lang if lang in LANGS else ui_language()).gettext(message)


def tr_in(lang: str, message: str) -> str:
    """``message`` in ``lang`` (``ru``/``en``) whatever the user's: words
    printed inside a law document speak the document's language
    (:func:`lawref.words.words`); anything else is English."""
    return tr(message, lang if lang in LANGS else LANGS[0])


def trn(singular: str, plural: str, count: int, lang: str | None = None) -> str:
    """The form of a message for ``count`` in the user's language («1 file»,
    «2 files»; Russian has three forms: файл, файла, файлов), or in ``lang``
    when given (as :func:`tr`)."""
    return _catalogue(lang if lang in LANGS else ui_language()).ngettext(singular, plural, count)


class Message(str):
    """A message lawref made from a template marked :func:`N_`: the English
    text (the string itself, so ``--json`` and an English user read it as it
    is) keeping the ``template`` and the ``fields`` it was made from, so that
    it is told in another language by looking the template up and filling
    it with the same values (ftfy's ``ExplanationStep``: a step stored as
    its name and its parameters, formatted when shown). A field may hold
    another message (a ``reason``). Stored by :func:`stored`, read back by
    :func:`revived`."""

    template: str
    fields: dict[str, object]

    def __new__(cls, template: str, fields: Mapping[str, object] | None = None) -> Message:
        """``template`` formatted with ``fields``; with ``fields`` ``None``, the text
        is ``template`` itself (a message with no fields; unpickling).
        Raises :class:`KeyError` for a field the template names and ``fields`` lacks."""
        values = {k: said(v) if isinstance(v, BaseException) else v for k, v in (fields or {}).items()}
        made = super().__new__(cls, template if fields is None else template.format(**values))
        made.template, made.fields = str(template), values
        return made


class Template(str):
    """A template marked :func:`N_`: :meth:`format` makes a :class:`Message`."""

    def format(self, *args: object, **fields: object) -> Message:
        """The :class:`Message` of this template with ``fields`` (named only:
        :class:`TypeError` for a positional argument)."""
        if args:
            raise TypeError("a stored message's fields are named")
        return Message(str(self), fields)


def N_(template: str) -> str:  # noqa: N802 — gettext's own name for a deferred message (typed str: a Template is one)
    """``template`` itself, marked: an English message the build stores and
    :func:`retell` tells in the user's language at display
    (``scripts/i18n.py`` collects it). Its ``.format(**fields)`` makes a
    :class:`Message` that keeps the template and the fields; a field named
    ``reason`` (or ending in ``_msg``) may hold another message, or an OS
    error's words (:data:`OS_ERRORS`). One :class:`Template` a template: a step
    dropping 200,000 lines keeps one reason, not 200,000 copies of it."""
    found = _TEMPLATES.get(template)
    if found is None:
        found = _TEMPLATES[template] = Template(template)
    return found


#: Every template :func:`N_` has marked (literals of lawref's code: a bounded set).
_TEMPLATES: dict[str, Template] = {}


#: The C library's words for the errors a user meets (``strerror``), told in
#: the user's language by :func:`retell` like lawref's own messages.
OS_ERRORS = (N_("No such file or directory"), N_("Permission denied"), N_("Is a directory"), N_("Not a directory"),
             N_("Address already in use"), N_("No space left on device"), N_("Read-only file system"),
             N_("File exists"), N_("File name too long"), N_("Operation not permitted"),
             N_("Cannot assign requested address"), N_("Too many levels of symbolic links"),
             N_("Directory not empty"), N_("Input/output error"), N_("is a folder"))


def said(exc: BaseException) -> str:
    """What ``exc`` says, as it was made: an OS error's words (``strerror``),
    else the one message it was raised with (a :class:`Message` keeps its
    template, which ``str(exc)`` would lose), else ``str(exc)``."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


def retell(message: str) -> str:
    """``message`` in the user's language: a :class:`Message` is its
    template's translation filled with its own field values (each message
    in a field told in turn); a plain string is the catalogue's translation
    of the whole of it (an OS error's words, a message with no fields), or
    itself (text from elsewhere: law text, a file name). Code-point exact:
    only lawref's own words change."""
    return _retell(ui_language(), message)


def retell_in(lang: str, message: str) -> str:
    """:func:`retell` in ``lang`` (``ru``/``en``) whatever the user's: a
    page that speaks its document's language (``lawref serve``'s reader)."""
    return _retell(lang if lang in LANGS else LANGS[0], message)


def _retell(lang: str, message: str) -> str:
    if isinstance(message, Message):
        if lang == LANGS[0]:
            return str(message)
        return _fill(lang, _catalogue(lang).gettext(message.template), message.fields)
    if not message:
        return message  # gettext's "" is the catalogue's header
    return _catalogue(lang).gettext(message)


def _fill(lang: str, template: str, values: Mapping[str, object]) -> str:
    """``template`` (a translation) filled with ``values``: a message or a
    ``reason``/``…_msg`` string told in ``lang``, a number formatted by
    its spec (``{size:,}``'s thousands separator a space, as Russian writes
    them)."""
    import string  # its Template compiles a regex at import: only a message told in Russian pays for it

    out = []
    for literal, name, spec, conv in string.Formatter().parse(template):
        out.append(literal)
        if name is None:
            continue
        if name not in values:
            out.append("{" + name + "}")  # a translation naming a field its English lacks: shown, never a crash
            continue
        value = values[name]
        if isinstance(value, str) and (isinstance(value, Message) or name == "reason" or name.endswith("_msg")):
            value = _retell(lang, value)
        shown = format(repr(value) if conv == "r" else value, spec or "")
        out.append(shown.replace(",", " ") if (spec or "").endswith(",") else shown)
    return "".join(out)


#: The types :func:`stored` keeps as they are (exactly these: a :class:`Message` is a ``str`` too).
_PLAIN = frozenset({str, int, float, bool, type(None)})


def stored(value: Any) -> Any:
    """``value`` (JSON-shaped: dicts, lists, strings, numbers) with each
    :class:`Message` in it as ``{"msgid": template, "fields": {…}}`` — the
    form a build report is kept in (a field neither a string nor a number
    as its ``str``); a dict keyed by messages (repairs counted by form) as
    ``{"msgid_pairs": [[key, value], …]}``. :func:`revived` is the inverse."""
    if type(value) in _PLAIN:  # most of a report (its passes' counts, its dropped lines): nothing to store
        return value
    if isinstance(value, Message):
        return {"msgid": value.template, "fields": {k: v if isinstance(v, (int, float, bool)) or v is None else stored(
            v if isinstance(v, str) else str(v)) for k, v in value.fields.items()}}
    if isinstance(value, dict):
        if not _PLAIN.issuperset(map(type, value)) and any(isinstance(k, Message) for k in value):
            return {"msgid_pairs": [[stored(k), stored(v)] for k, v in value.items()]}
        return {k: v if type(v) in _PLAIN else stored(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _PLAIN else stored(v) for v in value]
    return value


def revive_hook(value: dict[str, Any]) -> Any:
    """:func:`revived` of one JSON object whose members are revived already:
    ``json.loads(text, object_hook=revive_hook)`` revives while it parses
    (a build report of 400 files: 31k objects, not 175k values walked)."""
    if value.keys() == {"msgid", "fields"}:
        return Message(value["msgid"], value["fields"])
    if value.keys() == {"msgid_pairs"}:
        return dict(value["msgid_pairs"])
    return value


def revived(value: Any) -> Any:
    """The inverse of :func:`stored`: each ``{"msgid", "fields"}`` a :class:`Message` again."""
    if isinstance(value, dict):
        if value.keys() == {"msgid", "fields"}:
            return Message(value["msgid"], {k: revived(v) for k, v in value["fields"].items()})
        if value.keys() == {"msgid_pairs"}:
            return {revived(k): revived(v) for k, v in value["msgid_pairs"]}
        return {k: revived(v) for k, v in value.items()}
    if isinstance(value, list):
        return [revived(v) for v in value]
    return value
