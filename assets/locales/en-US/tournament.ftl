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

button-join = Join
button-leave = Leave
tournament-format-swiss = Swiss, { $rounds } rounds
tournament-format-round-robin = { $double ->
    [yes] double round-robin
   *[other] round-robin
}
tournament-announcement = 🏆 **{ $name }**: { $format } of { $game }, { $clock }, { $rated ->
    [yes] rated
   *[other] unrated
}{ $vacation ->
    [no] , no vacation (a vacation does not stop the clock)
   *[other] {""}
}.
    Players ({ $count }): { $players }
    { $state ->
        [open] Join with the button below or `/tournament join`; the creator starts it with `/tournament start`.
        [running] The tournament is under way.
        [finished] The tournament is over.
       *[other] The tournament was cancelled.
    }
tournament-joined = { $player } joined **{ $name }** ({ $count } players).
tournament-left = { $player } left **{ $name }** ({ $count } players).
tournament-cancelled = **{ $name }** is cancelled.
tournament-pairing = Board { $board }: { $first } (moves first) – { $second }
tournament-bye = Bye (1 point): { $player }
tournament-round-paired = **{ $name }**, round { $round } of { $rounds }: each game has its own thread below.
tournament-started = **{ $name }** has started: { $games } games, all at once, each in its own thread below.
tournament-cross-title = **{ $name }**: cross table (rows and columns in standings order)
tournament-standings-title = **{ $name }**: standings ({ $state ->
    [running] after round { $round }
    [finished] final
   *[other] before the start
})
tournament-tiebreaks-swiss = Buchholz { $buchholz } · Sonneborn-Berger { $sb }
tournament-tiebreaks-round-robin = Sonneborn-Berger { $sb } · { $wins } wins
tournament-standing = { $rank }. { $player }: **{ $points }** pts · { $tiebreaks } · { $played } played, { $left } left{ $withdrawn ->
    [yes] {" "}(withdrawn)
   *[other] {""}
}
tournament-withdrew = { $player } withdrew from **{ $name }**: { $count } games in progress count as lost.
tournament-game-withdrawn = { $player } withdrew from the tournament: this game counts as resigned.
tournament-thread-title = { $name }, round { $round }, board { $board }: { $first } – { $second }
tournament-game-started = **{ $name }**, round { $round }: { $first } against { $second }.
tournament-finished = 🏆 **{ $name }** is over: { $winner } wins the tournament!

tournament-column-player = Player
tournament-column-points = Points
tournament-column-buchholz = Buchholz
tournament-column-sb = S-B
tournament-column-wins = Wins
tournament-column-games = Played / left
tournament-choice = #{ $id } { $name } ({ $state ->
    [open] open
    [running] under way
    [finished] over
   *[other] cancelled
})
