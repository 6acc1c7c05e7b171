# Tournois : refus et annonces.

tournament-refused-rounds = { $given ->
    [none] Un tournoi suisse demande `rounds:`, de 2 à 15.
   *[other] `rounds:{ $given }` n'est pas possible : un tournoi suisse compte de 2 à 15 rondes.
}
tournament-refused-option = `{ $option }:` n'est pas une option de cette formule : `rounds:` est pour les tournois suisses, `double:` pour les toutes-rondes.
tournament-refused-name = Donnez au tournoi un nom de 1 à { $max } caractères.
tournament-refused-max-players = `max_players:{ $given }` n'est pas possible : un tournoi prend au moins 3 joueurs (et au plus 1000).
tournament-refused-channel-busy = Ce salon a déjà un tournoi qui n'est pas terminé (**{ $name }**) : créez le vôtre dans un autre salon, ou attendez sa fin.
tournament-refused-none = Il n'y a pas de tournoi ici. Créez-en un avec `/tournament create`, ou désignez-en un avec `id:`.
tournament-refused-started = **{ $name }** a commencé : les inscriptions, les départs et l'annulation sont fermés. Un joueur peut encore abandonner avec `/tournament withdraw`.
tournament-refused-over = **{ $name }** est terminé : voyez `/tournament standings`.
tournament-refused-already-joined = Vous êtes déjà inscrit à **{ $name }**.
tournament-refused-not-joined = Vous n'êtes pas joueur de **{ $name }**.
tournament-refused-full = **{ $name }** est complet ({ $max } joueurs).
tournament-refused-too-few = Un tournoi demande au moins { $need } joueurs pour commencer ; { $have } sont inscrits.
tournament-refused-not-creator = Seul { $creator }, qui a créé le tournoi, ou un membre ayant « Gérer le serveur » peut le faire.
tournament-refused-withdrawn = Vous avez déjà abandonné **{ $name }**.

button-join = Rejoindre
button-leave = Quitter
tournament-format-swiss = suisse, { $rounds } rondes
tournament-format-round-robin = { $double ->
    [yes] toutes-rondes double
   *[other] toutes-rondes
}
tournament-announcement = 🏆 **{ $name }** : { $format } de { $game }, { $clock }, { $rated ->
    [yes] classé
   *[other] non classé
}{ $vacation ->
    [no] , sans vacances (des vacances n'arrêtent pas la pendule)
   *[other] {""}
}.
    Joueurs ({ $count }) : { $players }
    { $state ->
        [open] Rejoignez-le avec le bouton ci-dessous ou `/tournoi rejoindre` ; son créateur le lance avec `/tournoi commencer`.
        [running] Le tournoi est en cours.
        [finished] Le tournoi est terminé.
       *[other] Le tournoi a été annulé.
    }
tournament-joined = { $player } a rejoint **{ $name }** ({ $count } joueurs).
tournament-left = { $player } a quitté **{ $name }** ({ $count } joueurs).
tournament-cancelled = **{ $name }** est annulé.
tournament-pairing = Table { $board } : { $first } (joue en premier) – { $second }
tournament-bye = Exempt (1 point) : { $player }
tournament-round-paired = **{ $name }**, ronde { $round } sur { $rounds } : chaque partie a son fil ci-dessous.
tournament-started = **{ $name }** a commencé : { $games } parties, toutes à la fois, chacune dans son fil ci-dessous.
tournament-cross-title = **{ $name }** : tableau croisé (lignes et colonnes dans l’ordre du classement)
tournament-standings-title = **{ $name }** : classement ({ $state ->
    [running] après la ronde { $round }
    [finished] final
   *[other] avant le début
})
tournament-tiebreaks-swiss = Buchholz { $buchholz } · Sonneborn-Berger { $sb }
tournament-tiebreaks-round-robin = Sonneborn-Berger { $sb } · { $wins } victoires
tournament-standing = { $rank }. { $player } : **{ $points }** pts · { $tiebreaks } · { $played } jouées, { $left } restantes{ $withdrawn ->
    [yes] {" "}(a abandonné)
   *[other] {""}
}
tournament-withdrew = { $player } a abandonné **{ $name }** : { $count } parties en cours comptent comme perdues.
tournament-game-withdrawn = { $player } a quitté le tournoi : cette partie compte comme abandonnée.
tournament-thread-title = { $name }, ronde { $round }, table { $board } : { $first } – { $second }
tournament-game-started = **{ $name }**, ronde { $round } : { $first } contre { $second }.
tournament-finished = 🏆 **{ $name }** est terminé : { $winner } remporte le tournoi !

tournament-column-player = Joueur
tournament-column-points = Points
tournament-column-buchholz = Buchholz
tournament-column-sb = S-B
tournament-column-wins = Victoires
tournament-column-games = Jouées / restantes
tournament-choice = n° { $id } { $name } ({ $state ->
    [open] ouvert
    [running] en cours
    [finished] terminé
   *[other] annulé
})
