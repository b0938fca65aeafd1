"""What ``barbu simulate`` says while it works, in Portuguese."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "lab.compile.start": "A compilar as partidas nativas com numba: faz-se uma só vez e demora cerca de meio "
                         "minuto; nas vezes seguintes carregam-se da cache em cerca de um segundo.",
    "lab.compile.progress": "a compilar: {count} funções",
    "lab.compile.still": "ainda a compilar: {count} funções em {seconds} s",
    "lab.compile.done": "{count} funções compiladas em {seconds} s; ficam na cache para as vezes seguintes.",
}
