# Pourquoi une commande est refusée, et quoi faire ensuite : seul l'auteur de la commande le lit.

refusal-thread-hint = Un salon accueille une seule partie ou un seul défi ouvert à la fois : ouvrez un fil et lancez-y le défi (`/{ cmd-challenge } … { cmd-challenge-thread }:true`).
refusal-no-thread = Je n'ai pas pu ouvrir de fil ici. Demandez à un admin de me permettre de créer des fils publics et d'y envoyer des messages, ou lancez le défi sans `{ cmd-challenge-thread }:true` dans un salon sans partie.
refusal-busy-game = Ce salon a déjà une partie en cours ({ $first } contre { $second }).
refusal-busy-challenge = Ce salon a déjà un défi ouvert ({ $challenger } a défié { $challenged }).
refusal-busy-just-taken = Un autre défi vient de prendre ce salon.
refusal-no-such-challenge = Ce défi n'existe pas.
refusal-no-such-challenge-start = Ce défi n'existe pas. Lancez-en un avec /{ cmd-challenge }.
refusal-no-open-challenge = Il n'y a aucun défi ouvert à { $action ->
        [accept] accepter
        [decline] refuser
       *[cancel] annuler
    } dans ce salon. Lancez-en un avec /{ cmd-challenge }.
refusal-challenge-closed = Ce défi { $state ->
        [accepted] a déjà été accepté
        [declined] a été refusé
        [cancelled] a été retiré par son auteur
        [expired] a expiré
       *[other] est clos
    }. Lancez-en un nouveau avec /{ cmd-challenge }.
refusal-own-challenge-decline = Vous ne pouvez pas refuser votre propre défi : retirez-le avec /{ cmd-cancel }.
refusal-own-challenge-accept = Vous ne pouvez pas accepter votre propre défi : attendez la réponse de { $challenged }, ou retirez-le avec /{ cmd-cancel }.
refusal-not-challenged-decline = Ce défi s'adresse à { $challenged } : lui seul peut le refuser.
refusal-not-challenged-accept = Ce défi s'adresse à { $challenged } : lui seul peut l'accepter. Lancez votre propre défi avec /{ cmd-challenge }.
refusal-not-challenger = Seul { $challenger }, qui a lancé ce défi, peut le retirer.
refusal-not-challenger-decline = Seul { $challenger }, qui a lancé ce défi, peut le retirer. Pour le refuser, utilisez /{ cmd-decline }.
refusal-no-game = Il n'y a pas de partie dans ce salon : lancez-en une avec /{ cmd-challenge }.
refusal-game-not-started = La partie n'a pas encore commencé : { $challenged } peut accepter le défi avec /{ cmd-accept }.
refusal-not-a-player = Vous ne jouez pas dans cette partie ({ $first } contre { $second }). Lancez la vôtre avec /{ cmd-challenge } dans un autre salon ou dans un fil.
refusal-not-your-turn = C'est au tour de { $player } ({ $side }) : attendez son coup.
refusal-no-move-given = Indiquez un coup, par exemple `g9-f9` (Fibonacci) ou `d2-d3` (Fanorona) ; plusieurs coups de Fibonacci se séparent par des espaces.
refusal-too-many-moves = Cela fait { $count } coups ; une commande en prend { $max } au plus.
refusal-move-too-long = `{ $word }` est trop long pour être un coup : écrivez les coups comme `g9-f9` ou `d2-d3+,d3-c4-`.
refusal-game-ends-before = La partie se termine avec `{ $last }`, donc `{ $next }` ne peut pas suivre : n'envoyez les coups que jusqu'à `{ $last }`.
refusal-turn-ends-before = Votre tour se termine avec `{ $last }`, donc `{ $next }` ne peut pas suivre : n'envoyez que les coups de ce tour.
refusal-no-chain-to-stop = Il n'y a pas de prises enchaînées à arrêter : au Fanorona, le tour se termine de lui-même, jouez donc un coup.
refusal-illegal-move = `{ $word }` ne peut pas être joué : { $reason }.
refusal-nothing-played = Aucun coup n'a été joué.
refusal-nothing-to-undo = Il n'y a rien à reprendre : aucun coup n'a été joué.
refusal-turn-passed = Votre tour est fini et la main est passée à { $opponent } : seul un coup d'un tour encore en cours peut être repris.
refusal-opponents-turn = C'est au tour de { $opponent } : vous n'y avez joué aucun coup à reprendre.
refusal-not-moved-this-turn = Vous n'avez pas encore joué dans ce tour : seul un coup du tour en cours peut être repris.
refusal-panel-gone = La partie de ce panneau n'est plus en cours dans ce salon : rien n'a été joué. Appuyez sur **Jouer** sous le dernier plateau, ou voyez /{ cmd-games }.
refusal-panel-stale = La partie a avancé depuis que ce panneau a été fait : rien n'a été joué. Voici la position telle qu'elle est maintenant.
refusal-draw-already-offered = Vous avez déjà proposé la nulle : attendez la réponse de { $opponent }, ou retirez votre proposition.
refusal-draw-offer-is-yours = La proposition de nulle vient de vous : retirez-la plutôt que de la refuser.
refusal-draw-offer-is-theirs = La proposition de nulle vient de { $offerer }, pas de vous : vous pouvez l'accepter ou la refuser.
refusal-no-draw-to-decline = Il n'y a aucune proposition de nulle à refuser.
refusal-no-draw-to-withdraw = Vous n'avez aucune proposition de nulle à retirer.
refusal-no-game-yet = Aucune partie n'a encore été jouée dans ce salon : lancez-en une avec /{ cmd-challenge }.
refusal-no-such-game = Ce serveur n'a pas de partie { $id } : /{ cmd-games } liste vos parties, et /{ cmd-history } dans le salon d'une partie montre son numéro.
refusal-no-such-turn = La partie { $id } compte { $turns } tours : il n'y a pas de tour { $turn } à montrer. Reprenez les boutons de /{ cmd-history }.
refusal-review-in-progress = La partie { $id } est encore en cours, et une analyse maintenant serait un conseil à ses joueurs : redemandez-la quand elle sera finie.
refusal-pause-days = Une pause dure de 1 à { $max } jours, pas { $given } : essayez `/{ cmd-pause } { cmd-pause-days }:3`.
refusal-no-clock = Cette partie n'a pas de pendule : il n'y a rien à mettre en pause ni à relancer. Prenez votre temps.
refusal-already-paused = La pendule est déjà en pause jusqu'au { $until }. Chaque joueur peut la relancer avec /{ cmd-resume }.
refusal-pause-already-asked = Vous avez déjà demandé à { $opponent } une pause de { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } : il peut accepter avec le bouton ou en tapant /{ cmd-pause }.
refusal-pause-budget = Il vous reste { $left ->
        [one] { $left } jour de pause
       *[other] { $left } jours de pause
    } dans cette partie ({ $max } au plus par joueur), pas { $asked } : demandez moins de jours{ $left ->
        [0] {" "}à la prochaine partie
       *[other] {""}
    }.
