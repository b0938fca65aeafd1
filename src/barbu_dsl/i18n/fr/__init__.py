"""The messages in French: one module a catalog, each a dict of key → text."""

NAME = "Français"
"""The language's name in itself."""

PLACE = 2
"""Where the language comes in every list of languages (English first, a new
language after the others): a spec's canonical text writes its names in this
order, so a place once given never changes."""
