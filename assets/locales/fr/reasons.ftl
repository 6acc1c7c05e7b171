# Pourquoi les règles refusent un coup (la suite de « `…` ne peut pas être joué : »).

reason-game-over = la partie est terminée

## Fibonacci

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

## Fanorona

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
