# Le panneau de jeu : jouer par menus au lieu de taper (le bouton Jouer sous chaque plateau).

button-play = Jouer
panel-not-yours = C'est au tour de { $player } ({ $side }) : les menus **Jouer** sont les siens. Tout le monde peut voir le plateau avec /{ cmd-board }.
panel-ai-thinking = Le bot réfléchit à son coup : son plateau sera publié ici.
panel-head = 🎮 **Tour { $turn }** : vous jouez { $side }.
panel-moves-left = { $left ->
        [one] 1 coup reste
       *[other] { $left } coups restent
    } dans ce tour.
panel-pick-piece = Choisissez une pièce, puis où elle va (⇄ marque un échange).
panel-pick-move = Choisissez votre coup.
panel-piece-chosen = Pièce en **{ $point }** : choisissez où elle va, ou une autre pièce.
panel-chain = Votre rafle continue depuis **{ $point }** : choisissez la prise suivante, ou **Arrêter ici**.
panel-so-far = Ce tour jusqu'ici : { $moves }
panel-no-moves = Vous n'avez aucun coup à jouer : terminez votre tour.
panel-played = Vous avez joué { $played }.
panel-took-back = Vous avez repris { $played }.
panel-turn-done = ✅ Joué : { $moves }. Le plateau est publié dans le salon.
panel-menu-piece = Choisir une pièce…
panel-menu-move = Choisir un coup…
panel-piece = { $point } · { $kind }
panel-piece-moves = { $count ->
        [one] 1 coup
       *[other] { $count } coups
    }
panel-move = { $from } → { $to }
panel-quiet = vers un point vide
panel-exchange = ⇄ s'échange avec la pièce « { $kind } » de { $side }
panel-approach = prend { $pieces } par approche
panel-withdrawal = prend { $pieces } par éloignement
panel-wins = 🏆 gagne la partie
panel-end-turn = Finir le tour
panel-stop = Arrêter ici
panel-undo = Annuler
panel-swap = Échanger les camps
