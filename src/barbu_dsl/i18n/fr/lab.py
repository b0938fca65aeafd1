"""What ``barbu simulate`` says while it works, in French."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "lab.compile.start": "Compilation des parties natives avec numba : elle se fait une seule fois et prend "
                         "environ une demi-minute ; les fois suivantes, elles se chargent du cache en une seconde "
                         "environ.",
    "lab.compile.progress": "compilation : {count} fonctions",
    "lab.compile.still": "compilation en cours : {count} fonctions en {seconds} s",
    "lab.compile.done": "{count} fonctions compilées en {seconds} s ; gardées dans le cache pour les fois suivantes.",
}
