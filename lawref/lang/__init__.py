"""lang: language data and helpers — morphology, English lexicon, catalogue, glossary."""
