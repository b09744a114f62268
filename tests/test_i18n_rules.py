"""The rules screen: texts for every game in every language, every convention shown,
and the pygame_gui scene renders (headless) for each game and language."""
from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from table_app import i18n
from table_app.i18n import rules_path, rules_text, set_language

GAMES = ("contract", "may_i", "mexican", "michigan")
LANGS = ("en", "ru", "uk")
CONVENTIONS_HEADING = {"en": "Conventions in this program",
                       "ru": "Соглашения этой программы",
                       "uk": "Домовленості цієї програми"}
# the [convention] rules of each game (rules/*.md, and the README's seating conventions)
CONVENTIONS = {
    "contract": {"CF-2", "CF-3", "CF-14", "CR-4", "CR-5", "CR-7", "CR-8", "CR-9", "CR-11"},
    "may_i": {"CF-2", "CF-3", "CF-14", "MI-6"},
    "mexican": {"CF-2", "CF-3", "CF-14", "MX-7"},
    "michigan": {"MG-3", "MG-8", "MG-11"},
}
SEATING_CONVENTION = {"contract", "michigan"}  # README: first dealer at random / cut ties
SEATING_WORD = {"en": "Seating", "ru": "Рассадка", "uk": "Розсадка"}
SPEC_FILES = {"contract": ["contract_family.md", "contract.md"],
              "may_i": ["contract_family.md", "may_i.md"],
              "mexican": ["contract_family.md", "mexican.md"],
              "michigan": ["michigan.md"]}
SHARED_RULES = Path(__file__).resolve().parents[2] / "shared" / "rules"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language("en")


def convention_bullets(text: str) -> set[str]:
    """Rule ids of the bullets of a rules file that carry a [convention] mark (a bullet
    runs to the next bullet, heading, table or blank line)."""
    ids = set()
    bullet: list[str] = []

    def done():
        b = " ".join(bullet)
        m = re.match(r"- \*\*([A-Z]{2}-\d+)", b)
        if m and re.search(r"\[[^\]]*convention", b, re.S):
            ids.add(m.group(1))
        bullet.clear()

    for line in text.splitlines():
        if line.startswith("- "):
            done()
            bullet.append(line)
        elif line.strip() and not line.startswith(("#", "|")) and bullet:
            bullet.append(line.strip())
        else:
            done()
    done()
    return ids


def conventions_section(text: str, lang: str) -> str:
    head = f"## {CONVENTIONS_HEADING[lang]}"
    assert head in text
    return text.split(head, 1)[1].split("\n## ", 1)[0]


def test_the_convention_list_matches_the_specification():
    if not SHARED_RULES.is_dir():
        pytest.skip("../shared/rules is not beside this checkout")
    for game, files in SPEC_FILES.items():
        found = set()
        for f in files:
            found |= convention_bullets((SHARED_RULES / f).read_text(encoding="utf-8"))
        assert found == CONVENTIONS[game], game


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_rules_text_exists_and_shows_every_convention(game, lang):
    p = rules_path(game, lang)
    assert p.name == f"{game}.{lang}.md" and p.is_file()
    text = rules_text(game, lang)
    assert text.startswith("# ")
    section = conventions_section(text, lang)
    for rule in CONVENTIONS[game]:
        assert re.search(rf"\*\*{re.escape(rule)}\*\*", section), (game, lang, rule)
    if game in SEATING_CONVENTION:
        assert f"**{SEATING_WORD[lang]}**" in section


@pytest.mark.parametrize("game", GAMES)
def test_the_three_languages_have_the_same_sections(game):
    counts = {}
    for lang in LANGS:
        text = rules_text(game, lang)
        counts[lang] = (text.count("\n## "), text.count("\n| "), text.count("\n- "))
        if lang != "en":
            assert not re.search(r"\b(the|and|you|card)\b", text), (game, lang)  # no English left
            assert re.search("[а-яіїєґ]", text)
    assert counts["ru"] == counts["en"] == counts["uk"], counts


