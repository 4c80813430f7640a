"""Fixtures every browser test of the screen shares: where screenshots go, and one headless
Chromium (Debian's, driven by Playwright) per test module."""

import pytest

from tests.screen.support import launch_browser, screenshots_folder


@pytest.fixture(scope="module")
def shots():
    return screenshots_folder()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_browser(p)
        yield b
        b.close()
