# What the channel reads about a game: status lines, turn pings, the end of a game.

game-clock-paused = ⏸ clock paused until { $until } ({ $relative })
game-clock-due = ⏰ due { $relative }
game-clock-banks = 🏦 banks: { $first } { $first_bank } · { $second } { $second_bank }
span-days-hours = { $days } d { $hours } h
span-days = { $days } d
span-hours = { $hours } h
game-pause-asked = { $side } asks for a { $days }-day pause
game-origin-rematch = rematch of game { $game }
game-origin-vela = vela round after game { $game }
game-origin-tournament = { $round ->
    [none] { $name }
   *[other] { $name }, round { $round }
}

# The board picture has no reader's time zone: its dates are UTC.
game-date = { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    } { $time } UTC
game-note-paused = paused until { $date }
game-note-due = due { $date }
game-note-rematch = rematch of game { $game }
game-note-vela = first round: game { $game }
game-note-ai = AI { $level }
game-note-swapped = swapped

game-status-over = Game over: { $outcome }
game-status-turn = Turn { $turn } · { $side } { $player } to move
game-status-moves-left = { $left ->
        [one] { $left } move left
       *[other] { $left } moves left
    }
game-status-card = card drawn: { $card }
game-status-chain = capture chain in progress: capture again with /{ cmd-move } or stop with /{ cmd-end }
game-status-draw-offer = { $side } offers a draw
game-status-ai = { $side } is the AI, level { $level }

game-player = { $side } { $player }
game-won = { $winner } wins: { $how }.
game-resigned = { $winner } wins: { $loser } resigned.
game-draw-rules = a draw by the rules.
game-draw-agreed = a draw by agreement.
game-timeout = { $winner } wins on time: { $loser } did not move before the deadline.
game-aborted = aborted, no result: { $player } never moved before the deadline.

game-banner-resigns = { $side } resigns
game-banner-draw-agreed = Draw agreed
game-banner-timeout = { $side } lost on time
game-banner-aborted = Game aborted: no move before the deadline

game-turn-skipped = { $side }'s turn { $turn } is skipped: enemy strike pieces next to the centre leave no moves.

game-ping = { $player }, your turn ({ $details }). Play with /{ cmd-move }.
game-ping-turn = { $side }, turn { $turn }
game-ping-moves = { $left ->
        [one] { $left } move
       *[other] { $left } moves
    }
game-ping-card = card { $card }
game-ping-due = Due { $relative }.

game-over = 🏁 Game over: { $outcome } Good game, { $first } and { $second }!
game-rating-change = { $player } { $before } → { $after } ({ $delta })
game-rating-changes = { $game } ratings: { $changes }

game-no-picture = (The board picture could not be drawn this time; /{ cmd-board } tries again.)

play-played = { $player } played `{ $moves }`.
play-ended-turn = { $player } ended their turn.
play-swapped = { $player } swapped sides: { $player } now plays { $side }, and { $opponent } plays { $other }, whose turn it is.
play-took-back-last = { $player } took back their last move.
play-took-back = { $player } took back `{ $moves }`.
play-board = The board:
play-no-game = There is no game in this channel. Start one with /{ cmd-challenge }, or use /{ cmd-games } to find yours.
play-no-moves = Type at least one move, such as `g9-f9` (Fibonacci) or `d2-d3` (Fanorona).
play-too-long = That is far more moves than one turn can hold: send the moves of this turn only.
play-ai-played = { $player } (AI, { $level }) played `{ $moves }`.
notice-time-up = ⏰ Time is up.
notice-time-up-first = ⏰ Time is up before the first move.
notice-resumed = ⏯ The pause is over: the clock runs again.

clock-1d = 1 day per turn
clock-3d = 3 days per turn
clock-7d = 7 days per turn
clock-10d-36h = a bank of 10 days, 36 hours more after each turn (10 days at most)
clock-5d-1d = a bank of 5 days, 1 day more after each turn (5 days at most)
clock-3d-12h = a bank of 3 days, 12 hours more after each turn (3 days at most)
clock-none = no clock

button-accept = Accept
button-decline = Decline
button-accept-draw = Accept draw
button-decline-draw = Decline draw
button-accept-pause = Accept pause
button-decline-pause = Decline pause
button-rematch = Rematch
button-vela = Vela round

challenge-rated = { $rated ->
        [yes] rated
       *[no] unrated
    }
challenge-offer = { $challenged }, { $challenger } challenges you to **{ $game }**, { $clock }, { $rated }. { $colours } Accept or decline with the buttons (or /{ cmd-accept }, /{ cmd-decline }).
challenge-offer-rematch = { $challenged }, { $challenger } offers a rematch of game { $previous }: **{ $game }**, { $clock }, { $rated }. { $colours } Accept or decline with the buttons (or /{ cmd-accept }, /{ cmd-decline }).
challenge-offer-vela = { $challenged }, { $challenger } offers the vela round, the second round, after game { $previous }: **{ $game }**, { $clock }, { $rated }. { $colours } Accept or decline with the buttons (or /{ cmd-accept }, /{ cmd-decline }).
challenge-colour-first = { $challenger } plays { $side } and moves first.
challenge-colour-second = { $challenger } plays { $side }; you move first.
challenge-colour-random = Colours are drawn at random when you accept.
challenge-closed = { $challenger } challenged { $challenged } to **{ $game }**: { $state ->
        [open] still open
        [accepted] accepted
        [declined] declined
        [cancelled] withdrawn
       *[expired] expired without an answer
    }.
