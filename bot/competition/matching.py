"""A perfect-matching witness that the Swiss pairing keeps while it fixes pairs one by one.

The pairing takes entrants from the top and gives each the opponent it prefers, but only
an opponent that still leaves the rest a pairing with no more rematches than the fewest
possible. Whether such a pairing of the rest exists is a question about maximum matchings
in a general graph, answered here with Edmonds' blossom algorithm (one search from an
exposed vertex at a time, contracting odd cycles).

The graph's vertices are numbered: players ``0 .. n-1``; then, with an odd field, one *bye*
vertex joined to the players who may take this round's bye; then ``2r`` *wildcards* joined
to every player, where ``r`` is the fewest rematches the round needs: a player matched to a
wildcard is one who will meet an old opponent. Players are joined when they have not met.
A perfect matching of this graph is a pairing of the round with at most ``r`` rematches,
and the witness is one such matching, repaired after each pair is fixed: removing a fixed
pair leaves at most four vertices exposed, each found a new partner by one search, so a
choice that would leave the rest unpairable is seen at once and never made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

PLAYER = 0
BYE_VERTEX = 1
WILDCARD = 2


class Witness:
    """The graph described above and a matching of it, with vertices removed as pairs are
    fixed. ``played[i]``: the players player ``i`` has met; ``may_bye[i]``: whether player
    ``i`` may take the bye."""

    def __init__(
        self, played: Sequence[frozenset[int]], may_bye: Sequence[bool], has_bye: bool
    ) -> None:
        n = len(played)
        self.players = n
        self.played = played
        self.bye = n if has_bye else -1
        self.kind = [PLAYER] * n + ([BYE_VERTEX] if has_bye else [])
        self.may_bye = list(may_bye)
        self.match = [-1] * len(self.kind)
        self.alive = dict.fromkeys(range(len(self.kind)))
        self._greedy()
        for vertex in list(self.alive):
            if self.match[vertex] == -1:
                self._augment(vertex)
        exposed = sum(1 for v in self.alive if self.match[v] == -1)
        # Each rematch pairs two players no allowed edge could: two wildcards stand in.
        self.rematches = exposed // 2
        first = len(self.kind)
        self.kind += [WILDCARD] * (2 * self.rematches)
        self.match += [-1] * (2 * self.rematches)
        self.alive.update(dict.fromkeys(range(first, len(self.kind))))
        if not self.repair(v for v in self.alive if self.match[v] == -1):
            raise AssertionError("the wildcards always complete a matching")

    def joined(self, u: int, v: int) -> bool:
        """Whether ``u`` and ``v`` share an edge."""
        kind_u, kind_v = self.kind[u], self.kind[v]
        if kind_u == PLAYER and kind_v == PLAYER:
            return u != v and v not in self.played[u]
        if kind_u == PLAYER:
            return kind_v == WILDCARD or self.may_bye[u]
        if kind_v == PLAYER:
            return kind_u == WILDCARD or self.may_bye[v]
        return False

    def _greedy(self) -> None:
        """A first matching: the bye to the last player who may take it, then each player
        with the next free player they may meet."""
        match = self.match
        if self.bye >= 0:
            for v in reversed(range(self.players)):
                if self.may_bye[v]:
                    match[v], match[self.bye] = self.bye, v
                    break
        for u in range(self.players):
            if match[u] != -1:
                continue
            for v in range(u + 1, self.players):
                if match[v] == -1 and v not in self.played[u]:
                    match[u], match[v] = v, u
                    break

    def snapshot(self) -> tuple[list[int], dict[int, None]]:
        return self.match[:], dict(self.alive)

    def restore(self, saved: tuple[list[int], dict[int, None]]) -> None:
        self.match, self.alive = saved[0][:], dict(saved[1])

    def remove(self, vertices: Iterable[int]) -> list[int]:
        """Take ``vertices`` out of the graph; returns the vertices left exposed by it."""
        gone = set(vertices)
        exposed = []
        for v in gone:
            partner = self.match[v]
            self.match[v] = -1
            if partner != -1 and partner not in gone:
                self.match[partner] = -1
                exposed.append(partner)
        for v in gone:
            del self.alive[v]
        return sorted(exposed)

    def repair(self, exposed: Iterable[int]) -> bool:
        """Find every exposed vertex a partner; False when the matching cannot be perfect."""
        for vertex in list(exposed):
            if self.match[vertex] != -1:
                continue
            if not self._augment(vertex):
                return False
        return True

    def _augment(self, root: int) -> bool:
        """Edmonds' search from the exposed ``root``: flip an augmenting path if one exists.

        ``parent`` holds the tree's odd vertices' parents, ``base`` each vertex's blossom
        base, ``even`` whether a vertex is in the tree on an even level (or in a blossom).
        """
        match, alive, joined = self.match, self.alive, self.joined
        size = len(match)
        parent = [-1] * size
        base = list(range(size))
        even = [False] * size
        even[root] = True
        queue = [root]
        head = 0
        # The exposed vertices an augmenting path can end at, tried from every even vertex
        # first: in a dense graph a short path is the rule, found before any blossom.
        targets = [u for u in alive if match[u] == -1 and u != root]
        while head < len(queue):
            v = queue[head]
            head += 1
            for u in targets:
                if match[u] == -1 and parent[u] == -1 and joined(v, u):
                    parent[u] = v
                    self._flip(u, parent)
                    return True
            for u in alive:
                if base[v] == base[u] or match[v] == u or not joined(v, u):
                    continue
                if u == root or (match[u] != -1 and parent[match[u]] != -1):
                    # An odd cycle: contract the blossom to its base.
                    top = self._common_base(v, u, base, parent)
                    inside = [False] * size
                    self._mark(v, top, u, base, parent, inside)
                    self._mark(u, top, v, base, parent, inside)
                    for w in alive:
                        if inside[base[w]]:
                            base[w] = top
                            if not even[w]:
                                even[w] = True
                                queue.append(w)
                elif parent[u] == -1:
                    parent[u] = v
                    if match[u] == -1:
                        self._flip(u, parent)
                        return True
                    mate = match[u]
                    even[mate] = True
                    queue.append(mate)
                    # Checked at once rather than when its turn comes: in a dense graph the
                    # first few even vertices nearly always reach an exposed one.
                    for t in targets:
                        if match[t] == -1 and parent[t] == -1 and joined(mate, t):
                            parent[t] = mate
                            self._flip(t, parent)
                            return True
        return False

    def _flip(self, u: int, parent: list[int]) -> None:
        """Flip the augmenting path ending at the exposed ``u`` back to the root."""
        match = self.match
        while u != -1:
            previous = parent[u]
            after = match[previous]
            match[u], match[previous] = previous, u
            u = after

    def _common_base(self, a: int, b: int, base: list[int], parent: list[int]) -> int:
        """The base of the blossom the edge ``a``-``b`` closes: where their paths to the root
        first meet."""
        match = self.match
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[match[b]]

    def _mark(
        self,
        v: int,
        top: int,
        child: int,
        base: list[int],
        parent: list[int],
        inside: list[bool],
    ) -> None:
        """Mark the blossom's vertices on the path from ``v`` down to its base ``top``,
        pointing their parents around the cycle."""
        match = self.match
        while base[v] != top:
            inside[base[v]] = inside[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]
