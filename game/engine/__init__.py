"""Title-agnostic, pure engine: never imports pygame (a test enforces it)."""
