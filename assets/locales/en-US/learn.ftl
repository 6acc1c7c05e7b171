# Lessons: /learn's steps (title, explanation, task, hint, and why a legal answer misses), its
# buttons and its refusals. A step's texts are `learn-<step id>-…` (see src/lessons/).

learn-heading = **{ $game } · { $title }** ({ $counter }){ $done ->
        [yes] {" "}✅
       *[no] {""}
    }
learn-counter = lesson { $lesson }/{ $lessons } · step { $step }/{ $steps }
learn-resumed = Welcome back: this is where you stopped.
learn-task = **Your task:** { $task } Answer with `/{ cmd-learn } { cmd-learn-answer }:<moves>`.
learn-hint = 💡 **Hint:** { $hint }
learn-solved = ✅ Right: `{ $answer }` does it. { $last ->
        [yes] That was the last step: you know the rules now. Challenge someone with `/{ cmd-challenge }`!
       *[no] Press **Next** to go on.
    }
learn-shown = 👀 One answer is `{ $answer }`: the board shows it played. Try it yourself with `/{ cmd-learn } { cmd-learn-answer }:`.
learn-you = You
learn-opponent = Opponent
learn-button-hint = Hint
learn-button-show = Show me
learn-button-back = Back
learn-button-next = Next

learn-refused-both = Give either an `{ cmd-learn-answer }`, or a `{ cmd-learn-game }` and `{ cmd-learn-lesson }` to open, not both at once.
learn-refused-no-lessons = { $game } has no lessons yet: try Fibonacci or Fanorona.
learn-refused-no-such-lesson = { $game } has { $count } lessons; there is no lesson { $lesson }.
learn-refused-none-open = You have no lesson open: start one with `/{ cmd-learn } { cmd-learn-game }:fibonacci` or `{ cmd-learn-game }:fanorona`.
learn-refused-no-step = There is no step there in the lessons of { $game }: `/{ cmd-learn }` shows where you are.
learn-refused-too-long = That answer is longer than { $max } characters: a step needs only a few moves.
learn-miss-empty = Write your moves after `{ cmd-learn-answer }:`.
learn-miss-illegal = `{ $word }` cannot be played: { $reason }.
learn-miss-turn-over = Your turn is over before `{ $word }`: this step needs fewer moves.
learn-miss-not-asked = Legal, but not what this step asks: { $reason }
learn-miss-try-again = Try again, or press **Hint**.

## Fibonacci

