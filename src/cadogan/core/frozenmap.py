"""An immutable, hashable mapping: the container behind State's piles and counters."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """A read-only dict with a cached, order-independent hash.

    States are compared and hashed constantly by the solver, so the hash is computed
    once.  Updates return a new map and leave this one untouched.
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(items)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            if self._hash is not None and other._hash is not None and self._hash != other._hash:
                return False
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def update(self, changes: Mapping[K, V]) -> FrozenMap[K, V]:
        """A copy with ``changes`` applied; keys keep their original order."""
        data = dict(self._data)
        data.update(changes)
        return FrozenMap(data)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._data,))
