# Ce que le salon lit d'une partie : lignes d'état, rappels de tour, fin de partie.

game-clock-paused = ⏸ pendule en pause jusqu'au { $until } ({ $relative })
game-clock-due = ⏰ à jouer { $relative }
game-clock-banks = 🏦 réserves : { $first } { $first_bank } · { $second } { $second_bank }
span-days-hours = { $days } j { $hours } h
span-days = { $days } j
span-hours = { $hours } h
game-pause-asked = { $side } demande une pause de { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    }
game-origin-rematch = revanche de la partie { $game }
game-origin-tournament = { $round ->
    [none] { $name }
   *[other] { $name }, ronde { $round }
}
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
game-note-swapped = échange

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

game-no-picture = (L'image du plateau n'a pas pu être dessinée cette fois ; /{ cmd-board } réessaie.)

play-played = { $player } a joué `{ $moves }`.
play-ended-turn = { $player } a fini son tour.
play-swapped = { $player } a échangé les camps : { $player } joue désormais { $side }, et { $opponent } joue { $other }, qui a le trait.
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

clock-1d = 1 jour par tour
clock-3d = 3 jours par tour
clock-7d = 7 jours par tour
clock-10d-36h = une réserve de 10 jours, 36 heures de plus après chaque tour (10 jours au plus)
clock-5d-1d = une réserve de 5 jours, 1 jour de plus après chaque tour (5 jours au plus)
clock-3d-12h = une réserve de 3 jours, 12 heures de plus après chaque tour (3 jours au plus)
clock-none = sans pendule

button-accept = Accepter
button-decline = Refuser
button-accept-draw = Accepter la nulle
button-decline-draw = Refuser la nulle
button-accept-pause = Accepter la pause
button-decline-pause = Refuser la pause
button-rematch = Revanche
button-vela = Manche vela

challenge-rated = { $rated ->
        [yes] classée
       *[no] non classée
    }
challenge-offer = { $challenged }, { $challenger } vous défie à **{ $game }**, { $clock }, { $rated }. { $colours } Acceptez ou refusez avec les boutons (ou /{ cmd-accept }, /{ cmd-decline }).
challenge-offer-rematch = { $challenged }, { $challenger } vous propose une revanche de la partie { $previous } : **{ $game }**, { $clock }, { $rated }. { $colours } Acceptez ou refusez avec les boutons (ou /{ cmd-accept }, /{ cmd-decline }).
challenge-offer-vela = { $challenged }, { $challenger } vous propose la vela, la seconde manche, après la partie { $previous } : **{ $game }**, { $clock }, { $rated }. { $colours } Acceptez ou refusez avec les boutons (ou /{ cmd-accept }, /{ cmd-decline }).
challenge-colour-first = { $challenger } joue { $side } et commence.
challenge-colour-second = { $challenger } joue { $side } ; vous commencez.
challenge-colour-random = Les couleurs sont tirées au sort quand vous acceptez.
challenge-closed = { $challenger } a défié { $challenged } à **{ $game }** : { $state ->
        [open] défi toujours ouvert
        [accepted] défi accepté
        [declined] défi refusé
        [cancelled] défi retiré
       *[expired] défi expiré sans réponse
    }.
challenge-started = Défi accepté : **{ $game }**, { $clock }, { $rated }, { $first_side } { $first } contre { $second_side } { $second }.
# $rating : le classement estimé du niveau pour ce jeu, d'après les parties du banc d'essai de l'IA (moyen = 1500).
challenge-started-ai = Une partie contre moi (IA, niveau { $level }, classement ≈{ $rating } pour ce jeu) : **{ $game }**, { $clock }, { $first_side } { $first } contre { $second_side } { $second }.

finish-resigned = { $player } abandonne.
finish-accepted-draw = { $player } accepte la nulle.
finish-offers-draw = { $player } ({ $side }) propose la nulle. { $opponent }, acceptez ou refusez avec les boutons, ou répondez avec /{ cmd-draw }.
finish-ai-accepted-draw = { $player } (IA, { $level }) accepte la nulle.
finish-ai-declined-draw = { $player } (IA, { $level }) refuse la nulle : sa position lui plaît. La partie continue.
finish-withdrew-draw = { $player } retire sa proposition de nulle.
finish-declined-draw = { $player } refuse la proposition de nulle.

reminder-dm = ⏰ Votre tour dans **{ $game }** (partie { $id }) est à jouer { $due }. Jouez avec /{ cmd-move } dans { $link }.
reminder-dm-tap = ⏰ Votre tour dans **{ $game }** (partie { $id }) est à jouer { $due }. Appuyez sur 🎮 Jouer sous son dernier plateau dans { $link }.
reminder-channel = ⏰ { $player }, votre tour dans **{ $game }** est à jouer { $due }. Jouez avec /{ cmd-move }.

