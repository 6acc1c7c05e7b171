# Pourquoi les règles refusent un coup (la suite de « `…` ne peut pas être joué : »).

reason-game-over = la partie est terminée

# Les refus propres à chaque jeu sont dans son fichier, sous games/.
