"""Readings: how the kit plays rulebook text that can be read more than one way.

One :class:`Reading` type for every game: each game's ``readings.py`` lists its
readings in ``READINGS``; a reading that changes play names the
:class:`~fresco_kit.core.registry.Switch` that plays an alternative.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    """One reading of the sources.

    - ``id``: a short name; ``rule``: the checklist id of the rule it reads;
    - ``reads``: what the sources say (or leave unsaid), cited by section heading;
    - ``kit``: what the kit does; ``alternatives``: the other plausible readings (empty
      only when ``argument`` says why there is none);
    - ``argument``: why the kit reads it its way;
    - ``switch``: the rule switch (or option) that plays an alternative, None if none;
    - ``where``: the module or function that carries it out ("" when not given).
    """

    id: str
    rule: str
    reads: str
    kit: str
    alternatives: tuple[str, ...]
    argument: str
    switch: str | None = None
    where: str = ""
