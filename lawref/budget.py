"""budget: an answer bounded by a multiple of the text it answers (issue 22).

``link`` answers a text with its citations, and a short citation can stand
for many targets (``Laws 1 to 93``: 12 characters, 93 targets), so an
unbounded answer can be hundreds of times its input: 1 MB of ranges made a
203 MB answer and held the server for 26 s. Every ``link`` answer — the
command line in each format, ``POST /api/v1/link`` — is kept within
:data:`RATIO` times the text read so far plus :data:`FLOOR` code points
(so a short text is never refused); past that it stops with
:class:`~lawref.errors.AnswerTooLarge` (exit 2, HTTP 413) before writing
more. Sizes are code points on both sides. Stdlib only.
"""

from __future__ import annotations

from lawref.errors import AnswerTooLarge
from lawref.i18n import N_

__all__ = ["FLOOR", "RATIO", "Budget"]

#: The most code points of answer per code point of text.
RATIO = 40
#: Code points of answer always allowed, whatever the text's size.
FLOOR = 64 * 1024


class Budget:
    """Counts the text read (:meth:`read`) and the answer written
    (:meth:`spend`); :meth:`spend` raises
    :class:`~lawref.errors.AnswerTooLarge` once the answer would pass
    ``ratio × text + floor``."""

    def __init__(self, ratio: int = RATIO, floor: int = FLOOR) -> None:
        self.ratio, self.floor = ratio, floor
        self.text = 0
        self.answer = 0

    def read(self, size: int) -> None:
        """``size`` more code points of text were read."""
        self.text += size

    def spend(self, size: int) -> None:
        """``size`` more code points of answer are about to be written."""
        self.answer += size
        if self.answer > self.ratio * self.text + self.floor:
            raise AnswerTooLarge(N_("the answer to the first {text:,} characters of the text would be over {ratio} "
                                    "times as long: it cites ranges of many laws; send it in smaller pieces").format(
                                        ratio=self.ratio, text=self.text))
