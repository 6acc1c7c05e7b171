## Fanorona : tous les mots de ce jeu, de ses camps et options à ses refus.

side-white = Blanc
side-black = Noir
board-status-fanorona = Tour { $turn } · { $side } joue
board-status-fanorona-again = Tour { $turn } · { $side } peut encore capturer depuis { $point }
board-status-fanorona-chain = Tour { $turn } · { $side } enchaîne les prises
board-why-all-captured = tous les pions de { $loser } sont pris
board-why-no-legal-move = { $loser } ne peut plus jouer

choice-fanorona = fanorona

game-how-all-captured = tous les pions de { $loser } ont été pris
game-how-no-legal-move = { $loser } n'a plus aucun coup légal
rating-game-fanorona = Fanorona
# $vela : le vainqueur de la première manche (white, black) dans une manche vela, sinon none.
config-fanorona = Fanorona ({ $rules ->
        [standard] règles standard : la prise est obligatoire
       *[escale] règles de l'escale
    }{ $vela ->
        [none] {""}
       *[other] , manche vela
    })

-fan-notation = écrivez un déplacement sous la forme départ-arrivée (d2-d3), ajoutez + pour une capture par approche ou - pour une capture par éloignement quand le déplacement peut prendre des deux façons, et séparez par des virgules les déplacements d'un enchaînement (d2-d3+,d3-c4-)
reason-fan-step-missing = il manque un déplacement : { -fan-notation }
reason-fan-unreadable = « { $text } » est illisible : { -fan-notation }
reason-fan-not-a-point = « { $text } » n'est pas une intersection : écrivez une lettre de colonne de a à i puis un numéro de ligne de 1 à 5, par exemple e3
reason-fan-off-board = « { $text } » est hors du plateau : les colonnes vont de a à i et les lignes de 1 à 5
reason-fan-too-long = un enchaînement de { $steps } déplacements est plus long que tout tour possible
reason-fan-no-piece = il n'y a pas de pion en { $point } : choisissez un de vos pions
reason-fan-not-your-piece = le pion en { $point } est { $owner ->
        [white] aux Blancs
       *[black] aux Noirs
    } : c'est aux { $mover ->
        [white] Blancs
       *[black] Noirs
    } de jouer
reason-fan-not-a-line = les intersections { $from } et { $to } ne sont pas reliées directement par une ligne : un pion se déplace d'une intersection le long d'une ligne
reason-fan-occupied = l'intersection { $point } n'est pas libre : un pion ne va que sur une intersection vide
reason-fan-ambiguous = { $step } prend des deux façons : écrivez { $step }+ (capture par approche, prend { $approach }) ou { $step }- (capture par éloignement, prend { $withdrawal })
reason-fan-no-approach = { $step } ne prend rien par approche : retirez le + ou écrivez { $step }-
reason-fan-no-withdrawal = { $step } ne prend rien par éloignement : retirez le - ou écrivez { $step }+
reason-fan-must-capture = la prise est obligatoire dans les règles standard : par exemple { $example }
reason-fan-vela-no-capture = dans cette manche de vela, { $winner ->
        [white] les Blancs, vainqueurs
       *[black] les Noirs, vainqueurs
    } de la première manche, ne prennent rien tant qu'il leur reste plus de 5 pions : écrivez { $step } sans + ni -
reason-fan-chain-in-progress = un enchaînement de prises est en cours : rejouez le pion en { $point } ou terminez le tour
reason-fan-same-direction = { $step } va dans la même direction que le déplacement précédent : un enchaînement doit changer de direction à chaque prise
reason-fan-revisit = le pion est déjà passé par { $point } pendant ce tour : un enchaînement ne repasse jamais par la même intersection
reason-fan-chain-needs-capture = { $step } ne prend rien : un enchaînement ne continue que par des prises (ou terminez le tour)
reason-fan-over-quiet = { $step } ne prend rien, le tour s'arrête donc là : seule une prise peut être suivie d'un autre déplacement
reason-fan-over-vela = le tour s'arrête après { $step } : dans cette manche de vela, vous prenez un pion par tour sans enchaîner tant que votre adversaire a plus de 5 pions
reason-fan-over-no-continuation = aucune prise ne peut suivre { $step }, le tour s'arrête donc là
reason-fan-over-won = { $step } gagne la partie : rien ne peut le suivre
reason-fan-nothing-to-end = il n'y a aucun enchaînement de prises à terminer : jouez un déplacement

rules-fanorona = **Fanorona** (Madagascar) : Blancs contre Noirs sur 9×5 intersections.
    • Un pion se déplace le long d'une ligne vers une intersection voisine vide. Les Blancs commencent.
    • Capture par approche : un pion qui s'arrête juste devant un pion adverse, dans le sens de son déplacement, le prend avec toute la file adverse ininterrompue derrière lui. Capture par éloignement (retrait) : un pion qui s'éloigne d'un pion adverse voisin le prend, avec la file adverse ininterrompue qui le suit. Quand les deux sont possibles, choisissez par un suffixe : `d2-d3+` (approche) ou `d2-d3-` (éloignement).
    • Après une prise, le même pion peut enchaîner d'autres prises, en changeant de direction à chaque fois et sans repasser par une intersection déjà occupée pendant le tour. Donnez l'enchaînement pas à pas ou d'un coup : `d2-d3+,d3-c4-`. Arrêtez-le plus tôt avec /{ cmd-end }.
    • Règle de l'Escale (par défaut) : la prise est facultative, mais un pion qui arrive là où il peut prendre doit prendre. Règle standard : la prise est obligatoire dès qu'elle est possible.
    • On gagne en prenant tous les pions adverses, ou quand l'adversaire ne peut plus bouger.
    • Vela, la seconde manche (/{ cmd-vela } après une victoire) : le perdant de la première manche commence. Tant que le vainqueur a plus de 5 pions, il ne prend rien et le perdant ne prend qu'un pion à la fois, sans enchaîner ; dès qu'il ne reste que 5 pions au vainqueur, les règles normales s'appliquent aux deux joueurs.

# La ligne de résultat de la liste des coups (le fichier d'historique est en anglais).
history-why-all-captured = tous les pions pris
history-why-no-legal-move = plus aucun coup légal
