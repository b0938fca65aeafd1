"""The messages in Portuguese: one module a catalog, each a dict of key → text."""

NAME = "Português"
"""The language's name in itself."""
