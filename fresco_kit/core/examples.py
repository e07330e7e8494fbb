"""Worked examples: rulebook or constructed positions played through an engine.

An example is a function returning a list of :class:`Check` (a quantity, the
rulebook's figure and the engine's).  ``run_examples`` prints a table per example and
returns whether every figure matched, for ``fresco-kit examples GAME`` and the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Check:
    """One figure of a worked example: the ``expected`` (rulebook) value and the engine's."""

    quantity: str
    expected: Any
    actual: Any

    @property
    def ok(self) -> bool:
        """Whether the engine's figure equals the expected one."""
        return self.expected == self.actual


@dataclass(frozen=True)
class Example:
    """A worked example: ``kind`` is "rulebook example" or "constructed"."""

    name: str
    kind: str
    source: str  # rulebook section it comes from / illustrates
    run: Callable[[], list[Check]]

    def table(self, checks: list[Check] | None = None) -> str:
        """One line per check; each column as wide as its longest entry (or its header).

        The figure column is headed "rulebook" for rulebook examples and "expected" for
        constructed ones (whose figures are not printed in the rulebook)."""
        checks = self.run() if checks is None else checks
        head = "expected" if self.kind == "constructed" else "rulebook"
        rows = [(c.quantity, str(c.expected), str(c.actual)) for c in checks]
        q_w, e_w, a_w = (max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(("quantity", head, "engine")))
        lines = [
            f"{self.name} ({self.kind}; {self.source})",
            f"  {'quantity':<{q_w}}  {head:>{e_w}}  {'engine':>{a_w}}",
        ]
        for c, (q, e, a) in zip(checks, rows):
            mark = "" if c.ok else "   <-- MISMATCH"
            lines.append(f"  {q:<{q_w}}  {e:>{e_w}}  {a:>{a_w}}{mark}")
        return "\n".join(lines)

    def show(self, write: Callable[[str], Any] = print) -> list[Check]:
        """Run the example, print its table, and fail loudly on any mismatch.

        The one call a notebook's worked-example cell needs; returns the checks.
        Raises ``AssertionError`` with the table when a figure differs."""
        checks = self.run()
        table = self.table(checks)
        if not all(c.ok for c in checks):
            raise AssertionError(f"the engine disagrees with the example:\n{table}")
        write(table)
        return checks

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(f"Example({self.name!r}, {self.kind}; {self.source})")


def find_example(examples: Iterable[Example], name: str) -> Example:
    """The example called ``name``; ``KeyError`` lists the names there are."""
    examples = list(examples)
    for ex in examples:
        if ex.name == name:
            return ex
    raise KeyError(f"no example {name!r}; the examples are: {'; '.join(e.name for e in examples)}")


def run_examples(examples: Iterable[Example], write: Callable[[str], Any] = print) -> bool:
    """Run and print every example; True when every figure matched."""
    all_ok = True
    for ex in examples:
        checks = ex.run()
        write(ex.table(checks))
        all_ok &= all(c.ok for c in checks)
    write("all examples match" if all_ok else "MISMATCHES FOUND")
    return all_ok
