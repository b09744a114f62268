"""Regret per decision against a saved ceiling (issue 18, ``benchmarks/regret.py``): the
ceiling values the known-better action higher in constructed positions, a candidate
added later is paired with the saved ones, the best action's value is corrected for the
winner's curse, and a saved file scores exactly as the run that made it."""
from __future__ import annotations

import json
import random

import pytest

from benchmarks import regret as R
from table_app.core.actions import Discard, Draw, PassUpcard
from table_app.core.cards import parse_face


def _key_mean(ev: dict, a) -> float:
    xs = ev["per_world"][R.akey(a)]
    return sum(xs) / len(xs)


def _danger_table(variant: str, hand: str, upcard: str, melds: list[tuple[str, str]]):
    """``(rules, state)``: round 1, seat 0 to draw with ``upcard`` up, seat 3 (the seat
    before it) down with ``melds`` (natural cards from the stock) and one card left: a
    consistent position, every card in one place."""
    from table_app.core.cards import parse_cards
    from table_app.core.melds import build_meld
    from table_app.variants.contract_family import replace
    from tests.helpers.deals import engine_with_deal
    eng = engine_with_deal(variant, 4, 1, hands={0: hand}, upcard=upcard)
    rules, st = eng.rules, eng.state
    stock = list(st.stock)
    out = []
    for kind, codes in melds:
        ids = []
        for f in parse_cards(codes):
            c = next(c for c in reversed(stock) if c >> 3 == f)
            stock.remove(c)
            ids.append(c)
        out.append(build_meld(kind, 3, ids, (None,) * len(ids), rules.wild_ranks(1)))
    h = list(st.hands[3])
    hands = st.hands[:3] + (tuple(h[:1]),)
    return rules, replace(st, stock=tuple(h[1:] + stock), hands=hands, melds=tuple(out),
                          down=(False, False, False, True))


@pytest.mark.parametrize("variant", ["contract", "may_i"])
def test_the_ceiling_values_taking_an_upcard_that_completes_the_contract_above_passing(variant):
    """Round 1 (two sets): the king of hearts completes seat 0's contract
    (CF-7: it can go down this turn with it, not without) while seat 3 is down with one
    card; the ceiling's whole-deal rollouts (the real policy mix) value taking it far
    above passing (caught with the whole hand when seat 3 goes out, CF-15)."""
    from table_app.ai.blunders import BlunderCounter
    rules, st = _danger_table(variant, "9C 9D 9S KC KD AH QS JD 10C 8H", "KH",
                              [("set", "7S 7H 7D"), ("set", "6S 6H 6D")])
    assert BlunderCounter(rules, 4).completes(st, 0)
    obs, legal = rules.observe(st, 0), rules.legal_actions(st)
    take, skip = Draw(0, "discard"), PassUpcard(0)
    assert legal == [take, skip]
    ev = R.evaluate_all(rules, obs, legal, 7, R.Mix(variant), 0.0, worlds=16)
    assert ev["worlds"] == 16 and ev["cut"] == 0
    s = R.summarize(ev["per_world"])
    assert s["top"] == R.akey(take)
    assert _key_mean(ev, take) > _key_mean(ev, skip) + 10
    # paired: the take is better in more worlds than it is worse
    pairs = list(zip(ev["per_world"][R.akey(take)], ev["per_world"][R.akey(skip)]))
    assert sum(x > y for x, y in pairs) > 2 * sum(x < y for x, y in pairs)


def test_the_ceiling_values_a_safe_discard_above_the_card_the_down_next_player_goes_out_with():
    """Contract round 1: seat 1 is down (sevens and kings) with one card; seat 0's 7♣ lays
    off on the sevens and ends the deal with seat 0 caught holding its whole hand (CF-15),
    a lone 5♥ does not."""
    from tests.helpers.deals import down_table
    rules, st = down_table("contract", 1, "7C 9C 9D 9S QD QH 2H 3D 4S 5H", "8C", 1,
                           [("set", "7S 7H 7D"), ("set", "KS KH KD")], 1)
    obs, legal = rules.observe(st, 0), rules.legal_actions(st)
    feed, safe = Discard(0, parse_face("7C")), Discard(0, parse_face("5H"))
    assert feed in legal and safe in legal
    ev = R.evaluate_all(rules, obs, [feed, safe], 3, R.Mix("contract"), 0.0, worlds=12)
    assert _key_mean(ev, safe) > _key_mean(ev, feed) + 20


