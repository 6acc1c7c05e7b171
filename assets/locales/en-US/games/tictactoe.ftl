## Tic-tac-toe: every word of this game, from its sides to its refusals.

side-cross = Cross
side-nought = Nought
choice-tictactoe = tictactoe
choice-cross = cross
choice-nought = nought
board-status-tictactoe = Turn { $turn } · { $side } to move
board-why-three-in-a-row = three in a row
game-how-three-in-a-row = three marks stand in a row
rating-game-tictactoe = Tic-tac-toe
config-tictactoe = Tic-tac-toe

reason-ttt-no-point = no square given: write a column a–c and a row 1–3, like b2
reason-ttt-not-a-point = "{ $text }" is not a square: write a column a–c and a row 1–3, like b2
reason-ttt-taken = { $point } is taken: choose an empty square
reason-ttt-nothing-to-end = a turn is one mark: there is nothing to end

# /rules: shown above a picture of the empty board.
rules-tictactoe = **Tic-tac-toe**: Cross against Nought on three by three squares.
    • Cross moves first; on your turn, put your mark on an empty square: `/{ cmd-move } b2`.
    • Three of your marks in a row, a column or a diagonal win.
    • A full board without a line is a draw.

# The move list's result line (always in English in the history file).
history-why-three-in-a-row = three in a row
