"""The card table: pygame-ce scenes over the rules engine."""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout at start
