"""The native playouts (each generated package's ``native`` subpackage,
numba) against the Python playouts they are compiled from: for every
contract and player count, the same raw scores for the same
``random.Random``, hand after hand, the generator left in the same state,
and for single rollouts from given hands the same moves.

Compiling costs a few seconds a contract, so the suite checks the
tournament package, the exotic spec (every mechanic the bundled specs
do not use) and the exotic family spec (the forced plays and the order of
play of docs/rules.md section 6) by default; ``BARBU_NATIVE_ALL=1`` checks every bundled spec
and every package of ``generated/``.  Compiled code is cached by numba,
so a second run is quick."""

from __future__ import annotations

import os
import random
from pathlib import Path

import numba  # noqa: F401  (the test extra brings it: these tests run in CI)
import pytest

from barbu_dsl.generator import BUNDLED_TARGETS
from barbu_dsl.language import load_spec

pytestmark = pytest.mark.native  # numba compiles here (tests/conftest.py, TIERS)

EXOTIC = str(Path(__file__).with_name("exotic.yaml"))
EXOTIC_FAMILY = str(Path(__file__).with_name("exotic_family.yaml"))
DISCARDS = str(Path(__file__).with_name("discards.yaml"))
WIDOW = str(Path(__file__).with_name("widow.yaml"))
WIDOW_SLAM = str(Path(__file__).with_name("widow_slam.yaml"))
CHECKED_IN = BUNDLED_TARGETS if os.environ.get("BARBU_NATIVE_ALL") == "1" else ("tournament",)
HANDS = 120


def cases(package, contract: str | None = None):  # type: ignore[no-untyped-def]
    for name, info in package.CONTRACTS.items():
        for players in package.PLAYERS:
            if players in info.module.RULES and contract in (None, name):
                yield name, players


def contracts(ref: str) -> list[str]:
    """The names of the contracts of the spec ``ref``: a test per contract,
    so that the test processes share a large spec's compiling."""
    return [contract.name for contract in load_spec(ref).contracts]


