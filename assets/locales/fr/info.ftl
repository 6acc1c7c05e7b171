# /parties et /historique.

games-none = Vous n'avez ni partie en cours ni défi en attente sur ce serveur. Lancez-en un avec /{ cmd-challenge }.
games-active = **Vos parties** (les plus urgentes d'abord)
games-your-turn = **à vous de jouer**
games-their-turn = à l'adversaire de jouer
games-paused-until = en pause jusqu'au { $until }
games-due = échéance { $deadline }
games-ai = IA, { $level }
games-line = • { $game }{ $event } en { $side } contre { $opponent }{ $ai } dans { $channel } : { $turn }, tour { $turn_number }{ $clock }
games-challenges = **Défis en attente**
games-see-it = [le voir]({ $url })
games-you-challenged = • Vous avez défié { $player } à une partie de { $game } dans { $channel } (/{ cmd-cancel } là-bas pour le retirer){ $jump }
games-challenged-you = • { $player } vous a défié à une partie de { $game } dans { $channel } (/{ cmd-accept } ou /{ cmd-decline } là-bas){ $jump }
games-finished = **Terminées récemment**
games-finished-line = • { $game } (partie { $id }) dans { $channel } : { $outcome }

history-header = Coups de la partie { $id } ({ $game }, { $first_side } { $first } contre { $second_side } { $second }) :
history-no-moves = Aucun coup pour l'instant.
