"""Language helpers (Russian morphology)."""
