"""Game state of Lorenzo il Magnifico: frozen records, saved as readable JSON.

A :class:`State` holds everything, including the random generator's integer, so the
same seed and actions always give the same game.  Every part is a frozen, slotted
:class:`~fresco_kit.core.Record`; its annotations are the save format (names, card and
tile ids as in ``seeds/lorenzo.toml``), checked field by field on loading, and
``consistency.problems`` says what one field cannot (every card and tile once, turns
and family members that agree, decisions that can be answered; ``rules.state_from_dict``
refuses a save with any).  This module is the bottom of the package: it imports only
core, ``data`` and ``readings``.

Rules code never changes a published state.  ``rules.apply`` builds the next one
in a fresh copy (``state.evolve()``): it takes the acting
player's private copy with :func:`own` (fresh resource and card dicts it may change),
replaces other fields with ``assign`` (new dicts and tuples, never edited in place) and
other players with :func:`replace_player`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fresco_kit.core import Count, Length, Names, Range, Record, assign, field_error
from fresco_kit.core.data import patch_option
from fresco_kit.core.decisions import Decision as PendingDecision
from fresco_kit.core.decisions import owner
from fresco_kit.core.game import seat_of
from fresco_kit.core.record import LATER
from fresco_kit.core.visibility import hide_order, private
from fresco_kit.core.visibility import view as view_of

from . import readings
from .data import CARD_TYPES, COLOURED, DECKS, MEMBERS, RESOURCES, load, load_for

Member = Annotated[str, Names(MEMBERS, "family members")]
Resource = Annotated[str, Names(RESOURCES, "resources")]
Privilege = Annotated[str, Names(lambda: load().privileges, "council privileges")]
BonusTile = Annotated[str, Names(lambda: load().bonus_tiles, "personal bonus tiles")]
#: A bundle of resources by name (only those given), e.g. ``{"wood": 1, "coins": 2}``.
Bundle = dict[str, Count]
DecisionKind = Literal["privilege", "cost", "trade", "action", "vatican"]

#: The fields each kind of decision uses (the others are null).
DECISION_FIELDS: dict[str, tuple[str, ...]] = {
    "privilege": ("count", "taken"),
    "cost": ("card", "costs"),
    "trade": ("queue", "outputs"),
    "action": ("action", "value", "tower", "discount"),
    "vatican": (),
}
_OPTIONAL = ("count", "taken", "card", "costs", "queue", "outputs", "action", "value", "tower", "discount")


def check_bundle(bundle: dict[str, int], path: str, allowed: tuple[str, ...] = RESOURCES) -> None:
    """A bundle names only ``allowed`` resources (SaveError naming the bundle otherwise)."""
    for key in bundle:
        if key not in allowed:
            raise field_error(path, f"resources as keys: {', '.join(allowed)}", key)


@dataclass(frozen=True, slots=True)
class Decision(PendingDecision):
    """A choice the rules wait for, answered with ``Choose`` front first: a pending
    decision of core's one mechanism (:mod:`fresco_kit.core.decisions`: ``state.pending``
    is its stack, the front decision's ``player`` is who acts), whose ``kind`` is saved
    as a field (the save format of version 3):

    - ``privilege``: ``count`` council privileges still to take, all different from
      the ``taken`` ones of the same effect;
    - ``cost``: how to pay for ``card`` -- one of ``costs`` (1-based in ``Choose``);
    - ``trade``: the building ``queue[0]`` may trade (``0`` = no trade); ``outputs``
      are the production's gains collected so far, delivered together at the end;
    - ``action``: an extra ``action`` ("tower", "harvest" or "production") at
      ``value``, into ``tower`` (a type or "any") with a cost ``discount``;
    - ``vatican``: support the Church or not at the report.
    """

    kind: DecisionKind  # saved (in place of the base class's KIND)
    count: Annotated[int, Range(1, 5)] | None = None
    taken: tuple[Privilege, ...] | None = None
    card: Count | None = None
    costs: tuple[Bundle, ...] | None = None
    queue: tuple[Count, ...] | None = None
    outputs: tuple[Bundle, ...] | None = None
    action: Literal["tower", "harvest", "production"] | None = None
    value: Count | None = None
    tower: Literal["territory", "building", "character", "venture", "any"] | None = None
    discount: Bundle | None = None

    def validate(self, path: str = "") -> None:
        """Check the fields across each other (``Record.from_dict`` calls it): the fields
        of the kind are set and the others null, privileges different, costs and trades
        real (raises ``SaveError`` naming the field)."""
        needed = DECISION_FIELDS[self.kind]
        for name in _OPTIONAL:
            value = getattr(self, name)
            if (value is None) == (name in needed):
                want = "a value" if name in needed else "null"
                raise field_error(f"{path}.{name}", f"{want} in a {self.kind} decision", value)
        data = load()
        if self.kind == "privilege":
            taken, count = self.taken or (), self.count or 0  # set: checked above
            if len(set(taken)) != len(taken) or count + len(taken) > len(data.privileges):
                raise field_error(
                    f"{path}.taken",
                    f"different privileges, at most {len(data.privileges)} with count",
                    list(taken),
                )
        elif self.kind == "cost":
            if self.card not in data.cards:
                raise field_error(f"{path}.card", "a card id of the rule data", self.card)
            if not self.costs:
                raise field_error(f"{path}.costs", "at least one way to pay", [])
            for i, bundle in enumerate(self.costs):
                check_bundle(bundle, f"{path}.costs[{i}]")
        elif self.kind == "trade":
            if not self.queue:
                raise field_error(f"{path}.queue", "at least one building to ask", [])
            for i, cid in enumerate(self.queue):
                card = data.cards.get(cid)
                if card is None or card.permanent is None or not card.permanent.trades:
                    raise field_error(f"{path}.queue[{i}]", "a building card with trades", cid)
            for i, bundle in enumerate(self.outputs or ()):
                check_bundle(bundle, f"{path}.outputs[{i}]", RESOURCES + ("privileges",))
        elif self.kind == "action":
            check_bundle(self.discount or {}, f"{path}.discount")
            if self.action != "tower" and self.tower != "any":
                raise field_error(f"{path}.tower", f"'any' for a {self.action} action", self.tower)


@dataclass(frozen=True, slots=True)
class Occupant(Record):
    """A family member standing on an action space: whose, and which."""

    player: str
    member: Member

    def __str__(self) -> str:
        return f"{self.player}:{self.member}"


@dataclass(frozen=True, slots=True)
class Player(Record):
    """One player's board (plancia): resources and tracks by name, cards by type (in the
    order taken), excommunication tiles, the family members still at home this round,
    the personal bonus tile."""

    name: str
    res: Annotated[dict[str, Count], Names(RESOURCES, "resources")]
    cards: Annotated[dict[str, tuple[Count, ...]], Names(CARD_TYPES, "card types")]
    excomms: tuple[Count, ...] = ()
    home: tuple[Member, ...] = MEMBERS
    bonus_tile: BonusTile = "standard"

    def validate(self, path: str = "") -> None:
        """Check the board (``Record.from_dict`` calls it): a one-word name, faith on the
        track, cards of the row's type (at most six), one excommunication per period,
        members in order (raises ``SaveError`` naming the field)."""
        name = self.name
        if not name or len(name.split()) != 1 or name != name.strip() or "," in name:
            raise field_error(f"{path}.name", "a player name of one word without commas", name)
        if self.res["faith"] > readings.FAITH_MAX:
            raise field_error(
                f"{path}.res.faith", f"at most {readings.FAITH_MAX} (the end of the faith track)", self.res["faith"]
            )
        data = load()
        for t, row in self.cards.items():
            if len(row) > data.max_cards:
                raise field_error(f"{path}.cards.{t}", f"at most {data.max_cards} cards", list(row))
            for i, cid in enumerate(row):
                if cid not in data.cards or data.cards[cid].type != t:
                    raise field_error(f"{path}.cards.{t}[{i}]", f"the id of a {t} card", cid)
        periods = []
        for i, tile in enumerate(self.excomms):
            if tile not in data.excommunications:
                raise field_error(f"{path}.excomms[{i}]", "an excommunication tile id (1 to 21)", tile)
            periods.append(data.excommunications[tile].period)
        if periods != sorted(set(periods)):
            raise field_error(f"{path}.excomms", "at most one tile per period, in period order", list(self.excomms))
        if self.home != tuple(m for m in MEMBERS if m in self.home):
            raise field_error(f"{path}.home", f"different members in the order {', '.join(MEMBERS)}", list(self.home))


@dataclass(frozen=True, slots=True)
class Switches(Record):
    """The rule switches a game set (``None``: the reading's default, see
    ``readings.SWITCHES``).  Saved as given, so that the options come back exactly."""

    win_tie_break: Literal["turn_order", "shared"] | None = None
    military_zero_competes: bool | None = None
    extra_action_floor_bonus: bool | None = None
    extra_action_pays_occupied: bool | None = None
    servants_in_pairs: bool | None = None
    last_report_scores_excommunicated: bool | None = None
    large_space_penalty_after_minimum: bool | None = None
    initial_order: Literal["random", "as_given"] | None = None
    # added after the save format was fixed: left out of a save while None (core.record.LATER)
    colour_rule: Annotated[Literal["player", "die"] | None, LATER] = None
    empty_floor_placement: Annotated[bool | None, LATER] = None
    extra_action_modifiers: Annotated[bool | None, LATER] = None
    extra_action_optional: Annotated[bool | None, LATER] = None
    forfeit_any_member: Annotated[bool | None, LATER] = None
    gain_losses: Annotated[Literal["per_gain", "per_unit", "per_action"] | None, LATER] = None
    skipped_placement_returns: Annotated[Literal["round_end", "first_go_round"] | None, LATER] = None
    military_ties: Annotated[Literal["strict", "next"] | None, LATER] = None

    def given(self) -> dict[str, Any]:
        """The switches set, by name, sorted (as ``INFO.check_options`` returns them)."""
        return {name: getattr(self, name) for name in sorted(_SWITCH_NAMES) if getattr(self, name) is not None}


_SWITCH_NAMES = tuple(r.name for r in readings.SWITCHES)


@dataclass(frozen=True, slots=True)
class State(Record):
    """The whole game: one schema for the save (the annotations) and the players' views
    (the ``private`` markers of ``decks`` and ``rng``; every other field is public).

    ``round`` runs 1..6 (7 once over; period = (round + 1) // 2); ``phase`` is
    "actions", "vatican" or "over"; ``schedule[turn]`` is who places next; ``pending``
    holds the decisions waiting, answered front first; ``towers`` list each tower's
    card ids bottom floor first (``None``: taken or not dealt); ``decks`` the undealt
    cards by type and period; ``occupants`` the members on each occupied space, in the
    order they came; ``excomm_tiles`` the three tiles in play, periods I to III;
    ``rng`` the random generator (``None`` in a player's view); ``bonus_tiles`` and
    ``switches`` the options of the game.  ``losses`` (only with the switch
    ``gain_losses`` at "per_action") names the resources whose "gain 1 less"
    excommunication loss the action under way has already taken, in the order of
    ``RESOURCES``; it is None between actions (``rules`` clears it when an action's last
    decision is answered), so it is left out of every save made between actions.
    """

    players: Annotated[tuple[Player, ...], Length(low=2, high=4)]
    order: tuple[str, ...]
    round: Annotated[int, Range(1, 7)]
    phase: Literal["actions", "vatican", "over"]
    dice: Annotated[dict[str, Annotated[int, Range(1, 6)]], Names(COLOURED, "dice")]
    towers: Annotated[dict[str, Annotated[tuple[Count | None, ...], Length(4)]], Names(CARD_TYPES, "towers")]
    decks: Annotated[dict[str, tuple[Count, ...]], Names(DECKS, "decks"), private(hide_order)]
    discarded: tuple[Count, ...]
    occupants: dict[str, tuple[Occupant, ...]]
    schedule: tuple[str, ...]
    turn: Count
    pending: tuple[Decision, ...]
    excomm_tiles: Annotated[tuple[Count, ...], Length(3)]
    rng: Annotated[Annotated[int, Range(0, 2**64 - 1)] | None, private()]
    bonus_tiles: Literal["standard", "advanced"] = "standard"
    switches: Switches = Switches()
    data: str = ""  # the ``data`` option's patch as canonical JSON ("" for none; data.load_for)
    # added after the save format was fixed: left out of a save while None (core.record.LATER)
    losses: Annotated[tuple[Resource, ...] | None, LATER] = None

    # -- access ---------------------------------------------------------------
    @property
    def period(self) -> int:
        """The period of the round: 1 for rounds 1-2, 2 for 3-4, 3 for 5-6 (and after)."""
        return (min(self.round, 6) + 1) // 2

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return tuple(p.name for p in self.players)

    @property
    def options(self) -> dict[str, Any]:
        """The options the game was set up with, as ``INFO.check_options`` returns them."""
        return {"bonus_tiles": self.bonus_tiles, "switches": self.switches.given(), **patch_option(self.data)}

    @property
    def excomm_box(self) -> tuple[int, ...]:
        """The excommunication tiles not in play (sorted)."""
        return tuple(sorted(set(load().excommunications) - set(self.excomm_tiles)))

    def player(self, name: str) -> Player:
        """The board of player ``name``; raises ``KeyError`` for a name not playing."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(f"no player {name!r}")

    @property
    def current(self) -> str | None:
        """Who must act now: the owner of the front pending decision, else the scheduled player."""
        if self.pending:
            return owner(self.pending)
        if self.phase == "actions" and self.turn < len(self.schedule):
            return self.schedule[self.turn]
        return None

    def view(self, player: str | None = None) -> State:
        """What ``player`` sees (everyone sees the same), derived from the fields' markers
        (``core.visibility.view``): no random generator (``rng`` is private: None, so the next
        rounds' dice cannot be foreseen) and each deck sorted by card id (``decks`` is
        private with its order hidden: which cards remain shows, not their order; the
        summary, *La struttura della partita*: decks are shuffled face down).  Every
        other field is public: towers, boards, excommunication tiles are face up, and
        Lorenzo has no hidden hands.

        ``player`` (optional) must name a player of the game."""
        if player is not None:
            seat_of(self.names, player)
        return view_of(self, player)

    def validate(self, path: str = "") -> None:
        """Check the data patch (raises ``SaveError`` naming it).  The checks across
        fields are ``consistency.problems``, which ``rules.state_from_dict`` runs on
        every save it loads (this module, at the bottom of the package, imports no
        rules)."""
        try:
            load_for(self.data)
        except ValueError as exc:  # DataError names the patch's bad path
            raise field_error(f"{path}.data" if path else "data", f"a valid data patch ({exc})", self.data) from None


def own(st: State, name: str) -> Player:
    """Player ``name`` of ``st`` -- a state that ``apply`` has just made with ``evolve``
    and not handed out -- replaced by a private copy with its own ``res`` and ``cards``
    dicts, which the rules may then change (items, and fields with ``assign``).
    Called once per action, for the acting player."""
    players = st.players
    for i, p in enumerate(players):
        if p.name == name:
            mine = Player(p.name, dict(p.res), dict(p.cards), p.excomms, p.home, p.bonus_tile)
            assign(st, players=players[:i] + (mine,) + players[i + 1 :])
            return mine
    raise KeyError(f"no player {name!r}")


def replace_player(st: State, new: Player) -> None:
    """Put ``new`` in the seat of the player of the same name in the unpublished ``st``."""
    assign(st, players=tuple(new if p.name == new.name else p for p in st.players))
