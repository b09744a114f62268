"""Michigan's regret ceiling (issue 18, ``benchmarks/regret_michigan.py`` through
``benchmarks/regret.py``): its decision points are the leads with a choice (MG-5, MG-8),
the ceiling values a lead by the chips of the whole deal played out in the rules'
sampled deals (MG-9, MG-10, the cells left shared, MG-11), the truth ceiling and
``oracle_hands`` play the real deal, and a saved file scores as the run that made it."""
from __future__ import annotations

import json
import random

import pytest

from benchmarks import regret as R
from table_app.ai.oracle import OracleMichigan
from table_app.core.actions import Deal
from table_app.core.cards import parse_face as F
from table_app.variants.michigan import MichiganRules
from tests.helpers.deals import michigan_deck


def _ace_stop_table():
    """3 players, seat 1 leads first holding 9♥ ... A♥ and 2♣ ... 8♣ (13 cards)."""
    rules = MichiganRules({})
    deck = michigan_deck(3, 0, {1: "9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 8C"})
    st = rules.apply(rules.initial_state(3), Deal(1, 0, deck))
    return rules, st, rules.observe(st, 1), rules.legal_actions(st)


def test_the_ceiling_values_the_lead_that_goes_out_at_its_exact_chips_in_every_world():
    """Leading 9♥ plays six hearts, takes the A♥ cell (MG-9), keeps the lead at the ace
    (MG-7) and plays 2♣ ... 8♣: out (MG-10) whatever the others hold, so in every
    sampled deal it is worth the A♥ cell, the kitty, the 26 cards of the two others and
    a third of the three cells left (MG-11).  Leading 2♣ hands the lead to the holder
    of 9♣: worth less on average."""
    rules, st, obs, legal = _ace_stop_table()
    hearts = next(a for a in legal if a.card == F("9H"))
    clubs = next(a for a in legal if a.card == F("2C"))
    ev = R.evaluate_all(rules, obs, legal, 5, R.Mix("michigan"), 0.0, worlds=40)
    assert ev["worlds"] == 40 and ev["cut"] == 0
    cells = {k: float(v) for k, v in obs.layout.items()}
    exact = cells["AH"] + float(obs.kitty) + 26 + (cells["KC"] + cells["QD"] + cells["JS"]) / 3
    assert ev["per_world"][R.akey(hearts)] == [round(exact, 3)] * 40
    cl = ev["per_world"][R.akey(clubs)]
    assert sum(cl) / len(cl) < exact - 5
    assert R.summarize(ev["per_world"])["top"] == R.akey(hearts)


def test_the_truth_ceiling_and_oracle_hands_play_the_real_deal():
    """With the normal policy for every seat, each truth world is the real deal played
    out as ``OracleMichigan`` plays it: its chips plus the share of the cells left;
    ``oracle_hands`` picks the lead the oracle does."""
    rules, st, obs, legal = _ace_stop_table()
    loc = R.hidden_hands(st, obs)
    assert loc == list(st.loc) and len(loc) == 52
    mix = R.Mix("michigan", (("normal", 1.0),))
    ev = R.evaluate_all(rules, obs, legal, 9, mix, 0.0, worlds=3, hands=loc)
    vals = OracleMichigan.lead_values(obs, legal, loc)
    for a in legal:
        xs = ev["per_world"][R.akey(a)]
        assert len(set(xs)) == 1                      # one deal, one policy: one value
        assert xs[0] >= round(vals[a], 3)             # plus the cells left, shared
    a, worlds = R.oracle_pick(rules, obs, legal, loc, 1, 0.0)
    assert a.card == F("9H") and worlds == 1
    assert a == OracleMichigan("michigan").decide_state(st, obs, legal, None)[0]


def test_michigans_points_are_leads_with_a_choice_and_rebuild_the_states_reached():
    games, pts = R.sample_points("michigan", 5, 50_000, rate=0.3)
    assert len(pts) == 5
    for p in pts:
        rules, st = R.rebuild("michigan", games[p["game"]]["events"], p["at"])
        ta = rules.to_act(st)
        assert ta is not None and str(ta[1]) == "lead"
        legal = rules.legal_actions(st)
        assert len(legal) >= 2 and R.is_choice(rules.observe(st, ta[0]), legal)
    rules, st, obs, legal = _ace_stop_table()
    follow = rules.apply(st, legal[0])               # 9♥ led: the next play is forced
    ta = rules.to_act(follow)
    assert ta is not None and str(ta[1]) == "follow"
    assert not R.is_choice(rules.observe(follow, ta[0]), rules.legal_actions(follow))


