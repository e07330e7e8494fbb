"""Words in generated text, shared by every game: one place for the plural rule, and
:class:`Msg`, the form of every text the engines generate (events, refusals, move texts,
board labels), so the classroom can say it in another language.

A :class:`Msg` *is* its English text (a ``str``: it prints, compares, joins and saves as
today), and it also keeps its English template and its values.  The classroom's
``fresco_kit.classroom.i18n.say`` looks the template up in the game's catalog
(``fresco_kit/locale/<lang>/LC_MESSAGES/<game>.po``) and fills in the values, each value
that is itself a :class:`Msg` said in the same language::

    >>> m = Msg("{player} restores {fresco}", player="Red", fresco=Msg("the altar"))
    >>> m, m.template
    ('Red restores the altar', '{player} restores {fresco}')
    >>> Msg.n(2, "{n} card", "{n} cards"), Msg.n(1, "{n} card", "{n} cards")
    ('2 cards', '1 card')
    >>> Msg("points: {awards}", awards=[Msg("{p} {v:+d}", p="Red", v=3), Msg("{p} {v:+d}", p="Blue", v=-1)])
    'points: Red +3, Blue -1'

Templates are literals (or constants marked with :func:`N_` where they are defined), so
the catalog test can collect them from the source: never build one from pieces at run
time, and never concatenate a :class:`Msg` with another text (the result would be a
plain ``str`` that no catalog can translate) -- put both in one template instead.

**Unworded texts.**  Inside ``with unworded():`` a :class:`Msg` is not made at all: what
``Msg(...)`` (or ``Msg.n``) gives is its bare template, the plain ``str``
``"{player} restores {fresco}"``, with nothing filled in and nothing kept (no values, no
object made: a template is a constant).  The runner's rule tracing and the engines'
"is it refused?" loops (the random players, Lorenzo's listing) use it: they ask which
rules refuse, and nobody reads the words (filling in every event and refusal was most of
what tracing cost; making the unread messages still cost 3% of a traced Lorenzo game's
instructions).
Code that adds text to a message only for a reader (what the game waits for, the open
spaces) asks :func:`worded` first.  Keep no message made in such a block beyond it (in a
cache, say): it would stay a template, in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

#: a value list in a template is written with this between items (in every language)
LIST_SEPARATOR = ", "


#: whether messages are filled in now (False inside :func:`unworded`)
_WORDED: ContextVar[bool] = ContextVar("fresco_kit_worded", default=True)


class unworded:  # a lower-case name: used as a function, ``with unworded(): ...``
    """A block in which every :class:`Msg` made is its template, unfilled (see the module):
    for counting rules when no one reads the texts.  Per thread and task (a context variable).
    A small class rather than a generator: the runner enters it twice an action."""

    __slots__ = ("_token",)
    _words = False  # what worded() says inside the block

    def __enter__(self) -> None:
        self._token = _WORDED.set(self._words)

    def __exit__(self, *exc: object) -> None:
        _WORDED.reset(self._token)


class worded_texts(unworded):
    """A block in which every :class:`Msg` made is filled in, even inside ``unworded()``: an
    event told earlier makes its text in one (``core.rules.Event.text``), so that the text
    does not depend on where it is first read."""

    __slots__ = ()
    _words = True


#: ``worded()``: whether messages made now are filled in (False inside :func:`unworded`); the
#: context variable's own getter, as the engines ask at every event
worded: Callable[[], bool] = _WORDED.get


def N_(template: str) -> str:
    """Mark a template kept in data for the catalogs, e.g. ``LABELS = {"altar": N_("Altar")}``
    and then ``Msg(LABELS[key])`` where it is shown (the catalog test collects both)."""
    return template


class Msg(str):
    """A generated text: its English rendering (the ``str`` itself), its ``template`` and its
    ``params``; :attr:`plural` and :attr:`number` for a text that depends on a number."""

    template: str
    plural: str | None = None  # (class defaults: most messages have no plural)
    number: int | None = None
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Msg:
        """``template`` filled in with ``params`` (``str.format`` fields).  Written out rather
        than through :meth:`_make`: the engines make a message at nearly every check and event.
        Inside :class:`unworded`: ``template`` itself (see the module)."""
        if not worded():
            return template  # type: ignore[return-value]  # unworded: the bare template, nothing made
        self = str.__new__(cls, _filled(template, params))
        self.template, self.params = template, params
        return self

    @classmethod
    def n(cls, count: int, singular: str, plural: str, /, **params: Any) -> Msg:
        """The singular template when ``count`` is 1 or -1, else the plural one (as gettext's
        ``ngettext`` in English); ``count`` is the template's ``{n}``."""
        return cls._make(singular, plural, count, {"n": count, **params})

    @classmethod
    def _make(cls, template: str, plural: str | None, count: int | None, params: dict[str, Any]) -> Msg:
        chosen = template if plural is None or abs(count or 0) == 1 else plural
        if not worded():
            return chosen  # type: ignore[return-value]  # unworded: the bare template, nothing made
        self = str.__new__(cls, _filled(chosen, params))
        self.template, self.params = template, params
        if plural is not None:
            self.plural, self.number = plural, count
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # a worker process gets the Msg, not only its text
        return (_rebuild, (self.template, self.plural, self.number, self.params))

    def render(self, template_in: Callable[[Msg], str]) -> str:
        """This text with ``template_in(msg)`` as the template of each message in it (this one and
        every :class:`Msg` among its values), e.g. a catalog's translation of it."""
        values = {k: _render(v, template_in) for k, v in self.params.items()}
        return template_in(self).format(**values)


def _rebuild(template: str, plural: str | None, count: int | None, params: dict[str, Any]) -> Msg:
    with worded_texts():  # a pickled Msg was a worded one: it stays one wherever it is unpickled
        return Msg._make(template, plural, count, params)


def _filled(template: str, params: dict[str, Any]) -> str:
    """``template`` filled in with ``params`` in English (a list or tuple: its items joined)."""
    for value in params.values():
        if isinstance(value, list | tuple):
            return template.format_map(
                {k: LIST_SEPARATOR.join(map(str, v)) if isinstance(v, list | tuple) else v for k, v in params.items()}
            )
    return template.format_map(params)  # no list among the values (most messages): as they are


def _render(value: Any, template_in: Callable[[Msg], str]) -> Any:
    if isinstance(value, Msg):
        return value.render(template_in)
    if isinstance(value, list | tuple):
        return LIST_SEPARATOR.join(str(_render(v, template_in)) for v in value)
    return value


def english(msg: Msg) -> str:
    """The English template of ``msg`` for its count (``Msg.render(english)`` is ``str(msg)``)."""
    return msg.template if msg.plural is None or abs(msg.number or 0) == 1 else msg.plural


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1 or -1; ``many`` for an irregular plural.

    >>> plural(1, "thaler"), plural(0, "point"), plural(-1, "point"), plural(2, "victory point")
    ('1 thaler', '0 points', '-1 point', '2 victory points')
    """
    return f"{n} {word if abs(n) == 1 else (many or word + 's')}"
