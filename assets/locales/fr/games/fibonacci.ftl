## Fibonacci : tous les mots de ce jeu, de ses camps et options à ses refus.

side-red = Rouge
side-green = Vert
board-status-fibonacci = Tour { $turn } · { $side } joue · { $left ->
        [one] { $left } coup restant
       *[other] { $left } coups restants
    }
board-status-fibonacci-card = Tour { $turn } · { $side } joue · carte { $card } · { $left ->
        [one] { $left } coup restant
       *[other] { $left } coups restants
    }
board-why-surrounded = la pièce centrale de { $loser } est encerclée
board-why-cards-formation = six pièces de frappe liées contre la pièce centrale de { $loser }

choice-fibonacci = fibonacci
choice-fibonacci-cards = fibonacci-cartes

game-how-surrounded = la pièce centrale de { $loser } est encerclée par six pièces de frappe
game-how-cards-formation = les six pièces de frappe sont liées et trois d'entre elles touchent la pièce centrale de { $loser }
rating-game-fibonacci = Fibonacci
rating-game-fibonacci-cards = Fibonacci (cartes)
config-fibonacci = Fibonacci ({ $variant ->
        [cards] variante des cartes
       *[standard] standard
    }{ $group ->
        [any-friendly] , groupes de toutes pièces alliées
       *[other] {""}
    })

reason-fib-no-moves-left = il ne vous reste aucun déplacement unitaire ce tour-ci : terminez votre tour
reason-fib-no-piece = il n'y a pas de pièce en { $cell } : choisissez une de vos pièces de frappe ou de soutien
reason-fib-not-your-piece = la pièce en { $cell } n'est pas à vous : déplacez une de vos pièces de frappe ou de soutien
reason-fib-centre-cannot-move = une pièce centrale ne se déplace pas d'elle-même : en { $cell } se trouve votre pièce centrale ; pour la déloger, faites un échange en amenant sur sa case une pièce de frappe ou de soutien
reason-fib-same-point = la pièce est déjà en { $cell } : choisissez une autre case d'arrivée
reason-fib-not-next-to-piece = la case { $to } n'est pas voisine de { $from } : une pièce qui n'appartient à aucun groupe se déplace d'une seule case, vers une case voisine libre
reason-fib-occupied = la case { $to } est occupée : la pièce en { $from } n'appartient à aucun groupe, elle ne peut donc aller que sur une case libre
reason-fib-not-next-to-group = la case { $to } ne touche pas le groupe de la pièce en { $from } : celle-ci peut aller sur toute case voisine d'une pièce de son groupe
reason-fib-no-change = cet échange ne change rien : les pièces en { $from } et en { $to } sont identiques (même couleur, même catégorie)
reason-fib-no-move = aucun coup donné : écrivez-le sous la forme départ-arrivée, par exemple g9-f9
reason-fib-not-a-move = { $text } n'est pas un coup : écrivez-le sous la forme départ-arrivée, par exemple g9-f9
reason-fib-no-point = aucune case donnée : écrivez une lettre de rangée de a à k suivie d'un numéro, par exemple f6
reason-fib-not-a-point = { $text } n'est pas une case : écrivez une lettre de rangée de a à k suivie d'un numéro, par exemple f6
reason-fib-not-a-row = { $row } n'est pas une rangée : les rangées vont de a (côté Rouge) à k (côté Vert)
reason-fib-off-board = { $cell } n'est pas sur le plateau : la rangée { $row } va de { $first } à { $last }

rules-fibonacci = **Fibonacci** (Thomas Naylor) : Rouge contre Vert sur un plateau hexagonal de 91 cases.
    • Chaque joueur a une pièce centrale, six pièces de frappe et six pièces de soutien. Rouge commence.
    • Au tour t, on a droit à min(t, 6) déplacements unitaires (1, 2, 3, 4, 5, puis 6), moins un pour chaque pièce de frappe adverse voisine de sa propre pièce centrale. On peut finir son tour plus tôt avec /{ cmd-end }.
    • Un déplacement unitaire `départ-arrivée` déplace une pièce de frappe ou de soutien. Seule, elle va sur une case voisine libre. Si elle fait partie d'un groupe de pièces de sa sorte, elle peut aller sur toute case voisine du groupe ; si cette case est occupée, c'est un échange : les deux pièces s'échangent, la pièce délogée allant sur la case de départ (jamais avec une pièce identique).
    • Les pièces centrales ne bougent jamais d'elles-mêmes, seulement par échange, et rien n'est jamais pris.
    • On gagne quand ses six pièces de frappe entourent complètement la pièce centrale adverse.
    • Variante des cartes : une carte de son paquet (1 à 6) fixe le nombre de déplacements du tour ; on gagne quand ses six pièces de frappe forment un seul groupe dont au moins trois touchent la pièce centrale adverse.
    • Règle d'échange (l'option `{ cmd-challenge-swap }` de /{ cmd-challenge }) : après le premier tour de Rouge, Vert peut jouer `/{ cmd-move } swap` (ou « Échanger les camps » dans le panneau Jouer) pour prendre le camp de Rouge ; l'autre joueur joue alors le tour 2 de Vert. Dans les parties du bot contre lui-même, le premier joueur a gagné 76 % (moyen), 83 % (difficile) et 90 % (expert) des parties : la règle d'échange est conseillée pour les parties classées entre joueurs forts.
    Jouez avec `/{ cmd-move } g9-f9`, ou plusieurs à la fois : `/{ cmd-move } g9-f9 f9-e9`.

# La ligne de résultat de la liste des coups (le fichier d'historique est en anglais).
history-why-surrounded = pièce centrale encerclée
history-why-cards-formation = formation de frappe
reason-fib-swap-not-in-game = cette partie se joue sans la règle d'échange des camps : jouez un déplacement, ou terminez votre tour
reason-fib-swap-not-now = l'échange des camps ne se fait qu'à la place du premier tour de Vert, avant tout déplacement : jouez un déplacement, ou terminez votre tour
reason-fib-swap-done = les joueurs ont déjà échangé leurs camps dans cette partie : jouez un déplacement, ou terminez votre tour
