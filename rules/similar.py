"""The closest names to a typo ("RTX 9090", "H1000", "mixtrl"): difflib.get_close_matches'
answer, found with far fewer comparisons.

get_close_matches works out, for each of the ~1,400 GPU spellings, two upper bounds of
SequenceMatcher.ratio() in Python (real_quick_ratio from the lengths, quick_ratio from the
letters in common), then ratio() itself for every name whose bounds reach the cutoff: a few
hundred for "rtx 9090" (about 10 ms). Here the letters in common are counted for every name at
once from an index made once per list of names (which names hold a letter at least k times),
and ratio() is worked out by that bound, highest first, only while it can still reach the
n-th best ratio found: a name below it cannot enter the answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from difflib import SequenceMatcher
from heapq import heappush, heapreplace

__all__ = ["Names", "close_matches"]


class Names:
    """A list of names to find typos' closest among (the catalogue's GPU spellings, its model
    names): the index of their letters is made once."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = tuple(names)
        # (letter, k) -> the indices of the names holding that letter at least k times.
        index: dict[tuple[str, int], list[int]] = {}
        for i, name in enumerate(self.names):
            for letter, count in Counter(name).items():
                for k in range(1, count + 1):
                    index.setdefault((letter, k), []).append(i)
        self._index = index

    def close(self, word: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """difflib.get_close_matches(word, self.names, n, cutoff): the n best (ratio, name)
        pairs whose ratio reaches `cutoff`, best first."""
        if not n > 0:
            raise ValueError(f"n must be > 0: {n!r}")
        if not 0.0 <= cutoff <= 1.0:
            raise ValueError(f"cutoff must be in [0.0, 1.0]: {cutoff!r}")
        # The letters each name has in common with the word, as a multiset: quick_ratio's count.
        common: Counter[int] = Counter()
        for letter, count in Counter(word).items():
            for k in range(1, count + 1):
                common.update(self._index.get((letter, k), ()))
        size = len(word)
        bounded: list[tuple[float, str]] = []
        for i, name in enumerate(self.names):
            total = size + len(name)
            bound = 2.0 * common[i] / total if total else 1.0  # quick_ratio()
            if bound >= cutoff:
                bounded.append((bound, name))
        bounded.sort(key=lambda pair: pair[0], reverse=True)
        matcher = SequenceMatcher()
        matcher.set_seq2(word)
        best: list[tuple[float, str]] = []  # a heap of the n best (ratio, name) so far
        for bound, name in bounded:
            if len(best) == n and bound < best[0][0]:
                break  # this name and the rest cannot beat the n-th best
            matcher.set_seq1(name)
            score = matcher.ratio()
            if score >= cutoff:
                if len(best) < n:
                    heappush(best, (score, name))
                elif (score, name) > best[0]:
                    heapreplace(best, (score, name))
        return [name for _, name in sorted(best, reverse=True)]


def close_matches(
    word: str, possibilities: Iterable[str], n: int = 3, cutoff: float = 0.6
) -> list[str]:
    """difflib.get_close_matches(word, possibilities, n, cutoff), for a list searched once
    (a list searched again and again: make its Names once)."""
    return Names(possibilities).close(word, n, cutoff)
