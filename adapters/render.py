"""The answer kinds an adapter spells, and `Answer`: re-exported from compat/answer.py for the adapters.

What to send for a verdict is chosen host-agnostically, next to the registry
facts it reads (`hookward.compat.answer.choose`); each adapter module spells
the chosen `Answer` in its host's wire format and imports the kinds from here.
"""

from __future__ import annotations

from hookward.compat.answer import ALLOW, ASK, DENY, FORCE_ASK, SILENT, Answer

__all__ = ["ALLOW", "ASK", "DENY", "FORCE_ASK", "SILENT", "Answer"]
