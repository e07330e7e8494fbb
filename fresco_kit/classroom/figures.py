"""Alt text for every matplotlib figure the kit shows in a notebook.

A notebook shows a figure as a PNG, and JupyterLab and Voilà give that image no alt
text, so a screen reader says nothing and accessibility checkers flag it.  The kit
instead shows figures as HTML: the same PNG inside ``<img alt="...">``.  The alt text is
the figure's ``alt_text`` attribute (set it with :func:`set_alt`), else a sentence built
from its titles and axis labels.

:func:`plain_text` wraps every drawing function of a game's ``draw`` module: what it writes
(players' names above all) is text, never matplotlib math, so ``$`` in a name is a dollar.

Importing ``fresco_kit.classroom`` (which every drawing module does) inside IPython
calls :func:`enable`, which registers the HTML form for matplotlib figures (without
importing matplotlib); outside IPython nothing happens.
"""

from __future__ import annotations

import base64
import functools
import io
import sys
from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def plain_text(draw: F) -> F:
    """``draw`` with matplotlib's math parsing off for the texts it makes (a name such as
    ``$a^b^c$`` is written as typed instead of being parsed, or refused, as math)."""

    @functools.wraps(draw)
    def drawn(*args: Any, **kwargs: Any) -> Any:
        import matplotlib

        with matplotlib.rc_context({"text.parse_math": False}):
            return draw(*args, **kwargs)

    return drawn  # type: ignore[return-value]


def set_alt(fig: Any, text: str) -> Any:
    """Give ``fig`` its alt text (returns ``fig``, so drawing functions can end with it)."""
    fig.alt_text = text
    return fig


def alt_text(fig: Any) -> str:
    """The figure's alt text: its ``alt_text``, else its titles and axis labels in words."""
    text = getattr(fig, "alt_text", None)
    if text:
        return str(text)
    words: list[str] = []
    suptitle = getattr(fig, "_suptitle", None)
    if suptitle is not None and suptitle.get_text():
        words.append(suptitle.get_text())
    for ax in fig.get_axes():
        parts = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        label = ", ".join(p for p in parts if p)
        if label:
            words.append(label)
    return "Figure: " + ("; ".join(words) if words else "a drawing from fresco_kit")


def figure_html(fig: Any, dpi: int = 100) -> str:
    """``fig`` as an HTML ``<img>`` (PNG, base64) with its alt text."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="{escape(alt_text(fig))}" src="data:image/png;base64,{data}">'


def enable() -> bool:
    """Show matplotlib figures with alt text in the running IPython (True if there is one)."""
    if "IPython" not in sys.modules:
        return False
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return False
    formatter = shell.display_formatter.formatters["text/html"]
    # on the base class: matplotlib's inline backend resets the formatters of ``Figure``
    # itself when pyplot starts, after this has run
    formatter.for_type_by_name("matplotlib.figure", "FigureBase", figure_html)
    return True
