"""fresco_kit: runnable, explainable rules for three Renaissance-art board games.

``fresco_kit.games()`` lists them (a :class:`~fresco_kit.core.registry.GameInfo` each:
players, options, rule switches, scoring categories, sources and the game's parts).
Importing the package imports only the engine base (``fresco_kit.core``); the classroom
layer, which every drawing goes through, shows matplotlib figures with alt text in
IPython (:func:`fresco_kit.classroom.figures.enable`).
"""

from __future__ import annotations

from .core.plugins import add as _add
from .core.registry import GameInfo, game_info, games

#: the kit's own games: name -> package (adding a game to the kit is one line here; a
#: game outside the kit registers with ``fresco_kit.core.registry.register``)
BUILTIN_GAMES: dict[str, str] = {
    "sixtina": "fresco_kit.sixtina",
    "fresco": "fresco_kit.fresco",
    "lorenzo": "fresco_kit.lorenzo",
}
for _name, _package in BUILTIN_GAMES.items():
    _add(_name, _package)

__version__ = "0.1.0"
__all__ = ["BUILTIN_GAMES", "GameInfo", "__version__", "game_info", "games"]
