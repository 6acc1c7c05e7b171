## Morpion : tous les mots de ce jeu, de ses camps à ses refus.

side-cross = Croix
side-nought = Rond
choice-tictactoe = morpion
choice-cross = croix
choice-nought = rond
board-status-tictactoe = Tour { $turn } · { $side } joue
board-why-three-in-a-row = trois alignés
game-how-three-in-a-row = trois marques sont alignées
rating-game-tictactoe = Morpion
config-tictactoe = Morpion

reason-ttt-no-point = aucune case donnée : écrivez une colonne a–c et une rangée 1–3, par exemple b2
reason-ttt-not-a-point = « { $text } » n'est pas une case : écrivez une colonne a–c et une rangée 1–3, par exemple b2
reason-ttt-taken = la case { $point } est prise : choisissez une case vide
reason-ttt-nothing-to-end = un tour est une seule marque : il n'y a rien à terminer

# /règles : au-dessus de l'image du plateau vide.
rules-tictactoe = **Morpion** : Croix contre Rond sur trois cases sur trois.
    • Croix commence ; à votre tour, posez votre marque sur une case vide : `/{ cmd-move } b2`.
    • Trois de vos marques alignées en ligne, en colonne ou en diagonale gagnent.
    • Un plateau plein sans alignement est nul.

# La ligne de résultat de la liste des coups (le fichier d'historique est en anglais).
history-why-three-in-a-row = trois alignés
