# Leçons : les étapes de /learn (titre, explication, tâche, indice, et pourquoi une réponse
# légale ne convient pas), ses boutons et ses refus. Les textes d'une étape sont
# `learn-<id de l'étape>-…` (voir src/lessons/).

learn-heading = **{ $game } · { $title }** ({ $counter }){ $done ->
        [yes] {" "}✅
       *[no] {""}
    }
learn-counter = leçon { $lesson }/{ $lessons } · étape { $step }/{ $steps }
learn-resumed = Bon retour : voici où vous vous étiez arrêté.
learn-task = **Votre tâche :** { $task } Répondez avec `/{ cmd-learn } { cmd-learn-answer }:<coups>`.
learn-hint = 💡 **Indice :** { $hint }
learn-solved = ✅ Bravo : `{ $answer }` y parvient. { $last ->
        [yes] C'était la dernière étape : vous connaissez les règles. Défiez quelqu'un avec `/{ cmd-challenge }` !
       *[no] Appuyez sur **Suivant** pour continuer.
    }
learn-shown = 👀 Une réponse est `{ $answer }` : le plateau la montre jouée. Essayez vous-même avec `/{ cmd-learn } { cmd-learn-answer }:`.
learn-you = Vous
learn-opponent = Adversaire
learn-button-hint = Indice
learn-button-show = Montrer
learn-button-back = Précédent
learn-button-next = Suivant

learn-refused-both = Donnez soit une `{ cmd-learn-answer }`, soit un `{ cmd-learn-game }` et une `{ cmd-learn-lesson }` à ouvrir, pas les deux à la fois.
learn-refused-no-lessons = { $game } n'a pas encore de leçons : essayez Fibonacci ou Fanorona.
learn-refused-no-such-lesson = { $game } a { $count } leçons ; il n'y a pas de leçon { $lesson }.
learn-refused-none-open = Vous n'avez pas de leçon ouverte : commencez-en une avec `/{ cmd-learn } { cmd-learn-game }:fibonacci` ou `{ cmd-learn-game }:fanorona`.
learn-refused-no-step = Il n'y a pas d'étape à cet endroit dans les leçons de { $game } : `/{ cmd-learn }` montre où vous en êtes.
learn-refused-too-long = Cette réponse dépasse { $max } caractères : une étape ne demande que quelques coups.
learn-miss-empty = Écrivez vos coups après `{ cmd-learn-answer }:`.
learn-miss-illegal = `{ $word }` ne peut pas être joué : { $reason }.
learn-miss-turn-over = Votre tour est fini avant `{ $word }` : cette étape demande moins de coups.
learn-miss-not-asked = Légal, mais ce n'est pas ce que demande cette étape : { $reason }
learn-miss-try-again = Essayez encore, ou appuyez sur **Indice**.

## Fibonacci

