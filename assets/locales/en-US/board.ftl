# The words drawn on the board picture. Side names are capitalised colours.

side-red = Red
side-green = Green
side-white = White
side-black = Black

board-player = { $name } ({ $colour })
board-versus = vs
board-status-fibonacci = Turn { $turn } · { $side } to move · { $left ->
        [one] { $left } move left
       *[other] { $left } moves left
    }
board-status-fibonacci-card = Turn { $turn } · { $side } to move · card { $card } · { $left ->
        [one] { $left } move left
       *[other] { $left } moves left
    }
board-status-fanorona = Turn { $turn } · { $side } to move
board-status-fanorona-again = Turn { $turn } · { $side } may capture again from { $point }
board-status-fanorona-chain = Turn { $turn } · { $side } continues the capture
board-vela-round = vela round

board-legend-centre = centre
board-legend-strike = strike
board-legend-support = support
board-legend-last-turn = last turn
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
board-why-surrounded = the { $loser } centre is surrounded
board-why-cards = six linked strike pieces at the { $loser } centre
board-why-all-captured = every { $loser } piece is captured
board-why-no-move = { $loser } cannot move
