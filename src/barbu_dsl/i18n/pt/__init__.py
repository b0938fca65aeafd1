"""The messages in Portuguese: one module a catalog, each a dict of key → text."""

NAME = "Português"
"""The language's name in itself."""

PLACE = 3
"""Where the language comes in every list of languages (English first, a new
language after the others): a spec's canonical text writes its names in this
order, so a place once given never changes."""
