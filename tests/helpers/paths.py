"""Where the tests find things: the checkout (``ROOT``), the shared folder beside it
(``SHARED``, ``ACCEPTANCE``: the public acceptance records) and the project's own golden
records (``RECORDS``)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
ACCEPTANCE = SHARED / "acceptance"
RECORDS = ROOT / "tests" / "records"
