"""The rules of Lorenzo il Magnifico by checklist id (the English-Italian glossary is ``teach.GLOSSARY``).

Sections are the headings of the Italian rules summary ("Lorenzo il Magnifico rules
summary", seeds/004): *La struttura della partita*, *I dadi e i familiari*, *Le Torri e
le carte Sviluppo*, *Le altre zone del tabellone*, *Il Rapporto in Vaticano*, *Fine del
turno e punteggio finale*.  Paraphrases are the kit's own words.  Ids marked "kit" in
the comment are rules the checklist lacks (component facts or the kit's readings).
"""

from __future__ import annotations

from fresco_kit.core import Rulebook
from fresco_kit.core.text import N_, Msg

STRUCT = "La struttura della partita"
DICE = "I dadi e i familiari"
TOWERS = "Le Torri e le carte Sviluppo"
ZONES = "Le altre zone del tabellone"
VATICAN = "Il Rapporto in Vaticano"
END = "Fine del turno e punteggio finale"

RULES = Rulebook(
    "lorenzo",
    {
        "struct.periods": (STRUCT, "three periods of two rounds each; every round has the same four phases"),
        "round.setup": (
            STRUCT,
            "at round start a card is drawn from the top of each of the four decks onto its tower, from the "
            "lowest space up (that all four floors are filled is from public sources), and the first player "
            "rolls the three dice",
        ),
        "phase.actions": (STRUCT, "in turn order each player places one family member per turn, going round"),
        "phase.vatican": (STRUCT, "a Vatican report closes rounds 2, 4 and 6 (the end of each period)"),
        "kit.initial_order": (
            STRUCT,
            "kit: the first turn order is drawn at random and sets the starting coins and, with "
            "the advanced tiles, the order the personal bonus tiles are dealt (the published "
            "game's setup; the summary does not describe it)",
        ),
        "player.start": (
            STRUCT,
            "each player starts with a board, a personal bonus tile, three coloured "
            "members and the neutral one, three excommunication cubes, discs on zero",
        ),
        "dice.value": (DICE, "a coloured member is worth its die for every player; the neutral one is worth 0"),
        "place.min": (
            DICE,
            "a member goes only where its value reaches the space's printed minimum; "
            "a stronger member may take a weaker action",
        ),
        "servants": (DICE, "before placing, each servant paid adds 1 to the member's value, without limit"),
        "neutral.lost": (DICE, "a member (typically the neutral one) that cannot be placed anywhere loses that action"),
        "towers.costs": (
            TOWERS,
            "buildings cost resources, characters coins, ventures resources or military "
            "points (some let the player choose); territories are free",
        ),
        "towers.territory_mp": (
            TOWERS,
            "a territory goes in the first free slot of the player's row; slots "
            "beyond the second need military points, which are not spent",
        ),
        "towers.bonus": (
            TOWERS,
            "the third and fourth floors give an immediate bonus that may help pay for the card just taken",
        ),
        "towers.occupied": (
            TOWERS,
            "placing in a tower that already holds any member costs 3 extra coins, "
            "paid first, and the space's bonus coins cannot pay them",
        ),
        "towers.colour": (
            TOWERS,
            "a player never has two coloured members in one tower; the neutral member has no colour and is exempt",
        ),
        "cards.effects": (TOWERS, "cards have an immediate effect (lightning) and often a permanent effect"),
        "zones.spaces": (
            ZONES,
            "harvest and production: a small space for one member and a large space for "
            "any number at -3 to the action value; both need at least 1",
        ),
        "zones.colour": (ZONES, "a player never has two coloured members in one zone (neutral exempt)"),
        "zones.two_players": (ZONES, "with two players the large harvest and production spaces are not used"),
        "zones.activation": (
            ZONES,
            "the action value fires every card whose activation value is not above it: "
            "harvest fires territories, production fires buildings",
        ),
        "zones.simultaneous": (ZONES, "all buildings produce at once: what one produces cannot pay another's trade"),
        "market.spaces": (
            ZONES,
            "four market spaces, two of them only with four players; one member each; "
            "5 coins, 5 servants and two composite rewards",
        ),
        "market.colour": (ZONES, "a player may put members on several different market spaces"),
        "council.space": (
            ZONES,
            "the Council Palace takes any number of members, the same player repeatedly; "
            "it gives 1 coin and a council privilege",
        ),
        "council.order": (ZONES, "the order in which players entered the Council Palace is the next turn order"),
        "vatican.threshold": (VATICAN, "the faith thresholds are 3, 4 and 5 in periods I, II and III"),
        "vatican.support": (
            VATICAN,
            "a player at the threshold may show support: faith back to 0 and the VP printed on the faith space left",
        ),
        "vatican.excommunicate": (
            VATICAN,
            "refusing, or missing the threshold, puts a cube on that period's "
            "excommunication tile for the rest of the game; faith is kept",
        ),
        "vatican.last": (
            VATICAN,
            "after the last round an excommunicated player still scores the VP of their faith space",
        ),
        "excomm.kinds": (
            VATICAN,
            "excommunication effects: a resource lost per gain, -4 on taking a card type, "
            "VP lost at the end, the first action of each round skipped, and others",
        ),
        "endround.cards": (END, "development cards left on the towers leave the game"),
        "endround.order": (
            END,
            "the Council Palace order leads the new turn order; the others keep their relative order behind",
        ),
        "endround.members": (END, "family members return to their players"),
        "final.territories": (END, "3, 4, 5, 6 territories score 1, 4, 10, 20 VP"),
        "final.characters": (END, "1 to 6 characters score 1, 3, 6, 10, 15, 21 VP"),
        "final.ventures": (END, "ventures score the sum of their printed points"),
        "final.military": (
            END,
            "the first two on the military track score 5 and 2; tied players all take the full award",
        ),
        "final.resources": (END, "1 VP per 5 resources, wood, stone, servants and coins counted together"),
        "final.total": (END, "add the VP scored during the game, subtract the excommunications' VP losses"),
        "final.winner": (END, "the most VP wins"),
        # --- kit: rules or component facts the checklist lacks --------------------------
        "kit.turn": (STRUCT, "kit: only the player whose turn it is, or who owes a pending decision, may act"),
        "kit.pending": (
            STRUCT,
            "kit: a choice inside an effect (privilege, cost, trade, extra action, "
            "Vatican support) must be answered before play goes on",
        ),
        "kit.member": (DICE, "kit: each family member is placed once per round"),
        "kit.space": (
            ZONES,
            "kit: a space must exist, be open for this player count, have room and, in a tower, still hold a card",
        ),
        "kit.board_full": (TOWERS, "kit: a player board holds at most six cards of each type"),
        "kit.privileges": (
            ZONES,
            "kit: several privileges from one effect must all be different (from public sources; the summary "
            "does not say it)",
        ),
        "kit.extra_action": (
            TOWERS,
            "kit: an extra action from a card is taken at the printed value without a "
            "family member; servants may raise it; it can be declined",
        ),
        "kit.over": (END, "kit: no action once the game is over"),
    },
)


