"""query: the query side's rooms, one a job (find, source, pages, refs, editions, link, terms).

The :class:`~lawref.library.Library` facade holds the open generation and
hands each question on to one of them; they never import the library at
run time, nor a writer.
"""
