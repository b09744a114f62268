"""The picture-label button (issue 20): its label (suit pips in their inks) is a public
pygame_gui ``UIImage`` over the button, not the button's private per-state image lists
that exist only from pygame_gui 0.6.14 (pyproject declares 0.6.12).  The button keeps a
button's behaviour: the pointer over the picture hovers the button, a click on it presses
the button, the picture hides, shows, moves, dims and dies with it."""
from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")
pygame_gui = pytest.importorskip("pygame_gui")

from table_app.ui.table.buttons import PictureLabelButton  # noqa: E402


@pytest.fixture
def app():
    from table_app.ui.app import App
    a = App((1024, 640), headless=True, instant=True)
    yield a
    a.stack.clear()


def _button(app):
    from pygame_gui.core import ObjectID
    b = PictureLabelButton(relative_rect=pygame.Rect(100, 100, 200, 40), text="",
                           manager=app.manager, tool_tip_text="tip",
                           object_id=ObjectID(object_id="#pic"))
    img = pygame.Surface((60, 16), pygame.SRCALPHA)
    img.fill((200, 20, 20, 255))
    b.set_label("Call 7♥ +1", img)
    return b


def _frame(app, events=()):
    for e in events:
        pygame.event.post(e)
    app.step(0.02)


def test_the_picture_lies_on_the_button_and_is_drawn(app):
    b = _button(app)
    _frame(app)
    app.draw()
    assert b.picture is not None and b.picture.rect.center == b.rect.center
    assert app.screen.get_at(b.rect.center)[:3] == (200, 20, 20)
    assert b.text == "" and b.label_text == "Call 7♥ +1"


def test_the_pointer_over_the_picture_hovers_the_button_and_a_click_presses_it(app, monkeypatch):
    b = _button(app)
    _frame(app)
    c = b.rect.center
    assert not b.hovered
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: c)   # (pygame_gui reads it)
    _frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=c, rel=(0, 0), buttons=(0, 0, 0))])
    _frame(app)
    assert b.hovered
    pressed = []
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(t, pos=c, button=1))
    for _ in range(3):
        for e in pygame.event.get():
            app.manager.process_events(e)
            if e.type == pygame_gui.UI_BUTTON_PRESSED:
                pressed.append(e.ui_element)
        app.manager.update(0.02)
    assert pressed == [b]


def test_the_picture_follows_the_button(app):
    b = _button(app)
    b.hide()
    assert not b.picture.visible
    b.show()
    assert b.picture.visible
    b.set_relative_position((300, 200))
    assert b.picture.rect.center == b.rect.center
    b.disable()
    _frame(app)
    app.draw()
    dim = app.screen.get_at(b.rect.center)
    assert dim[:3] != (200, 20, 20)                      # an off button's label is dimmed
    b.enable()
    _frame(app)
    app.draw()
    assert app.screen.get_at(b.rect.center)[:3] == (200, 20, 20)
    pic = b.picture
    b.kill()
    assert not pic.alive() and not b.alive()


def test_no_private_pygame_gui_attribute_is_set():
    """The button sets no ``*_images`` / ``*_image_positions`` (0.6.14's private lists)."""
    import inspect

    from table_app.ui.table import buttons
    src = inspect.getsource(buttons.PictureLabelButton)
    assert "_images" not in src and "_image_positions" not in src
