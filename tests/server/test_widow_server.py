"""docs/rules.md section 6, Packs, decks and player counts: an online
table of a spec with a widow plays to its end, its seats see the widow
only once the first trick takes it; ``barbu join`` sits at a table with a
widow, or where the dealer discards the cards left over, and plays it to
its end as the server does."""

from __future__ import annotations

from pathlib import Path

from server.helpers import ServerProcess, first_option, play_until_over
from server.test_join import join

WIDOW = (Path(__file__).parents[1] / "generator" / "widow.yaml").read_text(encoding="utf-8")


def test_a_table_with_a_widow_plays_to_its_end(server: ServerProcess) -> None:
    table = server.post("/api/tables", {"spec_text": WIDOW, "seats": ["human", "rules", "random", "rules", "random"],
                                        "seed": 2})
    ada = server.seat(table, 0)
    play_until_over([ada], first_option)
    assert ada.over is not None
    taken = [e for e in ada.events.values() if e["type"] == "widow"]
    assert taken and all(len(e["cards"]) == 2 for e in taken)


SHORT = ("name: short\nplayers: 3\ndeck: 32\ndoubling: false\nleftover: {leftover}\ncontracts:\n"
         "  Hearts: −1 per ♥, Q♠ −6, 7♣ leads\n  Last: −10 last trick\n")


def play_at_the_terminal(server: ServerProcess, leftover: str, lines: list[str], *args: str) -> str:
    """A person at the terminal (seat 0, answers typed in advance) and one
    over the protocol play a whole game of ``SHORT`` with a random bot; the
    terminal ends with the server's totals.  What the terminal said."""
    table = server.post("/api/tables", {"spec_text": SHORT.format(leftover=leftover), "seed": 3,
                                        "seats": ["human", "human", "random"], "names": ["Ada", "Bo", "Cy"]})
    terminal = join(server, table["links"][0], lines, "--plain", *args)
    bo = server.seat(table, 1)
    play_until_over([bo], first_option)
    out, err = terminal.communicate(timeout=180)
    assert terminal.returncode == 0, err
    assert "Traceback" not in err and "\x1b" not in out
    totals = server.get(f"/api/tables/{table['table']}")["totals"]
    assert bo.over is not None and bo.over["totals"] == totals
    return out


def test_barbu_join_plays_a_table_whose_widow_goes_to_the_first_trick(server: ServerProcess) -> None:
    """Section 6: the two cards left over are in no hand until the taker of
    the first trick takes them, which the terminal says with the cards."""
    out = play_at_the_terminal(server, "widow to first trick", ["auto"] * 200, "--lang", "en")
    assert out.count("the widow with the first trick: ") == 6, out[:3000]
    assert "Hand 6 of 6." in out and "The game is over." in out


def test_barbu_join_plays_a_table_whose_widow_is_set_aside(server: ServerProcess) -> None:
    """Section 6: an aside widow is never shown; the hands are played out."""
    out = play_at_the_terminal(server, "widow aside", ["auto"] * 200, "--lang", "it")
    assert "monte" not in out and "Mano 6 di 6." in out and "La partita è finita." in out


def test_barbu_join_plays_a_table_where_the_dealer_discards(server: ServerProcess) -> None:
    """Section 6, ``leftover: dealer discards``: the dealer is dealt the two
    cards left over and discards two face down once the contract is
    announced; the person, dealer twice, is asked for each card and hears
    what they discarded, and hears when another dealer discards."""
    out = play_at_the_terminal(server, "dealer discards", ["ZZ", *["auto"] * 200], "--lang", "fr")
    assert "'ZZ'" in out  # a typing slip is answered, and asked again
    assert out.count("sur 2 à écarter ?") == 4, out[:3000]
    assert out.count("Vous avez écarté ") == 2, out[:3000]
    assert out.count("Le donneur écarte face cachée les cartes en trop (2).") == 6