def test_a_saved_michigan_ceiling_scores_as_the_run_that_made_it(tmp_path):
    path = tmp_path / "m.json"
    kw = dict(seed0=50_000, rate=0.3, eval_ms=0.0, truth_ms=0.001, oracle_ms=0.0,
              min_worlds=4, per_cand_ms=0.0)
    data = R.build("michigan", 3, str(path), ("easy", "normal", "oracle_hands"), **kw)
    first = R.score([data])
    again = R.score(R.load([str(path)]))
    first.pop("cpu_s")
    again.pop("cpu_s")
    assert json.dumps(first, sort_keys=True) == json.dumps(again, sort_keys=True)
    v = first["variants"]["michigan"]
    assert v["ceiling"]["phases"] == {"lead": 3}
    for p in data["points"]:
        assert p["fair"]["worlds"] >= 4 and p["oracle_worlds"] == 1
        assert len(p["candidates"]) >= 2
    # normal picks again now (deterministic): the same regrets; the oracle again too
    re = R.score(R.load([str(path)]), ["normal", "oracle_hands@0"])
    for cl in ("fair", "truth"):
        assert re["variants"]["michigan"][cl]["players"]["normal"] == \
            v[cl]["players"]["normal"]
        assert re["variants"]["michigan"][cl]["players"]["oracle_hands@0"]["regret"] == \
            v[cl]["players"]["oracle_hands"]["regret"]


def test_hards_opponent_model_forgets_the_earlier_points_deals():
    """Each point is picked from its own deal (``SearchMichigan.forget``, called by
    ``regret.pick``): the model's memory of earlier deals is gone."""
    from table_app.ai.is_search import SearchMichigan
    _rules, _st, obs, legal = _ace_stop_table()
    p = SearchMichigan(budget_ms=5.0)
    # as after an earlier decision of this deal at this table (3 seats, seat 1)
    p._tkey, p._tround, p._tprior = (3, 1), obs.round, {2: 1.5}
    p.decide(obs, legal, random.Random(0))
    assert p._tprior == {2: 1.5}                      # remembered without forget
    a, _ms = R.pick("hard@5", p, obs, legal, 0)
    assert a in legal
    assert p._tprior == {} and p._tround == obs.round


def test_a_michigan_spec_sets_hards_options():
    p = R.make("hard@300[z=none+eps=1+share=0]", "michigan")
    assert (p.z, p.eps, p.share_left, p.budget_ms) == (None, 1.0, False, 300.0)
    assert R.make("hard@30[z=0.5]", "michigan").z == 0.5
    for bad in ("hard@300[CR-5]", "hard@300[share=2]", "normal[z=1]"):
        with pytest.raises(ValueError):
            R.make(bad, "michigan")


def test_michigans_search_without_z_plays_the_best_weighted_mean():
    """``z = None`` (``hard@300[z=none]``): the lead with the best weighted mean of the
    worlds, the heuristic's lead no longer standing by default."""
    from table_app.ai.is_search import SearchMichigan
    _rules, _st, obs, legal = _ace_stop_table()
    p = SearchMichigan()
    p.z = None
    hearts, clubs = (next(a for a in legal if a.card == F(c)) for c in ("9H", "2C"))
    p.last_weights = [1.0, 1.0, 0.1, 1.0]
    per = {a: [0.0, 0.0, 0.0, 0.0] for a in legal}
    per[clubs] = [1.0, 1.0, 1.0, 1.0]
    per[hearts] = [0.0, 0.0, 50.0, 0.0]          # weighted 5.0 against clubs' 3.1
    assert p.pick(obs, legal, per) == hearts
    per[hearts] = [0.0, 0.0, 20.0, 0.0]          # weighted 2.0 < 3.1 (unweighted 5 > 4)
    assert p.pick(obs, legal, per) == clubs