def test_each_rules_text_covers_the_topics():
    want = {"en": ["aim", "deal", "turn", "contract", "going out", "scoring", "round 7"]}
    for game in GAMES:
        text = rules_text(game, "en").lower()
        for topic in want["en"]:
            if game == "michigan" and topic in ("contract", "round 7", "turn"):
                continue
            assert topic in text, (game, topic)
        if game == "michigan":
            assert "playing" in text and "pay cards" in text and "widow" in text
        if game in ("contract", "may_i"):
            assert ("call" if game == "contract" else "may i?") in text


def test_rules_text_follows_the_current_language_and_falls_back_to_english():
    set_language("uk")
    assert "Мічиганський рамі" in rules_text("michigan")
    assert rules_path("michigan", "de").name == "michigan.en.md"
    with pytest.raises(FileNotFoundError):
        rules_text("no_such_game")


# ------------------------------------------------------------------ the scene
def test_markdown_to_html():
    from table_app.ui.scenes.rules import markdown_to_html
    h = markdown_to_html("# Title\nSome *soft* and **bold** <text> & more\n\n"
                         "- a bullet 7♥\n| A | B |\n|---|---|\n| 1 | 2 |\n")
    assert "<b>Title</b>" in h and "<i>soft</i>" in h and "<b>bold</b>" in h
    assert "&lt;text&gt; &amp; more" in h
    assert ("•  a bullet 7<body bgcolor='#FAF8F0'><font face='table_app_suits' "
            "color='#C81E2A'>♥</font></body>") in h
    assert "<b>A  ·  B</b>" in h and "1  ·  2" in h and "---" not in h


@pytest.fixture
def app():
    from table_app.storage.settings import Settings
    from table_app.ui.app import App
    from table_app.ui.scene import Scene
    a = App((1024, 640), headless=True, instant=True, settings=Settings())
    a.push(Scene())
    yield a
    a.stack.clear()  # no pygame.quit(): other tests' cached fonts must stay valid


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_scene_renders_every_game(app, lang):
    from table_app.ui.scenes.rules import RulesScene
    for game in GAMES:
        with warnings.catch_warnings():
            warnings.simplefilter("error", UserWarning)  # no unknown tag, no missing font
            s = app.push(RulesScene(app, game, lang))
            app.step(0.016)
            app.step(0.016)
        assert app.stack.top is s and s.box is not None
        assert s.game_btns[game].is_selected
        assert s.close_btn.text == i18n.tr("Close", lang)
        # the text box drew text: many colours inside it, not a flat panel
        area = app.screen.subsurface(s.box.rect.clip(app.screen.get_rect()))
        colours = {area.get_at((x, y))[:3] for x in range(0, area.get_width(), 3)
                   for y in range(0, min(area.get_height(), 200), 3)}
        assert len(colours) > 20
        s.close()
        assert app.stack.top is not s


def test_the_scene_switches_game_and_language_and_closes_on_escape(app):
    import pygame
    import pygame_gui

    from table_app.ui.scenes.rules import RulesScene
    set_language("ru")
    s = app.push(RulesScene(app, "mayi"))  # an alias
    app.step(0.016)
    assert s.variant == "may_i" and s.language == "ru"
    ev = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": s.game_btns["michigan"]})
    assert s.handle_ui_event(ev)
    assert s.variant == "michigan" and s.game_btns["michigan"].is_selected
    ev = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": s.lang_btns["uk"]})
    assert s.handle_ui_event(ev)
    assert s.language == "uk" and s.close_btn.text == "Закрити"
    s.resize((1280, 800))
    app.step(0.016)
    assert s.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_a, "mod": 0}))
    assert app.stack.top is s
    s.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0}))
    assert app.stack.top is not s and not s.widgets


