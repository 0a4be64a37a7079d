"""i18n: the language lawref speaks to its user (Russian or English), and its gettext catalogue.

The language is ``--ui`` (:func:`choose`), else ``LAWREF_UI``, else the locale —
the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, as POSIX
orders them: ``ru…`` is Russian, anything else English (the default).
Messages are English in the code and looked up in
``lawref/locale/ru/LC_MESSAGES/lawref.mo`` (made from ``lawref.po`` by
``python scripts/i18n.py``; a test checks the two agree). The law text is
never translated: only what lawref itself says.

What the build side writes down (a file's warnings, why a line was dropped,
what a clean step did) is stored in the index in English — ``--json`` and the
report files keep it so — from templates marked :func:`N_`. :func:`retell`
gives such a stored message in the user's language at display time: it finds
the template that made it and fills the Russian template with the same
fields.
"""

from __future__ import annotations

import gettext
import os
import re
import string
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path

__all__ = ["LANGS", "LOCALE_DIR", "N_", "choose", "chosen", "retell", "retell_in", "speak", "tr", "tr_in", "trn",
           "ui_language"]

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
    return gettext.translation("lawref", LOCALE_DIR, languages=[lang], fallback=True)


def speak(lang: str | None = None) -> None:
    """Make ``lang`` (default :func:`ui_language`) the language of every
    ``gettext`` call in this process — click's own words too («Usage:»,
    «No such option»), which it looks up in the default domain: that domain
    is lawref's catalogue, and ``LANGUAGE`` names the language."""
    os.environ["LANGUAGE"] = lang or ui_language()
    gettext.bindtextdomain("lawref", LOCALE_DIR)
    gettext.textdomain("lawref")


def tr(message: str) -> str:
    """``message`` in the user's language (:func:`ui_language`); the
    English text itself when the catalogue lacks it."""
    return _catalogue(ui_language()).gettext(message)


def tr_in(lang: str, message: str) -> str:
    """``message`` in ``lang`` (``ru``/``en``) whatever the user's: words
    printed inside a law document speak the document's language
    (:func:`lawref.words.words`)."""
    return _catalogue(lang if lang in LANGS else LANGS[0]).gettext(message)


def trn(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the user's language («1 file»,
    «2 files»; Russian has three forms: файл, файла, файлов)."""
    return _catalogue(ui_language()).ngettext(singular, plural, count)


def N_(template: str) -> str:  # noqa: N802 — gettext's own name for a deferred message
    """``template`` itself: marks an English message the build stores and
    :func:`retell` translates at display (``scripts/i18n.py`` collects it).
    Fields are named (``{file}``, ``{count:,}``), never two side by side,
    and a number's field says so in its spec (``{count:d}``) where a
    neighbouring field could hold the text between them, so that a message
    can be matched back to its template; a field named
    ``reason`` (or ending in ``_msg``) may hold another such message."""
    return template


#: The C library's words for the errors a user meets (``strerror``), told in
#: the user's language by :func:`retell` like lawref's own messages.
OS_ERRORS = (N_("No such file or directory"), N_("Permission denied"), N_("Is a directory"), N_("Not a directory"),
             N_("Address already in use"), N_("No space left on device"), N_("Read-only file system"),
             N_("File exists"), N_("File name too long"), N_("Operation not permitted"),
             N_("Cannot assign requested address"), N_("Too many levels of symbolic links"),
             N_("Directory not empty"), N_("Input/output error"), N_("is a folder"))


def retell(message: str) -> str:
    """A message lawref stored in English (:func:`N_`) in the user's language:
    the catalogue's translation of the template that made it, with the same
    field values (each ``reason`` or ``…_msg`` field retold in turn). A message no
    template makes (text from elsewhere: an OS error, a file name) is
    returned as it is. Code-point exact: only lawref's own words change."""
    return _retell(ui_language(), message)


def retell_in(lang: str, message: str) -> str:
    """:func:`retell` in ``lang`` (``ru``/``en``) whatever the user's: a
    page that speaks its document's language (``lawref serve``'s reader)."""
    return _retell(lang if lang in LANGS else LANGS[0], message)


@lru_cache(maxsize=4096)
def _retell(lang: str, message: str) -> str:
    if not message:
        return message  # gettext's "" is the catalogue's header
    catalogue = _catalogue(lang)
    found = catalogue.gettext(message)
    if found != message or lang == LANGS[0]:
        return found
    for pattern, translated in _templates(lang):
        m = pattern.fullmatch(message)
        if m is not None:
            return _fill(lang, translated, m.groupdict())
    return message


def _fill(lang: str, template: str, values: dict[str, str]) -> str:
    """``template`` with each field replaced by its value as matched (format
    specs were applied in English already; only a ``{size:,}`` field's
    thousands separator becomes a space); ``reason`` fields retold."""
    out = []
    for literal, name, spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            value = values.get(name, "{" + name + "}")
            if spec and spec.endswith(","):
                value = value.replace(",", " ")  # 1,000,000 → 1 000 000: thousands as Russian writes them
            out.append(_retell(lang, value) if name == "reason" or name.endswith("_msg") else value)
    return "".join(out)


@cache
def _templates(lang: str) -> list[tuple[re.Pattern[str], str]]:
    """``(pattern, translation)`` for every catalogue message with fields,
    the longest fixed text first (the most specific template wins)."""
    messages = getattr(_catalogue(lang), "_catalog", {})  # GNUTranslations keeps its messages here
    found = []
    for msgid, msgstr in messages.items():
        if isinstance(msgid, str) and "{" in msgid and msgstr:
            pattern, fixed = _pattern(msgid)
            found.append((fixed, pattern, msgstr))
    found.sort(key=lambda t: -t[0])
    return [(pattern, msgstr) for _, pattern, msgstr in found]


def _kind(spec: str) -> str:
    """What a field prints: digits for an integer spec (``{count:d}``,
    ``{size:,}``), a percentage for ``{share:.0%}``, else anything (as
    little as will do)."""
    if spec.endswith("%"):
        return r"-?[\d.,]+%"
    if spec.endswith(("d", ",")):
        return r"-?[\d,]+"
    return ".+?"


def _pattern(template: str) -> tuple[re.Pattern[str], int]:
    """A regex matching what ``template.format(...)`` makes, each field a
    named group (a field met again must repeat its value), and the length
    of the template's fixed text."""
    parts, seen, fixed = [], set(), 0
    for literal, name, spec, _conv in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        fixed += len(literal)
        if name is None:
            continue
        group, kind = re.sub(r"\W", "_", name), _kind(spec or "")
        parts.append(f"(?P={group})" if group in seen else f"(?P<{group}>{kind})")
        seen.add(group)
    return re.compile("".join(parts), re.DOTALL), fixed
