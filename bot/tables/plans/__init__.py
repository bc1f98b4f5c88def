"""What a change to a table would be, as plain synchronous functions of its state.

Each plan reads a state (and the table's ``Place``: where it is, its rules, its message) and
returns a ``Step``: the next state, what to store first, what to tell. A plan refuses with a
``TableError`` (or the engine's ``IllegalAction``) and changes nothing. Plans never await,
lock, store or read a clock: ``bot.tables.table`` runs their steps through the one path
(lock, store, apply, tell), and ``bot.tables.turns`` hands it the bots' and timers' plans.

- ``common``: shared builders (the state a change needs, the lobby's and the seats'
  writes, a new deal, closing);
- ``lobby``: sitting down, moving, bots, the start and a rematch;
- ``seats``: seats changing hands during play (a member leaving, a sub, away and back),
  the host role, stop votes, watching;
- ``play``: a move checked and stored, what a stored play leads to, turn timers' changes.
- ``timed``: a game played for a time: its deadline, time called, what the table says.
"""
