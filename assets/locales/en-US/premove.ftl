# Conditional moves: /premove's answers and refusals, and the replies they play.

premove-added = ✅ Kept: if { $opponent } plays `{ $theirs }`, you reply `{ $reply }` at once{ $more ->
        [0] .
        [one] , and the line goes on for one more pair.
       *[other] , and the line goes on for { $more } more pairs.
    } A turn that none of your lines foresaw clears them all.
premove-list-head = Your conditional moves against { $opponent } ({ $count } of { $max } lines):
premove-list-none = You have no conditional moves in this game. While it is { $opponent }'s turn, add one with `/{ cmd-premove } { cmd-premove-line }:<their turn> ; <your reply>`: when they play that turn, your reply is played at once.
premove-cleared = { $count ->
        [0] You had no conditional moves in this game: nothing to remove.
        [one] Your conditional line is removed.
       *[other] Your { $count } conditional lines are removed.
    }
premove-played = ↪ Conditional move: { $player } replied `{ $moves }`.
premove-their-turn = their turn
premove-your-reply = your reply
premove-refused-both = Give a `{ cmd-premove-line }` to add, or `{ cmd-premove-clear }:True` to remove your lines, not both at once.
premove-refused-your-turn = It is your turn: play it with `/{ cmd-move }`. Conditional moves are set while your opponent is to move.
premove-refused-too-long = That line is longer than { $max } characters: shorten it. You can add the rest once it is played.
premove-refused-empty-turn = Turn { $turn } of the line is empty: write each turn's moves between the `;`, as in `<their turn> ; <your reply>`. Nothing was kept.
premove-refused-no-reply = The line ends with your opponent's turn: add your reply after a `;`, as in `<their turn> ; <your reply>`. Nothing was kept.
premove-refused-too-many-pairs = A line holds at most { $max } pairs of turns, not { $pairs }: shorten it, and add the rest once it is played. Nothing was kept.
premove-refused-too-many-lines = You already keep { $max } lines in this game, the most there can be. Remove them with `/{ cmd-premove } { cmd-premove-clear }:True` first.
premove-refused-duplicate = You already keep this line (it reaches the same positions). `/{ cmd-premove } { cmd-premove-list }:True` shows your lines.
premove-refused-illegal = Turn { $turn } ({ $whose }): `{ $word }` cannot be played: { $reason }. Nothing was kept.
premove-refused-unfinished = Turn { $turn } ({ $whose }) does not end the turn: add its other moves, or `end`. Nothing was kept.
premove-refused-ends-before = Turn { $turn } ({ $whose }): the turn is over before `{ $word }`. Start the next turn with a `;`. Nothing was kept.
premove-refused-skipped = Turn { $turn } ({ $whose }) cannot come: the rules skip that turn (its allowance is 0), so the other player moves again. Nothing was kept.
premove-refused-game-ends = The game ends with turn { $turn } of the line: stop the line there. Nothing was kept.
