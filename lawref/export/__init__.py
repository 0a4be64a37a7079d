"""export: output formats — the JSON shapes, text for people, linked citations."""
