"""Write the sprite previews and app icons drawn by ``table_app/ui/cardart.py``.

    python sprites/generate.py            # writes into this folder

Outputs (all generated; the art is the project's own, MIT, see ``LICENSE``):
``preview.png`` (all 53 faces and the backs on felt), ``backs_<style>.png`` (one
back per style at 250 px), ``icon_<N>.png`` for N in 16, 32, 48, 64, 128, 256 (the
app and packaging icons).  The game itself
draws cards at run time with the same code, so these files are masters/previews.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import pygame  # noqa: E402

from table_app.core.cards import JOKER  # noqa: E402
from table_app.ui.cardart import BACK_STYLES, CardArt, card_size  # noqa: E402

ICON_SIZES = (16, 32, 48, 64, 128, 256)


def preview(art: CardArt, width: int = 110) -> pygame.Surface:
    cw, ch = card_size(width)
    gap = max(6, width // 10)
    cols = 13
    rows = 5  # four suits, then the joker and the backs
    size = (gap + cols * (cw + gap), gap + rows * (ch + gap))
    sheet = pygame.Surface(size)
    sheet.fill((30, 104, 62))  # flat felt: the grain would bloat the PNG
    for face in range(JOKER):
        suit, col = divmod(face, 13)
        col = (col + 1) % 13  # ace first
        sheet.blit(art.face(face, width), (gap + col * (cw + gap), gap + suit * (ch + gap)))
    y = gap + 4 * (ch + gap)
    sheet.blit(art.face(JOKER, width), (gap, y))
    for i, style in enumerate(BACK_STYLES):
        sheet.blit(art.back(width, style), (gap + (i + 1) * (cw + gap), y))
    x = gap + (len(BACK_STYLES) + 1) * (cw + gap)
    sheet.blit(art.placeholder(width), (x, y))
    x += cw + gap
    for face in (12, 25, 38, 51):  # the aces in four-colour mode
        sheet.blit(art.face(face, width, four_color=True), (x, y))
        x += cw + gap
    for face in (11, 24):  # kings with large indices
        sheet.blit(art.face(face, width, large_index=True), (x, y))
        x += cw + gap
    return sheet


def main(out: Path = HERE) -> list[Path]:
    pygame.init()
    art = CardArt()
    written = []

    def save(surf: pygame.Surface, name: str) -> None:
        path = out / name
        pygame.image.save(surf, str(path))
        written.append(path)

    save(preview(art), "preview.png")
    for style in BACK_STYLES:
        save(art.back(250, style), f"backs_{style}.png")
    for n in ICON_SIZES:
        save(art.icon(n), f"icon_{n}.png")
    return written


if __name__ == "__main__":
    for p in main():
        print(p.relative_to(HERE.parent))
