## Fanorona: every word of this game, from its sides and options to its refusals.

side-white = White
side-black = Black
board-status-fanorona = Turn { $turn } · { $side } to move
board-status-fanorona-again = Turn { $turn } · { $side } may capture again from { $point }
board-status-fanorona-chain = Turn { $turn } · { $side } continues the capture
board-why-all-captured = every { $loser } piece is captured
board-why-no-legal-move = { $loser } cannot move

choice-fanorona = fanorona

game-how-all-captured = every { $loser } piece has been captured
game-how-no-legal-move = { $loser } has no legal move
rating-game-fanorona = Fanorona
# $vela: the first round's winner (white, black) in a vela round, else none.
config-fanorona = Fanorona ({ $rules ->
        [standard] standard rules: captures are compulsory
       *[escale] escale rules
    }{ $vela ->
        [none] {""}
       *[other] , vela round
    })

-fan-notation = write a step as from-to (d2-d3), add + for approach or - for withdrawal when a step could capture both ways, and join the steps of a chain with commas (d2-d3+,d3-c4-)
reason-fan-step-missing = a step is missing: { -fan-notation }
reason-fan-unreadable = cannot read "{ $text }": { -fan-notation }
reason-fan-not-a-point = cannot read the point "{ $text }": write a column letter a–i then a row 1–5, e.g. e3
reason-fan-off-board = "{ $text }" is off the board: columns run from a to i and rows from 1 to 5
reason-fan-too-long = a chain of { $steps } steps is longer than any possible turn
reason-fan-no-piece = there is no piece on { $point }: choose one of your own pieces
reason-fan-not-your-piece = the piece on { $point } is { $owner }'s: it is { $mover }'s turn
reason-fan-not-a-line = { $from } and { $to } are not neighbours on a line: a piece steps to the next point along a line
reason-fan-occupied = { $point } is not empty: a piece can only step to an empty point
reason-fan-ambiguous = { $step } captures both ways: write { $step }+ (approach, takes { $approach }) or { $step }- (withdrawal, takes { $withdrawal })
reason-fan-no-approach = { $step } takes nothing by approach: drop the + or write { $step }-
reason-fan-no-withdrawal = { $step } takes nothing by withdrawal: drop the - or write { $step }+
reason-fan-must-capture = a capture is compulsory under the standard rules: for example { $example }
reason-fan-vela-no-capture = in this vela round { $winner }, winner of the first round, captures nothing while it has more than 5 pieces: write { $step } without + or -
reason-fan-chain-in-progress = a capture chain is in progress: move the piece on { $point } again, or end the turn
reason-fan-same-direction = { $step } goes in the same direction as the step before it: a chain must change direction
reason-fan-revisit = the piece already stood on { $point } during this turn: a chain cannot return to it
reason-fan-chain-needs-capture = { $step } captures nothing: a chain goes on only with captures (or end the turn)
reason-fan-over-quiet = { $step } captures nothing, so the turn ends there: only a capture can be followed by another step
reason-fan-over-vela = the turn ends after { $step }: in this vela round you capture one piece per turn and cannot chain while your opponent has more than 5 pieces
reason-fan-over-no-continuation = no capture can follow { $step }, so the turn ends there
reason-fan-over-won = { $step } wins the game: nothing can follow it
reason-fan-nothing-to-end = there is no capture chain to end: play a step

rules-fanorona = **Fanorona** (Madagascar): White against Black on 9×5 points.
    • Pieces step along the lines to a neighbouring empty point. White moves first.
    • Approach: a step that stops right in front of an enemy piece, in its direction, captures it and the unbroken enemy line behind it. Withdrawal: stepping away from a neighbouring enemy piece captures it and the unbroken enemy line behind it. When both are possible, choose with a suffix: `d2-d3+` (approach) or `d2-d3-` (withdrawal).
    • After a capture the same piece may capture again, never in the same direction twice in a row and never back onto a point it has visited this turn. Enter the chain step by step or at once: `d2-d3+,d3-c4-`. Stop early with /{ cmd-end }.
    • Escale rules (default): capturing is optional, but a step that reaches a capturing position must capture. Standard rules: you must capture when you can.
    • You win by capturing every enemy piece, or when your opponent cannot move.
    • Vela, the second round (/{ cmd-vela } after a win): the loser of the first round moves first. While the winner has more than 5 pieces, the winner captures nothing and the loser takes one piece at a time, without chaining; once the winner is down to 5 pieces, the usual rules apply to both.

# The move list's result line (always in English in the history file).
history-why-all-captured = every piece captured
history-why-no-legal-move = no legal move left
