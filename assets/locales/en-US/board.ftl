# The words drawn on the board picture. Side names are capitalised colours.

board-player = { $name } ({ $colour })
board-versus = vs
board-vela-round = vela round

board-legend-centre = centre
board-legend-strike = strike
board-legend-support = support
board-legend-last-turn = last turn
board-legend-last-turn-order = last turn, in order
board-legend-exchange = exchange
board-legend-captured = captured
board-legend-moves-of = moves of { $point }

board-no-legal-move = { $point }: no legal move
board-destinations = { $point }: { $count ->
        [one] { $count } destination
       *[other] { $count } destinations
    }
board-destinations-exchange = { $point }: { $count ->
        [one] { $count } destination
       *[other] { $count } destinations
    } (dashed ring: exchange)
board-turn-skipped = { $side }'s turn { $turn } was skipped: no moves allowed
board-chain-in-progress = Chain in progress: capture again, or end the turn
board-captured = { $count ->
        [one] { $count } piece captured
       *[other] { $count } pieces captured
    }
# Used by the tests of plural forms: "1 move left", "0 moves left".
board-moves-left = { $count ->
        [one] { $count } move left
       *[other] { $count } moves left
    }

board-over-draw = Game over · draw
board-wins = { $winner } wins · { $why }
