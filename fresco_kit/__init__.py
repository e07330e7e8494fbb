"""fresco_kit: runnable, explainable rules for three Renaissance-art board games."""
from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__"]
