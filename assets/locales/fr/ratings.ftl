# /classement, /profil et la courbe des cotes.

ratings-standing = **{ $rating }** ± { $margin } · { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
ratings-none = Aucune partie classée de { $game } sur ce serveur pour l'instant. Défiez quelqu'un avec /{ cmd-challenge } (les parties sont classées, sauf si vous indiquez `{ cmd-challenge-rated }: false`).
ratings-title = 🏆 **Classement de { $game }**
ratings-nobody-ranked = Personne n'est encore classé : une cote se stabilise (± 220 ou moins) après quelques parties.
ratings-provisional = **Cotes provisoires** (hors classement tant que la marge ± dépasse 220 : jouez encore quelques parties)
ratings-more = { $count ->
        [one] { $count } autre joueur a une cote.
       *[other] { $count } autres joueurs ont une cote.
    } /{ cmd-profile } montre le bilan de chacun.
ratings-score = { $score ->
        [win] V
        [draw] N
       *[loss] D
    }
ratings-streak = série : { $count } { $score ->
        [win] { $count ->
            [one] victoire
           *[other] victoires
        }
        [draw] { $count ->
            [one] nulle
           *[other] nulles
        }
       *[loss] { $count ->
            [one] défaite
           *[other] défaites
        }
    }
ratings-provisional-mark = provisoire
ratings-record = **{ $game }** : { $standing }{ $provisional } · { $wins } V / { $losses } D / { $draws } N{ $streak }
ratings-last-result = { $score } contre { $opponent } ({ $delta }) { $when }
ratings-last-results = Derniers résultats : { $results }
ratings-profile-empty-self = Vous n'avez encore ni partie classée ni partie en cours { $place ->
    [private] hors des serveurs (en conversation privée ou de groupe)
   *[server] sur ce serveur
}. Lancez-en une avec /{ cmd-challenge } !
ratings-profile-empty-other = { $player } n'a encore joué aucune partie classée ici et n'a aucune partie en cours. Défiez cette personne avec /{ cmd-challenge } !
ratings-profile-title = 📈 **Profil de { $player }**
ratings-no-rated-games = Aucune partie classée pour l'instant.
ratings-in-progress = **Parties en cours**
ratings-their-turn = à son tour de jouer
ratings-waiting = en attente de l'adversaire
ratings-active-line = • { $game } contre { $opponent } dans { $channel } : { $turn }, tour { $turn_number }
ratings-chart-title = Cotes de { $player }
chart-no-games = Aucune partie classée pour l'instant
chart-date = { $day } { $month ->
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
    } { $year }
