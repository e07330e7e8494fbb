"""Fresco actions: small frozen dataclasses with a readable ``str()`` and a parser back.

=====================================  =====================================================
text                                   meaning (rulebook section)
=====================================  =====================================================
``wake Red 7``                         choose get-up time 7 (Phase I)
``plan Red 1 2 0 1 1``                 apprentices per sheet column, in sheet order (Planning)
``buy Red booth 2 tiles 1,3``          buy tiles 1 and 3 (1-based) of booth 2 (Market)
``close Red booth 2``                  close booth 2 (Market)
``restore Red 1,2``                    restore segment row 1, col 2 (Cathedral)
``restore Red 1,2 bishop 1,1 ahead``   ... after moving the bishop to (1,1) for 1 thaler;
                                       ``ahead``/``behind`` answers an occupied track space
``altar Red yellow red blue``          restore the altar with these paints (+ ``ahead``/``behind``)
``studio Red``                         paint portraits with one studio apprentice (Studio)
``blend Red orange``                   one blend: red + yellow -> orange (Workshop)
``theater Red``                        one theater visit (Theater)
``done Red``                           give up the rest of one's actions here (Performing actions)
``settle Red ahead``                   final count: where to stop on an occupied space
=====================================  =====================================================
"""
from __future__ import annotations

from dataclasses import dataclass

from .data import COLOURS

TRACK_CHOICES = ("behind", "ahead")


@dataclass(frozen=True, slots=True)
class Wake:
    player: str
    time: int

    def __str__(self) -> str:
        return f"wake {self.player} {self.time}"


@dataclass(frozen=True, slots=True)
class Plan:
    player: str
    counts: tuple[int, ...]

    def __str__(self) -> str:
        return f"plan {self.player} " + " ".join(str(c) for c in self.counts)


@dataclass(frozen=True, slots=True)
class Buy:
    player: str
    booth: int                 # 1-based booth number
    tiles: tuple[int, ...]     # 1-based positions in the booth, ascending

    def __str__(self) -> str:
        return f"buy {self.player} booth {self.booth} tiles {','.join(str(t) for t in self.tiles)}"


@dataclass(frozen=True, slots=True)
class Close:
    player: str
    booth: int

    def __str__(self) -> str:
        return f"close {self.player} booth {self.booth}"


@dataclass(frozen=True, slots=True)
class Restore:
    player: str
    segment: tuple[int, int]
    bishop: tuple[int, int] | None = None
    track: str | None = None

    def __str__(self) -> str:
        text = f"restore {self.player} {self.segment[0]},{self.segment[1]}"
        if self.bishop is not None:
            text += f" bishop {self.bishop[0]},{self.bishop[1]}"
        return text + (f" {self.track}" if self.track else "")


@dataclass(frozen=True, slots=True)
class Altar:
    player: str
    paints: tuple[str, ...]    # in COLOURS order
    track: str | None = None

    def __str__(self) -> str:
        return f"altar {self.player} {' '.join(self.paints)}" + (f" {self.track}" if self.track else "")


@dataclass(frozen=True, slots=True)
class Studio:
    player: str

    def __str__(self) -> str:
        return f"studio {self.player}"


@dataclass(frozen=True, slots=True)
class Blend:
    player: str
    colour: str

    def __str__(self) -> str:
        return f"blend {self.player} {self.colour}"


@dataclass(frozen=True, slots=True)
class Theater:
    player: str

    def __str__(self) -> str:
        return f"theater {self.player}"


@dataclass(frozen=True, slots=True)
class Done:
    player: str

    def __str__(self) -> str:
        return f"done {self.player}"


@dataclass(frozen=True, slots=True)
class Settle:
    player: str
    track: str

    def __str__(self) -> str:
        return f"settle {self.player} {self.track}"


Action = Wake | Plan | Buy | Close | Restore | Altar | Studio | Blend | Theater | Done | Settle


def altar(player: str, paints, track: str | None = None) -> Altar:
    """An :class:`Altar` action with the paints put in canonical (COLOURS) order."""
    order = {c: i for i, c in enumerate(COLOURS)}
    return Altar(player, tuple(sorted(paints, key=lambda p: order.get(p, 99))), track)


def _pair(text: str) -> tuple[int, int]:
    a, b = text.split(",")
    return int(a), int(b)


def _track(words: list[str]) -> str | None:
    if words and words[-1] in TRACK_CHOICES:
        return words.pop()
    return None


def parse_action(text: str) -> Action:
    """Parse the text of an action (the inverse of ``str``); ValueError on bad text."""
    words = str(text).split()
    if len(words) < 2:
        raise ValueError(f"cannot parse action {text!r}: expected a verb and a player")
    verb, player, rest = words[0], words[1], words[2:]
    try:
        if verb == "wake" and len(rest) == 1:
            return Wake(player, int(rest[0]))
        if verb == "plan" and rest:
            return Plan(player, tuple(int(x) for x in rest))
        if verb == "buy" and len(rest) == 4 and rest[0] == "booth" and rest[2] == "tiles":
            return Buy(player, int(rest[1]), tuple(int(x) for x in rest[3].split(",")))
        if verb == "close" and len(rest) == 2 and rest[0] == "booth":
            return Close(player, int(rest[1]))
        if verb == "restore" and rest:
            track = _track(rest)
            if len(rest) == 1:
                return Restore(player, _pair(rest[0]), None, track)
            if len(rest) == 3 and rest[1] == "bishop":
                return Restore(player, _pair(rest[0]), _pair(rest[2]), track)
        if verb == "altar" and rest:
            track = _track(rest)
            if len(rest) == 3 and all(p in COLOURS for p in rest):
                return altar(player, rest, track)
        if verb in ("studio", "theater", "done") and not rest:
            return {"studio": Studio, "theater": Theater, "done": Done}[verb](player)
        if verb == "blend" and len(rest) == 1:
            return Blend(player, rest[0])
        if verb == "settle" and len(rest) == 1 and rest[0] in TRACK_CHOICES:
            return Settle(player, rest[0])
    except ValueError:
        pass
    raise ValueError(f"cannot parse action {text!r} (see fresco_kit.fresco.actions for the forms)")
