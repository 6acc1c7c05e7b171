# Les mots dessinés sur l'image du plateau. Les camps portent le nom de leur couleur.

board-player = { $name } ({ $colour })
board-versus = contre
board-vela-round = manche vela

board-legend-centre = centrale
board-legend-strike = frappe
board-legend-support = soutien
board-legend-last-turn = dernier tour
board-legend-last-turn-order = dernier tour, dans l'ordre
board-legend-exchange = échange
board-legend-captured = pris
board-legend-moves-of = coups de { $point }

board-no-legal-move = { $point } : aucun coup légal
board-destinations = { $point } : { $count ->
        [one] { $count } destination
       *[other] { $count } destinations
    }
board-destinations-exchange = { $point } : { $count ->
        [one] { $count } destination
       *[other] { $count } destinations
    } (cercle pointillé : échange)
board-turn-skipped = Le tour { $turn } de { $side } est sauté : aucun coup permis
board-chain-in-progress = Prises enchaînées : prenez encore, ou finissez le tour
board-captured = { $count ->
        [one] { $count } pion pris
       *[other] { $count } pions pris
    }
board-moves-left = { $count ->
        [one] { $count } coup restant
       *[other] { $count } coups restants
    }

board-over-draw = Partie terminée · nulle
board-wins = { $winner } gagne · { $why }
