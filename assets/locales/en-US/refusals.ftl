# Why a command was refused, and what to do next: read by the person who typed it only.
# Slash commands are named through their own messages (`/{ cmd-challenge }`), so each language
# names them as its Discord client shows them.

refusal-thread-hint = A channel holds one game or open challenge at a time: start a thread and challenge there (`/{ cmd-challenge } … { cmd-challenge-thread }:true`).
refusal-no-thread = I could not open a thread here. Ask an admin to let me create public threads and send messages in threads, or challenge without `{ cmd-challenge-thread }:true` in a channel that has no game.
refusal-busy-game = This channel already has a game in progress ({ $first } against { $second }).
refusal-busy-challenge = This channel already has an open challenge ({ $challenger } challenged { $challenged }).
refusal-busy-just-taken = This channel was just taken by another challenge.
refusal-no-such-challenge = That challenge does not exist.
refusal-no-such-challenge-start = That challenge does not exist. Start one with /{ cmd-challenge }.
refusal-no-open-challenge = There is no open challenge in this channel to { $action ->
        [accept] accept
        [decline] decline
       *[cancel] cancel
    }. Start one with /{ cmd-challenge }.
refusal-challenge-closed = This challenge { $state ->
        [accepted] was already accepted
        [declined] was declined
        [cancelled] was cancelled by its sender
        [expired] has expired
       *[other] is closed
    }. Start a new one with /{ cmd-challenge }.
refusal-own-challenge-decline = You cannot decline your own challenge: withdraw it with /{ cmd-cancel }.
refusal-own-challenge-accept = You cannot accept your own challenge: wait for { $challenged } to answer, or withdraw it with /{ cmd-cancel }.
refusal-not-challenged-decline = This challenge is for { $challenged }: only they can decline it.
refusal-not-challenged-accept = This challenge is for { $challenged }: only they can accept it. Challenge someone yourself with /{ cmd-challenge }.
refusal-not-challenger = Only { $challenger }, who sent this challenge, can cancel it.
refusal-not-challenger-decline = Only { $challenger }, who sent this challenge, can cancel it. To refuse it, use /{ cmd-decline }.
refusal-no-game = There is no game in this channel: start one with /{ cmd-challenge }.
refusal-game-not-started = The game has not started yet: { $challenged } can accept the challenge with /{ cmd-accept }.
refusal-not-a-player = You are not playing in this game ({ $first } against { $second }). Start your own with /{ cmd-challenge } in another channel or a thread.
refusal-not-your-turn = It is { $player }'s turn ({ $side }): wait for their move.
refusal-no-move-given = Type a move, for example `g9-f9` (Fibonacci) or `d2-d3` (Fanorona); several Fibonacci moves are separated by spaces.
refusal-too-many-moves = That is { $count } moves; one command takes at most { $max }.
refusal-move-too-long = `{ $word }` is too long to be a move: write moves like `g9-f9` or `d2-d3+,d3-c4-`.
refusal-game-ends-before = The game ends with `{ $last }`, so `{ $next }` cannot follow it: send the moves up to `{ $last }` only.
refusal-turn-ends-before = Your turn ends with `{ $last }`, so `{ $next }` cannot follow it: send the moves of this turn only.
refusal-no-chain-to-stop = There is no capture chain to stop: a Fanorona turn ends by itself, so play a move.
refusal-illegal-move = `{ $word }` cannot be played: { $reason }.
refusal-nothing-played = Nothing was played.
refusal-nothing-to-undo = There is nothing to take back: no move has been played.
refusal-turn-passed = Your turn is over and has passed to { $opponent }: only a move of a turn still in progress can be taken back.
refusal-opponents-turn = It is { $opponent }'s turn: you have no move in it to take back.
refusal-not-moved-this-turn = You have not moved yet in this turn: only a move of the turn in progress can be taken back.
refusal-panel-gone = This panel's game is no longer in progress in this channel, so nothing was played: press **Play** under the latest board, or see /{ cmd-games }.
refusal-panel-stale = The game has moved on since this panel was made, so nothing was played: here is the position as it stands now.
refusal-draw-already-offered = You have already offered a draw: wait for { $opponent } to answer, or withdraw your offer.
refusal-draw-offer-is-yours = The draw offer is yours: withdraw it instead of declining it.
refusal-draw-offer-is-theirs = The draw offer is { $offerer }'s, not yours: you can accept or decline it.
refusal-no-draw-to-decline = There is no draw offer to decline.
refusal-no-draw-to-withdraw = You have no draw offer to withdraw.
refusal-no-game-yet = No game has been played in this channel: start one with /{ cmd-challenge }.
refusal-no-such-game = This server has no game { $id }: /{ cmd-games } lists your games, and /{ cmd-history } in a game's channel shows its number.
refusal-no-such-turn = Game { $id } has { $turns } turns, so there is no turn { $turn } to show: use the buttons of /{ cmd-history } again.
refusal-review-in-progress = Game { $id } is still being played, and a review now would be advice to its players: ask again once it has ended.
refusal-pause-days = A pause lasts from 1 to { $max } days, not { $given }: try `/{ cmd-pause } { cmd-pause-days }:3`.
refusal-no-clock = This game has no clock, so there is nothing to pause or resume: take your time.
refusal-already-paused = The clock is already paused until { $until }. Either player can restart it with /{ cmd-resume }.
refusal-pause-already-asked = You already asked { $opponent } for a pause of { $days ->
        [one] { $days } day
       *[other] { $days } days
    }: they can accept with the button or by typing /{ cmd-pause }.
refusal-pause-budget = You have { $left ->
        [one] { $left } paused day
       *[other] { $left } paused days
    } left in this game (at most { $max } per player), not { $asked }: ask for fewer days{ $left ->
        [0] {" "}next game
       *[other] {""}
    }.
refusal-not-paused = The clock is running: there is no pause to end. To stop it, ask with `/{ cmd-pause } { cmd-pause-days }:`.
refusal-no-pause-offer = No request to pause stands in this game. Ask for one with `/{ cmd-pause } { cmd-pause-days }:`.
refusal-own-pause-offer = This is your own request to pause: { $opponent } answers it.
refusal-no-finished-game = There is no finished game here to follow up: a rematch or vela round is asked after a game ends, in its channel.
refusal-not-in-finished-game = Only the players of that game ({ $first } and { $second }) can ask for its follow-up. Start your own game with /{ cmd-challenge }.
refusal-follow-up-played = { $kind ->
        [vela] The vela round
       *[rematch] A rematch
    } of this game has already been played or is being played.
refusal-follow-up-offered = { $kind ->
        [vela] The vela round
       *[rematch] A rematch
    } of this game has already been offered: answer it with its buttons, or /{ cmd-accept } or /{ cmd-decline }.
refusal-no-vela-not-fanorona = Only Fanorona has a vela round: use /{ cmd-rematch } for another game.
refusal-no-vela-already-vela = This game was already the vela round: use /{ cmd-rematch } for a new match.
refusal-no-vela-no-winner = A vela round follows a game someone won; this one had no winner. Use /{ cmd-rematch } instead.
