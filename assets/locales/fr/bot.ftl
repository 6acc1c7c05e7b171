# Ce que dit le bot quand autre chose que la partie tourne mal.

bot-apology = Désolé, un problème est survenu de mon côté. Réessayez dans un instant ; si cela se reproduit, prévenez les admins du serveur.
bot-unavailable = Le service de jeu est momentanément indisponible ; réessayez dans une minute.
bot-unknown-button = Ce bouton n'est plus actif.
bot-bad-option = Je n'ai pas pu lire `{ $input }` pour /{ $command }. Choisissez une valeur dans la liste de Discord.
bot-bad-options = Je n'ai pas pu lire les options de /{ $command }. Choisissez des valeurs dans la liste de Discord.
bot-stale-command = Les options de cette commande ont changé depuis que Discord les a chargées ; réessayez dans une minute.
bot-guild-only = Les parties se jouent dans un salon de serveur : utilisez cette commande là-bas.

list-and = { $init } et { $last }
perm-view-channel = Voir les salons
perm-attach-files = Joindre des fichiers
perm-create-public-threads = Créer des fils publics
perm-send-messages-in-threads = Envoyer des messages dans les fils
access-missing = Il me faut { $count ->
        [one] la permission
       *[other] les permissions
    } { $list } dans ce salon pour cela. Demandez à un administrateur du serveur { $count ->
        [one] de l'accorder
       *[other] de les accorder
    } au bot (paramètres du salon → Permissions), puis réessayez.
access-locked = Ce fil est verrouillé, je ne peux donc pas y écrire : demandez à un modérateur de le déverrouiller, ou jouez dans un autre salon ou fil.
access-forum = Ceci est une publication de forum : je ne peux pas ouvrir ici le fil d'une partie. Lancez le défi dans un salon textuel (avec `{ cmd-challenge-thread }:true` si une partie y est déjà en cours), ou ici une fois la partie de cette publication terminée.
bot-done-below = C'est fait : voyez le message ci-dessous.
