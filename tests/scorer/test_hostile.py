"""Text from a spec or a player is data on the page, never markup or code:
names holding ``</script>``, quotes, ``<img onerror>``, RTL marks and
``__proto__`` show literally, and nothing of them runs."""

from __future__ import annotations

from pathlib import Path

from barbu_dsl.language import load_spec

from .ui import SheetPage

HOSTILE = '''\
name: "hostile</script>"
title: "</title><script>window.pwned = 1</script><img src=x onerror=\\"window.pwned = 2\\">"
description: "--> <!-- \\u2028 \\u2029"
players: 4
contracts:
  "</script><img src=x onerror=\\"window.pwned = 3\\">": −2 per trick
  "Q's \\"quoted\\" & <b>bold</b> {field}": −6 per queen
  "\\u202eRTL\\u202c مرحبا": K♥ −20
  "__proto__": −10 penultimate trick, −20 last trick
  "constructor": trumps, +5 per trick
'''
PLAYERS = ["<img src=x onerror=\"window.pwned = 4\">", "\u202eBea", "Carla's \"&amp;\"", "</script>"]


def test_hostile_names_show_literally_and_run_nothing(pages, tmp_path: Path) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(HOSTILE, encoding="utf-8")
    spec = load_spec(str(path))
    page = pages.open(str(path), spec_path=path)
    assert page.title() == spec.title
    assert page.locator("h1").inner_text() == spec.title
    sheet = SheetPage(page)
    sheet.start(PLAYERS)
    contracts = sheet.group("Contract").locator(".choice span").all_inner_texts()
    assert contracts == [c.name for c in spec.contracts]
    for contract in spec.contracts:  # every one can be chosen, __proto__ and constructor included
        sheet.pick("Declarer", PLAYERS[0])
        sheet.pick("Contract", contract.name)
    sheet.enter({"contract": spec.contracts[0].name, "declarer": 0, "took": {"tricks": [4, 3, 3, 3]},
                 "doubles": [[1, 0]]}, PLAYERS)
    assert sheet.status().startswith("✓ Hand 1 added")
    assert page.locator("li.hand .what").inner_text().endswith(f"{spec.contracts[0].name}, declared by {PLAYERS[0]}")
    assert page.locator("table.totals th[scope=row]").all_inner_texts() == PLAYERS
    assert page.evaluate("window.pwned") is None
    assert page.locator("img, b").count() == 0 and page.locator("script").count() == 2
