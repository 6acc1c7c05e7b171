# /règles : le résumé de chaque jeu, au-dessus de l'image de la position de départ.

rules-fibonacci = **Fibonacci** (Thomas Naylor) : Rouge contre Vert sur un plateau hexagonal de 91 cases.
    • Chaque joueur a une pièce centrale, six pièces de frappe et six pièces de soutien. Rouge commence.
    • Au tour t, on a droit à min(t, 6) déplacements unitaires (1, 2, 3, 4, 5, puis 6), moins un pour chaque pièce de frappe adverse voisine de sa propre pièce centrale. On peut finir son tour plus tôt avec /{ cmd-end }.
    • Un déplacement unitaire `départ-arrivée` déplace une pièce de frappe ou de soutien. Seule, elle va sur une case voisine libre. Si elle fait partie d'un groupe de pièces de sa sorte, elle peut aller sur toute case voisine du groupe ; si cette case est occupée, c'est un échange : les deux pièces s'échangent, la pièce délogée allant sur la case de départ (jamais avec une pièce identique).
    • Les pièces centrales ne bougent jamais d'elles-mêmes, seulement par échange, et rien n'est jamais pris.
    • On gagne quand ses six pièces de frappe entourent complètement la pièce centrale adverse.
    • Variante des cartes : une carte de son paquet (1 à 6) fixe le nombre de déplacements du tour ; on gagne quand ses six pièces de frappe forment un seul groupe dont au moins trois touchent la pièce centrale adverse.
    Jouez avec `/{ cmd-move } g9-f9`, ou plusieurs à la fois : `/{ cmd-move } g9-f9 f9-e9`.

rules-fanorona = **Fanorona** (Madagascar) : Blancs contre Noirs sur 9×5 intersections.
    • Un pion se déplace le long d'une ligne vers une intersection voisine vide. Les Blancs commencent.
    • Capture par approche : un pion qui s'arrête juste devant un pion adverse, dans le sens de son déplacement, le prend avec toute la file adverse ininterrompue derrière lui. Capture par éloignement (retrait) : un pion qui s'éloigne d'un pion adverse voisin le prend, avec la file adverse ininterrompue qui le suit. Quand les deux sont possibles, choisissez par un suffixe : `d2-d3+` (approche) ou `d2-d3-` (éloignement).
    • Après une prise, le même pion peut enchaîner d'autres prises, en changeant de direction à chaque fois et sans repasser par une intersection déjà occupée pendant le tour. Donnez l'enchaînement pas à pas ou d'un coup : `d2-d3+,d3-c4-`. Arrêtez-le plus tôt avec /{ cmd-end }.
    • Règle de l'Escale (par défaut) : la prise est facultative, mais un pion qui arrive là où il peut prendre doit prendre. Règle standard : la prise est obligatoire dès qu'elle est possible.
    • On gagne en prenant tous les pions adverses, ou quand l'adversaire ne peut plus bouger.
    • Vela, la seconde manche (/{ cmd-vela } après une victoire) : le perdant de la première manche commence. Tant que le vainqueur a plus de 5 pions, il ne prend rien et le perdant ne prend qu'un pion à la fois, sans enchaîner ; dès qu'il ne reste que 5 pions au vainqueur, les règles normales s'appliquent aux deux joueurs.