def test_a_candidate_evaluated_later_is_paired_with_the_saved_ones():
    """World ``k`` depends only on the seed and ``k``: ``evaluate_one`` reproduces a
    saved candidate's values exactly (a deterministic policy mix: the normal level
    alone; hard's tiny budget is CPU time)."""
    from tests.helpers.deals import engine_with_deal
    eng = engine_with_deal("contract", 4, 2, hands={0: "3C 4C 5C 9D 9S KH KD 2S 7H 8H"},
                           upcard="6C")
    obs, legal = eng.observe(0), eng.legal_actions()
    mix = R.Mix("contract", (("normal", 1.0),))
    ev = R.evaluate_all(eng.rules, obs, legal, 11, mix, 0.0, worlds=5)
    for a in legal:
        assert R.evaluate_one(eng.rules, obs, a, 11, mix, 5) == ev["per_world"][R.akey(a)]


def test_the_best_actions_value_is_corrected_for_the_winners_curse():
    # one clearly best action: its value is its mean (the bootstrap moves it little)
    s = R.summarize({"a": [1.0, 2.0, 3.0, 4.0] * 5, "b": [-50.0] * 20})
    assert s["top"] == "a" and s["top_mean"] == 2.5
    assert abs(s["best_value"] - 2.5) < 0.2 and s["best_cv"] == 2.5
    # two actions worth the same, noisy: the top mean is too high, the corrected value lower
    rng = random.Random(3)
    xs = [rng.gauss(0, 10) for _ in range(40)]
    ys = [rng.gauss(0, 10) for _ in range(40)]
    s = R.summarize({"x": xs, "y": ys})
    assert s["best_value"] < s["top_mean"]
    assert s["best_cv"] <= s["top_mean"]
    assert s["stats"]["x"]["se"] == pytest.approx(
        (sum((v - sum(xs) / 40) ** 2 for v in xs) / 39) ** 0.5 / 40 ** 0.5, abs=1e-3)


def test_the_goals_are_read_from_the_regrets():
    t = {"normal": {"regret": 2.0}, "hard@300": {"regret": 0.8}, "oracle_hands": {"regret": 0.5}}
    g = R.goals(t)
    assert g["half_of_normal_met"] and g["hard_over_normal"] == 0.4
    assert g["oracle_gain_over_normal"] == 1.5 and g["hard_recovers"] == 0.8
    assert g["recovers_half_met"]
    t["oracle_hands"]["regret"] = 2.5                  # the oracle gains nothing: not met
    g = R.goals(t)
    assert g["hard_recovers"] is None and not g["recovers_half_met"]


def test_the_points_rebuild_the_states_the_games_reached():
    from table_app.core.actions import event_from_json
    from table_app.engine.engine import Engine
    from table_app.variants import find_variant
    games, pts = R.sample_points("mexican", 6, 50_000, rate=0.2)
    assert len(pts) == 6
    for p in pts:
        g = games[p["game"]]
        rules, st = R.rebuild("mexican", g["events"], p["at"])
        eng = Engine(find_variant("mexican")({}), 4, auto=False)
        eng.run([event_from_json(d) for d in g["events"][:p["at"]]])
        assert eng.state == st
        ta = rules.to_act(st)
        assert ta is not None
        assert R.is_choice(rules.observe(st, ta[0]), rules.legal_actions(st))


def test_a_saved_ceiling_scores_exactly_as_the_run_that_made_it(tmp_path):
    path = tmp_path / "c.json"
    kw = dict(seed0=50_000, rate=0.2, eval_ms=0.0, truth_ms=0.001, oracle_ms=0.0,
              min_worlds=2, per_cand_ms=0.0, mix=(("normal", 1.0),))
    data = R.build("contract", 3, str(path), ("easy", "normal", "oracle_hands"), **kw)
    assert len(data["points"]) == 3
    first = R.score([data])
    loaded = R.load([str(path)])
    again = R.score(loaded)
    first.pop("cpu_s")
    again.pop("cpu_s")
    assert json.dumps(first, sort_keys=True) == json.dumps(again, sort_keys=True)
    # every candidate is a legal action with per-world values and a standard error
    for p in loaded[0]["points"]:
        assert set(p["picks"]) == {"easy", "normal", "oracle_hands"}
        for k in p["candidates"]:
            assert len(p["fair"]["per_world"][k]) == p["fair"]["worlds"] >= 2
            assert p["fair"]["stats"][k]["se"] is not None
    # the players named pick again now (the same rng): the same regrets
    re = R.score(R.load([str(path)]), ["easy", "normal"])
    for cl in ("fair", "truth"):
        for s in ("easy", "normal"):
            assert re["variants"]["contract"][cl]["players"][s] == \
                first["variants"]["contract"][cl]["players"][s]
        t = first["variants"]["contract"][cl]["players"]
        assert t["normal"]["differs_from_normal"] == 0
        assert sum(n for _, n in t["easy"]["by_phase"].values()) == t["easy"]["n"] == 3
        assert re["variants"]["contract"]["players"]["normal"]["repicked"]
        assert re["variants"]["contract"]["players"]["normal"]["late_scored"] == 0
    # the oracle picks again at --load with the same seeds: here its least 4 worlds
    ro = R.score(R.load([str(path)]), ["normal", "oracle_hands@0"])
    for cl in ("fair", "truth"):
        assert ro["variants"]["contract"][cl]["players"]["oracle_hands@0"]["regret"] == \
            first["variants"]["contract"][cl]["players"]["oracle_hands"]["regret"]
    # a slice of the same points, loaded with the rest, is the same points
    part = R.build("contract", 3, None, ("normal",), start=1, count=2, **kw)
    assert [p["index"] for p in part["points"]] == [1, 2]
    assert part["points"][0]["candidates"] == data["points"][1]["candidates"]
    assert part["points"][0]["fair"]["per_world"] == data["points"][1]["fair"]["per_world"]