learn-fib-unit-title = Une pièce seule avance d'un pas
learn-fib-unit-text = Chaque joueur a une pièce centrale (C), six pièces de frappe (S) et six pièces de soutien (U) ; Rouge commence. Un déplacement unitaire s'écrit `départ-arrivée`. Une pièce sans voisine de sa catégorie se déplace comme un roi : d'un pas vers une case voisine vide. Votre pièce de soutien en i9 s'est éloignée des autres pièces de soutien.
learn-fib-unit-task = Ramenez la pièce de soutien d'i9 contre son groupe.
learn-fib-unit-hint = i9 touche h8 et h9, qui sont tous deux voisins de g8 ou de g9.
learn-fib-unit-miss = toutes vos pièces de soutien doivent ensuite former un seul groupe.
learn-fib-group-title = Un groupe se déplace d'un bloc
learn-fib-group-text = Des pièces de même catégorie qui se touchent forment un groupe. Toute pièce d'un groupe d'au moins deux pièces peut sauter sur n'importe quelle case voisine d'un membre du groupe : une ligne de pièces transporte sa dernière pièce à son autre bout en un seul coup. Vos six pièces de frappe a1–a5 et b6 forment un groupe.
learn-fib-group-task = Amenez en un coup la pièce de frappe d'a1 en c7, à l'autre bout de son groupe.
learn-fib-group-hint = c7 touche b6, membre du groupe d'a1 : écrivez `a1-c7`.
learn-fib-group-miss = c'est la pièce d'a1 elle-même qui doit arriver en c7.
learn-fib-friend-title = Échanger avec sa propre pièce
learn-fib-friend-text = Quand une pièce d'un groupe va sur une case occupée, les deux pièces échangent leurs places : celle qui s'y trouvait va là d'où venait l'autre. Cela vaut aussi avec vos pièces de l'autre catégorie (échanger deux pièces identiques ne change rien et n'est pas permis).
learn-fib-friend-task = Placez une de vos pièces de frappe en c6 en l'échangeant avec votre pièce de soutien qui s'y trouve.
learn-fib-friend-hint = c6 touche b6 : une pièce du groupe de frappe (a1 par exemple) peut y aller.
learn-fib-friend-miss = c6 doit ensuite porter une de vos pièces de frappe.
learn-fib-enemy-title = Échanger avec une pièce adverse
learn-fib-enemy-text = Les échanges valent aussi avec les pièces adverses : votre pièce prend leur case, et la leur part là d'où venait la vôtre. C'est ainsi qu'on disperse les groupes adverses en envoyant leurs pièces au bout de ses lignes.
learn-fib-enemy-task = Échangez une de vos pièces de frappe avec la pièce de soutien verte en b5.
learn-fib-enemy-hint = b5 touche a4, a5 et b6, tous de votre groupe de frappe : `a1-b5` envoie la pièce verte en a1.
learn-fib-enemy-miss = b5 doit ensuite porter une de vos pièces de frappe.
learn-fib-centre-title = Déloger une pièce centrale
learn-fib-centre-text = Une pièce centrale ne bouge jamais d'elle-même, mais n'importe quel échange peut la déplacer, la vôtre comme celle de l'adversaire. Au bord du plateau, elle ne peut pas être encerclée ; ramenée à l'intérieur, si. Vos pièces de frappe i5 et j5 forment un groupe, et j5 touche la pièce centrale verte en k6.
learn-fib-centre-task = Tirez la pièce centrale verte du bord jusqu'en i5.
learn-fib-centre-hint = La pièce centrale va là d'où vient votre pièce : jouez la pièce d'i5 sur k6.
learn-fib-centre-miss = la pièce centrale verte doit finir en i5, loin du bord (depuis j5, elle reste au bord).
learn-fib-allowance-title = Le nombre de coups par tour
learn-fib-allowance-text = Au tour t on a droit à min(t, 6) déplacements unitaires : Rouge joue 1, 3, 5 coups aux tours 1, 3, 5 ; Vert 2, 4, 6 aux tours 2, 4, 6 ; ensuite six chacun. On peut finir son tour plus tôt avec `/{ cmd-end }`. C'est le tour 3 : vous avez trois coups.
learn-fib-allowance-task = Avec vos trois coups, placez des pièces de frappe en c6, c7 et d7.
learn-fib-allowance-hint = Un coup chacune : `a1-c6`, puis `a2-c7`, puis `a3-d7` ; chacune arrive contre le groupe.
learn-fib-allowance-miss = c6, c7 et d7 doivent toutes porter vos pièces de frappe à la fin de vos trois coups.
learn-fib-penalty-title = Les pièces de frappe contre votre centrale
learn-fib-penalty-text = Chaque pièce de frappe adverse voisine de votre propre pièce centrale, comptée au début de votre tour, vous coûte un coup. Le tour 7 donnerait 6 coups ; deux pièces de frappe vertes touchent votre centrale (a5 et b7) : vous en avez 4.
learn-fib-penalty-task = Éloignez par des échanges les deux pièces de frappe vertes, pour qu'aucune ne touche plus votre pièce centrale.
learn-fib-penalty-hint = Un échange envoie la pièce adverse là d'où venait la vôtre : utilisez des pièces loin de votre centrale, `a1-b7` puis `a2-a5`.
learn-fib-penalty-miss = aucune pièce de frappe verte ne doit ensuite toucher votre centrale ; un échange depuis b6 y renvoie la pièce adverse.
learn-fib-win-title = La victoire
learn-fib-win-text = Vous gagnez aussitôt quand les six cases autour de la pièce centrale adverse portent vos pièces de frappe. Une centrale au bord a moins de six voisines et ne peut pas être encerclée. Cinq de vos pièces de frappe entourent déjà la centrale verte en f6.
learn-fib-win-task = Gagnez ce tour-ci : encerclez la pièce centrale verte.
learn-fib-win-hint = e6 est la seule voisine vide de f6, et d5 fait partie de votre groupe de frappe.
learn-fib-win-miss = les six voisines de f6 doivent porter vos pièces de frappe.
learn-fib-cards-title = La variante des cartes
learn-fib-cards-text = Dans la variante des cartes, chaque joueur tire une carte (de 1 à 6) au début de chaque tour : c'est le nombre de coups du tour, sans l'ouverture 1-2-3-4-5 ni pénalité. On gagne quand ses six pièces de frappe forment un seul groupe et qu'au moins trois d'entre elles touchent la centrale adverse. Vous avez tiré un 2 ; trois de vos pièces de frappe touchent déjà la centrale verte en k6.
learn-fib-cards-task = Gagnez : reliez votre dernière pièce de frappe aux autres.
learn-fib-cards-hint = La pièce de g6 est seule : un pas vers h6 la met contre i6.
learn-fib-cards-miss = les six pièces de frappe doivent former un seul groupe, dont trois contre la centrale verte.