refusal-not-paused = La pendule tourne : il n'y a pas de pause à finir. Pour l'arrêter, demandez-le avec `/{ cmd-pause } { cmd-pause-days }:`.
refusal-no-pause-offer = Aucune demande de pause n'est en attente dans cette partie. Faites-en une avec `/{ cmd-pause } { cmd-pause-days }:`.
refusal-own-pause-offer = C'est votre propre demande de pause : c'est à { $opponent } d'y répondre.
refusal-no-finished-game = Il n'y a pas ici de partie terminée à prolonger : une revanche ou une manche vela se demande après la fin d'une partie, dans son salon.
refusal-not-in-finished-game = Seuls les joueurs de cette partie ({ $first } et { $second }) peuvent en demander la suite. Lancez votre propre partie avec /{ cmd-challenge }.
refusal-follow-up-played = { $kind ->
        [vela] La manche vela
       *[rematch] La revanche
    } de cette partie a déjà été jouée ou est en cours.
refusal-follow-up-offered = { $kind ->
        [vela] La manche vela
       *[rematch] Une revanche
    } de cette partie a déjà été proposée : répondez avec ses boutons, ou avec /{ cmd-accept } ou /{ cmd-decline }.
refusal-no-vela-not-fanorona = Seul le Fanorona a une manche vela : utilisez /{ cmd-rematch } pour une nouvelle partie.
refusal-no-vela-already-vela = Cette partie était déjà la manche vela : utilisez /{ cmd-rematch } pour un nouveau match.
refusal-no-vela-no-winner = Une manche vela suit une partie gagnée ; celle-ci n'a pas eu de vainqueur. Utilisez plutôt /{ cmd-rematch }.
