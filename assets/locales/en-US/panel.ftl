# The move panel: playing by menus instead of typing (the Play button under every board).

button-play = Play
panel-not-yours = It is { $player }'s turn ({ $side }): the **Play** menus are theirs. Anyone may look at the board with /{ cmd-board }.
panel-ai-thinking = The bot is thinking about its move: its board will be posted here.
panel-head = 🎮 **Turn { $turn }**: you play { $side }.
panel-moves-left = { $left ->
        [one] 1 move left
       *[other] { $left } moves left
    } in this turn.
panel-pick-piece = Pick a piece, then where it goes (⇄ marks an exchange).
panel-pick-move = Pick your move.
panel-piece-chosen = Piece on **{ $point }**: pick where it goes, or pick another piece.
panel-chain = Your capture chain goes on from **{ $point }**: pick the next capture, or **Stop here**.
panel-so-far = This turn so far: { $moves }
panel-no-moves = You have no move to play: end your turn.
panel-played = You played { $played }.
panel-took-back = You took back { $played }.
panel-turn-done = ✅ Played: { $moves }. The board is posted in the channel.
panel-menu-piece = Choose a piece…
panel-menu-move = Choose a move…
panel-piece = { $point } · { $kind }
panel-piece-moves = { $count ->
        [one] 1 move
       *[other] { $count } moves
    }
panel-move = { $from } → { $to }
panel-quiet = to an empty point
panel-exchange = ⇄ exchanges with the { $side } { $kind } piece
panel-approach = captures { $pieces } by approach
panel-withdrawal = captures { $pieces } by withdrawal
panel-wins = 🏆 wins the game
panel-end-turn = End turn
panel-stop = Stop here
panel-undo = Undo
panel-swap = Swap sides
