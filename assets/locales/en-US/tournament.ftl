# Tournaments: refusals and announcements.

tournament-refused-rounds = { $given ->
    [none] A Swiss tournament needs `rounds:`, from 2 to 15.
   *[other] `rounds:{ $given }` is not possible: a Swiss tournament has from 2 to 15 rounds.
}
tournament-refused-option = `{ $option }:` is not an option of this format: `rounds:` is for Swiss tournaments, `double:` for round-robins.
tournament-refused-name = Give the tournament a name of 1 to { $max } characters.
tournament-refused-max-players = `max_players:{ $given }` is not possible: a tournament takes at least 3 players (and at most 1000).
tournament-refused-channel-busy = This channel already has a tournament that has not ended (**{ $name }**): create yours in another channel, or wait for it to end.
tournament-refused-none = There is no tournament here. Create one with `/tournament create`, or name one with `id:`.
tournament-refused-started = **{ $name }** has started: joining, leaving and cancelling are closed. A player can still `/tournament withdraw`.
tournament-refused-over = **{ $name }** is over: see `/tournament standings`.
tournament-refused-already-joined = You are in **{ $name }** already.
tournament-refused-not-joined = You are not a player of **{ $name }**.
tournament-refused-full = **{ $name }** is full ({ $max } players).
tournament-refused-too-few = A tournament needs at least { $need } players to start; { $have } have joined.
tournament-refused-not-creator = Only { $creator }, who created the tournament, or a member with Manage Server can do that.
tournament-refused-withdrawn = You have withdrawn from **{ $name }** already.