#: the kit's words for the towers, zones and family members, said in the catalogs' languages
#: (``Msg(TOWER_WORD[tower])``): es/it give them as the rulebook's names
TOWER_WORD = {
    "territory": N_("territory"),
    "building": N_("building"),
    "character": N_("character"),
    "venture": N_("venture"),
}
ZONE_WORD = {"harvest": N_("harvest"), "production": N_("production")}
RESOURCE_WORD = {
    "wood": N_("wood"),
    "stone": N_("stone"),
    "servants": N_("servants"),
    "coins": N_("coins"),
    "military": N_("military"),
    "faith": N_("faith"),
    "vp": N_("vp"),
}
#: the phases of a round, in words
PHASE_WORD = {"actions": N_("actions"), "vatican": N_("vatican"), "over": N_("over")}
MEMBER_WORD = {"white": N_("white"), "black": N_("black"), "orange": N_("orange"), "neutral": N_("neutral")}


def tower_word(tower: str) -> Msg:
    """A tower's word (``"territory"``) as a text the catalogs translate."""
    return Msg(TOWER_WORD[tower]) if tower in TOWER_WORD else Msg("{name}", name=tower)


def zone_word(zone: str) -> Msg:
    """A zone's word (``"harvest"``) as a text the catalogs translate."""
    return Msg(ZONE_WORD[zone]) if zone in ZONE_WORD else Msg("{name}", name=zone)


