# Ce que le salon lit d'une partie : lignes d'état, rappels de tour, fin de partie.

game-clock-paused = ⏸ pendule en pause jusqu'au { $until } ({ $relative })
game-clock-due = ⏰ à jouer { $relative }
game-pause-asked = { $side } demande une pause de { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    }
game-origin-rematch = revanche de la partie { $game }
game-origin-vela = manche vela après la partie { $game }

# L'image du plateau ne connaît pas le fuseau horaire du lecteur : ses dates sont en UTC.
game-date = { $day } { $month ->
        [1] janv.
        [2] févr.
        [3] mars
        [4] avr.
        [5] mai
        [6] juin
        [7] juil.
        [8] août
        [9] sept.
        [10] oct.
        [11] nov.
       *[12] déc.
    } { $time } UTC
game-note-paused = en pause jusqu'au { $date }
game-note-due = à jouer avant le { $date }
game-note-rematch = revanche de la partie { $game }
game-note-vela = première manche : partie { $game }
game-note-ai = IA { $level }

game-status-over = Partie terminée : { $outcome }
game-status-turn = Tour { $turn } · { $side } { $player } joue
game-status-moves-left = { $left ->
        [one] { $left } coup restant
       *[other] { $left } coups restants
    }
game-status-card = carte tirée : { $card }
game-status-chain = prises enchaînées en cours : prenez encore avec /{ cmd-move } ou arrêtez avec /{ cmd-end }
game-status-draw-offer = { $side } propose la nulle
game-status-ai = { $side } est l'IA, niveau { $level }

game-player = { $side } { $player }
game-won = { $winner } gagne : { $how }.
game-how-surrounded = la pièce centrale de { $loser } est encerclée par six pièces de frappe
game-how-cards = les six pièces de frappe sont liées et trois d'entre elles touchent la pièce centrale de { $loser }
game-how-all-captured = tous les pions de { $loser } ont été pris
game-how-no-move = { $loser } n'a plus aucun coup légal
game-resigned = { $winner } gagne : { $loser } a abandonné.
game-draw-rules = partie nulle selon les règles.
game-draw-agreed = partie nulle d'un commun accord.
game-timeout = { $winner } gagne au temps : { $loser } n'a pas joué avant l'échéance.
game-aborted = partie annulée, sans résultat : { $player } n'a jamais joué avant l'échéance.

game-banner-resigns = { $side } abandonne
game-banner-draw-agreed = Nulle d'un commun accord
game-banner-timeout = { $side } perd au temps
game-banner-aborted = Partie annulée : aucun coup avant l'échéance

game-turn-skipped = Le tour { $turn } de { $side } est sauté : les pièces de frappe adverses collées à sa pièce centrale ne lui laissent aucun coup.

game-ping = { $player }, à vous de jouer ({ $details }). Jouez avec /{ cmd-move }.
game-ping-turn = { $side }, tour { $turn }
game-ping-moves = { $left ->
        [one] { $left } coup
       *[other] { $left } coups
    }
game-ping-card = carte { $card }
game-ping-due = À jouer { $relative }.

game-over = 🏁 Partie terminée : { $outcome } Bien joué, { $first } et { $second } !
game-rating-change = { $player } { $before } → { $after } ({ $delta })
game-rating-changes = Classement { $game } : { $changes }
rating-game-fibonacci = Fibonacci
rating-game-fibonacci-cards = Fibonacci (cartes)
rating-game-fanorona = Fanorona

game-no-picture = (L'image du plateau n'a pas pu être dessinée cette fois ; /{ cmd-board } réessaie.)

play-played = { $player } a joué `{ $moves }`.
play-ended-turn = { $player } a fini son tour.
play-took-back-last = { $player } a repris son dernier coup.
play-took-back = { $player } a repris `{ $moves }`.
play-board = Le plateau :
play-no-game = Il n'y a pas de partie dans ce salon. Lancez-en une avec /{ cmd-challenge }, ou retrouvez les vôtres avec /{ cmd-games }.
play-no-moves = Indiquez au moins un coup, comme `g9-f9` (Fibonacci) ou `d2-d3` (Fanorona).
play-too-long = C'est bien plus de coups qu'un tour ne peut en contenir : n'envoyez que les coups de ce tour.
play-ai-played = { $player } (IA, { $level }) a joué `{ $moves }`.
notice-time-up = ⏰ Le temps est écoulé.
notice-time-up-first = ⏰ Le temps est écoulé avant le premier coup.
notice-resumed = ⏯ La pause est finie : la pendule tourne de nouveau.
