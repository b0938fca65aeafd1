"""The rules in words (barbu explain, describe at the table), in English."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
}
