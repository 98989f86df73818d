"""Lupusburg (daVinci Editrice, 2nd edition): hidden roles in a ring of houses."""
