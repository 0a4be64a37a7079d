"""errors: every error lawref raises on purpose, under one base class.

Each class carries the exit code the command line maps it to (in one place,
:func:`lawref.cli.main`): ``1`` nothing found, ``2`` bad usage or unusable
input, ``3`` an internal error (a bug: please report it); and the HTTP
status the API answers it with (``404`` not found, ``413`` an answer over
its budget, else ``400``). Library code never calls :func:`sys.exit`. An
answer that is not an error (a search that finds nothing) is an outcome of
:mod:`lawref.usecases`, told by its table.
"""

from __future__ import annotations

__all__ = [
    "AnswerTooLarge",
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL",
    "EXIT_NOT_FOUND",
    "EXIT_OK",
    "CiteError",
    "CorpusError",
    "DecodeError",
    "IndexDamaged",
    "IndexFolderError",
    "IndexUnavailable",
    "KeyUnavailable",
    "LawrefError",
    "ManifestError",
    "NotFound",
    "UnsafeInput",
    "UsageError",
]

EXIT_OK, EXIT_NOT_FOUND, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class LawrefError(Exception):
    """Base of lawref's own errors; ``exit_code`` is what the CLI exits
    with, ``http_status`` what the API answers."""

    exit_code = EXIT_BAD_INPUT
    http_status = 400


class UsageError(LawrefError):
    """A bad argument the command line could not check itself: an unknown
    ``--doc``, an empty word (exit 2)."""


class NotFound(LawrefError, LookupError):
    """A cite or id that names no node of the corpus (exit 1; HTTP 404)."""

    exit_code = EXIT_NOT_FOUND
    http_status = 404


class CiteError(LawrefError, ValueError):
    """A string that is not a cite lawref understands (exit 2)."""


class DecodeError(LawrefError, ValueError):
    """Bytes that cannot be read as text at all: binary data, an unknown
    forced codec (exit 2 for ``lawref clean``; a build skips the file)."""


class UnsafeInput(LawrefError, OSError):
    """A path lawref refuses to read: not a regular file (a FIFO, a device,
    a folder), over its size cap, or a link out of the corpus folder."""


class CorpusError(LawrefError):
    """The corpus cannot be read at all: a missing folder, one over the
    file-count or size limits, or nothing usable in it (exit 2)."""


class ManifestError(CorpusError):
    """``lawref.toml`` is unreadable or breaks its schema; the message names
    the entry and key (exit 2)."""


class IndexUnavailable(LawrefError):
    """The index folder is missing, incomplete or unreadable (exit 2)."""


class IndexDamaged(IndexUnavailable):
    """An index file does not match the checksum recorded when it was
    written (a bit flip, a truncated file): the index is rebuilt."""


class IndexFolderError(LawrefError):
    """``--index`` names a folder lawref did not create (it holds other
    files and no lawref marker): lawref refuses to write or delete there."""


class KeyUnavailable(LawrefError):
    """The key that seals index folders (:mod:`lawref.seal`) cannot be read
    or made: a link, another user's file, readable by others, or a folder
    lawref cannot write (exit 2)."""


class AnswerTooLarge(LawrefError):
    """An answer that would be over :data:`lawref.budget.RATIO` times the
    text it answers (``link`` of text dense with ranges): stopped before
    more is written (exit 2; HTTP 413)."""

    http_status = 413
