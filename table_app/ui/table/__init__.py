"""The card table's parts: layout, sprites, presenter, drag controller, animation and
the game session (engine + computer players)."""
