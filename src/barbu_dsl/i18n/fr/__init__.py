"""The messages in French: one module a catalog, each a dict of key → text."""

NAME = "Français"
"""The language's name in itself."""
