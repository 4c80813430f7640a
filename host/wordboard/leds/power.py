"""The power budget and gamma correction.

**The current model.** A WS2812 draws about ``milliamps_per_channel`` (20 mA) per colour channel
at full duty, proportionally less at lower duty (PWM), plus a small quiescent current
(``idle_milliamps``, ~1 mA) even when dark. So one LED at full white draws ~60 mA and 225 LEDs at
full white ~13.5 A (plus 0.2 A idle), far beyond a typical 5 V supply. The estimate of a frame is

    idle_milliamps * LEDs + milliamps_per_channel * sum(every channel byte sent) / 255

computed on the bytes after gamma and brightness, i.e. on what the strip really receives.
:meth:`PowerBudget.brightness_for` picks the highest brightness, not above the owner's ceiling,
that keeps this estimate within ``supply_milliamps``; the strip's brightness is quantised
*down* to 1/256 steps so the estimate of the bytes sent never exceeds the budget.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class PowerBudget:
    supply_milliamps: float = 4000.0
    milliamps_per_channel: float = 20.0
    idle_milliamps: float = 1.0

    def estimate(self, channel_bytes: Iterable[int], leds: int) -> float:
        """Estimated milliamps for bytes actually sent to ``leds`` LEDs."""
        return self.idle_milliamps * leds + self.milliamps_per_channel * sum(channel_bytes) / 255.0

    def brightness_for(self, channel_sum: int, leds: int, ceiling: float = 1.0) -> float:
        """The brightness (0-1, a multiple of 1/256) for a frame whose channel values, after gamma
        and before brightness, add up to ``channel_sum``."""
        ceiling = min(1.0, max(0.0, ceiling))
        spare = self.supply_milliamps - self.idle_milliamps * leds
        if spare <= 0:
            return 0.0
        if channel_sum > 0:
            ceiling = min(ceiling, spare * 255.0 / (self.milliamps_per_channel * channel_sum))
        return math.floor(ceiling * 256) / 256


def gamma_table(gamma: float) -> bytes:
    """256 entries: ``round(255 * (v / 255) ** gamma)``; ``gamma`` 1 is the identity."""
    if gamma <= 0:
        raise ValueError("gamma must be above 0")
    return bytes(round(255 * (v / 255) ** gamma) for v in range(256))


def channel_sum(colours: Sequence[tuple[int, ...]]) -> int:
    return sum(sum(c) for c in colours)
