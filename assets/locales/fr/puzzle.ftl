# /probleme : problèmes classés, Abandonner, et le problème du jour.

puzzle-head = 🧩 **Problème { $id }** · { $level } · classé { $rating }
# Drawn on the puzzle's picture: the fonts have no emoji.
puzzle-picture-note = Problème { $id }
puzzle-goal-win = **{ $side }** joue : gagnez en ce tour.
puzzle-goal-capture = **{ $side }** joue : prenez le plus de pièces possible en ce tour (le meilleur tour en prend { $best }).
puzzle-how = Répondez avec `/{ cmd-puzzle } { cmd-puzzle-answer }:` et un tour entier, écrit comme le prend `/{ cmd-move }`. Votre première réponse compte pour votre classement ; ouvrir un autre problème avant de répondre compte comme un échec.
puzzle-unrated = Vous avez déjà vu ce problème : il n'est pas classé cette fois.
puzzle-standing = Votre classement aux problèmes de { $game } : **{ $rating }** · série { $streak }
puzzle-left = Le problème { $id }, laissé sans réponse, compte comme un échec ({ $change }).
puzzle-daily-opened = Le problème du jour de ce serveur : vous seul voyez vos réponses.
puzzle-solved = ✅ **Résolu !** Problème { $id }.
puzzle-solved-late = ✅ **Résolu**, problème { $id } (votre premier essai a compté pour le classement).
puzzle-missed-no-win = ❌ Légal, mais la partie n'est pas gagnée à la fin de ce tour.
puzzle-missed-captured = ❌ Légal, mais ce tour prend { $got } pièces sur { $best } possibles.
puzzle-missed-open = Le problème reste ouvert : réessayez avec `/{ cmd-puzzle } { cmd-puzzle-answer }:`, ou appuyez sur **{ puzzle-give-up }**.
puzzle-rating-change = Classement aux problèmes : **{ $rating }** ({ $change }) · série { $streak }
puzzle-rating-now = Classement aux problèmes : **{ $rating }** · série { $streak }
puzzle-gave-up = 🏳 Problème { $id } : une solution est `{ $solution }`.
puzzle-give-up = Abandonner
puzzle-next = Problème suivant
puzzle-solve = Résoudre

puzzle-refused-none-open = Vous n'avez pas de problème ouvert : `/{ cmd-puzzle }` en ouvre un.
puzzle-refused-empty = Écrivez votre tour après `{ cmd-puzzle-answer }:`, comme le prend `/{ cmd-move }`. Rien n'a été compté.
puzzle-refused-illegal = `{ $word }` ne peut pas être joué ici : { $reason }. Rien n'a été compté : réessayez.
puzzle-refused-turn-over = Le tour est fini avant `{ $word }` : répondez par un seul tour. Rien n'a été compté.
puzzle-refused-not-open = Ce problème n'est pas ouvert pour vous : `/{ cmd-puzzle }` vous en ouvre un.
puzzle-refused-no-puzzles = Il n'y a pas de problème de { $game } de ce niveau. Essayez un autre niveau, ou un autre jeu.
puzzle-refused-no-daily = Ce serveur n'a pas eu de problème du jour ce jour-là.
puzzle-refused-manager = Seul un membre qui peut **Gérer le serveur** choisit le problème du jour. Demandez à un modérateur.
puzzle-refused-daily-server = Le problème du jour est celui d'un serveur : choisissez-le avec `/{ cmd-puzzle } { cmd-puzzle-daily }:` dans un serveur qui m'a ajouté. Ici, `/{ cmd-puzzle }` ouvre un problème pour vous seul.
puzzle-refused-mixed = Une chose à la fois : un problème (`{ cmd-puzzle-game }:`, `{ cmd-puzzle-level }:`), une réponse (`{ cmd-puzzle-answer }:`), ou le problème du jour (`{ cmd-puzzle-daily }:` ou `{ cmd-puzzle-daily_off }:True`).
puzzle-refused-daily-channel = Je ne peux pas écrire dans { $channel } : { $missing } Rien n'a été changé.
puzzle-refused-daily-unknown = Discord a refusé mon message dans { $channel } ({ $reason }). Rien n'a été changé : vérifiez mes permissions là-bas, ou choisissez un autre salon.

puzzle-daily-set = 🧩 Un problème sera posté dans { $channel } chaque jour à 12:00 UTC ({ $time } chez vous).
puzzle-daily-off = Plus de problème du jour dans { $channel }.
puzzle-daily-none = Ce serveur n'a pas de problème du jour : `/{ cmd-puzzle } { cmd-puzzle-daily }:` en choisit le salon.
puzzle-daily-here = 🧩 Désormais, un problème est posté ici chaque jour à 12:00 UTC (choisi par { $user }). Appuyez sur **{ puzzle-solve }** dessous pour le tenter : vous seul voyez vos réponses.
puzzle-daily-post = 🧩 **Problème du jour** du { $date } · { $game } · classé { $rating }
puzzle-daily-no-picture = 🖼 Pas d'image du plateau ici : { $missing }
puzzle-daily-try = Appuyez sur **{ puzzle-solve }** pour le tenter : vous seul voyez vos réponses.
puzzle-daily-previous = Le problème précédent ({ $id }) a été résolu par { $count ->
    [0] personne
    [one] une personne
   *[other] { $count } personnes
}.

puzzle-profile = 🧩 Problèmes de { $game } : **{ $rating }** · série { $streak } (record { $best }) · { $solved }/{ $tries } résolus
