"""export.files: write an export that is a folder (the HTML site, a txt corpus) whole or not at all.

The folder is marked as lawref's (:data:`MARK`, with the list of the files
it wrote) and replaced whole: the new one is written beside it and renamed
in, the old one removed after. A folder that is not empty and not marked,
or that holds a file lawref did not write, is never written into: nothing
of the user's is deleted.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
from collections.abc import Iterable
from pathlib import Path

from lawref.errors import UsageError
from lawref.i18n import N_
from lawref.safeio import EXPORT_MARK

__all__ = ["MARK", "write_folder"]

#: The file that marks a folder as an export lawref wrote (it may replace it; a corpus scan skips it).
MARK = EXPORT_MARK


def write_folder(files: Iterable[tuple[str, str]], out: Path, kind: str) -> int:
    """Write ``files`` (``(path inside the folder, text)``) as folder ``out``
    (made if missing), replacing an export lawref wrote there before; a
    :data:`MARK` file says ``{"tool": "lawref", "kind": kind}``. Returns
    the number of files written, the mark included. Raises
    :class:`UsageError` when ``out`` is a file, or a folder that is not
    empty and not marked (nothing is written); :class:`OSError` naming
    ``out`` when writing fails (``out`` is then as it was); :class:`ValueError` when
    ``files`` names one path twice (nothing is written)."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(N_("{out} is a file, not a folder to export into").format(out=out))
    if out.is_dir() and any(out.iterdir()) and not (out / MARK).is_file():
        raise UsageError(N_("{out} is not empty and is not an export lawref wrote: nothing was written there").format(
            out=out))
    files = list(files)
    names = sorted({rel for rel, _ in files})
    if len(names) != len(files):  # a file written twice would keep only its last text: a writer's bug, said loudly
        raise ValueError(f"two files of one name in one export: {sorted(r for r, _ in files if r in names)}")
    if out.is_dir() and (foreign := _not_ours(out, set(names))):
        raise UsageError(N_("{out} holds {file}, which lawref did not write: nothing was written there (move it "
                            "out, or export into another folder)").format(out=out, file=foreign))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f".{out.name}.lawref-new-{secrets.token_hex(4)}"
    count = 0
    mark = json.dumps({"tool": "lawref", "kind": kind, "files": names}, ensure_ascii=False) + "\n"
    try:
        for rel, text in [*files, (MARK, mark)]:
            path = tmp / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            count += 1
        _swap(tmp, out)
    except OSError as exc:  # said of the folder asked for, never of lawref's temporary one beside it
        raise OSError(exc.errno, exc.strerror or str(exc), str(out)) from exc
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return count


def _not_ours(out: Path, new: set[str]) -> str | None:
    """A file of the export folder ``out`` that lawref did not write — in the
    list its mark keeps (or, for a mark without one, among the files of the
    export about to replace it) — or ``None``. Such a file is never deleted."""
    try:
        listed = json.loads((out / MARK).read_text(encoding="utf-8")).get("files")
    except (OSError, ValueError, AttributeError):
        listed = None
    ours = set(listed) if isinstance(listed, list) else new
    for path in sorted(out.rglob("*")):
        rel = path.relative_to(out).as_posix()
        if path.is_dir() and not path.is_symlink():
            continue
        if rel != MARK and rel not in ours:
            return rel
    return None


def _swap(new: Path, out: Path) -> None:
    """Put ``new`` in place of ``out``: an old export is renamed aside, the
    new one renamed in, the old one removed (only a folder marked as lawref's)."""
    if not out.exists():
        os.replace(new, out)
        return
    old = out.parent / f".{out.name}.lawref-old-{secrets.token_hex(4)}"
    if any(out.iterdir()):
        os.replace(out, old)
    else:
        out.rmdir()
    os.replace(new, out)
    if old.exists() and (old / MARK).is_file():
        shutil.rmtree(old)