def test_suits_and_cyrillic_render_in_the_text_box_font(app):
    """The suit font has ♠♥♦♣ and the default font has Cyrillic: the glyphs differ from
    the font's 'missing glyph' box."""
    import pygame
    import pygame.freetype
    import pygame_gui

    from table_app.ui.scenes.rules import suit_font_path
    pygame.freetype.init()
    noto = str(Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf")
    suits = pygame.freetype.Font(suit_font_path(), 20)
    assert all(m is not None for m in suits.get_metrics("♠♥♦♣"))
    body = pygame.freetype.Font(noto, 20)
    assert all(m is not None for m in body.get_metrics("ЁёЇїІіЄєҐґЖж"))
    box = body.render("\ufffe")[0]
    for ch in "ЇЖ":
        assert pygame.image.tobytes(body.render(ch)[0], "RGBA") != pygame.image.tobytes(box, "RGBA")


def test_the_wheel_config_ships_every_i18n_data_file():
    """Every non-Python file under table_app/i18n matches a package-data pattern."""
    tomllib = pytest.importorskip("tomllib")
    from fnmatch import fnmatch
    root = Path(__file__).resolve().parents[1]
    cfg = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    pats = cfg["tool"]["setuptools"]["package-data"]["table_app"]
    pkg = root / "table_app"
    files = [p.relative_to(pkg).as_posix() for p in (pkg / "i18n").rglob("*")
             if p.is_file() and p.suffix not in (".py", ".pyc") and p.name != "README.md"]
    assert files
    # setuptools' "**" also matches no folder at all
    loose = [pat.replace("**/", "") for pat in pats]
    missing = [f for f in files if not any(fnmatch(f, p) for p in pats + loose)]
    assert not missing, missing


def test_the_rules_overlay_over_the_picker_hides_and_restores_its_widgets(app):
    from table_app.ui.scenes.picker import PickerScene
    from table_app.ui.scenes.rules import RulesScene
    app.stack.clear()
    app.running = True
    picker = app.push(PickerScene())
    app.step(0.016)
    shown = sum(w.visible for w in picker.widgets)
    assert shown > 0
    app.push(RulesScene(app, "contract", "uk"))
    app.step(0.016)
    assert sum(w.visible for w in picker.widgets) == 0
    app.pop()
    app.step(0.016)
    assert app.stack.top is picker and sum(w.visible for w in picker.widgets) == shown


def test_keys_scroll_the_rules_and_switch_games(app):
    import pygame

    from table_app.ui.scenes.rules import RulesScene
    s = app.push(RulesScene(app, "contract", "ru"))
    app.step(0.016)
    sb = s.box.scroll_bar
    assert sb is not None and sb.start_percentage == 0

    def key(k, mod=0):
        assert s.handle_event(pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": mod}))
        app.step(0.016)

    key(pygame.K_PAGEDOWN)
    assert sb.start_percentage > 0.1
    key(pygame.K_END)
    assert sb.start_percentage == pytest.approx(1 - sb.visible_percentage, abs=0.01)
    key(pygame.K_UP)
    assert sb.start_percentage < 1 - sb.visible_percentage
    key(pygame.K_HOME)
    assert sb.start_percentage == 0
    key(pygame.K_RIGHT, pygame.KMOD_LCTRL)
    assert s.variant == "may_i"
    key(pygame.K_LEFT, pygame.KMOD_LCTRL)
    key(pygame.K_LEFT, pygame.KMOD_LCTRL)
    assert s.variant == "michigan"


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("game", GAMES)
def test_no_english_words_in_translated_rules(game, lang):
    """A Russian or Ukrainian rules text names things in its language (Michigan's kitty
    is "банк", not "(Kitty)"); only the title may give the game's English name."""
    body = rules_text(game, lang).split("\n", 1)[1]
    assert re.findall(r"\b[A-Za-z]{3,}\b", body) == []
    # nor the record's card notation: the joker is "Джокер" (as card_name writes it), not "JK"
    assert re.findall(r"\b(?:JK|(?:10|[2-9JQKA])[SHDC])\b", body) == []


def test_suit_symbols_in_the_rules_follow_the_4_colour_setting():
    """As on the table: ♦ blue and ♣ green with the 4-colour deck, ♦ red and ♣ black
    without it, each on a light chip (black, blue and green don't show on the dark panel)."""
    from table_app.ui.cardart import suit_color
    from table_app.ui.scenes.rules import markdown_to_html, suit_ink

    def hexed(suit, four):
        return "#{:02X}{:02X}{:02X}".format(*suit_color(suit, four))
    for four in (False, True):
        h = markdown_to_html("5♠ 6♥ 7♦ 8♣", four_color=four)
        for suit, c in enumerate("♠♥♦♣"):
            assert suit_ink(c, four) == hexed(suit, four)
            assert f"color='{hexed(suit, four)}'>{c}</font></body>" in h
        assert h.count("<body bgcolor='#FAF8F0'>") == 4
    assert suit_ink("♦", True) != suit_ink("♦", False)
    assert suit_ink("♣", True) != suit_ink("♣", False)


def test_the_rules_scene_uses_the_4_colour_setting(app):
    from table_app.ui.scenes.rules import RulesScene, suit_ink
    app.settings = app.settings.replace(four_color=True)
    s = app.push(RulesScene(app, "michigan", "ru"))
    app.step(0.016)
    assert f"color='{suit_ink('♣', True)}'>♣" in s.box.html_text
    s.close()


RULE_ID = re.compile(r"\b([A-Z]{2}-\d+)\b")
GAME_PREFIXES = {"contract": ("CF", "CR"), "may_i": ("CF", "MI"), "mexican": ("CF", "MX"),
                 "michigan": ("MG",)}


def refusal_rule_ids() -> set[str]:
    """Every rule id a refusal can cite: the rule-id string constants of the rules' source
    (``_refuse(..., "CF-7")``, ``IllegalActionError(..., "MG-6")``, the ids chosen per variant
    such as ``R_BUY``, the engine's derived-event rules) and the ids the table's own
    refusals and prompts name in their messages (``"... (CF-8)"``)."""
    import ast
    root = Path(i18n.__file__).resolve().parents[1]
    ids: set[str] = set()
    for p in [*sorted((root / "variants").glob("*.py")), *sorted((root / "core").glob("*.py")),
              root / "engine" / "engine.py"]:
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"[A-Z]{2}-\d+", node.value):
                    ids.add(node.value)
                elif node.value.rstrip().endswith(")"):  # "... (MG-4)" in a RecordError
                    ids.update(re.findall(r"\(([A-Z]{2}-\d+)\)\s*$", node.value))
    for p in [root / "i18n" / "strings.py", root / "ui" / "scenes" / "table.py",
              *sorted((root / "ui" / "table").glob("*.py"))]:
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"[A-Z]{2}-\d+", node.value):
                    ids.add(node.value)
                ids.update(re.findall(r"\(([A-Z]{2}-\d+)\)", node.value))
    return ids


def test_refusal_rule_ids_are_found_by_the_source_scan():
    ids = refusal_rule_ids()
    # a sample the scan must see: plain, per-variant (R_BUY / R_TURN), derived, UI-only
    assert {"CF-7", "CF-8", "CF-9", "CR-8", "MI-4", "MX-5", "MI-10", "CF-15", "MG-6",
            "MG-12"} <= ids


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_a_refusal_can_cite_is_in_the_rules_text(game, lang):
    """Issue 7: a refusal says "(CF-7)"; the game's Rules screen must contain CF-7."""
    cited = {r for r in refusal_rule_ids() if r.split("-")[0] in GAME_PREFIXES[game]}
    shown = set(RULE_ID.findall(rules_text(game, lang)))
    assert not cited - shown, f"{game}/{lang}: missing {sorted(cited - shown)}"


def test_rule_id_tags_are_shown_quieter_than_the_text():
    from table_app.ui.scenes.rules import TAG_INK, markdown_to_html
    h = markdown_to_html("## Your turn (CF-11)\n- **Lay off** on any meld. (CF-8, CR-6)\n")
    assert f"<font color='{TAG_INK}'>(CF-11)</font>" in h
    assert f"<font color='{TAG_INK}'>(CF-8, CR-6)</font>" in h
