"""What ``barbu simulate`` says while it works, in Italian."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "lab.compile.start": "Compilo le partite native con numba: si fa una volta sola e ci vuole circa mezzo "
                         "minuto; le prossime volte si caricano dalla cache in circa un secondo.",
    "lab.compile.progress": "compilazione: {count} funzioni",
    "lab.compile.still": "compilazione in corso: {count} funzioni in {seconds} s",
    "lab.compile.done": "compilate {count} funzioni in {seconds} s; restano nella cache per le prossime volte.",
}
