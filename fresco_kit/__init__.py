"""fresco_kit: runnable, explainable rules for three Renaissance-art board games.

``fresco_kit.games()`` lists them (a :class:`~fresco_kit.core.registry.GameInfo` each:
players, options, rule switches, scoring categories, sources, rules module).
"""

from __future__ import annotations

from .classroom.figures import enable as _show_figures_with_alt_text
from .core.registry import GameInfo, game_info, games

_show_figures_with_alt_text()

__version__ = "0.1.0"
__all__ = ["GameInfo", "__version__", "game_info", "games"]
