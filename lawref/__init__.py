"""lawref: a searchable Russian/English reference of the Laws of Duplicate
Contract Bridge, built from raw scraped text.

Public API (lazy: importing :mod:`lawref` loads neither Whoosh nor pymorphy3):

* :func:`lawref.library.open_library` → :class:`lawref.library.Library`
  (``search``, ``find``, ``subtree``);
* :func:`lawref.library.build` — build a corpus folder into an index folder;
* :func:`lawref.ingest.clean.clean`, :func:`lawref.parse.parse` — the stages.
"""

__version__ = "0.1.0"
