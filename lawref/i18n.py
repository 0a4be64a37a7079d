"""i18n: the language lawref speaks to its user (Russian or English), and its gettext catalogue.

The language is ``--ui`` (which sets ``LAWREF_UI``), else the locale —
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

__all__ = ["LANGS", "LOCALE_DIR", "tr", "ui_language"]

#: The languages lawref speaks; the first is the default.
LANGS = ("en", "ru")
LOCALE_DIR = Path(__file__).parent / "locale"


def ui_language(env: Mapping[str, str] | None = None) -> str:
    """``"ru"`` or ``"en"``: ``LAWREF_UI`` when it names one, else the
    first locale variable set (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
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


def tr(message: str) -> str:
    """``message`` in the user's language (:func:`ui_language`); the
    English text itself when the catalogue lacks it."""
    return _catalogue(ui_language()).gettext(message)
