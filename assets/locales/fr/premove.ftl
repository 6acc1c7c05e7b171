# Coups conditionnels : réponses et refus de /premove, et les réponses jouées.

premove-added = ✅ Gardé : si { $opponent } joue `{ $theirs }`, vous répondez `{ $reply }` aussitôt{ $more ->
        [0] .
        [one] , et la ligne continue sur une paire de plus.
       *[other] , et la ligne continue sur { $more } paires de plus.
    } Un tour qu'aucune de vos lignes n'a prévu les efface toutes.
premove-list-head = Vos coups conditionnels contre { $opponent } ({ $count } lignes sur { $max }) :
premove-list-none = Vous n'avez aucun coup conditionnel dans cette partie. Pendant le tour de { $opponent }, ajoutez-en un avec `/{ cmd-premove } { cmd-premove-line }:<son tour> ; <votre réponse>` : quand il joue ce tour, votre réponse est jouée aussitôt.
premove-cleared = { $count ->
        [0] Vous n'aviez aucun coup conditionnel dans cette partie : rien à retirer.
        [one] Votre ligne conditionnelle est retirée.
       *[other] Vos { $count } lignes conditionnelles sont retirées.
    }
premove-played = ↪ Coup conditionnel : { $player } a répondu `{ $moves }`.
premove-their-turn = son tour
premove-your-reply = votre réponse
premove-refused-both = Donnez une `{ cmd-premove-line }` pour ajouter, ou `{ cmd-premove-clear }:True` pour retirer vos lignes, pas les deux à la fois.
premove-refused-your-turn = C'est votre tour : jouez-le avec `/{ cmd-move }`. Les coups conditionnels se posent pendant le tour de votre adversaire.
premove-refused-too-long = Cette ligne dépasse { $max } caractères : raccourcissez-la. Vous pourrez ajouter la suite une fois jouée.
premove-refused-empty-turn = Le tour { $turn } de la ligne est vide : écrivez les coups de chaque tour entre les `;`, comme `<son tour> ; <votre réponse>`. Rien n'a été gardé.
premove-refused-no-reply = La ligne finit par le tour de votre adversaire : ajoutez votre réponse après un `;`, comme `<son tour> ; <votre réponse>`. Rien n'a été gardé.
premove-refused-too-many-pairs = Une ligne tient au plus { $max } paires de tours, pas { $pairs } : raccourcissez-la, et ajoutez la suite une fois jouée. Rien n'a été gardé.
premove-refused-too-many-lines = Vous gardez déjà { $max } lignes dans cette partie, le maximum. Retirez-les d'abord avec `/{ cmd-premove } { cmd-premove-clear }:True`.
premove-refused-duplicate = Vous gardez déjà cette ligne (elle mène aux mêmes positions). `/{ cmd-premove } { cmd-premove-list }:True` montre vos lignes.
premove-refused-illegal = Tour { $turn } ({ $whose }) : `{ $word }` ne peut pas être joué : { $reason }. Rien n'a été gardé.
premove-refused-unfinished = Le tour { $turn } ({ $whose }) ne finit pas le tour : ajoutez ses autres coups, ou `end`. Rien n'a été gardé.
premove-refused-ends-before = Tour { $turn } ({ $whose }) : le tour est fini avant `{ $word }`. Commencez le tour suivant par un `;`. Rien n'a été gardé.
premove-refused-skipped = Le tour { $turn } ({ $whose }) ne peut pas venir : la règle saute ce tour (son allocation est 0), et l'autre joueur rejoue. Rien n'a été gardé.
premove-refused-game-ends = La partie finit au tour { $turn } de la ligne : arrêtez la ligne là. Rien n'a été gardé.