learn-fib-unit-title = A lone piece steps
learn-fib-unit-text = Each player has a centre (C), six strike pieces (S) and six support pieces (U); Red plays first. A unit move is written `from-to`. A piece with no piece of its own category next to it moves like a king: one step to an empty neighbouring point. Your support piece on i9 has strayed from the other support pieces.
learn-fib-unit-task = Move the support piece on i9 next to its group.
learn-fib-unit-hint = i9 touches h8 and h9; both are next to g8 or g9.
learn-fib-unit-miss = your support pieces must all form one group afterwards.
learn-fib-group-title = A group moves as one
learn-fib-group-text = Pieces of the same category that touch form a group. Any piece of a group of two or more may jump to any point next to any member of the group: a whole line of pieces carries its last piece to its far end in one move. Your six strike pieces a1–a5 and b6 form one group.
learn-fib-group-task = Move the strike piece on a1 to c7, at the far end of its group, in one move.
learn-fib-group-hint = c7 touches b6, a member of a1's group: write `a1-c7`.
learn-fib-group-miss = the piece on a1 itself must reach c7.
learn-fib-friend-title = Exchange with your own piece
learn-fib-friend-text = When a group piece moves onto an occupied point, the two pieces exchange places: the one that was there goes where the mover stood. That works with your own pieces of the other category too (exchanging two identical pieces changes nothing and is not allowed).
learn-fib-friend-task = Put one of your strike pieces on c6 by exchanging it with your support piece there.
learn-fib-friend-hint = c6 touches b6: a piece of the strike group (a1 for example) can move onto it.
learn-fib-friend-miss = c6 must hold one of your strike pieces afterwards.
learn-fib-enemy-title = Exchange with an enemy piece
learn-fib-enemy-text = Exchanges work with the opponent's pieces as well: a piece of yours lands on their point, and their piece goes back to where yours came from. That is how you scatter the opponent's groups and pull their pieces into your lines.
learn-fib-enemy-task = Exchange one of your strike pieces with the green support piece on b5.
learn-fib-enemy-hint = b5 touches a4, a5 and b6, all in your strike group: `a1-b5` sends the green piece to a1.
learn-fib-enemy-miss = b5 must hold one of your strike pieces afterwards.
learn-fib-centre-title = Displacing a centre
learn-fib-centre-text = A centre never moves on its own, but any exchange can move it, yours or the opponent's. A centre on the edge can never be surrounded; pulled inside the board, it can. Your strike pieces i5 and j5 form a group, and j5 touches the green centre on k6.
learn-fib-centre-task = Pull the green centre off the edge, to i5.
learn-fib-centre-hint = The centre goes where your moving piece came from: move the piece on i5 onto k6.
learn-fib-centre-miss = the green centre must end on i5, away from the edge (from j5 it stays on the edge).
learn-fib-allowance-title = The turn allowance
learn-fib-allowance-text = A turn allows min(turn, 6) unit moves: Red plays 1, 3, 5 moves on turns 1, 3, 5; Green 2, 4, 6 on turns 2, 4, 6; from then on, six each. You may end a turn early with `/{ cmd-end }`. This is turn 3: you have three moves.
learn-fib-allowance-task = Use your three moves to put strike pieces on c6, c7 and d7.
learn-fib-allowance-hint = One move each: `a1-c6`, then `a2-c7`, then `a3-d7`; each lands next to the group.
learn-fib-allowance-miss = c6, c7 and d7 must all hold your strike pieces at the end of your three moves.
learn-fib-penalty-title = Strike pieces next to your centre
learn-fib-penalty-text = Each enemy strike piece next to your own centre, counted when your turn starts, costs you one move. Turn 7 would give you 6 moves; two green strike pieces touch your centre (a5 and b7), so you have 4.
learn-fib-penalty-task = Exchange both green strike pieces away from your centre, so that none touches it.
learn-fib-penalty-hint = An exchange sends the enemy piece to where yours stood: use pieces far from your centre, `a1-b7` then `a2-a5`.
learn-fib-penalty-miss = no green strike piece may touch your centre afterwards; an exchange from b6 sends the enemy piece right back next to it.
learn-fib-win-title = The win
learn-fib-win-text = You win at once when all six points around the opponent's centre hold your strike pieces. A centre on the edge has fewer than six neighbours and cannot be surrounded. Five of your strike pieces already stand around the green centre on f6.
learn-fib-win-task = Win this turn: surround the green centre.
learn-fib-win-hint = e6 is the only empty neighbour of f6, and d5 belongs to your strike group.
learn-fib-win-miss = all six neighbours of f6 must hold your strike pieces.
learn-fib-cards-title = The cards variant
learn-fib-cards-text = In the cards variant each player draws a card (1 to 6) at the start of each turn: that is the turn's allowance, with no 1-2-3-4-5 opening and no penalty. You win when your six strike pieces form one connected group and at least three of them touch the enemy centre. You drew a 2; three of your strike pieces already touch the green centre on k6.
learn-fib-cards-task = Win: join your last strike piece to the others.
learn-fib-cards-hint = The piece on g6 is alone: one step to h6 puts it next to i6.
learn-fib-cards-miss = all six strike pieces must form one group, three of them next to the green centre.

## Fanorona

