"""Writes the project's own golden contract-family records (run from the checkout root:
``python tests/records/make_contract_records.py``).  Each record has an .expected.json
in the format of ../shared/acceptance (a subset of ``verify --json``, or
``{"exit": 1, "rules": [...]}`` / ``{"exit": 2}``)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # the checkout: tests.helpers

from table_app.core.actions import (  # noqa: E402
    Buy,
    Discard,
    Draw,
    GoDown,
    LayOff,
    MeldDecl,
    PassBuy,
    PassUpcard,
    Swap,
)
from table_app.core.cards import JOKER  # noqa: E402
from table_app.core.cards import parse_face as F
from table_app.engine.record import dumps, make_header  # noqa: E402
from tests.helpers.deals import engine_with_deal  # noqa: E402


def players(n):
    names = ["You", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
    return [{"name": names[0], "kind": "human"}] + [
        {"name": names[i], "kind": "ai", "level": "normal"} for i in range(1, n)]


def write(name, variant, n, eng, expected, options=None, tail=()):
    h = make_header(variant, players(n), options, seed=7, app_version="0.1.0")
    h["created"] = "2026-11-30T00:00:00Z"
    text = dumps(h, eng.log)
    for extra in tail:
        text += extra + "\n"
    (HERE / f"{name}.jsonl").write_text(text, encoding="utf-8")
    (HERE / f"{name}.expected.json").write_text(json.dumps(expected, indent=1) + "\n")


def M(kind, cards, roles=None):
    return MeldDecl.make(kind, cards, roles)


def pass_window(eng):
    while eng.to_act()[1] == "buy":
        eng.apply(PassBuy(eng.to_act()[0]))


def main():
    # 1. May I?: a chained buy, going down with touching runs, laying off a turn later
    eng = engine_with_deal("may_i", 4, 3, dealer=3, hands={2: "3H 4H 5H 6H 7H 8H 9H 10H JH AC",
                                                           1: "QH 2C 2H 2S 5C 6C 9D 9S 9C KD"},
                           upcard="2D", stock="QC 5S 6S KS 4D 4S 8D")
    eng.apply(PassUpcard(0)); eng.apply(PassBuy(1)); eng.apply(Buy(2))
    eng.apply(Draw(0, "stock")); eng.apply(Discard(0, F("5S")))
    eng.apply(PassUpcard(1)); eng.apply(PassBuy(2)); eng.apply(PassBuy(3))
    eng.apply(Draw(1, "stock")); eng.apply(Discard(1, F("6S")))
    eng.apply(PassUpcard(2)); pass_window(eng); eng.apply(Draw(2, "stock"))
    eng.apply(GoDown(2, (M("run", "3H 4H 5H 6H 7H"), M("run", "8H 9H 10H JH"))))
    eng.apply(Discard(2, F("KS")))
    eng.apply(PassUpcard(3)); pass_window(eng); eng.apply(Draw(3, "stock"))
    eng.apply(Discard(3, F("4D")))
    eng.apply(PassUpcard(0)); pass_window(eng); eng.apply(Draw(0, "stock"))
    eng.apply(Discard(0, F("4S")))
    eng.apply(Draw(1, "discard"))  # takes 4S
    eng.apply(Discard(1, F("QH")))
    eng.apply(Draw(2, "discard"))  # takes QH
    eng.apply(LayOff(2, 1, F("QH")))
    eng.apply(Discard(2, F("2D")))
    write("may_i_buys_and_layoff", "may_i", 4, eng,
          {"variant": "may_i", "deals": [], "finished": False, "to_act": {"player": 3, "phase": "draw"}})

    # 2. the same opening with a lay-off on the going-down turn: refused (MI-4)
    eng2 = engine_with_deal("may_i", 4, 3, dealer=3, hands={2: "3H 4H 5H 6H 7H 8H 9H 10H JH AC"},
                            upcard="2D", stock="QC 5S 6S KS")
    eng2.apply(PassUpcard(0)); eng2.apply(PassBuy(1)); eng2.apply(Buy(2))
    eng2.apply(Draw(0, "stock")); eng2.apply(Discard(0, F("5S")))
    eng2.apply(PassUpcard(1)); eng2.apply(PassBuy(2)); eng2.apply(PassBuy(3))
    eng2.apply(Draw(1, "stock")); eng2.apply(Discard(1, F("6S")))
    eng2.apply(PassUpcard(2)); pass_window(eng2); eng2.apply(Draw(2, "stock"))
    eng2.apply(GoDown(2, (M("run", "3H 4H 5H 6H 7H"), M("run", "8H 9H 10H JH"))))
    write("may_i_layoff_on_going_down_turn", "may_i", 4, eng2, {"exit": 1, "rules": ["MI-4"]},
          tail=['{"type": "lay_off", "player": 2, "meld": 1, "card": "QC", "role": null}'])

    # 3. Contract: exact contract, lay-off right after, a call with its penalty card, a swap
    eng3 = engine_with_deal("contract", 4, 2, hands={0: "5C 6C JK 8C 9C 7D 7H 7S QH KD",
                                                     1: "7C JK 4S 8S 10S 10H 10D 2D 3D 4D"},
                            upcard="KS", stock="2S 6D 6H")
    eng3.apply(PassUpcard(0)); eng3.apply(Buy(1))  # seat 1 calls KS and gets 2S
    eng3.apply(Draw(0, "stock"))  # 6D
    eng3.apply(GoDown(0, (M("run", "6C JK 8C 9C", [None, "7C", None, None]), M("set", "7D 7H 7S"))))
    eng3.apply(LayOff(0, 0, F("5C")))
    eng3.apply(Discard(0, F("KD")))
    eng3.apply(PassUpcard(1)); pass_window(eng3); eng3.apply(Draw(1, "stock"))  # 6H
    eng3.apply(GoDown(1, (M("run", "2D 3D 4D JK", [None, None, None, "5D"]),
                          M("set", "10S 10H 10D"))))
    eng3.apply(Swap(1, 0, F("7C")))
    eng3.apply(LayOff(1, 3, JOKER, F("10C")))
    eng3.apply(Discard(1, F("KS")))
    write("contract_call_layoff_swap", "contract", 4, eng3,
          {"variant": "contract", "deals": [], "finished": False, "to_act": {"player": 2, "phase": "draw"}})

    # 4. Mexican round 7: going out with the whole hand ends the game
    eng4 = engine_with_deal("mexican", 3, 7, dealer=2, hands={0: "3S 4S 5S 6S 7S 8H 9H 10H JH QH 9C 10C JC"},
                            stock="QC")
    eng4.apply(Draw(0, "stock"))
    eng4.apply(GoDown(0, (M("run", "3S 4S 5S 6S 7S"), M("run", "8H 9H 10H JH QH"),
                          M("run", "9C 10C JC QC"))))
    sc = list(eng4.state.results[-1].scores)
    write("mexican_round7_whole_hand", "mexican", 3, eng4,
          {"variant": "mexican", "deals": [{"round": 7, "winner": 0, "scores": sc}],
           "totals": sc, "finished": True})
    # 5. the same with an event after the game's end: not a record (exit 2)
    write("mexican_event_after_end", "mexican", 3, eng4, {"exit": 2},
          tail=['{"type": "draw", "player": 1, "from": "stock"}'])
    # 6. a deal_end that disagrees with the rules (exit 1, CF-15)
    h = make_header("mexican", players(3), None, seed=7, app_version="0.1.0")
    h["created"] = "2026-11-30T00:00:00Z"
    lines = dumps(h, eng4.log).splitlines()
    bad = [ln.replace('"scores": [0, ', '"scores": [5, ') if '"deal_end"' in ln else ln for ln in lines]
    (HERE / "mexican_wrong_deal_end.jsonl").write_text("\n".join(bad) + "\n")
    (HERE / "mexican_wrong_deal_end.expected.json").write_text(json.dumps({"exit": 1, "rules": ["CF-15"]}) + "\n")
    # 7. a torn last line (exit 2)
    (HERE / "torn_last_line.jsonl").write_text("\n".join(lines[:3]) + "\n" + lines[3][:25])
    (HERE / "torn_last_line.expected.json").write_text(json.dumps({"exit": 2}) + "\n")
    # 8. a foreign file (exit 2)
    (HERE / "foreign_file.jsonl").write_text('{"format": "pgn", "version": 1}\n')
    (HERE / "foreign_file.expected.json").write_text(json.dumps({"exit": 2}) + "\n")
    # 9. a deck that is not the variant's deck (exit 2): one card short
    deal = json.loads(lines[1])
    deal["deck"] = deal["deck"][:-1]
    (HERE / "short_deck.jsonl").write_text(lines[0] + "\n" + json.dumps(deal) + "\n")
    (HERE / "short_deck.expected.json").write_text(json.dumps({"exit": 2}) + "\n")
    # 10. a newer version (exit 2)
    hv = dict(h, version=99)
    (HERE / "newer_version.jsonl").write_text(json.dumps(hv) + "\n")
    (HERE / "newer_version.expected.json").write_text(json.dumps({"exit": 2}) + "\n")


if __name__ == "__main__":
    main()
