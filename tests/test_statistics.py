"""Issue 19: statistics are a fold of the library's finished games (per game, overall,
against each opponent level; practice games apart), shown on the Statistics screen and
printed by ``table-app stats [--json]``; deleting ``stats.json`` loses nothing."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.records import LEVELS, VARIANTS, make_library, run_cli  # noqa: E402


@pytest.fixture(scope="module")
def _built(tmp_path_factory):
    """``make_library()``'s files, made once for the module: {name: bytes} in order."""
    import os
    home = tmp_path_factory.mktemp("statshome")
    old = os.environ.get("TABLE_APP_HOME")
    os.environ["TABLE_APP_HOME"] = str(home)
    try:
        made = make_library()
        return [(p.name, p.read_bytes()) for p in made]
    finally:
        if old is None:
            del os.environ["TABLE_APP_HOME"]
        else:
            os.environ["TABLE_APP_HOME"] = old


@pytest.fixture
def library(_built):
    """The test's own copy of the module's library; ``library()`` puts it in the games
    folder and returns the records' paths (the damaged file last, not returned)."""
    def put():
        from table_app.storage import games_dir
        d = games_dir()
        out = []
        for name, data in _built:
            (d / name).write_bytes(data)
            out.append(d / name)
        (d / "20261102-090400-may_i-dddddd.jsonl").write_text('{"format": "no"}\n')
        return out
    return put


def expected_from_files(folder: Path) -> dict:
    """The figures, computed here straight from the record files (no storage code)."""
    rows = []
    for p in sorted(folder.glob("*.jsonl")):
        lines = [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]
        h = lines[0]
        if h.get("format") != "table-app-record":
            continue
        ends = [e for e in lines[1:] if e.get("type") == "game_end"]
        if not ends:
            continue
        practice = bool(h.get("practice")) or any(e.get("type") == "x-practice" for e in lines)
        seat = next((i for i, q in enumerate(h["players"]) if q.get("kind") == "human"), None)
        rows.append((h["created"], p.name, h["variant"], h["players"], ends[0], practice, seat))
    rows.sort()
    exp = {v: {"scores": [], "wins": [], "levels": []} for v in VARIANTS}
    overall = {"wins": [], "levels": []}
    practice = []
    ai_only = 0
    for _c, name, v, pl, ge, prac, seat in rows:
        if seat is None:
            ai_only += 1
            continue
        won = seat in ge["winners"]
        if prac:
            practice.append((name, won, Fraction(str(ge["totals"][seat]))))
            continue
        lv = {q.get("level") for q in pl if q.get("kind") != "human"}
        exp[v]["scores"].append(Fraction(str(ge["totals"][seat])))
        exp[v]["wins"].append(won)
        exp[v]["levels"].append(lv)
        overall["wins"].append(won)
        overall["levels"].append(lv)
    return {"variants": exp, "overall": overall, "practice": practice, "ai_only": ai_only}


def streaks(wins):
    cur = best = 0
    for w in wins:
        cur = cur + 1 if w else 0
        best = max(best, cur)
    return cur, best


def check_figures(f: dict, scores, wins, levels, lower_is_better=True):
    n = len(wins)
    assert f["games"] == n and f["wins"] == sum(wins)
    assert f["win_rate"] == (round(sum(wins) / n, 4) if n else None)
    assert (f["current_streak"], f["longest_streak"]) == streaks(wins)
    if scores is None:
        assert f["average"] is None and f["best"] is None
    elif n:
        assert f["average"] == round(float(sum(scores) / n), 2)
        best = min(scores) if lower_is_better else max(scores)
        assert f["best"] == pytest.approx(float(best), abs=0.01)
    for lv in LEVELS:
        idx = [i for i in range(n) if lv in levels[i]]
        b = f["by_level"][lv]
        assert b["games"] == len(idx) and b["wins"] == sum(wins[i] for i in idx)
        if scores is not None and idx:
            assert b["average"] == round(float(sum(scores[i] for i in idx) / len(idx)), 2)
        else:
            assert b["average"] is None


# ------------------------------------------------------------------ the fold
def test_the_statistics_are_the_fold_of_the_finished_games_per_game_overall_and_level(library):
    from table_app.storage import Library, games_dir
    library()
    lib = Library()
    data = lib.statistics().figures_json()
    exp = expected_from_files(games_dir())
    assert set(data) == {"variants", "overall", "practice", "ai_only_games"}
    assert list(data["variants"]) == list(VARIANTS)
    for v in VARIANTS:
        e = exp["variants"][v]
        check_figures(data["variants"][v], e["scores"], e["wins"], e["levels"],
                      lower_is_better=v != "michigan")
    check_figures(data["overall"], None, exp["overall"]["wins"], exp["overall"]["levels"])
    assert data["overall"]["games"] == 24 and sum(x["games"] for x in data["variants"].values()) == 24
    assert 0 < data["overall"]["wins"] < 24          # the library holds wins and losses
    # practice games: listed apart (a count and a list), left out of the figures
    pr = data["practice"]
    assert pr["games"] == 2 == len(pr["list"])
    assert [(g["file"], g["won"], g["score"]) for g in pr["list"]] == \
        [(n, w, int(s) if s.denominator == 1 else round(float(s), 2)) for n, w, s in exp["practice"]]
    assert pr["by_variant"] == {"contract": 0, "may_i": 1, "mexican": 0, "michigan": 1}
    assert data["ai_only_games"] == 1 == exp["ai_only"]


