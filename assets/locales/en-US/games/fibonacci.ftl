## Fibonacci: every word of this game, from its sides and options to its refusals.

side-red = Red
side-green = Green
board-status-fibonacci = Turn { $turn } · { $side } to move · { $left ->
        [one] { $left } move left
       *[other] { $left } moves left
    }
board-status-fibonacci-card = Turn { $turn } · { $side } to move · card { $card } · { $left ->
        [one] { $left } move left
       *[other] { $left } moves left
    }
board-why-surrounded = the { $loser } centre is surrounded
board-why-cards-formation = six linked strike pieces at the { $loser } centre

choice-fibonacci = fibonacci
choice-fibonacci-cards = fibonacci-cards

game-how-surrounded = { $loser }'s centre is surrounded by six strike pieces
game-how-cards-formation = all six strike pieces are joined and three of them touch { $loser }'s centre
rating-game-fibonacci = Fibonacci
rating-game-fibonacci-cards = Fibonacci (cards)
config-fibonacci = Fibonacci ({ $variant ->
        [cards] cards variant
       *[standard] standard
    }{ $group ->
        [any-friendly] , any-friendly groups
       *[other] {""}
    })

reason-fib-no-moves-left = you have no unit moves left this turn: end your turn
reason-fib-no-piece = there is no piece on { $cell }: choose one of your strike or support pieces
reason-fib-not-your-piece = { $cell } is not your piece: move one of your own strike or support pieces
reason-fib-centre-cannot-move = centres cannot move: { $cell } is your centre; move a strike or support piece onto it to displace it
reason-fib-same-point = { $cell } is already there: choose a different point to move to
reason-fib-not-next-to-piece = { $to } is not next to { $from }: a piece that is not part of a group moves one step to a neighbouring empty point
reason-fib-occupied = { $to } is occupied: the piece on { $from } is not part of a group, so it can only step to an empty point
reason-fib-not-next-to-group = { $to } is not next to its group: the piece on { $from } can go to any point next to a piece of its group
reason-fib-no-change = that exchange changes nothing: { $from } and { $to } hold the same kind of piece
reason-fib-no-move = no move given: write it as from-to, like g9-f9
reason-fib-not-a-move = { $text } is not a move: write it as from-to, like g9-f9
reason-fib-no-point = no point given: write a row letter a–k and a number, like f6
reason-fib-not-a-point = { $text } is not a point: write a row letter a–k and a number, like f6
reason-fib-not-a-row = { $row } is not a row: rows go from a (Red's side) to k (Green's side)
reason-fib-off-board = { $cell } is not on the board: row { $row } goes from { $first } to { $last }

rules-fibonacci = **Fibonacci** (Thomas Naylor): Red against Green on a hexagon of 91 points.
    • Each side has a centre, six strike pieces and six support pieces. Red moves first.
    • Turn t allows min(t, 6) unit moves (1, 2, 3, 4, 5, then 6), minus one for each enemy strike piece next to your centre. You may end a turn early with /{ cmd-end }.
    • A unit move `from-to` moves a strike or support piece. Alone, it steps to an empty neighbour. In a group of pieces of its kind it may go to any point next to the group; if that point is occupied, the two pieces swap (never with an identical piece).
    • Centres never move on their own, and nothing is ever captured.
    • You win when the enemy centre has six neighbours and all six are your strike pieces.
    • Cards variant: a card from your deck (1–6) sets each turn's moves; you win with all six strike pieces joined in one group and at least three of them touching the enemy centre.
    • Swap rule (the `{ cmd-challenge-swap }` option of /{ cmd-challenge }): after Red's first turn, Green may play `/{ cmd-move } swap` (or the Play panel's Swap sides) to take over Red's side; the other player then plays Green's turn 2. In the bot's own games the first mover won 76% (medium), 83% (hard) and 90% (expert) of the time: the swap rule is suggested for rated games between strong players.
    Play with `/{ cmd-move } g9-f9` or several at once: `/{ cmd-move } g9-f9 f9-e9`.

# The move list's result line (always in English in the history file).
history-why-surrounded = centre surrounded
history-why-cards-formation = strike formation
reason-fib-swap-not-in-game = this game is played without the swap rule: play a unit move, or end your turn
reason-fib-swap-not-now = swap only instead of Green's first turn, before any of its moves: play a unit move, or end your turn
reason-fib-swap-done = the players have already swapped sides in this game: play a unit move, or end your turn
