"""Helpers shared by the games' widget factories (ipywidgets imported lazily).

Callbacks write to an ``Output`` with ``show_text``/``show_figure`` (empty, then
append), never ``with out:``, so nothing leaks into notebook cell output under nbval.
They empty ``out.outputs`` directly rather than calling ``out.clear_output()``: that
sends a separate clear message which, in a browser, can race the new outputs and leave
the ``Output`` blank (and without a kernel it clears nothing).
"""

from __future__ import annotations

from html import escape
from typing import Any

from .i18n import N_, translator
from .table_link import link_lang, teacher_mode

ILLUSTRATIVE_BANNER = N_(
    "Illustrative data in play: some printed numbers of this game are not given by the "
    "rulebook text; the kit uses labelled stand-ins (see the game's seeds/*.toml, "
    'provenance = "illustrative"). The rules are exact; replace the numbers in the data '
    "file if you own the game."
)


def teacher_only(widget: Any) -> Any:
    """``widget``, hidden unless the page is in teacher mode (:func:`.table_link.teacher_mode`):
    a seed field, for one, means nothing to a student in the classroom."""
    if not teacher_mode():
        widget.layout.display = "none"
    return widget


def show_text(out: Any, text: str) -> None:
    """Replace what ``out`` shows with ``text``."""
    out.outputs = ()
    out.append_stdout(text if text.endswith("\n") else text + "\n")


def show_figure(out: Any, fig: Any, text: str | None = None) -> None:
    """Replace what ``out`` shows with a matplotlib figure (closed afterwards) and text."""
    import matplotlib.pyplot as plt

    out.outputs = ()
    if text:
        out.append_stdout(text if text.endswith("\n") else text + "\n")
    out.append_display_data(fig)
    plt.close(fig)


def panel(title: str, controls: list[Any], output: Any, note: str | None = None) -> Any:
    """The one layout of every teaching widget: a title, the controls in a row, the
    output below, and an optional note under the title (ipywidgets ``VBox``)."""
    import ipywidgets as widgets

    parts: list[Any] = [widgets.HTML(f"<b>{escape(title)}</b>")]
    if note:
        parts.append(widgets.HTML(f'<span style="color:#5f6368">{escape(note)}</span>'))
    parts += [widgets.HBox(controls), output]
    return widgets.VBox(parts)


def banner(text: str = ILLUSTRATIVE_BANNER, lang: str | None = None) -> Any:
    """A visible note (an ``HTML`` widget) e.g. for illustrative component data, in ``lang``
    (default: the link's, :func:`.table_link.link_lang`) where the catalogs have ``text``."""
    import ipywidgets as widgets

    _ = translator(link_lang() if lang is None else lang)
    return widgets.HTML(
        f'<div style="border-left:4px solid #c90;background:#fff8e5;padding:6px 10px"><b>{escape(_("Note."))}</b> '
        f"{_(text)}</div>"
    )
