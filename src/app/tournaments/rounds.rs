//! A running event: its table, withdrawals, paired games started in their threads, and rounds
//! advanced by the scheduler.

use super::*;
use crate::app::{NoticeKind, Outcome};
use crate::engine::Side;
use crate::store::kinds::MoveKind;
use crate::store::schedule::NewNotice;

impl Service {
    /// The table of event `id`.
    pub async fn tournament_table(&self, id: i64) -> Result<Table, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            let row = store::by_id(&mut tx, id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            self.table_in(&mut tx, row).await
        })
        .await
    }

    async fn table_in(
        &self,
        tx: &mut crate::store::Tx,
        row: TournamentRow,
    ) -> Result<Table, AppError> {
        let id = row.id;
        let tournament = self.event_view(tx, row).await?;
        let games: Vec<PairedGame> = store::games(tx, id).await?.iter().map(paired).collect();
        let byes: Vec<(u32, UserId)> = store::byes(tx, id)
            .await?
            .into_iter()
            .map(|(r, u)| (r.max(0) as u32, u))
            .collect();
        let entrants: Vec<Entrant> = tournament
            .players
            .iter()
            .map(|p| Entrant {
                id: p.user,
                rating: p.rating.unwrap_or_default(),
                withdrawn: p.withdrawn,
            })
            .collect();
        let event_games: Vec<EventGame> = games.iter().map(PairedGame::event_game).collect();
        let bye_players: Vec<UserId> = byes.iter().map(|b| b.1).collect();
        let standings = standings(tournament.format, &entrants, &event_games, &bye_players);
        Ok(Table {
            tournament,
            standings,
            games,
            byes,
        })
    }

    /// `user` withdraws from running event `id`: they are not paired again, and each of their
    /// games in progress counts as lost (resigned, with a notice to its thread in the outbox).
    /// Returns the event and how many games that ended.
    pub async fn withdraw_from_tournament(
        &self,
        id: i64,
        user: UserId,
    ) -> Result<(TournamentView, usize), AppError> {
        let now = self.now();
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let view = self.locked_event(&mut tx, id).await?;
            let Some(me) = view.players.iter().find(|p| p.user == user) else {
                return Err(TournamentRefusal::NotJoined {
                    name: view.name.clone(),
                }
                .into());
            };
            match view.state {
                TournamentState::Running => {}
                TournamentState::Open => {
                    return Err(TournamentRefusal::NotJoined {
                        name: view.name.clone(),
                    }
                    .into());
                }
                _ => {
                    return Err(TournamentRefusal::Over {
                        name: view.name.clone(),
                    }
                    .into());
                }
            }
            if me.withdrawn {
                return Err(TournamentRefusal::AlreadyWithdrawn {
                    name: view.name.clone(),
                }
                .into());
            }
            store::withdraw(&mut tx, id, user, now).await?;
            // The games are resigned in this transaction: the withdrawal and its losses are
            // written together (a game another transaction holds is left to the scheduler's
            // next look, which resigns what a withdrawn player still has in progress).
            let ended = self.resign_withdrawn_in(&mut tx, now).await?;
            let ended = ended.iter().filter(|&&u| u == user).count();
            tx.commit().await?;
            let mut view = view;
            if let Some(p) = view.players.iter_mut().find(|p| p.user == user) {
                p.withdrawn = true;
            }
            Ok((view, ended))
        })
        .await
    }

    /// The scheduler's sweep: every tournament game in progress of a player who withdrew is
    /// resigned for them (a game paired before the withdrawal and started after it, or one a
    /// withdrawal could not lock), with a notice to its thread. Returns how many ended.
    pub async fn resign_withdrawn(&self) -> Result<usize, AppError> {
        let now = self.now();
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let ended = self.resign_withdrawn_in(&mut tx, now).await?;
            tx.commit().await?;
            Ok(ended.len())
        })
        .await
    }

    /// Resigns the games in progress of players who withdrew; returns who lost each.
    async fn resign_withdrawn_in(
        &self,
        tx: &mut crate::store::Tx,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Vec<UserId>, AppError> {
        let mut notices = Vec::new();
        for (row, user) in store::claim_withdrawn_games(tx, 64).await? {
            let id = row.id;
            let mut loaded = match Self::load_claimed(tx, row).await? {
                Ok(loaded) => loaded,
                Err(why) => {
                    tracing::error!(
                        game_id = id,
                        "a withdrawn player's game cannot be resigned: {why}"
                    );
                    continue;
                }
            };
            let side = if loaded.player(Side::First) == user {
                Side::First
            } else {
                Side::Second
            };
            let entry = Self::service_entry(&loaded, side, user, MoveKind::Resign);
            let outcome = Outcome::Resigned {
                winner: side.other(),
            };
            crate::app::clock::stop(&mut loaded.row.clock);
            Self::write_claimed(tx, &loaded, entry, Some(outcome), now).await?;
            notices.push(NewNotice {
                game_id: id,
                kind: NoticeKind::Withdrawn,
                user: Some(user),
                deadline: None,
            });
        }
        crate::store::schedule::insert_notices(tx, now, &notices).await?;
        Ok(notices.iter().filter_map(|n| n.user).collect())
    }

    /// Claims one paired game that waits for its thread; the caller opens it and calls
    /// [`Service::start_tournament_game`]. `None` when no game waits.
    pub async fn claim_tournament_game(&self) -> Result<Option<GameToStart>, AppError> {
        let now = self.now();
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let Some(p) =
                store::claim_waiting(&mut tx, now, chrono::Duration::seconds(CLAIM_LEASE_SECS))
                    .await?
            else {
                return Ok(None);
            };
            let row = store::by_id(&mut tx, p.tournament_id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            let tournament = self.event_view(&mut tx, row).await?;
            tx.commit().await?;
            Ok(Some(GameToStart {
                pairing: p.id,
                tournament,
                round: p.round.max(0) as u32,
                board: p.board.max(0) as u32,
                players: [id_from_db(p.first_player), id_from_db(p.second_player)],
            }))
        })
        .await
    }

    /// Starts paired game `pairing` in `channel` (its thread), with the event's options and
    /// clock. Started already (by another process): the game as it is.
    pub async fn start_tournament_game(
        &self,
        pairing: i64,
        channel: ChannelId,
    ) -> Result<GameView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let p = store::lock_pairing(&mut tx, pairing)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            if let Some(game) = p.game_id {
                let row = crate::store::games::get(&mut tx, game)
                    .await?
                    .ok_or(TournamentRefusal::NoTournament)?;
                return Ok(Self::load_row(&mut tx, row).await?.view());
            }
            let t = store::by_id(&mut tx, p.tournament_id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            let (first, second) = (id_from_db(p.first_player), id_from_db(p.second_player));
            let challenge = challenges::insert(
                &mut tx,
                &NewChallengeRow {
                    challenger: first,
                    challenged: second,
                    guild: id_from_db(t.guild_id),
                    channel,
                    options: t.options.clone(),
                    colour: ColourChoice::ChallengerFirst,
                    clock_secs: t.clock_secs,
                    clock_increment_secs: t.clock_increment_secs,
                    follows: None,
                    rated: t.rated,
                },
            )
            .await?;
            let round = (t.format == Format::Swiss.as_str()).then_some(p.round);
            let (game, _) = self
                .start_locked(&mut tx, challenge, second, None, Some((t.id, round)))
                .await?;
            store::attach_game(&mut tx, pairing, game.id).await?;
            // The first board goes to the thread through the outbox, owed from this commit.
            let notice = NewNotice {
                game_id: game.id,
                kind: NoticeKind::Started,
                user: None,
                deadline: None,
            };
            crate::store::schedule::insert_notices(&mut tx, self.now(), &[notice]).await?;
            tx.commit().await?;
            // The new game's log (empty) is kept: its first move reads no log.
            let loaded = replay::load(game, Vec::new())?;
            self.keep_log(&loaded);
            Ok(loaded.view())
        })
        .await
    }

    /// Moves on every event whose round is over: pairs the next Swiss round, or ends the event.
    /// Each event is claimed under its row lock, so two processes never pair a round twice.
    pub async fn advance_tournaments(&self) -> Result<Vec<Advanced>, AppError> {
        let now = self.now();
        self.guarded(async {
            let mut done = Vec::new();
            let mut tx = self.store.begin().await?;
            for row in store::claim_round_over(&mut tx, 16).await? {
                let table = self.table_in(&mut tx, row).await?;
                let t = &table.tournament;
                let last = match t.format {
                    Format::RoundRobin => true,
                    Format::Swiss => t.round >= t.rounds.unwrap_or(0),
                };
                let next = if last {
                    None
                } else {
                    let players = swiss_players(&t.players, &table.games, &table.byes);
                    // A round that cannot be paired (only rematches left, or fewer than two
                    // players still in) ends the event early.
                    swiss::pair(&players).ok()
                };
                match next {
                    Some(pairing) => {
                        let round = t.round + 1;
                        store::insert_round(
                            &mut tx,
                            t.id,
                            round as i16,
                            &pairing.games,
                            pairing.bye,
                        )
                        .await?;
                        store::set_state(
                            &mut tx,
                            t.id,
                            TournamentState::Running.as_str(),
                            round as i16,
                            now,
                        )
                        .await?;
                        let mut tournament = t.clone();
                        tournament.round = round;
                        done.push(Advanced::Paired { tournament, round });
                    }
                    None => {
                        store::set_state(
                            &mut tx,
                            t.id,
                            TournamentState::Finished.as_str(),
                            t.round as i16,
                            now,
                        )
                        .await?;
                        let mut table = table;
                        table.tournament.state = TournamentState::Finished;
                        done.push(Advanced::Finished(Box::new(table)));
                    }
                }
            }
            tx.commit().await?;
            Ok(done)
        })
        .await
    }

    /// Remembers event `id`'s announcement.
    pub async fn record_tournament_message(
        &self,
        id: i64,
        message: MessageId,
    ) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            store::set_message(&mut conn, id, message).await?;
            Ok(())
        })
        .await
    }

    /// Claims what event channels are owed (a round's pairings, the final standings) for a
    /// while, so that one process posts each; the caller posts, then calls
    /// [`Service::tournament_announced`]. A claim not confirmed is offered again later (after a
    /// restart, say).
    pub async fn claim_tournament_announcements(&self) -> Result<Vec<Advanced>, AppError> {
        let now = self.now();
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let lease = chrono::Duration::seconds(CLAIM_LEASE_SECS);
            let ids = store::claim_unannounced(&mut tx, now, lease, 16).await?;
            tx.commit().await?;
            let mut owed = Vec::with_capacity(ids.len());
            let mut tx = self.store.begin_read().await?;
            for id in ids {
                let Some(row) = store::by_id(&mut tx, id).await? else {
                    continue;
                };
                let table = self.table_in(&mut tx, row).await?;
                owed.push(match table.tournament.state {
                    TournamentState::Finished => Advanced::Finished(Box::new(table)),
                    _ => Advanced::Paired {
                        round: table.tournament.round,
                        tournament: table.tournament,
                    },
                });
            }
            Ok(owed)
        })
        .await
    }

    /// Records that event `id`'s channel was told of `round` (or of the end: `end`).
    pub async fn tournament_announced(
        &self,
        id: i64,
        round: u32,
        end: bool,
    ) -> Result<(), AppError> {
        self.guarded(async {
            let mut conn = self.store.acquire().await?;
            store::set_announced(&mut conn, id, round as i16, end).await?;
            Ok(())
        })
        .await
    }
}
