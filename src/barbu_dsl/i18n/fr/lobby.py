"""What the table server says to the lobby in words: its refusals, and
the words of the house file it writes for the French family's choices
(its title, the names of the contracts it makes), in French."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "lobby.error.rules": "les règles ne passent pas la vérification",
    "lobby.error.players": "{spec} se joue à {counts} joueurs, pas à {count}",
    "lobby.error.names_count": "\"names\" donne un nom pour chacune des {players} places",
    "lobby.error.name": "un nom tient sur une ligne de 1 à {most} caractères, sans caractère de contrôle",
    "lobby.error.names_differ": "chaque place a un nom différent",
    "lobby.error.names_alike": "'{first}' et '{second}' se ressemblent : chaque place a un nom différent",
    "lobby.error.absent": "\"absent_after\" est un nombre de secondes de 0 à {most}, ou null",
    "lobby.error.language": "langue inconnue '{given}' (langues : {languages})",
    "lobby.error.mode_twice": "le mode se choisit une seule fois : les \"choices\" le choisissent, donc \"spec\" ne "
                              "peut pas appliquer aussi la variante '{variant}'",
    "lobby.error.no_modes": "{spec} joue ses contrats dans un ordre établi : il n'a pas de mode à choisir",
    "lobby.error.few_contracts": "{spec} a trop peu de contrats à choisir ({count}) : une partie choisie par la table en a au moins {low}",
    "lobby.error.choices": "les choix sont un objet : {{\"mode\": ..., \"contracts\": ..., \"picks\": [...], \"hands\": ...}}",
    "lobby.error.mode": "le mode est l'un de {modes}",
    "lobby.error.whole": "'{field}' est un nombre entier supérieur à zéro",
    "lobby.error.picks_list": "'picks' est la liste des contrats choisis",
    "lobby.error.pick": "chaque choix est le nom d'un contrat, ou {{\"name\": ..., \"suit\": ..., \"rank\": ..., "
                        "\"all_or_nothing\": ..., \"optional_overtrump\": ...}}",
    "lobby.error.flag": "'{field}' vaut true ou false",
    "lobby.error.letter": "'{field}' est une lettre",
    "lobby.error.custom_count": "en mode personnalisé, les contrats choisis font la partie : donnez 'picks', pas "
                                "'contracts'",
    "lobby.error.pick_count": "choisissez de {low} à {high} contrats (choisis : {count})",
    "lobby.error.picks_custom": "les contrats se choisissent seulement en mode personnalisé, pas en mode {mode}",
    "lobby.error.per_game": "une partie a de {low} à {high} contrats",
    "lobby.error.hands": "une partie a au plus {most} donnes",
    "lobby.error.no_contract": "{spec} n'a pas de contrat '{contract}'",
    "lobby.error.picked_twice": "'{contract}' est choisi deux fois",
    "lobby.error.no_all_or_nothing": "le tout ou rien n'est pas une variante de '{contract}'",
    "lobby.error.no_optional_overtrump": "la surcoupe facultative n'est pas une variante de '{contract}'",
    "lobby.error.alike": "'{contract}' et son jumeau se jouent de la même façon : donnez-leur les mêmes variantes",
    "lobby.error.no_suit": "'{contract}' n'a pas de couleur à choisir",
    "lobby.error.no_rank": "'{contract}' n'a pas de rang à choisir",
    "lobby.error.suit": "la couleur de '{contract}' est l'une de {letters}",
    "lobby.error.rank": "le rang de '{contract}' est l'un de {letters}",
    "lobby.error.second_contract": "'{contract}' serait un second contrat de ce nom",
    "lobby.house.title": "{title} (mode {mode})",
    "lobby.house.mode.classic": "classique",
    "lobby.house.mode.random": "aléatoire",
    "lobby.house.mode.individual-random": "aléatoire individuel",
    "lobby.house.mode.custom": "personnalisé",
    "lobby.house.variant": "Les contrats que cette table joue avec une autre couleur ou un autre rang, chacun avec "
                           "son jumeau.",
    "lobby.name.suit.0": "trèfles",
    "lobby.name.suit.1": "carreaux",
    "lobby.name.suit.2": "cœurs",
    "lobby.name.suit.3": "piques",
    "lobby.name.rank.10": "dix",
    "lobby.name.rank.11": "valets",
    "lobby.name.rank.12": "dames",
    "lobby.name.rank.13": "rois",
}
