"""Compile lawref's message catalogue: ``lawref/locale/ru/LC_MESSAGES/lawref.po`` → ``lawref.mo`` (Babel).

``python scripts/i18n.py`` writes the ``.mo``; ``--check`` (CI) writes
nothing and fails when a message the code passes to ``tr()`` has no Russian
translation, or the ``.mo`` holds other messages than the ``.po`` (the
help texts are checked by a test: every one has its Russian).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from lawref.i18n import Compiled

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "lawref" / "locale" / "ru" / "LC_MESSAGES" / "lawref.po"
MO = PO.with_suffix(".mo")


def code_messages() -> set[str | tuple[str, ...]]:
    """Every string literal the code passes to ``tr()`` or marks ``N_()``,
    and every ``(singular, plural)`` pair it passes to ``trn()``."""
    found = extract_from_dir(str(ROOT / "lawref"), method_map=[("**.py", "python")],
                             keywords={"tr": None, "N_": None, "trn": (1, 2)}, comment_tags=())
    return {message for _, _, message, _, _ in found if message}


def _translated(catalog: Catalog, message: str | tuple[str, ...]) -> bool:
    """True when the catalogue has every form of ``message`` in Russian."""
    entry = catalog.get(message if isinstance(message, str) else message[0])
    if entry is None:
        return False
    forms = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
    return bool(forms) and all(forms) and isinstance(message, str) == (not entry.pluralizable)


def compiled() -> tuple[bytes, list[str]]:
    """The ``.mo`` bytes of the ``.po``, and the messages of the code it lacks."""
    with PO.open("rb") as handle:
        catalog = read_po(handle)
    missing = sorted((m for m in code_messages() if not _translated(catalog, m)), key=str)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue(), missing


def _messages(mo: bytes) -> dict[object, str]:
    """The messages of a ``.mo`` (its header aside: Babel writes its own version there)."""
    import gettext

    found = gettext.GNUTranslations(io.BytesIO(mo))._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in found.items() if k != ""}


def main(argv: list[str]) -> int:
    data, missing = compiled()
    for message in missing:
        print(f"no Russian for: {message!r}", file=sys.stderr)
    if "--check" in argv:
        stale = not MO.is_file() or _messages(MO.read_bytes()) != _messages(data)
        if stale:
            print(f"{MO.relative_to(ROOT)} is not the compiled {PO.name}: run python scripts/i18n.py", file=sys.stderr)
        unsorted = not stale and not Compiled(MO.read_bytes()).in_order()
        if unsorted:  # lawref.i18n.Compiled finds a message by a binary search of the originals
            print(f"{MO.relative_to(ROOT)}: its messages are not in byte order: run python scripts/i18n.py",
                  file=sys.stderr)
        return 1 if missing or stale or unsorted else 0
    MO.write_bytes(data)
    print(f"wrote {MO.relative_to(ROOT)}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
