"""The messages in Italian: one module a catalog, each a dict of key → text."""

NAME = "Italiano"
"""The language's name in itself."""

PLACE = 1
"""Where the language comes in every list of languages (English first, a new
language after the others): a spec's canonical text writes its names in this
order, so a place once given never changes."""
