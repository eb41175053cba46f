"""SSA name scopes and identifier sanitizing for the printer (AsmPrinter's ``SSANameState`` helpers)."""

from __future__ import annotations


class NameScope:
    __slots__ = ("names", "parent")

    def __init__(self, parent: NameScope | None) -> None:
        self.names: set[str] = set()
        self.parent = parent

    def __contains__(self, n: str) -> bool:
        s: NameScope | None = self
        while s is not None:
            if n in s.names:
                return True
            s = s.parent
        return False


_SANITIZED: dict[str, str] = {}  # asm name -> sanitize_identifier(name)
_VALID = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789$._-")


def sanitize_identifier(name: str, allow_trailing_digit: bool = True) -> str:
    """An asm name made a valid SSA identifier as upstream's ``sanitizeIdentifier`` does: other
    characters as hex, a space as ``_``, a leading digit (or, if not allowed, a trailing one) prefixed by ``_``."""
    def copy() -> str:
        out = []
        for ch in name:
            if ch in _VALID:
                out.append(ch)
            elif ch == " ":
                out.append("_")
            else:
                out.append(format(ord(ch), "X"))
        return "".join(out)

    if name[0].isdigit() or (not allow_trailing_digit and name[-1].isdigit()):
        return "_" + copy()
    if all(ch in _VALID for ch in name):
        return name
    return copy()


def sanitized(name: str) -> str:
    """``sanitize_identifier(name)``, cached (the printer asks for the same asm names again and again)."""
    clean = _SANITIZED.get(name)
    if clean is None:
        clean = _SANITIZED[name] = sanitize_identifier(name)
    return clean
