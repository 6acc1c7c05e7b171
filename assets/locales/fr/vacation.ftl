# Vacances : réponses et refus de /vacation.

vacation-started = 🏖 Vous êtes en vacances jusqu'au { $until }. { $games ->
        [0] Aucune de vos parties ne vous attendait : un tour qui vous revient lance sa pendule à la fin des vacances.
        [one] La pendule de la partie qui vous attendait est arrêtée, et un tour qui vous revient lance sa pendule à la fin des vacances.
       *[other] Les pendules des { $games } parties qui vous attendaient sont arrêtées, et un tour qui vous revient lance sa pendule à la fin des vacances.
    }
vacation-ended = 🏖 Bon retour : vos vacances sont finies et leurs jours entiers non utilisés vous sont rendus. { $games ->
        [0] Aucune pendule ne vous attendait.
        [one] La pendule de la partie qui vous attendait tourne de nouveau.
       *[other] Les pendules des { $games } parties qui vous attendaient tournent de nouveau.
    }
vacation-on = 🏖 Vous êtes en vacances jusqu'au { $until } : aucune de vos échéances ne court. Finissez-les plus tôt avec `/{ cmd-vacation } { cmd-vacation-end }:True`.
vacation-none = Vous n'êtes pas en vacances. Partez avec `/{ cmd-vacation } { cmd-vacation-days }:7` : tant qu'elles durent, aucune de vos échéances ne court.
vacation-days-left = Il vous reste { $left ->
        [one] { $left } jour de vacances
       *[other] { $left } jours de vacances
    } cette année (sur { $max }).
vacation-refused-days = Des vacances durent de 1 à { $max } jours, pas { $given } : essayez `/{ cmd-vacation } { cmd-vacation-days }:7`.
vacation-refused-budget = Il vous reste { $left ->
        [one] { $left } jour de vacances
       *[other] { $left } jours de vacances
    } cette année (sur { $max }), pas { $asked } : demandez-en { $left } ou moins.
vacation-refused-already = Vous êtes déjà en vacances jusqu'au { $until }. Finissez-les avec `/{ cmd-vacation } { cmd-vacation-end }:True` avant d'en prendre d'autres.
vacation-refused-not-on = Vous n'êtes pas en vacances : il n'y a rien à finir. `/{ cmd-vacation }` montre les jours qui vous restent.
vacation-refused-holds = La pendule est arrêtée pour les vacances de { $player } jusqu'au { $until } ; elle repart d'elle-même à ce moment, ou quand ces vacances finissent avec `/{ cmd-vacation } { cmd-vacation-end }:True`.
game-on-vacation = 🏖 { $side } en vacances jusqu'au { $until }
settings-auto-vacation = { $changed ->
        [yes] Les vacances automatiques sont maintenant { $state ->
            [on] activées
           *[off] désactivées
        }
       *[no] Les vacances automatiques sont { $state ->
            [on] activées
           *[off] désactivées
        }
    } : { $state ->
        [on] une de vos échéances dépassée prend un de vos jours de vacances (s'il en reste cette année) au lieu de perdre.
       *[off] une de vos échéances dépassée perd la partie. Activez-les avec `/{ cmd-settings } { cmd-settings-auto-vacation }:on`.
    }
notice-resumed-vacation = ⏯ La pause est finie, mais la pendule reste arrêtée pour les vacances de { $player } jusqu'au { $until }.
notice-vacation = 🏖 { $opponent }, l'échéance de { $player } est passée pendant ses vacances : votre partie l'attend jusqu'au { $until } ({ $relative }).
notice-vacation-ai = 🏖 L'échéance de { $player } est passée pendant ses vacances : la pendule attend le { $until } ({ $relative }).
