"""Each UI test starts from a fresh pygame (the display is global)."""
from __future__ import annotations

import pygame
import pytest


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()