challenge-started = Challenge accepted: **{ $game }**, { $clock }, { $rated }, { $first_side } { $first } vs { $second_side } { $second }.
# $rating: the level's estimated rating for this game, from the AI bench's games (medium = 1500).
challenge-started-ai = A game against me (AI, level { $level }, rating ≈{ $rating } for this game): **{ $game }**, { $clock }, { $first_side } { $first } vs { $second_side } { $second }.

finish-resigned = { $player } resigned.
finish-accepted-draw = { $player } accepted the draw.
finish-offers-draw = { $player } ({ $side }) offers a draw. { $opponent }, accept or decline with the buttons, or answer with /{ cmd-draw }.
finish-ai-accepted-draw = { $player } (AI, { $level }) accepted the draw.
finish-ai-declined-draw = { $player } (AI, { $level }) declined the draw: it likes its position. The game goes on.
finish-withdrew-draw = { $player } withdrew their draw offer.
finish-declined-draw = { $player } declined the draw offer.

reminder-dm = ⏰ Your turn in **{ $game }** (game { $id }) is due { $due }. Play with /{ cmd-move } in { $link }.
reminder-dm-tap = ⏰ Your turn in **{ $game }** (game { $id }) is due { $due }. Press 🎮 Play on its latest board in { $link }.
reminder-channel = ⏰ { $player }, your turn in **{ $game }** is due { $due }. Play with /{ cmd-move }.

pause-days = { $days ->
        [one] { $days } day
       *[other] { $days } days
    }
pause-asked = { $player } asks { $opponent } to pause the clock for { $days }. { $opponent }, accept with the button or by typing /{ cmd-pause }; decline with the button.
pause-started = { $player } accepted: the clock is paused for { $days }. It restarts by itself then, or earlier when either player types /{ cmd-resume }.
pause-started-until = { $player } accepted: the clock is paused for { $days } until { $until }. It restarts by itself then, or earlier when either player types /{ cmd-resume }.
pause-resumed = { $player } restarted the clock.
pause-gone = This request to pause belongs to a game that is no longer in play.
pause-answered = No request to pause stands any more (it was answered, or the clock is already paused). /{ cmd-board } shows the game.
pause-withdrawn = { $player } withdrew their request to pause.
pause-declined = { $player } declined the pause: the clock keeps running.
settings-notify = { $changed ->
        [yes] From now on I remind you
       *[no] I remind you
    } of your turns { $how ->
        [dm] by direct message (in the game's channel when your direct messages are closed)
       *[channel] in the game's channel
    }, 24 hours and 1 hour before each deadline. Change it with `/{ cmd-settings } { cmd-settings-notify }:{ choice-channel }` or `/{ cmd-settings } { cmd-settings-notify }:{ choice-dm }`.
settings-colours = { $changed ->
        [yes] From now on, the boards only you see
       *[no] The boards only you see
    } (the move panel, the move browser, puzzles and lessons) are drawn { $colours ->
        [colour-blind] with orange and blue pieces
       *[standard] in the standard colours, which every colour vision tells apart
    }. Boards posted in the channel always use the standard colours. Change it with `/{ cmd-settings } { cmd-settings-colours }:{ choice-standard }` or `/{ cmd-settings } { cmd-settings-colours }:{ choice-colour-blind }`.

list-or = { $init } or { $last }
challenge-option-elsewhere = `{ $key }` applies to { $owner }; for { $game } choose { $choices }.
challenge-colours = { $game } is played by { $first } and { $second }: choose { $choices }.
challenge-no-bots = Other bots do not play here: challenge a person, or me for a game against the AI.
challenge-bot-dm-ai-only = Here, in your DM with me, you can only play me: leave `{ cmd-challenge-opponent }` as me. To play a friend, use `/{ cmd-challenge }` in your DM or group DM with them, or in a server.
challenge-ai-needs-channel = I cannot post my own moves here, so games against me are played in your DM with me or in a server that has added me. Here, challenge someone in this conversation.
challenge-external-apps-off = This server has not added me and does not let members use external apps here, so everything I answer would be seen by you alone. Ask a moderator to allow **Use External Apps** in this channel, or to add me to the server; or play in a DM or group DM.
challenge-level-needs-me = `{ cmd-challenge-level }:` is for a game against me: pick { $me } as `{ cmd-challenge-opponent }`, or leave `{ cmd-challenge-level }` out.
challenge-ai-unrated = Games against me are never rated: leave `{ cmd-challenge-rated }` out, or challenge a person for a rated game.
challenge-self = You cannot challenge yourself: pick someone else as `{ cmd-challenge-opponent }`.
challenge-thread-title = { $game }: { $first } vs { $second }
challenge-ai-in-thread = { $player } plays me (AI, { $level }) at **{ $game }** in { $thread }.
challenge-in-thread = { $challenger } challenges { $challenged } to **{ $game }** in { $thread }.
challenge-was = This challenge was { $state ->
        [open] still open
        [accepted] already accepted
        [declined] already declined
        [cancelled] withdrawn by its author
       *[expired] expired
    }.
challenge-start-new = Start a new one with /{ cmd-challenge }.
challenge-declined = { $challenged } declined { $challenger }'s challenge to { $game }.
challenge-withdrawn = { $challenger } withdrew the challenge to { $challenged }.
finish-game-now = The game now:
finish-no-draw-offer = There is no draw offer standing any more. The game goes on:
finish-game-is-over = This game is over.
finish-draw-gone = This draw offer belongs to a game that is no longer in play.
