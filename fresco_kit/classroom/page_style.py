"""How the classroom's big widgets (the table, an exercise) sit on a page of any size.

Each widget carries its own stylesheet (:func:`style_widget`, a ``<style>`` in a hidden
``HTML`` widget), so it looks the same in Voilà, in JupyterLab and in a notebook's stored
outputs:

- the widget takes its container's whole width (a size container cannot take it from its
  content), and is the container the queries below measure;
- *board and controls side by side on a wide widget, stacked on a narrow one*: the widget's
  layout box (CSS class ``fk-layout``) holds the board (``fk-main``), the controls
  (``fk-side``) and what is read after them (``fk-below``: scores, log); from
  :data:`WIDE` px of width (a container query, so a JupyterLab side panel counts too) the
  controls take a column of their own, beside the board and what is below it;
- *the board scales*: its SVG loses its fixed size (:func:`scalable`) and fills its column,
  never taller than the window, so a phone shows the whole board;
- *a visible focus ring* on every control (3 px, :data:`FOCUS`, 6.2:1 on white), and the
  buttons that move a game on in colours that reach 4.5:1 with their white text
  (:data:`PLAY_STYLE`, :data:`PASS_STYLE`, checked in the tests).
"""

from __future__ import annotations

import re
from typing import Any

#: from this width (px) of the widget on, the controls sit beside the board
WIDE = 880
#: the focus ring's colour
FOCUS = "#1a56db"
#: the Play button (dark green, 6.3:1 with white) and the pass-the-device button (blue, 6.4:1)
PLAY_STYLE = {"button_color": "#1b6e2d", "text_color": "#ffffff", "font_weight": "bold"}
PASS_STYLE = {"button_color": "#0b57d0", "text_color": "#ffffff", "font_weight": "bold"}

CSS = f"""
.fk-table, .fk-exercise {{ container-type: inline-size; width: 100%; flex: 1 1 100%; min-width: 0; }}
.jupyter-widgets.fk-layout {{ display: grid !important; grid-template-columns: minmax(0, 1fr);
  gap: 4px 24px; align-items: start; }}
.fk-layout > * {{ min-width: 0; }}
@container (min-width: {WIDE}px) {{
  .jupyter-widgets.fk-layout {{ grid-template-columns: minmax(0, 3fr) minmax(340px, 2fr);
    grid-template-rows: auto 1fr; }}
  .fk-layout > .fk-side {{ grid-column: 2; grid-row: 1 / span 2; }}
}}
.fk-board-view svg {{ display: block; width: 100%; height: auto; max-height: calc(100vh - 16px); }}
.fk-table-private svg {{ max-width: 100%; height: auto; }}
.fk-table .widget-html-content, .fk-exercise .widget-html-content {{ white-space: normal; }}
.fk-table :focus-visible, .fk-exercise :focus-visible {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px !important; }}
.fk-table .widget-label, .fk-exercise .widget-label {{ color: #202124; }}
"""


def style_widget() -> Any:
    """A hidden ``HTML`` widget whose ``<style>`` lays out the table and the exercises (see the
    module doc); the widgets that need it put it among their children."""
    import ipywidgets as widgets

    style = widgets.HTML(f"<style>{CSS}</style>", layout=widgets.Layout(display="none"))
    style.add_class("fk-style")
    return style


def scalable(svg: str) -> str:
    """``svg`` without the fixed ``width`` and ``height`` of its root element: its viewBox and
    the page's width scale it."""
    head, sep, rest = svg.partition(">")
    if not head.lstrip().startswith("<svg") or "viewBox" not in head:
        return svg
    return re.sub(r'\s(?:width|height)="[^"]*"', "", head) + sep + rest
