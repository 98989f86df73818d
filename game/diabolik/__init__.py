"""Diabolik – Quadruplo furto: the co-operative heist against the automated police (issue #13).

``game.diabolik.rules`` holds the pure rules; ``game.diabolik.title`` declares the title."""
