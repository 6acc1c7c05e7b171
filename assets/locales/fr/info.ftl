# /parties et /historique.

games-none = Vous n'avez ni partie en cours ni défi en attente { $place ->
    [private] hors des serveurs (en conversation privée ou de groupe)
   *[server] sur ce serveur
}. Lancez-en un avec /{ cmd-challenge }.
games-active = **Vos parties** (les plus urgentes d'abord)
games-your-turn = **à vous de jouer**
games-their-turn = à l'adversaire de jouer
games-paused-until = en pause jusqu'au { $until }
games-due = échéance { $deadline }
games-ai = IA, { $level }
games-line = • { $game }{ $event } en { $side } contre { $opponent }{ $ai } dans { $channel } : { $turn }, tour { $turn_number }{ $clock }
games-challenges = **Défis en attente**
games-see-it = [le voir]({ $url })
games-you-challenged = • Vous avez défié { $player } à une partie de { $game } dans { $channel } (/{ cmd-cancel } là-bas pour le retirer){ $jump }
games-challenged-you = • { $player } vous a défié à une partie de { $game } dans { $channel } (/{ cmd-accept } ou /{ cmd-decline } là-bas){ $jump }
games-finished = **Terminées récemment**
games-finished-line = • { $game } (partie { $id }) dans { $channel } : { $outcome }

history-header = Coups de la partie { $id } ({ $game }, { $first_side } { $first } contre { $second_side } { $second }) :
history-no-moves = Aucun coup pour l'instant.
replay-header = Animation de la partie { $id } ({ $game }) : { $turns ->
    [one] un tour
   *[other] { $turns } tours
}.
replay-thinned = La partie entière serait trop lourde pour Discord : cette animation en montre { $shown } images sur { $total }, réparties régulièrement.
replay-frame = tour { $turn } / { $turns }
replay-frame-total = { $turns ->
    [one] { $turns } tour en tout
   *[other] { $turns } tours en tout
}
browse-start = Partie { $id } : la position de départ ({ $turns ->
    [one] un tour joué
   *[other] { $turns } tours joués
}).
browse-turn = Partie { $id }, { $counter } : { $side } ({ $player }) a joué `{ $moves }`.
review-header = Analyse de la partie { $id } ({ $game }), { $turns ->
    [one] un tour
   *[other] { $turns } tours
} lus par l'IA.
review-unit-fibonacci = Les valeurs sont des points pour le joueur qui a joué, plus c'est haut mieux c'est : +{ $unit } vaut environ deux pièces de frappe de plus autour d'un centre ennemi qu'on peut encercler, et ±{ $win } une partie gagnée ou perdue.
review-unit-fanorona = Les valeurs sont des points pour le joueur qui a joué, plus c'est haut mieux c'est : +{ $unit } vaut environ une pièce, et ±{ $win } une partie gagnée ou perdue.
review-unit-tictactoe = Les valeurs sont des points pour le joueur qui a joué, plus c'est haut mieux c'est : ±{ $win } est une partie gagnée ou perdue.
review-nothing = L'IA n'a trouvé aucun tour qui ait coûté quoi que ce soit selon son jugement.
review-turn = **{ $rank }. Tour { $turn }**, { $side } ({ $player }) a joué `{ $played }` : { $before } → { $after }. Mieux : `{ $better }` → { $better_after } ({ $lost } points perdus).
review-picture-played = tour { $turn } tel que joué · { $value }
review-picture-better = le meilleur tour de l'IA · { $value }
review-progress = Analyse… { $done }/{ $turns } tours
