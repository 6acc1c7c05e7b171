# /rules: a short summary of each game, shown above a picture of the start position.

rules-fibonacci = **Fibonacci** (Thomas Naylor): Red against Green on a hexagon of 91 points.
    • Each side has a centre, six strike pieces and six support pieces. Red moves first.
    • Turn t allows min(t, 6) unit moves (1, 2, 3, 4, 5, then 6), minus one for each enemy strike piece next to your centre. You may end a turn early with /{ cmd-end }.
    • A unit move `from-to` moves a strike or support piece. Alone, it steps to an empty neighbour. In a group of pieces of its kind it may go to any point next to the group; if that point is occupied, the two pieces swap (never with an identical piece).
    • Centres never move on their own, and nothing is ever captured.
    • You win when the enemy centre has six neighbours and all six are your strike pieces.
    • Cards variant: a card from your deck (1–6) sets each turn's moves; you win with all six strike pieces joined in one group and at least three of them touching the enemy centre.
    Play with `/{ cmd-move } g9-f9` or several at once: `/{ cmd-move } g9-f9 f9-e9`.

rules-fanorona = **Fanorona** (Madagascar): White against Black on 9×5 points.
    • Pieces step along the lines to a neighbouring empty point. White moves first.
    • Approach: a step that stops right in front of an enemy piece, in its direction, captures it and the unbroken enemy line behind it. Withdrawal: stepping away from a neighbouring enemy piece captures it and the unbroken enemy line behind it. When both are possible, choose with a suffix: `d2-d3+` (approach) or `d2-d3-` (withdrawal).
    • After a capture the same piece may capture again, never in the same direction twice in a row and never back onto a point it has visited this turn. Enter the chain step by step or at once: `d2-d3+,d3-c4-`. Stop early with /{ cmd-end }.
    • Escale rules (default): capturing is optional, but a step that reaches a capturing position must capture. Standard rules: you must capture when you can.
    • You win by capturing every enemy piece, or when your opponent cannot move.
    • Vela, the second round (/{ cmd-vela } after a win): the loser of the first round moves first. While the winner has more than 5 pieces, the winner captures nothing and the loser takes one piece at a time, without chaining; once the winner is down to 5 pieces, the usual rules apply to both.
