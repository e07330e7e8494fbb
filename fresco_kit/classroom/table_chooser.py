"""The table's move chooser: a decision narrowed step by step, by buttons or a list.

It renders the table model's narrowing (:func:`fresco_kit.core.table.narrow`): the labels
of the next step as buttons (a list and a Choose button above ``max_buttons`` of them),
a breadcrumb of the steps chosen, Back, and -- once one move is left -- its text with a
Play button.  Behind the pass-the-device screen it is emptied (:meth:`MoveChooser.clear`),
so no label of anyone's moves stays in a widget that reaches the browser.

Its widgets stay in the page and are shown or hidden (``layout.display``), never swapped:
a control the keyboard is on stays in the page after a step (focus never falls back to the
page), and :meth:`MoveChooser.focus` can move the focus to the next step's first choice at
once (a widget made anew would not be in the page yet when the focus message arrives).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from fresco_kit.core.table import Move, Narrowing, narrow

from .i18n import Translator
from .page_style import PLAY_STYLE
from .table_parts import STYLE


class MoveChooser:
    """The widgets that narrow one person's decision (``box``, CSS class ``fk-table-moves``).

    ``on_change`` runs after a step is chosen or taken back (the table redraws), ``on_play``
    when Play is clicked."""

    def __init__(self, translate: Translator, on_change: Callable[[], None], on_play: Callable[[], None]):
        import ipywidgets as widgets

        self._, self._on_change = translate, on_change
        _ = translate
        self.moves: list[Move] = []  # the person's legal moves
        self.path: list[str] = []  # the steps chosen so far
        self.shown: tuple[Any, ...] = ()  # what the box shows now
        self.pool: list[Any] = []  # the move buttons (reused)

        def button(cls: str, text: str, on_click: Callable[[], None], style: str = "") -> Any:
            b = widgets.Button(description=text, layout=widgets.Layout(width="auto"), button_style=style)
            b.add_class(cls)
            b.on_click(lambda _b: on_click())
            return b

        self.breadcrumb = widgets.HTML()
        self.breadcrumb.add_class("fk-table-breadcrumb")
        self.back = button("fk-table-back", _("Back"), self.step_back)
        self.options = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # a visible label: what the list is for (a screen reader reads it too)
        self.select = widgets.Select(
            rows=10,
            description=_("Choose one:"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="100%", max_width="36em", flex_flow="column", align_items="stretch"),
        )
        self.select.add_class("fk-move-select")
        self.choose = button("fk-move-choose", _("Choose"), lambda: self.pick(self.select.value))
        self.move_text = widgets.HTML()
        self.move_text.add_class("fk-table-move-text")
        self.play_button = button("fk-table-play", _("Play"), on_play)
        self.play_button.style = PLAY_STYLE
        self.box = widgets.VBox([widgets.HBox([self.back, self.breadcrumb]), self.options])
        self.box.add_class("fk-table-moves")
        self._fixed = (self.select, self.choose, self.move_text, self.play_button)
        self._show(())

    def set_moves(self, moves: Sequence[Move], new_decision: bool) -> None:
        """The person's legal moves now; a new decision starts again from the kinds of move."""
        self.moves = list(moves)
        if new_decision:
            self.path = []

    def narrowed(self) -> Narrowing:
        """The moves narrowed by the steps chosen (the model's :func:`narrow`)."""
        try:
            return narrow(self.moves, self.path)
        except ValueError:  # the moves changed under the path: start the decision again
            self.path = []
            return narrow(self.moves, ())

    def pick(self, label: str | None) -> None:
        """Choose ``label`` at the current step."""
        if label is not None:
            self.path.append(label)
            self._on_change()

    def step_back(self) -> None:
        """Take back the last step chosen."""
        if self.path:
            self.path.pop()
            self._on_change()

    def visible(self) -> tuple[Any, ...]:
        """The chooser's controls shown now, in page order (buttons, or the list, or the move and Play)."""
        return tuple(w for w in self.options.children if w.layout.display != "none")

    def _show(self, shown: Sequence[Any]) -> None:
        """Show exactly ``shown`` of the chooser's controls (the others hidden, never removed)."""
        if len(self.options.children) != len(self.pool) + len(self._fixed):
            self.options.children = (*self.pool, *self._fixed)
        for w in self.options.children:
            display = "" if w in shown else "none"
            if w.layout.display != display:
                w.layout.display = display

    def focus(self) -> None:
        """Put the keyboard's focus on the first control of the current step (the first choice,
        the list or Play), so that after a step or a move no one has to find their place again."""
        shown = self.visible()
        if shown:
            (shown[0] if shown[0] is not self.move_text else self.play_button).focus()

    def clear(self) -> None:
        """Empty the chooser (behind the screen): no label of anyone's moves stays in a widget."""
        self.path, self.shown = [], ()
        self._show(())
        for b in self.pool:
            b.description = b.tooltip = ""
        self.select.options = ()
        self.move_text.value = self.breadcrumb.value = ""

    def show(self, max_buttons: int) -> None:
        """Show the current step: buttons (a list above ``max_buttons``), or the one move left."""
        import ipywidgets as widgets

        narrowed = self.narrowed()
        labels = list(narrowed.labels)
        if narrowed.move is not None:
            shown: tuple[Any, ...] = ("play", narrowed.move.text)
        elif len(labels) > max_buttons:
            shown = ("select", *labels)
        else:
            shown = ("buttons", *labels)
        say = self._.say
        crumbs = " › ".join(escape(say(step)) for step in self.path) or escape(self._("Choose a move:"))
        self.breadcrumb.value = f"<span style='{STYLE}'>{crumbs}</span>"
        self.back.disabled = not self.path
        if shown == self.shown:
            return
        self.shown = shown
        if shown[0] == "play":
            self.move_text.value = f"<span style='{STYLE}'>{escape(say(shown[1]))}</span>"
            self._show((self.move_text, self.play_button))
        elif shown[0] == "select":
            self.select.options = [(say(label), label) for label in labels]
            self.select.value = labels[0]
            self._show((self.select, self.choose))
        else:  # buttons are reused (making a widget costs about 2 ms): relabelled, more made when needed
            while len(self.pool) < len(labels):
                button = widgets.Button(layout=widgets.Layout(width="auto"))
                button.add_class("fk-move-button")
                button.on_click(lambda b: self.pick(b.step))
                self.pool.append(button)
            for b, label in zip(self.pool, labels):
                b.step, b.description = label, say(label)  # the step picked, and its words
                b.tooltip = b.description
            self._show(self.pool[: len(labels)])
