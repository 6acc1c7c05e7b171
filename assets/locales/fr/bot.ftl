# Ce que dit le bot quand autre chose que la partie tourne mal.

bot-apology = Désolé, un problème est survenu de mon côté. Réessayez dans un instant ; si cela se reproduit, prévenez les admins du serveur.
bot-unavailable = Le service de jeu est momentanément indisponible ; réessayez dans une minute
bot-unknown-button = Ce bouton n'est plus l'un des miens.
bot-bad-option = Je n'ai pas pu lire `{ $input }` pour /{ $command }. Choisissez une valeur dans la liste de Discord.
bot-bad-options = Je n'ai pas pu lire les options de /{ $command }. Choisissez des valeurs dans la liste de Discord.
bot-stale-command = Les options de cette commande ont changé depuis que Discord les a chargées ; réessayez dans une minute.
bot-guild-only = Les parties se jouent dans un salon de serveur : utilisez cette commande là-bas.
