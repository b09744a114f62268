"""Shortcut keys by the key's place, not by the letter the layout gives it.

SDL's ``event.key`` follows the keyboard layout: in a Russian or Ukrainian layout the key
marked Z delivers ``key`` = the code of "я" (0x44F), so every shortcut matched by
``pygame.K_z`` is dead there (Ctrl+Z, H, D...).  ``key_of(event)`` gives the key a
shortcut is matched by, in any layout:

* a key the layout gives a Latin letter: that letter's ``pygame.K_a`` ... ``K_z`` (a
  QWERTZ, AZERTY or Dvorak user presses the key labelled Z for Ctrl+Z, as in other apps);
* a key the layout gives another letter (Cyrillic, Greek...): the letter at that place of
  a US keyboard, from the physical key (``event.scancode``, SDL's layout-independent
  scancode: ``pygame.KSCAN_Z`` for the key that is Z in QWERTY);
* every other key (Esc, Tab, the arrows, F1, Enter, Space...): its ``event.key`` (SDL
  gives these the same code in every layout).

Seen in a real X11 window (Xvfb, ``setxkbmap ru``): the key marked Z gives ``key=0x44F``
``scancode=29`` (``KSCAN_Z``) ``unicode="я"``, with Ctrl held too; events posted without a
``scancode`` (the tests' older ones) match by ``key`` as before.
"""
from __future__ import annotations

import pygame

#: SDL's scancodes of the letter keys (USB HID usage ids): KSCAN_A (4) ... KSCAN_Z (29)
_LETTER_SCANCODES = {getattr(pygame, f"KSCAN_{c.upper()}"): getattr(pygame, f"K_{c}")
                     for c in "abcdefghijklmnopqrstuvwxyz"}


def key_of(event) -> int:
    """The key of a ``KEYDOWN``/``KEYUP`` event that shortcuts are matched by (see the
    module's docstring): ``pygame.K_a`` ... ``K_z`` for a letter key in any layout, else
    ``event.key``."""
    k = getattr(event, "key", 0)
    if pygame.K_a <= k <= pygame.K_z:
        return k
    sc = getattr(event, "scancode", None)
    if sc in _LETTER_SCANCODES and not _is_ascii_non_letter(k):
        return _LETTER_SCANCODES[sc]
    return k


def _is_ascii_non_letter(k: int) -> bool:
    """A key the layout gives a printable ASCII sign that is no letter (a digit, "["):
    it keeps its own code (a layout that puts punctuation on a letter's place)."""
    return 32 <= k < 127


__all__ = ["key_of"]
