"""Plain record classes: ``repr`` and ``==`` field by field, as a dataclass's, at no import cost.

A ``@dataclass`` writes and compiles its methods when its module is imported, 0.3-1 ms a class:
10-15 ms of every start-up for the records the command line needs.  A record lists its fields, in
order, in ``__slots__`` and writes its ``__init__``::

    class Arg(FrozenRecord):
        __slots__ = ("name", "kind")

        def __init__(self, name: str, kind: str) -> None:
            self.name = name
            self.kind = kind

``Record``: ``repr`` and ``==`` (same class, equal fields), unhashable (it may change).  A slot
named ``_x`` is no field (a cache of the record's): left out of ``repr``, ``==`` and ``hash``.
``FrozenRecord``: also hashable by its fields, which are never assigned after ``__init__``.
"""

from __future__ import annotations


class Record:
    __slots__: tuple[str, ...] = ()

    def __repr__(self) -> str:
        fields = (n for n in self.__slots__ if n[0] != "_")
        return f"{type(self).__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in fields)})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, n) for n in self.__slots__ if n[0] != "_")


class FrozenRecord(Record):
    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._values())
