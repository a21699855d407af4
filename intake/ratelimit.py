"""Token-bucket rate limits, one bucket per client (an API key or an address)."""

from __future__ import annotations

import time
from collections.abc import Callable


class RateLimiter:
    """`burst` requests at once, then `per_minute` a minute on average.

    Called from the event loop only, so no lock. Idle buckets are dropped when the table grows,
    which bounds memory when many addresses appear.
    """

    def __init__(
        self,
        per_minute: float,
        burst: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = 100_000,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.clock = clock
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, updated at)

    def take(self, client: str) -> float:
        """Spend one token; returns 0 when allowed, else the seconds until a token is due."""
        now = self.clock()
        tokens, updated = self._buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - updated) * self.rate)
        if tokens >= 1.0:
            self._buckets[client] = (tokens - 1.0, now)
            if len(self._buckets) > self.max_clients:
                self._forget_idle(now)
            return 0.0
        self._buckets[client] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _forget_idle(self, now: float) -> None:
        # A bucket that has refilled completely behaves exactly like a new one.
        self._buckets = {
            client: (tokens, updated)
            for client, (tokens, updated) in self._buckets.items()
            if tokens + (now - updated) * self.rate < self.burst
        }
