"""Scoring shared by the games: rank-and-share awards and the score sheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape


def award_by_rank(keys: Mapping[str, float], awards: Sequence[int]) -> dict[str, int]:
    """Give ``awards[0]`` to the highest key, ``awards[1]`` to the next, and so on.

    Players with equal keys tie: they share the sum of the awards their places span,
    each getting that sum divided by their number, rounded down (floor, so a negative
    award shared stays fair to the rule "rounded down").  Places beyond ``awards``
    are worth 0.  Only players in ``keys`` are ranked; callers leave out those who do
    not compete.  Returns a dict with every player of ``keys``.

    >>> award_by_rank({"Red": 4, "White": 4, "Blue": 3}, [10, 6, 3])
    {'Red': 8, 'White': 8, 'Blue': 3}
    """
    ordered = sorted(keys.items(), key=lambda kv: -kv[1])
    result: dict[str, int] = {}
    place = 0
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][1] == ordered[i][1]:
            j += 1
        group = ordered[i:j]
        spanned = sum(awards[k] for k in range(place, place + len(group)) if k < len(awards))
        share = spanned // len(group)
        for player, _ in group:
            result[player] = share
        place += len(group)
        i = j
    return result


@dataclass
class ScoreSheet:
    """Points per player per scoring category, with totals and the winner(s).

    ``rows[player][category]`` are the points; ``categories`` keeps the rulebook's
    order; ``winners`` may hold several players for a shared victory; ``notes``
    explains tie-breaks in words.
    """

    categories: list[str]
    rows: dict[str, dict[str, int]]
    winners: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total over the categories."""
        return {p: sum(r.get(c, 0) for c in self.categories) for p, r in self.rows.items()}

    def to_text(self) -> str:
        """The sheet as a plain-text table (categories down, players across)."""
        players = list(self.rows)
        width = max([len(c) for c in self.categories] + [5])
        head = " " * width + "".join(f"{p:>10}" for p in players)
        lines = [head]
        for c in self.categories:
            lines.append(f"{c:<{width}}" + "".join(f"{self.rows[p].get(c, 0):>10}" for p in players))
        lines.append(f"{'Total':<{width}}" + "".join(f"{self.totals[p]:>10}" for p in players))
        if self.winners:
            lines.append("Winner: " + " and ".join(self.winners))
        lines.extend(self.notes)
        return "\n".join(lines)

    __str__ = to_text

    def _repr_html_(self) -> str:
        players = list(self.rows)
        th = "".join(f"<th>{escape(p)}</th>" for p in players)
        body = "".join(
            f"<tr><td>{escape(c)}</td>" + "".join(f"<td>{self.rows[p].get(c, 0)}</td>" for p in players) + "</tr>"
            for c in self.categories
        )
        tot = "".join(f"<td><b>{self.totals[p]}</b></td>" for p in players)
        foot = "<br>".join(
            escape(line) for line in ([f"Winner: {' and '.join(self.winners)}"] if self.winners else []) + self.notes
        )
        return f"<table><tr><th></th>{th}</tr>{body}<tr><td><b>Total</b></td>{tot}</tr></table><p>{foot}</p>"
