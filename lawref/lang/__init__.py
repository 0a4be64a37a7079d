"""lang: language data and helpers — morphology, English lexicon, catalogue, glossary."""

#: The edition lawref's catalogue (``lawref/data/laws-1997.tsv``) answers in when a corpus names none.
DEFAULT_EDITION = "1997"