def member_word(member: str) -> Msg:
    """A family member's colour (``"white"``) as a text the catalogs translate."""
    return Msg(MEMBER_WORD[member]) if member in MEMBER_WORD else Msg("{name}", name=member)


def joined(items: list, how: str = "+") -> Msg | str:
    """Texts joined by ``" + "`` (``how="+"``), ``" or "`` (``"or"``) or ``"; "`` (``";"``), each
    join a template the catalogs translate; ``""`` for none."""
    out: Msg | str = ""
    for item in items:
        if out == "":
            out = item if isinstance(item, Msg) else Msg("{name}", name=item)
        elif how == "OR":
            out = Msg("{a} OR {b}", a=out, b=item)
        elif how == "or":
            out = Msg("{a} or {b}", a=out, b=item)
        elif how == ";":
            out = Msg("{a}; {b}", a=out, b=item)
        else:
            out = Msg("{a} + {b}", a=out, b=item)
    return out


def amount(n: int, key: str) -> Msg:
    """``n`` of resource ``key`` in words, singular for 1: ``amount(1, "coins")`` is
    "1 coin", ``amount(2, "coins")`` "2 coins"; wood, stone, military, faith and vp do not
    change."""
    if key == "servants":
        return Msg.n(n, "{n} servant", "{n} servants")
    if key == "coins":
        return Msg.n(n, "{n} coin", "{n} coins")
    if key == "privileges":
        return Msg.n(n, "{n} privilege", "{n} privileges")
    if key == "cards":
        return Msg.n(n, "{n} card", "{n} cards")
    if key == "wood":
        return Msg.n(n, "{n} wood", "{n} wood")
    if key == "stone":
        return Msg.n(n, "{n} stone", "{n} stone")
    if key == "military":
        return Msg.n(n, "{n} military", "{n} military")
    if key == "faith":
        return Msg.n(n, "{n} faith", "{n} faith")
    if key == "vp":
        return Msg.n(n, "{n} vp", "{n} vp")
    return Msg("{n} {key}", n=n, key=key)


def space_name(space: str, code: bool = True) -> Msg:
    """An action space in words, with (``code``) its grammar name in brackets for typing
    it: ``"territory-2"`` -> "the territory tower's floor 2 (territory-2)",
    ``"harvest-large"`` -> "the large harvest space (harvest-large)", ``"market-3"`` ->
    "market space 3 (market-3)", ``"council"`` -> "the Council Palace (council)"."""
    kind, _, rest = space.partition("-")
    if rest.isdigit() and kind != "market":
        if code:
            return Msg("the {tower} tower's floor {floor} ({space})", tower=tower_word(kind), floor=rest, space=space)
        return Msg("the {tower} tower's floor {floor}", tower=tower_word(kind), floor=rest)
    if kind == "market":
        if code:
            return Msg("market space {number} ({space})", number=rest, space=space)
        return Msg("market space {number}", number=rest)
    if kind in ("harvest", "production") and rest in ("small", "large"):
        if rest == "small":
            if code:
                return Msg("the small {zone} space ({space})", zone=zone_word(kind), space=space)
            return Msg("the small {zone} space", zone=zone_word(kind))
        if code:
            return Msg("the large {zone} space ({space})", zone=zone_word(kind), space=space)
        return Msg("the large {zone} space", zone=zone_word(kind))
    if space == "council":
        return Msg("the Council Palace (council)") if code else Msg("the Council Palace")
    return Msg("{name}", name=space)
