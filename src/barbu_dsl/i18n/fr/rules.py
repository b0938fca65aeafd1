"""The rules in words (barbu explain, describe at the table), in French."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
}
