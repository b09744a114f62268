"""The settings screen (pygame_gui): language, sound and volume, animation and computer
players' speeds, Michigan's pause at stops and pay cards, skip animations, card size,
4-colour deck, large indices, card back, auto-pass buys, asking only for a card that
fits the hand, May I?'s buying countdown and Contract's call window, confirm before
going down.

Every change goes through ``app.update_settings`` at once: validated, applied (the
language re-labels every scene, the volume reaches the sound board) and saved.  The
table reads the rest from ``app.settings`` when it draws or times something.

Widgets (tests press them): ``btns[key]`` the on/off button of a yes/no setting,
``choice_btns[(key, value)]`` the buttons of a setting with a few values,
``volume_slider`` (disabled while the sound is off), ``back_menu`` (the card back
drop-down: the last of its column, so its open list covers no other setting),
``back`` (the Back button).

Keyboard (``ring``, a ``FocusRing``): Tab / Shift+Tab and the arrows move the blue focus
outline over the widgets (down the left column, then the right one, then Back); Enter or
Space presses the focused button (a toggle, a value) or opens the card back list (Up/Down
and Enter choose); Left/Right move the volume slider; Esc goes back; F1 lists the keys.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIHorizontalSlider

from ...i18n import LANGUAGE_NAMES, _, pgettext, system_language
from ...i18n import strings as S
from ..focus import DropDown, FocusRing, TipButton
from ..keys import key_of
from ..scene import Scene
from ..table import text

#: yes/no settings (a toggle button each)
TOGGLES = ("sound_on", "skip_animations", "four_color", "large_index", "auto_pass_buys",
           "confirm_go_down", "ask_only_fitting")
SPEEDS = (0.5, 1.0, 2.0, 4.0)
COUNTDOWNS = (3.0, 5.0, 8.0, 12.0, 0.0)
#: Contract's call window (CR-5): a little longer than May I?'s by default
CALL_COUNTDOWNS = (5.0, 8.0, 12.0, 20.0, 0.0)
#: Michigan's pause at a stop and at a pay card taken (0: none)
MICHIGAN_PAUSES = (0.0, 1.0, 1.5, 2.5, 4.0)
#: settings with a few values (a row of buttons each)
CHOICES = {
    "language": ("en", "ru", "uk", "system"),
    "animation_speed": SPEEDS,
    "ai_speed": SPEEDS,
    "card_size": ("small", "medium", "large"),
    "buy_countdown_s": COUNTDOWNS,
    "ui_scale": (100, 125, 150, 175, 200),
    "call_countdown_s": CALL_COUNTDOWNS,
    "michigan_pause_s": MICHIGAN_PAUSES,
    "ai_cores": (0, 1, 2, 4),
}
#: the two columns, top to bottom (the card back drop-down last in the shorter column:
#: its open list falls on empty felt, over no other setting)
LEFT = ("language", "ui_scale", "sound_on", "volume", "animation_speed", "skip_animations",
        "ai_speed", "michigan_pause_s", "confirm_go_down", "ask_only_fitting")
RIGHT = ("auto_pass_buys", "buy_countdown_s", "call_countdown_s", "ai_cores", "card_size",
         "four_color", "large_index", "card_back")


def back_styles() -> tuple[str, ...]:
    try:
        from ..cardart import BACK_STYLES
        return tuple(BACK_STYLES)
    except Exception:  # noqa: BLE001 - no card art: the one plain back
        return ("blue",)


def back_name(style: str) -> str:
    names = {
        # Translators: a colour of the card backs (a feminine adjective in ru/uk: рубашка)
        "blue": pgettext("card back", "blue"),
        "red": pgettext("card back", "red"),
        "green": pgettext("card back", "green"),
        "purple": pgettext("card back", "purple"),
        "black": pgettext("card back", "black"),
    }
    return names.get(style, style)


def setting_label(key: str) -> str:
    if key in S.SETTING_NAMES:
        return _(S.SETTING_NAMES[key])
    return key


def choice_label(key: str, value) -> str:
    if key == "language":
        return _("System") if value == "system" else LANGUAGE_NAMES[value]
    if key in ("animation_speed", "ai_speed"):
        return f"{value:g}×"
    if key == "card_size":
        return _(S.CARD_SIZES[value])
    if key in ("buy_countdown_s", "call_countdown_s", "michigan_pause_s"):
        return _(S.OFF) if value == 0 else _("{n} s").format(n=f"{value:g}")
    if key == "ui_scale":
        return f"{value} %"
    if key == "ai_cores" and value == 0:
        return _("Auto")
    return str(value)


def choice_tip(key: str, value) -> str | None:
    if key == "language" and value == "system":
        return _("The system's language: {name}").format(name=LANGUAGE_NAMES[system_language()])
    if key in ("animation_speed", "ai_speed"):
        return {0.5: _("Slow"), 1.0: _("Normal"), 2.0: _("Fast"), 4.0: _("Fastest")}.get(value)
    if key in ("buy_countdown_s", "call_countdown_s") and value == 0:
        return _(S.NO_COUNTDOWN)
    if key == "ui_scale":
        return _("Text, buttons and cards this much larger, for a HiDPI screen where the "
                 "system does not scale the window")
    if key == "michigan_pause_s" and value == 0:
        return _("No pause: the cards follow at the computer players' pace")
    if key == "ai_cores":
        from ...ai.pool import auto_cores
        if value == 0:
            return _("All but one of this computer's cores, up to 4: {n} here").format(
                n=auto_cores())
        return _("More cores: the hard players and the hint look at more deals in the "
                 "same time")
    return None


def toggle_label(on: bool) -> str:
    return _(S.ON) if on else _(S.OFF)


class SettingsScene(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.btns: dict = {}
        self.choice_btns: dict = {}
        self.volume_slider = None
        self.back_menu = None
        self.back = None
        self.labels: list = []          # (text, (x, y), width) drawn above the widgets
        self.preview_at: pygame.Rect | None = None
        self.ring = FocusRing(self)

    def startup(self) -> None:
        self.build()

    # ------------------------------------------------------------------ layout
    def geometry(self):
        W, H = self.app.size
        k = self.k   # the HiDPI scale
        margin = k(40)
        colw = min(k(520), (W - 3 * margin) // 2)
        x0 = (W - (2 * colw + margin)) // 2
        top = k(100)
        avail = H - top - k(90)
        row_h = max(k(50), min(k(74), avail // max(len(LEFT), len(RIGHT))))
        return W, H, x0, colw, margin, top, row_h

    def build(self) -> None:
        self.clear_widgets()
        self.btns, self.choice_btns, self.labels = {}, {}, []
        m = self.app.manager
        W, H, x0, colw, margin, top, row_h = self.geometry()
        k = self.k
        wid_h = min(k(34), row_h - k(24))
        for col, keys in ((0, LEFT), (1, RIGHT)):
            x = x0 + col * (colw + margin)
            y = top
            for key in keys:
                self.labels.append((self._label(key), (x, y), colw))
                self._widget(key, pygame.Rect(x, y + k(21), colw, wid_h), m)
                y += row_h
        by, bx = H - k(70), W // 2 - k(90)
        if self.back_menu is not None:  # below the open card back list (a short window)
            list_bottom = self.back_menu.relative_rect.bottom + k(20) * len(back_styles()) + k(8)
            by = min(H - k(48), max(by, list_bottom + k(4)))
            if by < list_bottom + k(4):  # no room below it: beside it, to its left
                bx = min(bx, self.back_menu.relative_rect.left - k(180) - k(12))
        self.back = self.add(UIButton(pygame.Rect(bx, by, k(180), k(44)), _(S.BACK), m,
                                      object_id=ObjectID(class_id="@primary", object_id="#set_back")))
        self.preview_at = pygame.Rect(x0 + 2 * colw + margin - k(230), k(12), k(230), k(84))
        self.refresh()
        self.ring.set_items(self.widgets)

    def _label(self, key: str) -> str:
        """A setting's name over its widgets; the interface size says when the window is
        too small for the size chosen (every screen needs 1024x640 of its units)."""
        text_ = setting_label(key)
        if key == "ui_scale":
            app = self.app
            want = int(getattr(app.settings, "ui_scale", 100))
            got = int(round(100 * app.ui_scale / max(0.01, getattr(app, "pixel_scale", 1.0))))
            if got < want:
                # Translators: the interface size setting when the window is too small
                # for the size chosen: "Interface size (in this window: 125 %)"
                text_ = _("{name} (in this window: {size})").format(name=text_, size=f"{got} %")
        return text_

    def _widget(self, key: str, r: pygame.Rect, m) -> None:
        st = self.app.settings
        if key in TOGGLES:
            b = UIButton(pygame.Rect(r.x, r.y, self.k(140), r.h), toggle_label(bool(getattr(st, key))), m,
                         object_id=ObjectID(object_id="#set_" + key))
            self.btns[key] = self.add(b)
        elif key in CHOICES:
            vals = CHOICES[key]
            gap = self.k(6)
            bw = (r.w - gap * (len(vals) - 1)) // len(vals)
            for i, v in enumerate(vals):
                b = TipButton(pygame.Rect(r.x + i * (bw + gap), r.y, bw, r.h), choice_label(key, v), m,
                              tool_tip_text=choice_tip(key, v),
                              object_id=ObjectID(object_id=f"#set_{key}_{i}"))
                self.choice_btns[(key, v)] = self.add(b)
        elif key == "volume":
            s = UIHorizontalSlider(pygame.Rect(r.x, r.y, r.w - self.k(70), r.h),
                                   int(round(float(st.volume) * 100)), (0, 100), m,
                                   click_increment=5, object_id=ObjectID(object_id="#set_volume"))
            self.volume_slider = self.add(s)
        elif key == "card_back":
            styles = back_styles()
            cur = st.card_back if st.card_back in styles else styles[0]
            opts: list[str | tuple[str, str]] = [(back_name(b), b) for b in styles]
            dd = DropDown(opts, (back_name(cur), cur), pygame.Rect(r.x, r.y, min(r.w, self.k(260)), r.h),
                                m, object_id=ObjectID(object_id="#set_card_back"))
            self.back_menu = self.add(dd)

    def refresh(self) -> None:
        """The widgets show the current settings (selected buttons, on/off texts)."""
        st = self.app.settings
        for key, b in self.btns.items():
            on = bool(getattr(st, key))
            b.set_text(toggle_label(on))
            b.select() if on else b.unselect()
        for (key, v), b in self.choice_btns.items():
            cur = getattr(st, key)
            b.select() if cur == v else b.unselect()
        if self.volume_slider is not None:  # no volume to set while the sound is off
            s = self.volume_slider
            if bool(getattr(st, "sound_on", True)):
                if not s.is_enabled:
                    s.enable()
            elif s.is_enabled:
                s.disable()

    def resize(self, size) -> None:
        self.build()

    def retranslate(self) -> None:
        self.build()

    def settings_changed(self, keys) -> None:
        if self.widgets:
            self.refresh()

    # ------------------------------------------------------------------ events
    def set(self, key: str, value) -> bool:
        """Change one setting (what every widget does)."""
        ok = self.app.update_settings(**{key: value})
        if ok and key in ("sound_on", "volume") and getattr(self.app.settings, "sound_on", False):
            self.app.play_sound("place")  # hear the new volume
        self.refresh()
        return ok

    def handle_ui_event(self, event) -> bool:
        self.ring.handle_ui_event(event)
        el = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if el is self.back:
                self.app.pop()
                return True
            for key, b in self.btns.items():
                if b is el:
                    self.set(key, not bool(getattr(self.app.settings, key)))
                    return True
            for (key, v), b in self.choice_btns.items():
                if b is el:
                    self.set(key, v)
                    return True
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and el is self.volume_slider:
            self.set("volume", max(0.0, min(1.0, float(event.value) / 100.0)))
            return True
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is self.back_menu:
            style = getattr(event, "selected_option_id", None) or event.text
            if style in back_styles():
                self.set("card_back", style)
            return True
        return False

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and key_of(event) == pygame.K_F1:
            self.open_help()
            return True
        if self.ring.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and key_of(event) == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def open_help(self) -> None:
        """F1: the keys (these screens' first); its rules button opens the rules of the
        game at the table below, else of the picker's last or default game."""
        from .help import HelpScene
        st = self.app.settings
        variant = next((getattr(sc, "session").variant for sc in reversed(self.app.stack.scenes)
                        if getattr(sc, "session", None) is not None), None)
        variant = str(variant or getattr(st, "last_variant", None)
                      or getattr(st, "default_variant", "contract"))
        self.app.push(HelpScene(variant, screens_first=True))

    # ------------------------------------------------------------------ draw
    def draw(self, surf) -> None:
        W, H = surf.get_size()
        surf.blit(self.app.art.felt((W, H)), (0, 0))  # cached per size by CardArt
        _W, _H, x0, colw, margin, top, row_h = self.geometry()
        surf.blit(text.render_shadowed(_(S.SETTINGS), 32, (250, 236, 170), bold=True), (x0, self.k(34)))
        for label, (x, y), w in self.labels:
            t = text.render_shadowed(label, 16, (235, 240, 230))
            if t.get_width() > w:
                t = pygame.transform.smoothscale(t, (w, max(1, int(t.get_height() * w / t.get_width()))))
            surf.blit(t, (x, y))
        if self.volume_slider is not None:
            r = self.volume_slider.relative_rect
            on = bool(getattr(self.app.settings, "sound_on", True))
            v = text.render_shadowed(f"{int(round(self.app.settings.volume * 100))}%", 16,
                                     (235, 240, 230) if on else (140, 150, 140))
            surf.blit(v, (r.right + 10, r.centery - v.get_height() // 2))
        self._draw_preview(surf)
        self.ring.draw(surf)

    def _draw_preview(self, surf) -> None:
        """Three cards as the table draws them: the deck's colours, indices and back."""
        if self.preview_at is None:
            return
        from ...core.cards import parse_face
        st = self.app.settings
        art = self.app.art
        w = self.k({"small": 44, "medium": 52, "large": 60}.get(st.card_size, 52))
        r = self.preview_at
        x = r.right - 3 * (w + 10)
        for code in ("10D", "QC"):
            try:
                img = art.face(parse_face(code), w, four_color=st.four_color,
                               large_index=st.large_index)
            except Exception:  # noqa: BLE001 - a plain stand-in art
                img = art.face(parse_face(code), w)
            surf.blit(img, (x, r.y))
            x += w + 10
        try:
            img = art.back(w, st.card_back)
        except ValueError:
            img = art.back(w)
        surf.blit(img, (x, r.y))