## Fanorona

learn-fan-step-title = Les déplacements le long des lignes
learn-fan-step-text = Le fanorona se joue sur les intersections d'une grille de 9 × 5. Un pion avance le long d'une ligne vers une intersection voisine vide. Toutes les intersections ont leurs lignes droites ; les diagonales ne passent que par une intersection sur deux (a1, c1, b2, c3, …). Blanc commence.
learn-fan-step-task = Déplacez votre pion de c3 en d4, le long de la diagonale.
learn-fan-step-hint = c3 a des diagonales : écrivez `c3-d4`.
learn-fan-step-miss = le pion doit finir en d4.
learn-fan-approach-title = La capture par approche
learn-fan-approach-text = Quand un déplacement s'arrête contre un pion adverse, dans la direction du déplacement, ce pion est pris, avec tous les pions adverses qui le suivent sur la ligne, jusqu'au premier trou ou pion ami.
learn-fan-approach-task = Capturez par approche.
learn-fan-approach-hint = Avancez de c2 vers les pions noirs d'e2 et f2.
learn-fan-approach-miss = le déplacement doit capturer en s'approchant de la ligne noire.
learn-fan-withdrawal-title = La capture par éloignement
learn-fan-withdrawal-text = Un pion capture aussi en s'éloignant : quand l'intersection juste derrière son départ, à l'opposé du déplacement, porte un pion adverse, ce pion et la ligne adverse ininterrompue qui le suit sont pris.
learn-fan-withdrawal-task = Capturez par éloignement.
learn-fan-withdrawal-hint = Des pions noirs sont en c2 et b2, derrière d2 : éloignez-vous d'eux, vers e2.
learn-fan-withdrawal-miss = cette étape demande une capture par éloignement (en s'éloignant des pions pris), pas par approche.
learn-fan-choose-title = Approche ou éloignement
learn-fan-choose-text = Quand un même déplacement peut prendre des deux façons, on choisit l'une des deux, jamais les deux : écrivez `+` après le déplacement pour l'approche, `-` pour l'éloignement. Ici d3-e3 s'approche de f3 (un pion) ou s'éloigne de c3, b3 et a3 (trois pions).
learn-fan-choose-task = Prenez trois pions.
learn-fan-choose-hint = L'éloignement prend la plus longue ligne : `d3-e3-`.
learn-fan-choose-miss = l'approche ne prend que f3 ; l'éloignement en prend trois.
learn-fan-chain-title = Les enchaînements de prises
learn-fan-chain-text = Après une prise, le même pion peut continuer à prendre, déplacement après déplacement, dans le même tour ; chaque déplacement doit prendre. Écrivez les déplacements d'un enchaînement séparés par des virgules (`d1-d2+,d2-e2+`), ou jouez-les un par un.
learn-fan-chain-task = Prenez les deux pions noirs en un seul enchaînement.
learn-fan-chain-hint = d1-d2 s'approche de d3 ; depuis d2, un pas vers l'est s'approche de f2.
learn-fan-chain-miss = l'enchaînement doit faire deux prises.
learn-fan-direction-title = Jamais deux fois la même direction
learn-fan-direction-text = Un enchaînement ne peut pas continuer dans la direction du déplacement précédent. Après c2-d2 (en s'éloignant de b2 vers l'est), repartir vers l'est en e2 est interdit, même si cela s'approcherait de f2.
learn-fan-direction-task = Prenez deux fois en un enchaînement, en changeant de direction.
learn-fan-direction-hint = Éloignez-vous de b2 jusqu'en d2, puis montez vers d4 : `c2-d2-,d2-d3+`.
learn-fan-direction-miss = l'enchaînement doit faire deux prises.
learn-fan-revisit-title = Jamais deux fois la même intersection
learn-fan-revisit-text = Dans un enchaînement, le pion ne peut pas revenir sur une intersection où il s'est déjà trouvé pendant ce tour, y compris son point de départ.
learn-fan-revisit-task = Prenez trois pions en un enchaînement.
learn-fan-revisit-hint = d2-e2 s'approche de f2, e2-e3 s'approche d'e4 ; e3-d2 reviendrait en d2, alors allez vers l'ouest en d3, vers c3.
learn-fan-revisit-miss = l'enchaînement doit faire trois prises.
learn-fan-stop-title = Arrêter un enchaînement
learn-fan-stop-text = On peut arrêter un enchaînement quand on veut : après un déplacement qui prend, tapez `end` au lieu d'un autre déplacement. Continuer n'est pas toujours sage.
learn-fan-stop-task = Prenez e1 par approche, puis arrêtez là votre enchaînement, votre pion en d1.
learn-fan-stop-hint = `c1-d1+` prend e1 ; puis `end` (dans la même réponse : `c1-d1+ end`).
learn-fan-stop-miss = votre pion doit rester en d1 et votre tour doit être fini.
learn-fan-escale-title = Règles de l'Escale : la prise est facultative
learn-fan-escale-text = Avec les règles de l'Escale (celles de la source, par défaut ici), on n'est pas obligé de prendre : un déplacement sans prise est permis même quand une prise est possible. Seul un déplacement qui arrive en position de prise doit prendre.
learn-fan-escale-task = Gardez la prise d'e2 pour plus tard : faites un déplacement qui ne prend rien.
learn-fan-escale-hint = Le pion de g4 peut aller en g3 sans rien prendre.
learn-fan-escale-miss = cette fois, le déplacement ne doit rien prendre.
learn-fan-standard-title = Règles standard : la prise est obligatoire
learn-fan-standard-text = Avec les règles standard, dès qu'une prise est possible, il faut prendre. Même position qu'avant : le déplacement sans prise est maintenant refusé.
learn-fan-standard-task = Jouez la prise obligatoire.
learn-fan-standard-hint = c2-d2 s'approche d'e2.
learn-fan-standard-miss = la prise est obligatoire.
learn-fan-vela-title = La manche vela
learn-fan-vela-text = Après une partie, une seconde manche (vela) peut suivre depuis le départ : le perdant de la première manche commence ; tant que le gagnant a plus de 5 pions, il ne prend jamais, et le perdant ne prend qu'un pion par déplacement (celui qui touche le pion joué) sans enchaîner. Ici Noir a gagné la première manche ; vous jouez Blanc.
learn-fan-vela-task = Prenez le pion noir d'e4.
learn-fan-vela-hint = e2-e3 s'approche d'e4 ; seul e4 est pris, e5 reste.
learn-fan-vela-miss = e4 doit être pris.
