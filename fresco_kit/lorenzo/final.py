"""Final scoring — rules summary, *Fine del turno e punteggio finale*.

Six items: territories, characters, ventures, military strength, resources, plus the
VP scored during the game; minus what the period III excommunications take away.
"""

from __future__ import annotations

from fresco_kit.core import ScoreSheet
from fresco_kit.core.text import Msg

from . import INFO, readings
from .data import GOODS, load, load_for
from .effects import excomms_of
from .scoring import character_points, military_points, resource_points, territory_points
from .state import Player, State

#: the score sheet's categories, as the registry describes them (one place)
CATEGORIES = list(INFO.categories)


def _ignored(p: Player) -> set[str]:
    return {e.params["cards"] for e in excomms_of(p) if e.kind == "no_end_points"}


def excommunication_loss(p: Player) -> int:
    """VP lost to period III excommunications (a positive number)."""
    cards = load().cards
    loss = 0
    for e in excomms_of(p):
        if e.kind != "vp_loss":
            continue
        per = e.params["per"]
        if per == "vp":
            amount = p.res["vp"]
        elif per == "military":
            amount = p.res["military"]
        elif per == "building_costs":
            amount = sum(cards[c].costs[0].pay.get(k, 0) for c in p.cards["building"] for k in ("wood", "stone"))
        else:
            amount = sum(p.res[k] for k in GOODS)
        loss += amount // e.params["every"]
    return loss


def final_scores(st: State) -> ScoreSheet:
    """The score sheet; ``winners`` and tie-break notes once the game is over (before
    that a provisional sheet of the current position, with no winner)."""
    cards = load_for(st.data).cards  # end VP of ventures: the game's data patch included
    mil = military_points(
        {p.name: p.res["military"] for p in st.players},
        readings.setting(st, "military_zero_competes"),
        readings.setting(st, "military_ties"),
    )
    rows = {}
    for p in st.players:
        ignored = _ignored(p)
        rows[p.name] = {
            "VP during the game": p.res["vp"],
            "Territories": 0 if "territory" in ignored else territory_points(len(p.cards["territory"])),
            "Characters": 0 if "character" in ignored else character_points(len(p.cards["character"])),
            "Ventures": 0 if "venture" in ignored else sum(cards[c].end_vp for c in p.cards["venture"]),
            "Military": mil[p.name],
            "Resources": resource_points(*(p.res[k] for k in GOODS)),
            "Excommunications": -excommunication_loss(p),
        }
    sheet = ScoreSheet(list(CATEGORIES), rows)
    if st.phase != "over":
        sheet.notes.append(Msg("provisional: the game is not over"))
        return sheet
    totals = sheet.totals
    best = max(totals.values())
    tied = [n for n in st.order if totals[n] == best]
    if readings.setting(st, "win_tie_break") == "turn_order" or len(tied) == 1:
        sheet.winners = tied[:1]
        if len(tied) > 1:
            sheet.notes.append(
                Msg("Tie on {vp} VP broken by turn order (the kit's reading): {player} wins.", vp=best, player=tied[0])
            )
    else:
        sheet.winners = tied
        sheet.notes.append(
            Msg("Tie on {vp} VP: {players} share the victory (switch win_tie_break).", vp=best, players=tied)
        )
    return sheet
