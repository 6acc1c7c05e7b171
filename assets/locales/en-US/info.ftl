# /games and /history.

games-none = You have no active games or open challenges { $place ->
    [private] outside servers (in DMs and group DMs)
   *[server] in this server
}. Start one with /{ cmd-challenge }.
games-active = **Your games** (most urgent first)
games-your-turn = **your turn**
games-their-turn = their turn
games-paused-until = paused until { $until }
games-due = due { $deadline }
games-ai = AI, { $level }
games-line = • { $game }{ $event } as { $side } vs { $opponent }{ $ai } in { $channel }: { $turn }, turn { $turn_number }{ $clock }
games-challenges = **Open challenges**
games-see-it = [see it]({ $url })
games-you-challenged = • You challenged { $player } to { $game } in { $channel } (/{ cmd-cancel } there to withdraw){ $jump }
games-challenged-you = • { $player } challenged you to { $game } in { $channel } (/{ cmd-accept } or /{ cmd-decline } there){ $jump }
games-finished = **Recently finished**
games-finished-line = • { $game } (game { $id }) in { $channel }: { $outcome }

history-header = Moves of game { $id } ({ $game }, { $first_side } { $first } vs { $second_side } { $second }):
history-no-moves = No moves yet.
replay-header = Replay of game { $id } ({ $game }): { $turns ->
    [one] one turn
   *[other] { $turns } turns
}.
replay-thinned = The whole game would be too large for Discord: this replay shows { $shown } of its { $total } pictures, spread evenly.
replay-frame = turn { $turn } / { $turns }
replay-frame-total = { $turns ->
    [one] { $turns } turn in all
   *[other] { $turns } turns in all
}
browse-start = Game { $id }: the start position ({ $turns ->
    [one] one turn
   *[other] { $turns } turns
} played).
browse-turn = Game { $id }, { $counter }: { $side } ({ $player }) played `{ $moves }`.
review-header = Review of game { $id } ({ $game }), { $turns ->
    [one] one turn
   *[other] { $turns } turns
} read by the AI.
review-unit-fibonacci = Values are points for the player who moved, higher is better: +{ $unit } is about two more strike pieces next to an enemy centre that can be surrounded, and ±{ $win } a won or lost game.
review-unit-fanorona = Values are points for the player who moved, higher is better: +{ $unit } is about one piece, and ±{ $win } a won or lost game.
review-unit-tictactoe = Values are points for the player who moved, higher is better: ±{ $win } is a won or lost game.
review-nothing = The AI found no turn that lost anything by its judgement.
review-turn = **{ $rank }. Turn { $turn }**, { $side } ({ $player }) played `{ $played }`: { $before } → { $after }. Better: `{ $better }` → { $better_after } ({ $lost } points lost).
review-picture-played = turn { $turn } as played · { $value }
review-picture-better = the AI's better turn · { $value }
review-progress = Reviewing… { $done }/{ $turns } turns
