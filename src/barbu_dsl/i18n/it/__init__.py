"""The messages in Italian: one module a catalog, each a dict of key → text."""

NAME = "Italiano"
"""The language's name in itself."""
