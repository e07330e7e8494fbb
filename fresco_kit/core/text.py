"""Words in generated text, shared by every game (one place for the plural rule)."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1 or -1; ``many`` for an irregular plural.

    >>> plural(1, "thaler"), plural(0, "point"), plural(-1, "point"), plural(2, "victory point")
    ('1 thaler', '0 points', '-1 point', '2 victory points')
    """
    return f"{n} {word if abs(n) == 1 else (many or word + 's')}"
