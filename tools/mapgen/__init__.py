"""Text drafts of the boards and the tools that turn them into Tiled maps (see README.md)."""
