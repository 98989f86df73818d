"""Board drafts: one module per board (see ../README.md)."""
