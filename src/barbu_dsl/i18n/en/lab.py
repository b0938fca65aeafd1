"""What ``barbu simulate`` says while it works, in English."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "lab.compile.start": "Compiling the native playouts with numba: this is done once and takes about half a "
                         "minute; later runs load them from the cache in about a second.",
    "lab.compile.progress": "compiling: {count} functions",
    "lab.compile.still": "still compiling: {count} functions in {seconds} s",
    "lab.compile.done": "compiled {count} functions in {seconds} s; kept in the cache for the next runs.",
}
