"""The table, the replay viewer and the storage messages in Russian and Ukrainian:
a table rendered in Russian says its status, labels and buttons in Russian, the replay's
event texts are translated, and every storage message the UI shows has a template."""
from __future__ import annotations

import ast
import errno
import re
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")
pytest.importorskip("pygame_gui")

from table_app.i18n import set_language  # noqa: E402
from table_app.i18n.messages import PARTS, match_message, storage_message  # noqa: E402
from table_app.ui.table.banner import heading  # noqa: E402
from tests.helpers.table import wait_hint  # noqa: E402
from tests.helpers.text import english_left  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: English words that may stay: rule ids, card ranks, key names, the players' names


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))
    yield
    set_language("en")


def _table(variant, lang, seed=1):
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.table import TableScene
    from table_app.ui.table.session import GameSession
    # (asked for every card: the first decision may be an offer, whose question is checked)
    app = App((1280, 800), headless=True, instant=True,
              settings=Settings().replace(language=lang, ask_only_fitting=False))
    set_language(lang)
    s = GameSession(variant, 4, seed=seed, autosave=False)
    scene = TableScene(s)
    app.push(scene)
    for _ in range(400):  # until it is the human's decision
        app.step(0.02)
        if scene.caught_up() and not scene.layer.moving() and s.human_to_act():
            break
    return app, scene, s


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("variant", ["contract", "may_i", "mexican", "michigan"])
def test_a_table_in_russian_and_ukrainian_says_everything_in_that_language(variant, lang):
    app, scene, s = _table(variant, lang)
    try:
        assert s.human_to_act()
        app.draw()
        status = scene.status_text()
        assert status and not english_left(status), status
        words = {"ru": ("Ваш", "Запас", "Сброс", "карт", "Вдова", "Банк"),
                 "uk": ("Ваш", "Запас", "Скид", "карт", "Вдова", "Банк")}[lang]
        assert status.startswith((words[0], "Вызвать", "Викликати", "Можно", "Можна")), status
        labels = [lab.text for lab in scene.view.labels]
        for t in labels:
            assert not english_left(t), (t, labels)
        joined = " ".join(labels)
        if variant == "michigan":
            assert words[4] in joined and words[5] in joined
        else:
            assert f"{words[1]} " in joined and words[2] in joined and words[3] in joined
        for name, b in scene.buttons.items():
            assert not english_left(b.text), (name, b.text)
        # the hint: the hard player's reason, translated
        assert scene.show_hint()
        h = wait_hint(app, scene)
        assert h is not None and h.reason
        assert scene.toast.msg.startswith("Подсказка: " if lang == "ru" else "Підказка: ")
        assert not english_left(scene.toast.msg), (h.reason, scene.toast.msg)
    finally:
        app.stack.clear()


def test_card_names_for_buttons_have_no_suit_symbols():
    from table_app.core.cards import JOKER, parse_face
    from table_app.i18n import card_name
    assert card_name(parse_face("JS"), "letters", "en") == "JS"
    assert card_name(parse_face("10H"), "letters", "ru") == "10 червей"
    assert card_name(parse_face("QD"), "letters", "uk") == "Q бубон"
    assert card_name(JOKER, "letters", "en") == "Joker"
    assert card_name(JOKER, "letters", "ru") == "Джокер"


def test_the_presenter_labels_of_a_known_state_in_russian():
    app, scene, s = _table("may_i", "ru")
    try:
        obs = scene.obs
        labels = [lab.text for lab in scene.view.labels]
        assert f"Запас {obs.stock_size}" in labels
        n = obs.hand_sizes[1]
        assert any(t.startswith(f"{n} карт") for t in labels)
        assert "Сюда выкладывают комбинации" in labels  # nobody is down yet
        assert any(t.startswith("Соберите здесь контракт: 2 группы") for t in labels)
        assert scene.buttons["go_down"].text == "Открыться"
        assert scene.buttons["undo"].text == "Отменить"
        # the name's plate (a Russian name in Russian: #19); the level under the cards
        assert "Анна" in labels and "обычный" in labels
        set_language("en")
        scene.refresh(instant=True)
        labels = [lab.text for lab in scene.view.labels]
        assert f"Stock {obs.stock_size}" in labels and "Melds go here" in labels
    finally:
        app.stack.clear()


@pytest.mark.parametrize("lang, empty, some", [("en", "Discard", "Discard 2"),
                                               ("ru", "Сброс", "Сброс 2"),
                                               ("uk", "Скид", "Скид 2")])