pause-days = { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    }
pause-asked = { $player } demande à { $opponent } d'arrêter la pendule pendant { $days }. { $opponent }, acceptez avec le bouton ou en tapant /{ cmd-pause } ; refusez avec le bouton.
pause-started = { $player } accepte : la pendule est arrêtée pendant { $days }. Elle repart d'elle-même ensuite, ou plus tôt si l'un des joueurs tape /{ cmd-resume }.
pause-started-until = { $player } accepte : la pendule est arrêtée pendant { $days }, jusqu'au { $until }. Elle repart d'elle-même ensuite, ou plus tôt si l'un des joueurs tape /{ cmd-resume }.
pause-resumed = { $player } relance la pendule.
pause-gone = Cette demande de pause concerne une partie qui n'est plus en cours.
pause-answered = Il n'y a plus de demande de pause en attente (elle a reçu une réponse, ou la pendule est déjà arrêtée). /{ cmd-board } affiche la partie.
pause-withdrawn = { $player } retire sa demande de pause.
pause-declined = { $player } refuse la pause : la pendule continue de tourner.
settings-notify = { $changed ->
        [yes] Désormais, je vous rappelle
       *[no] Je vous rappelle
    } vos tours { $how ->
        [dm] par message privé (dans le salon de la partie si vos messages privés sont fermés)
       *[channel] dans le salon de la partie
    }, 24 heures puis 1 heure avant chaque échéance. Pour modifier ce réglage : `/{ cmd-settings } { cmd-settings-notify }:` (« { choice-channel } » ou « { choice-dm } »).
settings-colours = { $changed ->
        [yes] Désormais, les plateaux que vous seul voyez
       *[no] Les plateaux que vous seul voyez
    } (panneau de coups, parcours de la partie, problèmes, leçons) sont dessinés { $colours ->
        [colour-blind] avec des pièces orange et bleues
       *[standard] dans les couleurs standard, que toutes les visions des couleurs distinguent
    }. Les plateaux publiés dans le salon gardent toujours les couleurs standard. Pour modifier ce réglage : `/{ cmd-settings } { cmd-settings-colours }:` (« { choice-standard } » ou « { choice-colour-blind } »).

list-or = { $init } ou { $last }
challenge-option-elsewhere = `{ $key }` ne vaut que pour { $owner } ; pour { $game }, choisissez { $choices }.
challenge-colours = { $game } oppose { $first } à { $second } : choisissez { $choices }.
challenge-no-bots = Les autres bots ne jouent pas ici : défiez une personne, ou moi-même pour une partie contre l'IA.
challenge-bot-dm-ai-only = Ici, dans votre conversation privée avec moi, vous ne pouvez jouer que contre moi : laissez-moi comme `{ cmd-challenge-opponent }`. Pour jouer avec un ami, utilisez `/{ cmd-challenge }` dans votre conversation privée ou de groupe avec lui, ou sur un serveur.
challenge-ai-needs-channel = Je ne peux pas publier mes propres coups ici : les parties contre moi se jouent dans votre conversation privée avec moi ou sur un serveur qui m'a ajouté. Ici, défiez quelqu'un de cette conversation.
challenge-external-apps-off = Ce serveur ne m'a pas ajouté et n'autorise pas les applications externes ici : tout ce que je répondrais ne serait visible que par vous. Demandez à un modérateur d'autoriser **Utiliser les applications externes** dans ce salon, ou de m'ajouter au serveur ; ou jouez dans une conversation privée ou de groupe.
challenge-level-needs-me = `{ cmd-challenge-level }:` sert à jouer contre moi : choisissez { $me } comme `{ cmd-challenge-opponent }`, ou retirez `{ cmd-challenge-level }`.
challenge-ai-unrated = Les parties contre moi ne sont jamais classées : retirez `{ cmd-challenge-rated }`, ou défiez une personne pour une partie classée.
challenge-self = Vous ne pouvez pas vous défier vous-même : choisissez quelqu'un d'autre comme `{ cmd-challenge-opponent }`.
challenge-thread-title = { $game } : { $first } contre { $second }
challenge-ai-in-thread = { $player } joue contre moi (IA, { $level }) une partie de **{ $game }** dans { $thread }.
challenge-in-thread = { $challenger } défie { $challenged } à une partie de **{ $game }** dans { $thread }.
challenge-was = Ce défi { $state ->
        [open] est toujours ouvert
        [accepted] a déjà été accepté
        [declined] a déjà été refusé
        [cancelled] a été retiré par son auteur
       *[expired] a expiré
    }.
challenge-start-new = Lancez-en un nouveau avec /{ cmd-challenge }.
challenge-declined = { $challenged } a refusé le défi de { $challenger } à une partie de { $game }.
challenge-withdrawn = { $challenger } a retiré son défi à { $challenged }.
finish-game-now = Voici où en est la partie :
finish-no-draw-offer = Il n'y a plus de proposition de nulle en cours. La partie continue :
finish-game-is-over = Cette partie est terminée.
finish-draw-gone = Cette proposition de nulle concerne une partie qui n'est plus en cours.