learn-fan-step-title = Steps along the lines
learn-fan-step-text = Fanorona is played on the points of a 9 × 5 grid. A piece steps along a line to a neighbouring empty point. Every point has its straight lines; diagonal lines pass only through every other point (a1, c1, b2, c3, …). White moves first.
learn-fan-step-task = Move your piece from c3 to d4, along the diagonal.
learn-fan-step-hint = c3 has diagonals: write `c3-d4`.
learn-fan-step-miss = the piece must end on d4.
learn-fan-approach-title = Capture by approach
learn-fan-approach-text = When a step ends next to an enemy piece, in the direction of the step, that piece is captured, and with it every enemy piece right behind it on the line, up to the first gap or piece of your own.
learn-fan-approach-task = Capture by approach.
learn-fan-approach-hint = Step from c2 towards the black pieces on e2 and f2.
learn-fan-approach-miss = the step must capture by moving towards the black line.
learn-fan-withdrawal-title = Capture by withdrawal
learn-fan-withdrawal-text = A piece also captures by moving away: when the point just behind its start, opposite to the step, holds an enemy piece, that piece and the unbroken enemy line behind it are captured.
learn-fan-withdrawal-task = Capture by withdrawal.
learn-fan-withdrawal-hint = Black pieces stand on c2 and b2, behind d2: step away from them, to e2.
learn-fan-withdrawal-miss = this step asks for a capture by withdrawal (moving away from the pieces taken), not by approach.
learn-fan-choose-title = Approach or withdrawal
learn-fan-choose-text = When one step could capture both ways, you choose one of the two, never both: write `+` after the step for approach, `-` for withdrawal. Here d3-e3 approaches f3 (one piece) or withdraws from c3, b3 and a3 (three pieces).
learn-fan-choose-task = Capture three pieces.
learn-fan-choose-hint = Withdrawal takes the longer line: `d3-e3-`.
learn-fan-choose-miss = the approach takes only f3; the withdrawal takes three.
learn-fan-chain-title = Chains of captures
learn-fan-chain-text = After a capture, the same piece may go on capturing, step after step, in the same turn; each step must capture. Write the steps of a chain joined by commas (`d1-d2+,d2-e2+`), or play them one at a time.
learn-fan-chain-task = Capture both black pieces in one chain.
learn-fan-chain-hint = d1-d2 approaches d3; from d2, a step east approaches f2.
learn-fan-chain-miss = the chain must make two captures.
learn-fan-direction-title = Never the same direction twice
learn-fan-direction-text = A chain may not go on in the direction of the step just before it. After c2-d2 (withdrawing eastwards from b2), going east again to e2 is forbidden, even though it would approach f2.
learn-fan-direction-task = Capture twice in one chain, changing direction.
learn-fan-direction-hint = Withdraw from b2 to d2, then go north towards d4: `c2-d2-,d2-d3+`.
learn-fan-direction-miss = the chain must make two captures.
learn-fan-revisit-title = Never the same point twice
learn-fan-revisit-text = In a chain, the piece may not land on a point it has already stood on this turn, its starting point included.
learn-fan-revisit-task = Capture three pieces in one chain.
learn-fan-revisit-hint = d2-e2 approaches f2, e2-e3 approaches e4; then e3-d2 would come back to d2, so go west to d3, towards c3.
learn-fan-revisit-miss = the chain must make three captures.
learn-fan-stop-title = Stopping a chain
learn-fan-stop-text = You may stop a chain whenever you like: after a capturing step, type `end` instead of another step. Going on is not always wise.
learn-fan-stop-task = Capture e1 by approach, then stop your chain there, with your piece on d1.
learn-fan-stop-hint = `c1-d1+` captures e1; then `end` (in the same answer: `c1-d1+ end`).
learn-fan-stop-miss = your piece must stay on d1 and your turn must be over.
learn-fan-escale-title = Escale rules: capturing is optional
learn-fan-escale-text = Under the escale rules (the default here, from the source's rules) you need not capture: a step that captures nothing is allowed even when a capture is there. Only a step that reaches a capturing position must capture.
learn-fan-escale-task = Leave the capture on e2 for later: make a step that captures nothing.
learn-fan-escale-hint = The piece on g4 can step to g3 without capturing.
learn-fan-escale-miss = this time the step must capture nothing.
learn-fan-standard-title = Standard rules: capturing is compulsory
learn-fan-standard-text = Under the standard rules, when any capture is possible, you must capture. The same position as before: now the quiet step is refused.
learn-fan-standard-task = Play the compulsory capture.
learn-fan-standard-hint = c2-d2 approaches e2.
learn-fan-standard-miss = a capture is compulsory.
learn-fan-vela-title = The vela round
learn-fan-vela-text = After a game, a second round (vela) may follow from the start: the first round's loser moves first; while the winner has more than 5 pieces, the winner never captures, and the loser captures only one piece per capturing step (the one next to the mover) and may not chain. Here Black won the first round; you play White.
learn-fan-vela-task = Capture the black piece on e4.
learn-fan-vela-hint = e2-e3 approaches e4; only e4 goes, e5 stays.
learn-fan-vela-miss = e4 must be captured.
