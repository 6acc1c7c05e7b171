# /games and /history.

games-none = You have no active games or open challenges in this server. Start one with /{ cmd-challenge }.
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
