"""The competition layer's pure core: pairing, standings, duplicate scoring, seasons' math.

Everything here is a synchronous, deterministic function of its arguments over frozen
dataclasses: no Discord, no storage, no clock, no randomness. Entrants are opaque ids (a
fixed pair or an individual) with a seed rating; the tournament layer above stores the
results and asks these functions what comes next.

- ``results``: entrants, pairings, match results and what a result is worth.
- ``swiss``: Swiss pairing (score groups, no avoidable rematch, spread byes) and standings
  with Buchholz and points difference.
- ``round_robin``: the circle method and its standings.
- ``elimination``: a seeded single-elimination bracket, its rounds and final places.
- ``duplicate``: seats turned between tables for duplicate deals, and matchpoints.
- ``seasons``: the soft reset of a rating at a season's start.
- ``matching``: the maximum-matching search the Swiss pairing stands on.
"""