def test_deleting_stats_json_and_the_index_loses_nothing(library):
    from table_app.storage import Library, index_path, stats_path
    library()
    first = Library().statistics()
    rc, out1, _err = run_cli("stats", "--json")
    assert rc == 0 and json.loads(out1) == first.figures_json()
    assert stats_path().is_file()
    cached = json.loads(stats_path().read_text())
    assert cached["format"] == "table-app-stats" and set(cached["variants"]) == set(VARIANTS)
    stats_path().unlink()
    index_path().unlink()
    lib = Library()
    again = lib.statistics()
    assert again == first and again.figures_json() == first.figures_json()
    assert stats_path().is_file() and json.loads(stats_path().read_text()) == cached
    assert lib.take_messages() == []                 # nothing was damaged: nothing said
    rc, out2, _err = run_cli("stats", "--json")
    assert out2 == out1


def test_a_stats_json_that_lies_changes_nothing_shown(library):
    """stats.json is only a cache: one edited to say more wins is rewritten from the
    records (its figures are never shown)."""
    from table_app.storage import Library, stats_path
    library()
    truth = Library().statistics().figures_json()
    d = json.loads(stats_path().read_text())
    d["variants"]["may_i"]["wins"] = d["variants"]["may_i"]["games"]
    d["overall"]["wins"] = d["overall"]["games"]
    stats_path().write_text(json.dumps(d))
    assert Library().statistics().figures_json() == truth
    assert json.loads(stats_path().read_text())["overall"]["wins"] == truth["overall"]["wins"]


