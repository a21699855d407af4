"""A per-run token and cost budget shared by concurrent LLM calls.

A call may start only if its worst case fits: the estimated prompt tokens plus the output cap are
reserved before the request and settled with the real usage after it. So concurrent calls cannot
overshoot together; the budget is exceeded only if the prompt estimate undercounts. A call that
does not fit while others are in flight waits for them to settle (their real usage is usually far
below the reserved worst case) before the run is declared out of budget.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Prices:
    input_per_mtok: float  # USD per million prompt tokens
    output_per_mtok: float  # USD per million completion tokens

    def cost(self, tokens_in: int, tokens_out: int) -> float:
        return (tokens_in * self.input_per_mtok + tokens_out * self.output_per_mtok) / 1e6


@dataclass(frozen=True, slots=True)
class Reservation:
    tokens_in: int
    tokens_out: int


class Budget:
    def __init__(
        self,
        max_tokens: int | None = None,
        max_cost_usd: float | None = None,
        prices: Prices | None = None,
    ) -> None:
        if max_cost_usd is not None and prices is None:
            raise ValueError("a cost budget needs token prices (BENCHHUB_REVIEW_PRICE_IN/_OUT)")
        self.max_tokens = max_tokens
        self.max_cost_usd = max_cost_usd
        self.prices = prices
        self._settled = threading.Condition()
        self._spent_in = self._spent_out = 0
        self._held_in = self._held_out = 0

    def reserve(self, tokens_in: int, tokens_out: int) -> Reservation | None:
        """Hold room for one call, or None when it cannot fit even with nothing in flight."""
        with self._settled:
            while not self._fits(
                self._spent_in + self._held_in + tokens_in,
                self._spent_out + self._held_out + tokens_out,
            ):
                if self._held_in == self._held_out == 0:
                    return None
                self._settled.wait()
            self._held_in += tokens_in
            self._held_out += tokens_out
            return Reservation(tokens_in, tokens_out)

    def settle(self, reservation: Reservation, tokens_in: int, tokens_out: int) -> None:
        """Replace a reservation by what the call really used."""
        with self._settled:
            self._held_in -= reservation.tokens_in
            self._held_out -= reservation.tokens_out
            self._spent_in += tokens_in
            self._spent_out += tokens_out
            self._settled.notify_all()

    @property
    def spent_tokens(self) -> int:
        return self._spent_in + self._spent_out

    @property
    def spent_usd(self) -> float | None:
        return None if self.prices is None else self.prices.cost(self._spent_in, self._spent_out)

    def describe_limit(self) -> str:
        limits = []
        if self.max_tokens is not None:
            limits.append(f"{self.max_tokens:,} tokens")
        if self.max_cost_usd is not None:
            limits.append(f"${self.max_cost_usd:.2f}")
        spent = f"{self.spent_tokens:,} tokens"
        if self.spent_usd is not None:
            spent += f" (${self.spent_usd:.4f})"
        return f"budget of {' / '.join(limits)} reached after {spent}"

    def _fits(self, tokens_in: int, tokens_out: int) -> bool:
        if self.max_tokens is not None and tokens_in + tokens_out > self.max_tokens:
            return False
        if self.max_cost_usd is not None and self.prices is not None:
            return self.prices.cost(tokens_in, tokens_out) <= self.max_cost_usd
        return True
