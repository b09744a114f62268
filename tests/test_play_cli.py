"""``table-app play VARIANT [--players N] [--levels L,...] [--options JSON]`` (issue 17):
the arguments are checked before any window opens (exit 2 with a message), the game
starts straight at the table over the picker with the picker's choices for the rest,
and the benchmark-only ``--autoplay`` plays whole games in the real loop and quits."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from table_app.cli import PlayArgsError, build_parser, main, play_request


# ---------------------------------------------------------------------- the arguments
@pytest.mark.parametrize("args, words", [
    (["nope"], "unknown variant 'nope'"),
    (["contract", "--players", "9"], "Contract Rummy is played by 3 to 8 players, not 9"),
    (["mexican", "--players", "1"], "Mexican Rummy is played by 2 to 6 players, not 1"),
    (["may_i", "--levels", "hard,expert"], "unknown level 'expert'"),
    (["contract", "--players", "5", "--levels", "easy,hard"], "--levels gives 2 levels"),
    (["contract", "--options", "[1]"], "--options must be a JSON object"),
    (["contract", "--options", "{bad"], "--options is not JSON"),
    (["michigan", "--options", '{"rotations": 0}'], "rotations"),
    (["may_i", "--options", '{"deuces_wild": true}'], "has no option 'deuces_wild'"),
    (["contract", "--autoplay", "-1"], "--autoplay takes a number of games"),
])
def test_bad_arguments_exit_2_with_a_message_and_no_window(args, words, capsys, monkeypatch):
    import table_app.ui.app as ui_app

    def no_window(*a, **k):   # the arguments are refused before the UI is touched
        raise AssertionError("a window was opened for bad arguments")
    monkeypatch.setattr(ui_app, "main", no_window)
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("table-app play: ") and words in err
    assert "Traceback" not in err


def test_a_non_number_of_players_is_argparse_s_exit_2(capsys):
    with pytest.raises(SystemExit) as e:
        main(["play", "contract", "--players", "x"])
    assert e.value.code == 2
    assert "invalid int value: 'x'" in capsys.readouterr().err


def test_the_request_takes_aliases_levels_and_options():
    r = play_request("Deuces_Wild", levels="hard")
    assert r == {"variant": "contract", "players": None, "levels": ["hard"],
                 "options": {"deuces_wild": True}, "autoplay": 0}
    # one level per opponent: the number of players follows from them
    r = play_request("michigan", levels="easy, Normal,hard", options='{"rotations": 2}')
    assert r["players"] == 4 and r["levels"] == ["easy", "normal", "hard"]
    assert r["options"] == {"rotations": 2}
    assert play_request("mexican", players=2)["players"] == 2
    with pytest.raises(PlayArgsError):
        play_request("may_i", players=7)


def test_help_lists_play_and_its_arguments(capsys):
    ap = build_parser()
    with pytest.raises(SystemExit):
        ap.parse_args(["--help"])
    assert "play" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        ap.parse_args(["play", "--help"])
    out = capsys.readouterr().out
    for part in ("VARIANT", "--players N", "--levels L,...", "--options JSON", "BENCHMARKS ONLY"):
        assert part in out


# ---------------------------------------------------------------------- at the table
def test_picker_play_starts_the_table_with_the_picker_s_defaults_for_the_rest():
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.table import TableScene
    st = Settings().replace(last_variant="contract", last_players=5,
                            last_levels=("hard", "easy", "normal", "hard"),
                            last_names=("Zoe", "Yan", "Xia", "Wim", "Val", "Uli", "Tor"))
    app = App((1280, 800), headless=True, instant=True, settings=st)
    picker = app.push(PickerScene())
    session = picker.play("contract", options={"deuces_wild": True}, autosave=False)
    top = app.stack.top
    assert isinstance(top, TableScene) and top.session is session
    # players, names and levels: the picker's (the last game's); the options given
    assert session.num_players == 5
    assert session.names[1:] == ["Zoe", "Yan", "Xia", "Wim"]
    assert session.levels == ["", "hard", "easy", "normal", "hard"]
    assert session.options == {"deuces_wild": True} and session.rules.deuces_wild
    # remembered as the picker's last choices, as Start does
    assert app.settings.last_options == {"deuces_wild": True}
    session.close()
    app.stack.clear()

    app = App((1280, 800), headless=True, instant=True, settings=st)
    picker = app.push(PickerScene())
    session = picker.play("michigan", players=3, levels=["easy"], autosave=False)
    assert session.variant == "michigan" and session.num_players == 3
    assert session.levels == ["", "easy", "easy"]
    assert session.options == {"rotations": 1}   # the variant's defaults, not Contract's
    session.close()
    app.stack.clear()


def test_play_runs_the_real_loop_and_autoplay_plays_two_games_then_quits(tmp_path, monkeypatch,
                                                                          caplog):
    """``--autoplay 2`` (benchmarks only): the computer plays the human's seat through
    the real ``App.run`` loop, New game after the first, and the app quits after the
    second; the game starts over the picker, which comes back when the table closes."""
    from table_app.storage.paths import settings_path
    p = settings_path(create_dir=True)
    p.write_text(json.dumps({"format": "table-app-settings", "version": 1,
                             "skip_animations": True}))
    import table_app.ui.app as ui_app
    seen = {}
    real_app = ui_app.App

    class Watched(real_app):
        def push(self, scene):
            seen.setdefault("scenes", []).append(type(scene).__name__)
            return super().push(scene)

        def replace(self, scene):       # (the deal's end gives way to the results so)
            seen.setdefault("scenes", []).append(type(scene).__name__)
            return super().replace(scene)
    monkeypatch.setattr(ui_app, "App", Watched)
    # no pygame.quit() at the end (App.shutdown): the other tests of this process keep
    # their cached fonts (pygame calls its quit hooks, which drop them, only once)
    monkeypatch.setattr(ui_app.pygame, "quit", lambda: None)
    caplog.set_level(logging.INFO, logger="table_app")
    code = main(["play", "michigan", "--players", "3", "--levels", "easy", "--autoplay", "2"])
    assert code == 0
    msgs = [r.getMessage() for r in caplog.records]
    assert any("table-app play michigan: 3 players" in m for m in msgs)
    over = [m for m in msgs if m.startswith("benchmark autoplay: game")]
    assert [m.split(" (")[0] for m in over] == ["benchmark autoplay: game 1 of 2 over",
                                                "benchmark autoplay: game 2 of 2 over"]
    # picker first, the table over it, the results, New game's table, the results
    sc = seen["scenes"]
    assert sc[0] == "PickerScene" and sc[1] == "TableScene"
    assert sc.count("TableScene") == 2 and sc.count("ResultsScene") == 2
    # both games were played to their end and recorded
    from table_app.storage.library import Library
    games = Library().list()
    assert len(games) == 2 and all(g.finished and g.variant == "michigan" for g in games)
    assert all(len(g.players) == 3 for g in games)


def test_the_readme_documents_play_and_its_options():
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "table-app play VARIANT [--players N] [--levels L,...] [--options JSON]" in text
    part = text[text.index("- **`play`**"):text.index("- **`replay`**")]
    for word in ("`--players N`", "`--levels hard`", "`--options", "exits 2", "`--autoplay GAMES`",
                 "deuces_wild", "table-app play --help"):
        assert word in part, word
