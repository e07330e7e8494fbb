"""Teaching and classroom UI: one colour map, SVG boards, notebook widgets, the ipywidgets
table, exercises, the gettext catalogs and the Voilà landing page.

This layer renders what the engines compute and never holds a rule: it imports
``fresco_kit.core``, the game packages (through their declared interface) and
``fresco_kit.sim``; nothing below it imports it.
"""

from __future__ import annotations

from .figures import enable as _show_figures_with_alt_text

_show_figures_with_alt_text()
