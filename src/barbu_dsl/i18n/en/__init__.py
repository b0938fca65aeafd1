"""The messages in English: one module a catalog, each a dict of key → text."""

NAME = "English"
"""The language's name in itself."""
