"""A small SVG builder for boards that redraw fast and read well on a projector.

Matplotlib needs about 100 ms to build a board figure and as much again to encode it, so
the table and the teaching widgets draw boards as SVG text instead (well under 10 ms)
and set it as the value of an ``HTML`` widget, which the browser updates in place.

The builder keeps drawings readable by construction:

- the SVG is drawn at its natural size (``width`` × ``height`` user units = CSS pixels; the
  table and the served pages scale it to the screen by its viewBox, see
  :func:`.page_style.scalable`), and text smaller than :data:`MIN_FONT` px is refused;
- every text has a background (``on``): its colour is picked by
  :func:`~fresco_kit.classroom.colours.text_on` or, if given, must reach :data:`MIN_CONTRAST`
  against it (WCAG AA), else ``ValueError``; every pair is kept in :attr:`Svg.pairs`;
- the drawing carries its alt text (``role="img"``, ``aria-label`` and ``<title>``);
- a text given the width it may take (``fit``) and measured wider (:func:`text_width`, the
  font's own glyph widths) is drawn smaller, down to :data:`MIN_FONT`, then squeezed: a
  translation longer than the English never runs into its neighbour.
"""

from __future__ import annotations

from functools import cache, lru_cache
from html import escape
from pathlib import Path
from typing import Any

from .colours import contrast, text_on

MIN_FONT = 11
MIN_CONTRAST = 4.5
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
#: DejaVu Sans Mono's glyphs are all this wide, in em
MONO_EM = 0.602


@cache
def _fonts() -> tuple[tuple[Any, Any], Any] | None:
    """DejaVu Sans and DejaVu Sans Bold (the drawings' first font; matplotlib ships them) set
    at 100 px for measuring, and the flag that measures them unhinted; None without them."""
    try:
        import matplotlib
        from matplotlib import ft2font
    except ImportError:
        return None
    folder = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    names: Any = ft2font  # matplotlib 3.10 named the flag LoadFlags.NO_HINTING; before, LOAD_NO_HINTING
    flags = names.LoadFlags.NO_HINTING if hasattr(names, "LoadFlags") else names.LOAD_NO_HINTING
    fonts = []
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        try:
            font = ft2font.FT2Font(str(folder / name))
        except (OSError, RuntimeError):
            return None
        font.set_size(100, 72)
        fonts.append(font)
    return (fonts[0], fonts[1]), flags


@lru_cache(maxsize=8192)
def text_width(text: str, size: float, bold: bool = False, mono: bool = False) -> float:
    """The width in px of ``text`` drawn at ``size`` px in the drawings' font (a generous
    estimate where the font cannot be read)."""
    if mono:
        return len(text) * size * MONO_EM
    found = _fonts()
    if found is None:
        return len(text) * size * (0.7 if bold else 0.62)
    fonts, flags = found
    font = fonts[bold]
    font.set_text(text, 0.0, flags=flags)
    return float(font.get_width_height()[0]) / 64 * size / 100


def _attrs(**attrs: object) -> str:
    return "".join(
        f' {name.rstrip("_").replace("_", "-")}="{escape(str(value))}"'
        for name, value in attrs.items()
        if value is not None
    )


class Svg:
    """An SVG drawing built element by element; :meth:`to_string` gives the markup."""

    def __init__(self, width: int, height: int, alt: str):
        if not alt.strip():
            raise ValueError("an SVG drawing needs alt text describing it")
        self.width, self.height, self.alt = width, height, alt
        self.parts: list[str] = []
        #: (text colour, background colour) of every text drawn
        self.pairs: list[tuple[str, str]] = []

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str = "none",
        stroke: str | None = None,
        width: float = 1,
        rx: float = 0,
        tip: str | None = None,
        dash: str | None = None,
    ) -> None:
        """A rectangle; ``tip`` becomes its tooltip (``<title>``)."""
        a = _attrs(x=x, y=y, width=w, height=h, fill=fill, stroke=stroke, rx=rx or None)
        a += _attrs(stroke_width=width if stroke else None, stroke_dasharray=dash)
        self._shape("rect", a, tip)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: str,
        stroke: str | None = None,
        width: float = 1,
        tip: str | None = None,
    ) -> None:
        """A circle (a pawn, a token)."""
        a = _attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, stroke_width=width if stroke else None)
        self._shape("circle", a, tip)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 1) -> None:
        """A straight line."""
        self.parts.append(f"<line{_attrs(x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=width)}/>")

    def polygon(
        self, points: list[tuple[float, float]], fill: str, stroke: str | None = None, tip: str | None = None
    ) -> None:
        """A closed polygon through ``points``."""
        pts = " ".join(f"{x:g},{y:g}" for x, y in points)
        self._shape("polygon", _attrs(points=pts, fill=fill, stroke=stroke), tip)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        on: str = "#ffffff",
        size: float = 13,
        fill: str | None = None,
        anchor: str = "start",
        bold: bool = False,
        mono: bool = False,
        fit: float | None = None,
    ) -> None:
        """Text at ``(x, y)`` (baseline) drawn on background colour ``on`` (``mono``: in a
        monospace font, for a name typed as it is written, such as ``territory-3``); at most
        ``fit`` px wide when given (smaller, then squeezed, see the module doc).

        Raises ``ValueError`` if ``size`` is below :data:`MIN_FONT` or ``fill`` does not
        reach :data:`MIN_CONTRAST` against ``on``."""
        if size < MIN_FONT:
            raise ValueError(f"text {text!r}: {size} px is below the {MIN_FONT} px minimum")
        squeeze = None
        if fit is not None and (width := text_width(text, size, bold, mono)) > fit:
            size = max(MIN_FONT, int(size * fit / width * 2) / 2)
            if text_width(text, size, bold, mono) > fit:
                squeeze = fit
        fill = fill or text_on(on)
        ratio = contrast(fill, on)
        if ratio < MIN_CONTRAST:
            raise ValueError(f"text {text!r}: contrast {fill} on {on} is {ratio:.2f}:1, below {MIN_CONTRAST}:1")
        self.pairs.append((fill, on))
        a = _attrs(x=x, y=y, fill=fill, font_size=size, text_anchor=anchor, font_weight="bold" if bold else None)
        a += _attrs(font_family=MONO if mono else None)
        if squeeze is not None:
            a += _attrs(textLength=f"{squeeze:g}", lengthAdjust="spacingAndGlyphs")
        self.parts.append(f"<text{a}>{escape(text)}</text>")

    def _shape(self, tag: str, attrs: str, tip: str | None) -> None:
        if tip:
            self.parts.append(f"<{tag}{attrs}><title>{escape(tip)}</title></{tag}>")
        else:
            self.parts.append(f"<{tag}{attrs}/>")

    def to_string(self) -> str:
        """The SVG markup, at its display size, with its alt text."""
        head = _attrs(
            xmlns="http://www.w3.org/2000/svg",
            width=self.width,
            height=self.height,
            viewBox=f"0 0 {self.width} {self.height}",
            role="img",
            aria_label=self.alt,
            font_family=FONT,
        )
        return f"<svg{head}><title>{escape(self.alt)}</title>{''.join(self.parts)}</svg>"
