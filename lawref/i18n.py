"""i18n: the language lawref speaks to its user (Russian or English), and its gettext catalogue.

The language is ``--ui`` (:func:`choose`), else ``LAWREF_UI``, else the locale —
the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, as POSIX
orders them: ``ru…`` is Russian, anything else English (the default).
Messages are English in the code and looked up in
``lawref/locale/ru/LC_MESSAGES/lawref.mo`` (made from ``lawref.po`` by
``python scripts/i18n.py``; a test checks the two agree). The law text is
never translated: only what lawref itself says.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

__all__ = ["LANGS", "LOCALE_DIR", "choose", "chosen", "speak", "tr", "ui_language"]

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
