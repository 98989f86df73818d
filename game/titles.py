"""The one list of titles: each line is the module that declares a title's ``TITLE`` spec
(:class:`game.engine.titles.TitleSpec`). Everything that needs to know the titles (the commands,
``simulate``, the self-test, ``check-data``, the screenshot registry, the chooser and ``play``)
reads this list through :mod:`game.engine.titles`; adding a title is its package plus one line here.
"""

TITLES: tuple[str, ...] = (
    "game.lupin.title",        # Lupin the 3rd – The Board Game
    "game.engine.example",     # Sealed bids, the engine's tiny example game
    "game.diabolik.title",     # Diabolik – Quadruplo furto
    "game.robbank.title",      # How to Rob a Bank
    "game.lupusburg.title",    # Lupusburg (the rules; the table comes later)
)
