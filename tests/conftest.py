"""Test setup: headless SDL (no window, no sound device) and the shared folder."""
import os

import pytest

from tests.helpers.paths import ACCEPTANCE

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    """Every test's app folders (records, settings, logs) under its own ``tmp_path``
    (``TABLE_APP_HOME``), never the user's; a test module may override it."""
    monkeypatch.setenv("TABLE_APP_HOME", str(tmp_path / "home"))


@pytest.fixture
def acceptance_dir():
    """``../shared/acceptance`` beside the checkout; skips when it is not there."""
    if not ACCEPTANCE.is_dir():
        pytest.skip(f"no public acceptance records at {ACCEPTANCE} (../shared is not beside this checkout)")
    return ACCEPTANCE


@pytest.fixture
def english():
    """The UI in English for the test, and English again after it (a test that switches
    language leaves none behind): ``pytestmark = pytest.mark.usefixtures("english")``."""
    from table_app.i18n import set_language
    set_language("en")
    yield
    set_language("en")