def test_the_empty_discard_pile_is_named_with_the_noun(lang, empty, some):
    """The empty pile read "Сбросить"/"Скинути" (the verb "Discard"): it is the pile's
    name, the same noun as "Скид 2" with cards."""
    import dataclasses

    from table_app.ui.table.presenter import present
    app, scene, s = _table("may_i", lang)
    try:
        obs = scene.obs
        pile = obs.discard_pile

        def under_pile(o):
            v = present(o, scene.L, scene.ui)
            x, y = scene.L.discard.centerx, scene.L.discard.bottom + 6
            return [lab.text for lab in v.labels if lab.pos == (x, y)]
        assert under_pile(dataclasses.replace(obs, discard_pile=(), upcard=None)) == [empty]
        two = (pile + pile)[:2]
        assert under_pile(dataclasses.replace(obs, discard_pile=two, upcard=two[-1])) == [some]
    finally:
        app.stack.clear()


@pytest.mark.parametrize("lang, letter", [("en", "D"), ("ru", "Д"), ("uk", "Д")])
def test_the_dealer_button_speaks_the_language_and_fits_its_disc(lang, letter):
    """The dealer's badge said "D" in every language: it is "Д" (дилер) in Russian and
    Ukrainian, its letter inside the disc's ring at 8 seats in 1024x640."""
    import math

    from table_app.ui.table.labels import dealer_letter as _dealer_letter
    from table_app.ui.table.labels import label_img as _label_img
    from table_app.ui.table.layout import compute
    from table_app.ui.table.presenter import UIState, present
    app, scene, s = _table("may_i", lang)
    try:
        dealer = [lab for lab in scene.view.labels if lab.kind == "dealer"]
        assert [lab.text for lab in dealer] == [letter]
        import dataclasses
        obs = scene.obs
        L = compute((1024, 640), 8)
        o8 = dataclasses.replace(obs, dealer=3, hand_sizes=(10,) * 8, totals=(0,) * 8,
                                 down=(False,) * 8)
        lab = next(lab for lab in present(o8, L, UIState(names=["You"] + ["Boris"] * 7,
                                                         levels=[""] * 8)).labels
                   if lab.kind == "dealer")
        assert lab.text == letter and _label_img(lab).get_width() == lab.width
        d = lab.width
        ink = _dealer_letter(lab.text, lab.size, d).get_bounding_rect()
        assert ink.h >= 8                          # readable, not shrunk away
        ring = d / 2 - max(1, d // 12)
        assert math.hypot(ink.w / 2, ink.h / 2) <= ring + 0.5, (ink, d)
    finally:
        app.stack.clear()


def test_a_refusal_at_the_table_is_said_in_the_language():
    from table_app.core.actions import Discard
    app, scene, s = _table("mexican", "uk")
    try:
        assert s.human_to_act() == "draw"
        card = s.engine.state.hands[0][0] >> 3
        assert not scene.act(Discard(0, card))
        assert scene.toast.bad and "(CF-10)" in scene.toast.msg
        assert not english_left(scene.toast.msg.replace("(CF-10)", "")), scene.toast.msg
    finally:
        app.stack.clear()


def test_the_language_changed_over_the_table_relabels_it():
    app, scene, s = _table("contract", "en")
    try:
        assert scene.buttons["go_down"].text == "Go down"
        from table_app.ui.scenes.scores import TableMenu
        app.push(TableMenu(scene))
        set_language("uk")
        app.pop()
        assert scene.buttons["go_down"].text == "Відкритися"
    finally:
        app.stack.clear()


def test_the_table_under_the_menu_changes_language_with_the_settings():
    """Russian -> Ukrainian in Settings (from the table's menu): back in the menu, the
    table showing through it spoke Russian ("Сброс 1", "обычный", "Соберите здесь...")
    until the menu was closed.  Everything on screen switches at once."""
    from table_app.ui.scenes.scores import TableMenu
    from table_app.ui.scenes.settings import SettingsScene
    app, scene, s = _table("may_i", "ru")
    try:
        app.push(TableMenu(scene))
        app.step(0.02)
        settings = app.push(SettingsScene())
        app.step(0.02)
        assert settings.set("language", "uk")
        app.pop()                       # back in the menu, the table under it
        app.step(0.02)
        assert app.stack.top is not scene
        labels = " ".join(lab.text for lab in scene.view.labels)
        assert "звичайний" in labels and "обычный" not in labels, labels
        assert "Скид" in labels and "Сброс" not in labels, labels
        assert heading(scene.obs, scene.session)[0].startswith("Можна?")
        assert "Можно" not in scene.status_text()
        assert scene.buttons["go_down"].text == "Відкритися"
        assert not any(b.visible for b in scene.buttons.values())   # still covered
        app.pop()
        app.step(0.02)
        assert scene.buttons["go_down"].text == "Відкритися" and scene.buttons["go_down"].visible
    finally:
        app.stack.clear()


# ------------------------------------------------------------------ the replay viewer
def _record(tmp_path, variant="may_i", seed=4, actions=300):
    from table_app.ai.simulate import play_game
    path = tmp_path / f"{variant}.jsonl"
    play_game(variant, ["normal"] * 4, seed, save_path=path, max_actions=actions)
    return path


@pytest.mark.parametrize("variant", ["contract", "may_i", "michigan"])
def test_the_replay_texts_in_russian_and_ukrainian(tmp_path, variant):
    from table_app.ui.replay_model import ReplayModel
    m = ReplayModel.open(_record(tmp_path, variant))
    for lang in ("ru", "uk"):
        set_language(lang)
        bad = []
        for i in range(m.end):
            for viewer in (None, 0):
                t = m.text(i, viewer)
                left = english_left(t)
                if left:
                    bad.append(f"{i}: {t!r} {left}")
        assert not bad, "\n".join(bad[:20])
    set_language("en")
    # a contract game's deal starts one of its rounds; Michigan's deals are numbered
    assert m.text(0, None).startswith("Deal 1: " if variant == "michigan" else "Round 1: ")


def test_the_replay_viewer_in_russian(tmp_path):
    from table_app.ui.app import App
    from table_app.ui.scenes.replay import open_replay
    path = _record(tmp_path, "contract", 2, 200)
    from table_app.storage.settings import Settings
    app = App((1024, 640), headless=True, instant=True, settings=Settings().replace(language="ru"))
    set_language("ru")
    try:
        sc = open_replay(path)
        app.push(sc)
        app.step(0.02)
        sc.press_button("end")
        app.step(0.02)
        app.draw()
        assert sc.buttons["play_on"].text == "Играть дальше отсюда"
        # a contract game's deals are its rounds
        assert re.fullmatch(r"раунд \d+ из \d+ · событие \d+ из \d+", sc.where_text())
        for name, b in sc.buttons.items():
            t = getattr(b, "text", "")
            if isinstance(t, str):
                assert not english_left(t), (name, t)
        assert not english_left(sc.status_text()), sc.status_text()
    finally:
        app.stack.clear()


# ------------------------------------------------------------------ storage messages
def _os_error_whats() -> list[tuple[str, str]]:
    """Every literal phrase the storage modules pass to os_error_message."""
    out = []
    for p in sorted((ROOT / "table_app" / "storage").glob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if (isinstance(n, ast.Call) and getattr(n.func, "id", None) == "os_error_message"
                    and len(n.args) > 1):
                a = n.args[1]
                if isinstance(a, ast.Constant):
                    out.append((f"{p.name}:{n.lineno}", a.value))
                elif isinstance(a, ast.JoinedStr):
                    out.append((f"{p.name}:{n.lineno}", "".join(
                        v.value if isinstance(v, ast.Constant) else "x.jsonl" for v in a.values)))
    return out


def test_every_os_error_phrase_of_the_storage_has_a_part():
    whats = _os_error_whats()
    assert len(whats) >= 8
    missing = [f"{w}: {t!r}" for w, t in whats if match_message(t, "what") is None]
    assert not missing, "add them to PARTS['what'] in table_app/i18n/messages.py:\n" + \
        "\n".join(missing)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_storage_messages_as_the_storage_writes_them(lang, tmp_path):
    from table_app.storage.files import os_error_message
    from table_app.storage.settings import load_settings
    msgs = [os_error_message(OSError(errno.ENOSPC, "No space left on device", "/x/games/a.jsonl"),
                             "the game could not be saved (play goes on; saving is retried "
                             "after the next move)"),
            os_error_message(OSError(errno.EACCES, "Permission denied"), "settings could not be saved"),
            "2026-a.jsonl: the last line was cut off by a crash and was dropped; the game "
            "resumes from the move before it",
            "b.jsonl: not a valid game record (line 1: not JSON); moved to b.jsonl.bad-20261130-101010"]
    bad = tmp_path / "settings.json"
    bad.write_text('{"format": "table-app-settings", "version": 1, "volume": "loud", "zzz": 1}',
                   encoding="utf-8")
    _s, smsgs = load_settings(bad)
    # the two bad values, and (issue 16) where the file as it was is kept
    assert len(smsgs) == 3 and "settings.json.bad-" in smsgs[-1]
    msgs += smsgs
    bad.write_text("not json", encoding="utf-8")
    _s, smsgs = load_settings(bad)
    msgs += smsgs
    for m in msgs:
        out = storage_message(m, lang)
        assert out != m, m
        assert not [w for w in english_left(out) if w not in ("JSON", "jsonl", "bad", "json",
                                                              "settings",
                                                              "zzz", "loud", "not",
                                                              "line", "x", "games")], (m, out)
    assert storage_message(msgs[0], "en") == msgs[0]
    assert storage_message("something else", lang) == "something else"


@pytest.mark.parametrize("lang,names", (
    ("ru", {"volume": "Громкость", "card_size": "Размер карт", "window_size": "Размер окна",
            "default_players": "Число игроков по умолчанию в выборе игры"}),
    ("uk", {"volume": "Гучність", "card_size": "Розмір карт", "window_size": "Розмір вікна",
            "default_players": "Типова кількість гравців у виборі гри"})))
def test_a_bad_settings_value_names_the_setting_in_words(lang, names, tmp_path):
    """A tester: "настройки: неверное значение "loud" для 'volume'": the setting's key in
    English.  The message names it as the Settings screen does; the log keeps the key."""
    from table_app.storage.settings import load_settings
    from table_app.ui.scenes.settings import setting_label
    p = tmp_path / "settings.json"
    p.write_text('{"format": "table-app-settings", "version": 1, "volume": "loud", '
                 '"card_size": "huge", "window_size": [1, 2, 3], "default_players": 99}',
                 encoding="utf-8")
    _s, msgs = load_settings(p)
    assert len(msgs) == 5 and "settings.json.bad-" in msgs[-1]   # (issue 16: the file kept)
    for key, m in zip(names, msgs):
        assert f"'{key}'" in m, m                       # the English message (the log)
        out = storage_message(m, lang)
        assert f"«{names[key]}»" in out and key not in out, out
    set_language(lang)
    # the Settings screen's own words for the settings it shows
    for k, m in list(zip(names, msgs))[:2]:
        assert f"«{setting_label(k)}»" in storage_message(m), (k, m)
    # every stored setting has its words, translated
    from dataclasses import fields

    from table_app.i18n import tr
    from table_app.i18n.strings import SETTING_NAMES, STORED_SETTING_NAMES
    from table_app.storage.settings import Settings
    for f in fields(Settings):
        name = SETTING_NAMES.get(f.name) or STORED_SETTING_NAMES.get(f.name)
        assert name is not None, f.name
        assert tr(name, lang) != name, f.name


@pytest.mark.parametrize("lang,words", (("ru", "лёгкий, сложный, обычный, обычный"),
                                        ("uk", "легкий, складний, звичайний, звичайний")))
def test_the_default_levels_message_is_translated_whole(lang, words, tmp_path):
    """Issue 7: the picker said "настройки: для 'default_levels' нужно уровней: 4, взято
    ['easy', 'hard', 'normal', 'normal']": the setting's key and the levels in English.
    The setting is named in words and the levels are the picker's words; the log keeps
    the English message with the key."""
    from table_app.storage.settings import load_settings
    p = tmp_path / "settings.json"
    p.write_text('{"format": "table-app-settings", "version": 1, "default_players": 5, '
                 '"default_levels": ["easy", "hard"]}', encoding="utf-8")
    s, msgs = load_settings(p)
    assert s.default_levels == ("easy", "hard", "normal", "normal") and len(msgs) == 2
    assert "settings.json.bad-" in msgs[1]      # issue 16: the file as it was is kept
    assert "'default_levels'" in msgs[0]
    out = storage_message(msgs[0], lang)
    assert not re.search(r"[A-Za-z_]", out), out
    assert "(" + ("их" if lang == "ru" else "їх") + " 4)" in out and out.endswith(words), out


def test_a_broken_records_refusal_in_the_viewer_is_translated():
    from table_app.ui.replay_model import ReplayModel
    m = ReplayModel.open(ROOT / "tests" / "records" / "may_i_layoff_on_going_down_turn.jsonl")
    assert m.problem is not None and m.problem.rule == "MI-4"
    assert m.problem_text() == m.problem.message  # English: the verify message itself
    set_language("ru")
    t = m.problem_text()
    assert t.startswith("строка 18, место 2, добавление: ") and t.endswith("(MI-4)"), t
    assert not english_left(t), t          # the event named in Russian, not "lay_off"
    assert m.text(m.end, None) == t   # "отклонено" once, not "Отклонено: ... отклонено"


def _record_error_skeletons() -> list[tuple[str, str]]:
    """Every message the record reader raises (RecordError's first argument), fields as
    ``{}``; a local variable of literal texts (``what``) both ways."""
    out = []
    for rel in ("table_app/engine/record.py", "table_app/core/actions.py",
                "table_app/core/cards.py"):
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if not (isinstance(n, ast.Call) and getattr(n.func, "id", None) == "RecordError"
                    and n.args):
                continue
            a = n.args[0]
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                out.append((f"{rel}:{n.lineno}", a.value))
            elif isinstance(a, ast.JoinedStr):
                parts = [""]
                for v in a.values:
                    if isinstance(v, ast.Constant):
                        parts = [p + v.value for p in parts]
                    elif isinstance(v.value, ast.Name) and v.value.id == "what":
                        parts = [p + w for p in parts for w in
                                 ("a torn last line", "a line that is not JSON")]
                    else:
                        parts = [p + "{}" for p in parts]
                out += [(f"{rel}:{n.lineno}", p) for p in parts]
    return out


def test_every_record_error_has_a_template():
    from table_app.i18n.messages import _FIELD
    found = _record_error_skeletons()
    assert len(found) >= 25
    have = [re.sub(r"(\{\})+", "{}", _FIELD.sub("{}", t)) for t in PARTS["record"]]
    missing = [f"{w}: {t!r}" for w, t in found if re.sub(r"(\{\})+", "{}", t) not in have]
    assert not missing, "add them to PARTS['record'] in table_app/i18n/messages.py:\n" + \
        "\n".join(missing)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_file_that_is_not_a_record_is_explained_in_the_language(tmp_path, lang):
    from table_app.core.errors import RecordError
    from table_app.ui.replay_model import ReplayModel
    cases = ["{\"format\": \"something-else\"}\n", "", "{\"format\": \"table-app-record\", "
             "\"version\": 1, \"variant\": \"may_i\", \"players\": []}\n[1, 2]\n"]
    for k, body in enumerate(cases):
        p = tmp_path / f"x{k}.jsonl"
        p.write_text(body, encoding="utf-8")
        try:
            ReplayModel.open(p)
        except RecordError as e:
            msg = f"{p.name}: {e}"
        else:
            continue
        out = storage_message(msg, lang)
        assert out != msg, msg
        left = [w for w in english_left(out) if w not in ("jsonl", "JSON", "UTF", "table",
                                                          "app", "format", "record", "players",
                                                          "options", "type")]
        assert not left, (msg, out)


def test_every_last_action_of_the_rules_is_said_in_the_language():
    """The table's status line says the rules' ``last`` (a ``LastAction``: what a player
    did, as data) in the language (``_LAST`` in ui/table/narration.py); a new kind in the
    rules fails here until it is added there."""
    from table_app.core.cards import parse_face
    from table_app.ui.table.narration import said_last as _said_last
    from table_app.variants.contract_family import LastAction
    tree = ast.parse((ROOT / "table_app/variants/contract_family.py").read_text(encoding="utf-8"))
    kinds = {n.args[0].value for n in ast.walk(tree)
             if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "LastAction"
             and n.args and isinstance(n.args[0], ast.Constant)}
    said = kinds - {"deal", "restock", "dead_deal"}  # not a player's action
    assert len(said) >= 9
    set_language("ru")
    seven = parse_face("7S")
    unknown = [k for k in sorted(said) if _said_last(False, "Ann", LastAction(k, seven)) is None]
    assert not unknown, "add them to _LAST in table_app/ui/table/narration.py: " + repr(unknown)
    assert _said_last(True, "Вы", LastAction("discards", seven)) == "Вы сбрасываете 7♠"
    assert _said_last(False, "Ann", LastAction("buys", parse_face("JK"))) == \
        "Ann покупает Джокер и штрафную карту"
    assert _said_last(False, "Ann", LastAction("draws")) == "Ann берёт карту из запаса"
    assert _said_last(False, "Ann", LastAction("dead_deal")) is None


def test_the_not_a_record_window_in_ukrainian(tmp_path):
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scenes.replay import open_replay
    p = tmp_path / "broken.jsonl"
    p.write_text("hello\n", encoding="utf-8")
    app = App((1024, 640), headless=True, instant=True, settings=Settings().replace(language="uk"))
    try:
        sc = open_replay(p)
        app.push(sc)
        app.step(0.02)
        assert sc.window.dismiss_button.text == "Закрити"
        assert sc.window.window_display_title == "Це не запис гри"
    finally:
        app.stack.clear()
