"""``barbu fmt`` keeps the user's words: every comment comes back at the
key it was written by, shorthand such as ``highest 8 each`` stays as
written, and the result is canonical (``fmt --check`` passes on it) and
stable (formatting it again changes nothing)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import assert_golden
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_dsl.language import load_file, parse_spec, print_file
from barbu_dsl.language.comments import file_comments, with_comments
from barbu_dsl.resources import bundled_spec_names, bundled_spec_text

HERE = Path(__file__).parent / "fmt"


def fmt(path: Path) -> str:
    return with_comments(print_file(load_file(path)), file_comments(path.read_text(encoding="utf-8")))


def comment_texts(text: str) -> Counter[str]:
    return Counter(line for c in file_comments(text) for line in c.lines)


def test_comments_and_shorthand_come_back(tmp_path: Path) -> None:
    for name in ("commented", "house"):
        path = HERE / f"{name}.yaml"
        printed = fmt(path)
        assert_golden(printed, HERE / f"{name}.expected.yaml")
        assert comment_texts(printed) == comment_texts(path.read_text(encoding="utf-8"))
        again = tmp_path / f"{name}.yaml"
        again.write_text(printed, encoding="utf-8")
        assert fmt(again) == printed  # stable
        result = subprocess.run([sys.executable, "-m", "barbu_dsl", "fmt", str(again), "--check"],
                                capture_output=True, text=True, check=False)
        assert result.returncode == 0, result.stderr


def test_highest_each_is_kept_while_it_still_means_the_cards() -> None:
    spec = parse_spec("players: [4, 10]\ndecks: {10: highest 5 each}\ncontracts:\n  A: −1 per trick\n")
    assert "  10: highest 5 each\n" in print_file(spec)


def test_a_hash_in_a_quoted_name_is_no_comment() -> None:
    assert file_comments('contracts:\n  "A # b": −1 per trick\n') == []


def test_a_comment_whose_key_is_left_out_stays_with_its_section() -> None:
    text = "players: 4\ngame:\n  # we aim high\n  aim: highest\n  chooser: rotating\ncontracts:\n  A: −1 per trick\n"
    printed = with_comments(print_file(parse_spec(text)), file_comments(text))
    assert "game:  # we aim high\n" in printed or "# we aim high\ngame:" in printed


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(bundled_spec_names()), st.lists(st.tuples(st.integers(0, 400), st.booleans()), max_size=6))
def test_any_comments_added_to_a_bundled_spec_survive_fmt(name: str, places: list[tuple[int, bool]]) -> None:
    lines = bundled_spec_text(name).split("\n")
    body = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    for number, (place, trailing) in enumerate(places):
        index = body[place % len(body)]
        if trailing and "#" not in lines[index] and not lines[index].rstrip().endswith((":", "|", ">", ">-")):
            lines[index] += f"  # note {number}"
        else:
            indent = lines[index][:len(lines[index]) - len(lines[index].lstrip())]
            lines.insert(index, f"{indent}# note {number}")
            body = [i + (i >= index) for i in body]
    text = "\n".join(lines)
    spec = parse_spec(text, f"{name}.yaml", name)
    printed = with_comments(print_file(spec), file_comments(text))
    assert comment_texts(printed) == comment_texts(text)
    assert parse_spec(printed, f"{name}.yaml", name) == spec
    assert with_comments(print_file(spec), file_comments(printed)) == printed