def test_the_command_line_saves_and_loads(tmp_path, capsys):
    path = tmp_path / "m.json"
    assert R.main(["--variant", "may_i", "--points", "2", "--rate", "0.2", "--eval-ms", "0",
                   "--per-cand-ms", "0", "--truth-ms", "0", "--min-worlds", "2",
                   "--players", "normal,hard@60000", "--save", str(path)]) == 0
    built = json.loads(capsys.readouterr().out)
    assert R.main(["--load", str(path)]) == 0
    loaded = json.loads(capsys.readouterr().out)
    assert loaded["variants"]["may_i"]["fair"] == built["variants"]["may_i"]["fair"]
    assert "truth" not in loaded["variants"]["may_i"]
    assert R.main(["--load", str(path), "--md"]) == 0
    md = capsys.readouterr().out
    assert "**may_i, fair ceiling** (2 decisions" in md and "| hard@60000 |" in md


def test_a_player_spec_names_hards_search_points_and_options():
    from benchmarks.regret import make
    assert make("hard@300", "contract").search_points == frozenset({"CR-5", "CF-10", "CR-9"})
    p = make("hard@30[MI-5:any+h=3+w=5]", "may_i")
    assert p.search_points == frozenset({"MI-5:any"}) and p.budget_ms == 30.0
    assert p.search_horizon == 3 and p._search.width == 5
    assert make("hard@300[]", "mexican").search_points == frozenset()
    assert make("hard@300[MX-7+whole]", "mexican").search_horizon is None
    assert make("hard@300[MX-7+wpw=20]", "mexican").w_points_whole == 20.0
    p = make("hard@300[MI-5+wp=5+wf=80+wi=150]", "may_i")
    assert (p.w_points, p.w_feed, p.w_improve) == (5.0, 80.0, 150.0)
    assert p.search_points == frozenset({"MI-5"})
    with pytest.raises(ValueError):
        make("hard@300[XX-1]", "contract")
    with pytest.raises(ValueError):
        make("normal[CR-5]", "contract")


def test_refine_evaluates_the_chosen_points_again_at_more_worlds(tmp_path, capsys):
    path = tmp_path / "r.json"
    kw = dict(seed0=50_000, rate=0.2, eval_ms=0.0, truth_ms=0.0, oracle_ms=0.0,
              min_worlds=2, per_cand_ms=0.0, mix=(("normal", 1.0),))
    data = R.build("contract", 3, str(path), ("normal",), **kw)
    phases = [p["phase"] for p in data["points"]]
    phase = phases[0]
    chosen = [p["index"] for p in data["points"] if p["phase"] == phase]
    assert R.main(["--load", str(path), "--refine", "4", "--phase", phase]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == len(chosen)
    after = {p["index"]: p for p in R.load([str(path)])[0]["points"]}
    for p in data["points"]:
        q = after[p["index"]]
        if p["index"] in chosen:
            assert q["fair"]["worlds"] == 4 and q["fair"]["seed"] == p["fair"]["seed"]
            # the same seed, the same code: the saved worlds come first, then two more
            assert q["fair"]["refined"] == {"from_worlds": 2, "commit": R._commit(),
                                            "first_worlds_reproduced": True}
            for k, xs in p["fair"]["per_world"].items():
                assert q["fair"]["per_world"][k][:2] == xs
                assert len(q["fair"]["per_world"][k]) == 4
            assert set(q["fair"]["stats"]) == set(p["fair"]["per_world"])
        else:
            assert q["fair"] == p["fair"]
    # nothing below the count is left: a second run refines nothing
    assert R.main(["--load", str(path), "--refine", "4", "--phase", phase]) == 0
    assert json.loads(capsys.readouterr().out)["points"] == 0
    assert R.main(["--refine", "4"]) == 2
    # two worker processes share the rest (any phase), with the same values
    res = R.refine([str(path)], 3, cores=2)
    assert res["points"] == len(data["points"]) - len(chosen)
    for q in R.load([str(path)])[0]["points"]:
        assert q["fair"]["worlds"] == (4 if q["index"] in chosen else 3)
        assert q["fair"]["refined"]["first_worlds_reproduced"] is True
