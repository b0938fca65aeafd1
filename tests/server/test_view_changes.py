"""``view_changes`` (docs/server.md, A seat's WebSocket): what a seat is sent
instead of a whole ``view`` after its first; applied to the view it had,
it gives the view it would have been sent, whatever changed."""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from barbu_dsl.engine import GameState
from barbu_dsl.language.loader import load_spec
from barbu_dsl.server.protocol import apply_view_changes, view_changes

KEYS = st.sampled_from(["a", "b", "cards", "table", "turn"])
LEAVES = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["2C", "QS", "No tricks"])
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=4),
                      max_leaves=12)


@st.composite
def two_views(draw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two views with the same keys at the top (a view's keys never change), anything below."""
    keys = draw(st.lists(KEYS, min_size=1, max_size=5, unique=True))
    return ({key: draw(VALUES) for key in keys}, {key: draw(VALUES) for key in keys})


@given(two_views())
def test_the_changes_turn_the_old_view_into_the_new(views: tuple[dict[str, Any], dict[str, Any]]) -> None:
    old, new = views
    assert apply_view_changes(copy.deepcopy(old), view_changes(old, new)) == new
    assert view_changes(new, copy.deepcopy(new)) == []  # the same view: nothing is sent


def test_every_seat_of_real_games_gets_its_view_back_with_one_memo() -> None:
    """The views of four seats through whole games, the hand on the table
    shared by their views and compared once (one memo a change)."""
    spec = load_spec("bouillabaisse")
    for seed in range(3):
        game = GameState.new(spec, players=4, seed=seed)
        choose = random.Random(seed)
        shown = [copy.deepcopy(game.view(seat)) for seat in range(4)]
        sent = [game.view(seat) for seat in range(4)]
        while not game.over:
            game.apply(choose.choice(list(game.pending().options)))
            memo: dict[Any, Any] = {}
            now = [game.view(seat) for seat in range(4)]
            for seat in range(4):
                said = copy.deepcopy(view_changes(sent[seat], now[seat], memo=memo))  # as read from the socket
                shown[seat] = apply_view_changes(shown[seat], said)
                assert shown[seat] == now[seat]
            sent = now


def test_a_finished_trick_or_a_domino_play_is_sent_alone() -> None:
    """What a move costs a seat does not grow with the hand: within a hand,
    the finished tricks and the domino plays only grow, and a change sends
    the new ones at their index, never the lists again (docs/server.md,
    ``view_changes``)."""
    game = GameState.new(load_spec("tournament"), players=4, seed=5)
    choose = random.Random(5)
    sent = [game.view(seat) for seat in range(4)]
    grown = set()
    while not game.over:
        game.apply(choose.choice(list(game.pending().options)))
        now = [game.view(seat) for seat in range(4)]
        memo: dict[Any, Any] = {}
        for seat in range(4):
            same_hand = sent[seat]["hand"] == now[seat]["hand"] and sent[seat]["table"] is not None
            for path, _ in view_changes(sent[seat], now[seat], memo=memo):
                if same_hand and len(path) > 2 and path[1] in ("tricks", "plays"):
                    assert isinstance(path[-1], int), path
                    grown.add(path[1])
        sent = now
    assert grown == {"tricks", "plays"}  # both kinds of hand were played, and grew by items
