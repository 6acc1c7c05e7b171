# Why the rules refuse a move: the engine's refusals, worded for the player (the part after
# "`…` cannot be played:"). Kept word for word as the engine's own English.

reason-game-over = the game is over: no more moves can be played

## Fibonacci

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

## Fanorona

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