def test_a_cache_of_the_earlier_version_is_rewritten_without_a_word_and_a_broken_one_kept_aside(library):
    from table_app.storage import Library, Statistics, stats_path
    library()
    st = Library().statistics()
    old = {k: v for k, v in st.to_json().items() if k in ("format", "version", "counted", "groups")}
    stats_path().write_text(json.dumps(old))       # as the app before issue 19 wrote it
    lib = Library()
    assert lib.statistics() == st and lib.take_messages() == []
    assert "variants" in json.loads(stats_path().read_text())
    assert not list(stats_path().parent.glob("stats.json.bad-*"))
    broken = st.to_json()
    broken["variants"]["michigan"]["by_level"] = {"easy": [1, 5, "3"]}
    stats_path().write_text(json.dumps(broken))
    lib = Library()
    assert lib.statistics() == st
    kept = list(stats_path().parent.glob("stats.json.bad-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == broken
    assert any("statistics" in m for m in lib.take_messages())
    with pytest.raises(ValueError):
        Statistics.from_json(broken)


# ---- the fold itself, on made-up games: it matches a plain reference, in any library
def _summary(i, variant, seat_levels, won, score, practice, human=True, finished=True):
    from table_app.storage.summary import GameSummary
    pl = ([{"name": "You", "kind": "human"}] if human else []) + \
        [{"name": f"P{j}", "kind": "ai", "level": lv} for j, lv in enumerate(seat_levels)]
    n = len(pl)
    winners = (0,) if won else (1,)
    totals = tuple(str(score if k == 0 else 10) for k in range(n))
    return GameSummary(id=f"g{i:03d}.jsonl", path=Path(f"g{i:03d}.jsonl"), variant=variant,
                       created=f"2026-11-01T10:{i // 60:02d}:{i % 60:02d}Z", players=tuple(pl),
                       finished=finished, practice=practice, winners=winners if finished else (),
                       totals=totals, events=10, deals_played=7)


games_st = st.lists(st.tuples(st.sampled_from(VARIANTS),
                              st.lists(st.sampled_from(LEVELS), min_size=1, max_size=5),
                              st.booleans(), st.integers(-200, 900),
                              st.booleans(), st.booleans(), st.booleans()),
                    max_size=40)


@settings(max_examples=60, deadline=None)
@given(games=games_st, order=st.randoms(use_true_random=False))
def test_the_fold_matches_a_plain_reference_and_reads_back_from_its_cache(games, order):
    from table_app.storage import Statistics
    sums = [_summary(i, v, lv, won, sc, prac, human=hum, finished=fin)
            for i, (v, lv, won, sc, prac, hum, fin) in enumerate(games)]
    shuffled = list(sums)
    order.shuffle(shuffled)
    stats = Statistics.from_summaries(shuffled)       # any order in, the started order used
    data = stats.figures_json()
    counted = [s for s in sums if s.finished and s.human_seat is not None and not s.practice]
    for v in VARIANTS:
        mine = [s for s in counted if s.variant == v]
        check_figures(data["variants"][v], [Fraction(s.totals[0]) for s in mine],
                      [0 in s.winners for s in mine],
                      [{p.get("level") for p in s.players[1:]} for s in mine],
                      lower_is_better=v != "michigan")
    check_figures(data["overall"], None, [0 in s.winners for s in counted],
                  [{p.get("level") for p in s.players[1:]} for s in counted])
    assert data["practice"]["games"] == sum(1 for s in sums if s.finished and s.practice
                                            and s.human_seat is not None)
    assert data["ai_only_games"] == sum(1 for s in sums if s.finished and s.human_seat is None)
    # the running fold (a game added as it finishes) is the same fold
    running = Statistics()
    for s in sums:
        running.add(s)
        assert not running.add(s)                     # a game is folded in once
    assert running == stats
    assert Statistics.from_json(json.loads(json.dumps(stats.to_json()))) == stats


# ------------------------------------------------------------------ table-app stats
def test_table_app_stats_prints_the_same_figures_and_documents_the_json_shape(library):
    from table_app.storage import Library
    library()
    data = Library().statistics().figures_json()
    rc, out, err = run_cli("stats")
    assert rc == 0 and "Traceback" not in out + err
    rows = {ln[:24].strip(): ln[24:].split() for ln in out.splitlines()
            if ln[:24].strip() in ("Contract Rummy", "May I?", "Mexican Rummy",
                                   "Michigan Rummy (chips)", "Overall")}
    assert len(rows) == 5
    m = data["variants"]["may_i"]
    assert rows["May I?"][:3] == [str(m["games"]), str(m["wins"]), f"{round(100 * m['win_rate'])}%"]
    assert rows["Overall"][0] == str(data["overall"]["games"])
    assert "Practice games (left out of the figures): 2" in out
    assert "1 finished game between computer players only (no human seat) not counted" in out
    import contextlib
    import io

    from table_app.cli import main
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), pytest.raises(SystemExit):
        main(["stats", "--help"])
    help_text = " ".join(buf.getvalue().split())
    for key in ('"variants"', '"overall"', '"practice"', '"win_rate"', '"current_streak"',
                '"longest_streak"', '"by_level"', '"average"', '"best"'):
        assert key in help_text, key


def test_table_app_stats_on_an_empty_or_missing_library():
    rc, out, _err = run_cli("stats", "--json")
    d = json.loads(out)
    assert rc == 0 and d["overall"]["games"] == 0 and d["overall"]["win_rate"] is None
    assert all(d["variants"][v]["best"] is None for v in VARIANTS)


# ------------------------------------------------------------------ delete
def test_delete_moves_the_record_and_its_hand_order_to_the_trash_and_the_figures_follow(library):
    from table_app.storage import Library, games_dir
    from table_app.storage.handorder import save_hand_order, side_path
    made = library()
    lib = Library()
    before = lib.statistics().figures_json()
    g = next(s for s in lib.list() if s.finished and s.id == made[0].name)
    save_hand_order(g.path, 0, [1, 2, 3])
    assert lib.delete(g)
    trash = games_dir().parent / "trash"
    assert not g.path.exists() and (trash / g.id).is_file() and (trash / side_path(g.path).name).is_file()
    after = lib.statistics().figures_json()
    assert after["variants"][g.variant]["games"] == before["variants"][g.variant]["games"] - 1
    assert g.id not in [s.id for s in lib.games()]
    # a second game of the same name is kept beside the first, never over it
    (games_dir() / g.id).write_bytes((trash / g.id).read_bytes())
    assert Library().delete(g.id)
    assert (trash / g.id).is_file() and (trash / (g.id + "-2")).is_file()
    # moved back, the game is listed again
    (trash / g.id).rename(games_dir() / g.id)
    assert g.id in [s.id for s in Library().games()]


def test_a_delete_that_cannot_reach_the_trash_keeps_the_game_and_says_why(library):
    """A file where the trash folder should be (or a read-only data folder): the record
    stays where it is, listed, and the message says why, in words the UI translates."""
    from table_app.i18n import set_language
    from table_app.i18n.messages import storage_message
    from table_app.storage import Library, games_dir
    made = library()
    (games_dir().parent / "trash").write_text("not a folder")
    lib = Library()
    assert not lib.delete(made[0])
    assert made[0].is_file() and made[0].name in [g.id for g in lib.games()]
    (msg,) = [m for m in lib.take_messages() if "deleted" in m]
    assert msg.startswith(f"{made[0].name} could not be deleted: ")
    set_language("ru")
    try:
        assert "не удалось удалить" in storage_message(msg).lower(), storage_message(msg)
    finally:
        set_language("en")