def check_package(package, contract: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """Every contract of ``package`` (or the one named), at every player
    count: the native playouts and rollouts against the Python ones."""
    native = package.load_native()
    for name, players in cases(package, contract):
        declarer = players - 1
        rng_python, rng_native = random.Random(f"{name}/{players}"), random.Random(f"{name}/{players}")
        playout = package.make_rollout(name, players, declarer)
        expected = [playout(rng_python) for _ in range(HANDS)]
        got = native.playouts(name, rng_native, HANDS, players, declarer).tolist()
        assert got == expected, (name, players)
        assert rng_native.getstate() == rng_python.getstate(), (name, players)
        for seed in range(3):
            hands = [[c for c in range(52) if mask >> c & 1] for mask in package.deal_masks_of(seed, players)]
            moves_python: list[int] = []
            moves_native: list[int] = []
            raw_python = package.rollout(name, random.Random(seed), hands=hands, declarer=seed % players,
                                         moves=moves_python)
            raw_native = native.rollout(name, random.Random(seed), hands=hands, declarer=seed % players,
                                        moves=moves_native)
            assert (raw_native, moves_native) == (raw_python, moves_python), (name, players, seed)


@pytest.mark.parametrize("target", CHECKED_IN)
def test_checked_in_packages(target: str, checked_in) -> None:
    check_package(checked_in(target))


@pytest.mark.parametrize("contract", contracts(EXOTIC))
def test_exotic_mechanics(packages, contract: str) -> None:
    check_package(packages(EXOTIC), contract)


@pytest.mark.parametrize("contract", contracts(EXOTIC_FAMILY))
def test_wider_family_mechanics(packages, contract: str) -> None:
    """docs/rules.md section 6: play passing to the right (with the player
    on the declarer's right leading), must trump with a named and a fixed
    trump suit (alone and with must win with a trump), discards when void
    (fixed cards, and the cards that score under the named trump, after
    the trump obligations), domino aces that play again, with and without
    the end at the first out; and ten players, the most section 6 allows:
    the native playouts play them as the Python playouts do."""
    check_package(packages(EXOTIC_FAMILY), contract)


def test_a_dealer_who_discards(packages) -> None:
    """docs/rules.md section 6, ``leftover: dealer discards``: the native
    playouts deal the cards left over to the declarer, who discards as many
    at random, as the Python playouts do; from a record's hands as dealt
    the native rollout discards and plays as the Python rollout does."""
    package = packages(DISCARDS)
    check_package(package)
    native = package.load_native()
    for players in (3, 5):
        for seed in range(4):
            hands = [[c for c in range(52) if mask >> c & 1] for mask in package.deal_masks_of(seed, players)]
            dealt = {c for cards in hands for c in cards}
            hands[seed % players] += [c for c in range(52) if c not in dealt]  # the dealer's packet
            for name in package.CONTRACTS:
                results = []
                for rollout in (package.rollout, native.rollout):
                    moves: list[int] = []
                    discards: list[int] = []
                    raw = rollout(name, random.Random(seed), hands=hands, declarer=1, moves=moves, discards=discards)
                    results.append((raw, moves, discards))
                assert results[0] == results[1], (name, players, seed)
                assert len(results[0][2]) == 52 % players


def test_a_widow_to_the_first_trick(packages) -> None:
    """docs/rules.md section 6, ``leftover: widow to first trick``: the
    native playouts give the widow, the deck's cards dealt to no hand, to
    the taker of the first trick as the Python playouts do (with their
    points, the early end and an opening card in the widow); beside a slam
    that replaces the scores, the seat that takes every trick and the widow
    has taken every trick, natively too."""
    from .test_widow_package import slam_hands

    check_package(packages(WIDOW))
    package = packages(WIDOW_SLAM)
    native = package.load_native()
    for name in package.CONTRACTS:
        for seed in range(3):
            for card in (0, 26):  # 2♣ (the opening card) or 2♥ in the widow
                results = []
                for rollout in (package.rollout, native.rollout):
                    moves: list[int] = []
                    raw = rollout(name, random.Random(seed), hands=slam_hands(card), declarer=0, moves=moves)
                    results.append((raw, moves))
                assert results[0] == results[1], (name, seed, card)
                if name == "Slam":  # the declarer leads, takes every trick and the widow
                    assert results[1][0] == [30, 0, 0], (seed, card)


def test_native_hand_replays(checked_in) -> None:
    """A native rollout's moves are a legal hand that replays to its scores."""
    package = checked_in("tournament")
    native = package.load_native()
    for name in package.CONTRACTS:
        hands = package.deal(11)
        moves: list[int] = []
        raw = native.rollout(name, random.Random(4), hands=[[package.cards.CARD_OF[c] for c in h] for h in hands],
                             trump=2, start_rank=9, moves=moves)
        record = {"contract": name, "declarer": 0, "hands": hands,
                  "plays": [package.cards.MOVE_STR[m] for m in moves]}
        info = package.CONTRACTS[name]
        if info.trumps == "named":
            record["trump"] = "H"
        if info.start == "chosen":
            record["start_rank"] = "9"
        result = package.replay(record)
        assert result["status"] == "complete" and result["raw"] == raw, (name, result)


def test_compiled_code_cache_serves_any_import_name(checked_in) -> None:
    """numba's cache beside the files records the module name: the package
    imported under another name (here plainly, from ``generated/``, after
    the tests imported it as ``checked_in_tournament``) still loads it."""
    import subprocess
    import sys

    package = checked_in("tournament")
    expected = package.load_native().playouts("No hearts", random.Random(3), 5).tolist()
    code = ("import random, sys; sys.path.insert(0, sys.argv[1]); import tournament; "
            "print(tournament.load_native().playouts('No hearts', random.Random(3), 5).tolist())")
    result = subprocess.run([sys.executable, "-c", code, str(Path(package.__file__).parents[1])], check=False,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(expected)


def test_a_new_runtime_changes_every_contract_module() -> None:
    """numba checks a cached function against its own file only: a change
    of the runtime or of the Python rules a native contract module compiles
    in must change the module's own text, or numba would run the old code."""
    from barbu_dsl.generator import render
    from barbu_dsl.generator.plan import plan

    spec = plan(load_spec("tournament"))
    files = render.render_package(spec)
    runtime, rules = files[f"{spec.package}/native/runtime.py"], files[f"{spec.package}/c_no_hearts.py"]
    line = render._compiled_in(runtime, rules)
    assert line in files[f"{spec.package}/native/c_no_hearts.py"]
    assert render._compiled_in(runtime + "#", rules) != line
    assert render._compiled_in(runtime, rules + "#") != line
