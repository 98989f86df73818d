"""Heist Table: published heist board games on one screen, rules enforced."""

__version__ = "0.1.0"
