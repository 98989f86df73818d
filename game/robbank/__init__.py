"""How to Rob a Bank: the bank against one to three thief players (issue #15)."""
