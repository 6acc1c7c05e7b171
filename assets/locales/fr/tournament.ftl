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
