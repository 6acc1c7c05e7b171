//! Sign-up: creating an event, joining, leaving, cancelling, and the start with its first round.

use super::*;

impl Service {
    /// Locks event `id` (until the transaction ends) and reads it.
    pub(super) async fn locked_event(
        &self,
        tx: &mut crate::store::Tx,
        id: i64,
    ) -> Result<TournamentView, AppError> {
        let row = store::lock(tx, id)
            .await?
            .ok_or(TournamentRefusal::NoTournament)?;
        self.event_view(tx, row).await
    }

    pub(super) async fn event_view(
        &self,
        tx: &mut crate::store::Tx,
        row: TournamentRow,
    ) -> Result<TournamentView, AppError> {
        let players = store::players(tx, row.id)
            .await?
            .into_iter()
            .map(|p| EventPlayer {
                user: id_from_db(p.user_id),
                rating: p.rating,
                withdrawn: p.withdrawn_at.is_some(),
            })
            .collect();
        view_of(row, players)
    }

    /// Creates an event in `new.channel`, open for sign-up.
    pub async fn create_tournament(&self, new: NewTournament) -> Result<TournamentView, AppError> {
        let name = new.name.trim().to_string();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(TournamentRefusal::Name { max: MAX_NAME }.into());
        }
        let rounds = match (new.format, new.rounds) {
            (Format::Swiss, Some(r)) if SWISS_ROUNDS.contains(&(r.clamp(0, 1000) as u32)) => {
                Some(r as i16)
            }
            (Format::Swiss, given) => return Err(TournamentRefusal::Rounds { given }.into()),
            (Format::RoundRobin, Some(_)) => {
                return Err(TournamentRefusal::OptionNotForFormat { option: "rounds" }.into());
            }
            (Format::RoundRobin, None) => None,
        };
        if new.double && new.format == Format::Swiss {
            return Err(TournamentRefusal::OptionNotForFormat { option: "double" }.into());
        }
        let max_players = match new.max_players {
            Some(m) if !(MIN_PLAYERS as i64..=1000).contains(&m) => {
                return Err(TournamentRefusal::MaxPlayers { given: m }.into());
            }
            m => m.map(|m| m as i16),
        };
        let row = NewTournamentRow {
            guild: new.guild,
            channel: new.channel,
            creator: new.creator,
            name,
            format: new.format.as_str(),
            rounds,
            double_games: new.double,
            options: new.config.to_string(),
            clock_secs: new.clock.secs(),
            clock_increment_secs: new.clock.increment_secs(),
            vacation: new.vacation,
            rated: new.rated,
            max_players,
            at: self.now(),
        };
        let done = self
            .guarded(async {
                let mut tx = self.store.begin().await?;
                match store::insert(&mut tx, &row).await {
                    Ok(inserted) => {
                        let view = self.event_view(&mut tx, inserted).await?;
                        tx.commit().await?;
                        Ok(Ok(view))
                    }
                    Err(crate::store::StoreError::ChannelTaken(_)) => Ok(Err(())),
                    Err(e) => Err(e.into()),
                }
            })
            .await?;
        match done {
            Ok(view) => Ok(view),
            Err(()) => {
                let holder = self.tournament_of(new.channel).await?;
                Err(TournamentRefusal::ChannelBusy {
                    name: holder.map(|t| t.name).unwrap_or_default(),
                }
                .into())
            }
        }
    }

    /// The event `channel` means (the one created there, or the one whose game it holds).
    pub async fn tournament_of(
        &self,
        channel: ChannelId,
    ) -> Result<Option<TournamentView>, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            match store::of_channel(&mut tx, channel).await? {
                Some(row) => Ok(Some(self.event_view(&mut tx, row).await?)),
                None => Ok(None),
            }
        })
        .await
    }

    /// Event `id` of `guild`.
    pub async fn tournament(&self, guild: GuildId, id: i64) -> Result<TournamentView, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            let row = store::by_id(&mut tx, id)
                .await?
                .filter(|r| id_from_db(r.guild_id) == guild)
                .ok_or(TournamentRefusal::NoTournament)?;
            self.event_view(&mut tx, row).await
        })
        .await
    }

    /// The events of `guild`, latest first (for autocomplete).
    pub async fn tournaments_of_guild(
        &self,
        guild: GuildId,
        limit: i64,
    ) -> Result<Vec<(i64, String, TournamentState)>, AppError> {
        self.guarded(async {
            let mut tx = self.store.begin_read().await?;
            Ok(store::of_guild(&mut tx, guild, limit)
                .await?
                .into_iter()
                .filter_map(|r| Some((r.id, r.name, TournamentState::from_word(&r.state)?)))
                .collect())
        })
        .await
    }

    /// Locks event `id` and makes `change` while it is open; returns the event after.
    async fn change_open(&self, id: i64, change: OpenChange) -> Result<TournamentView, AppError> {
        let now = self.now();
        self.guarded(async {
            let mut tx = self.store.begin().await?;
            let view = self.locked_event(&mut tx, id).await?;
            let name = || view.name.clone();
            match view.state {
                TournamentState::Open => {}
                TournamentState::Running => {
                    return Err(TournamentRefusal::Started { name: name() }.into());
                }
                TournamentState::Finished | TournamentState::Cancelled => {
                    return Err(TournamentRefusal::Over { name: name() }.into());
                }
            }
            match change {
                OpenChange::Join(user) => {
                    if view.players.iter().any(|p| p.user == user) {
                        return Err(TournamentRefusal::AlreadyJoined { name: name() }.into());
                    }
                    if let Some(max) = view.max_players
                        && view.players.len() >= max as usize
                    {
                        return Err(TournamentRefusal::Full { name: name(), max }.into());
                    }
                    store::add_player(&mut tx, view.id, user, now).await?;
                }
                OpenChange::Leave(user) => {
                    if !store::remove_player(&mut tx, view.id, user).await? {
                        return Err(TournamentRefusal::NotJoined { name: name() }.into());
                    }
                }
                OpenChange::Cancel { user, manager } => {
                    ensure_creator(&view, user, manager)?;
                    let cancelled = TournamentState::Cancelled.as_str();
                    store::set_state(&mut tx, view.id, cancelled, 0, now).await?;
                }
                OpenChange::Start { user, manager } => {
                    ensure_creator(&view, user, manager)?;
                    self.pair_first_round(&mut tx, &view, now).await?;
                }
            }
            let row = store::by_id(&mut tx, id)
                .await?
                .ok_or(TournamentRefusal::NoTournament)?;
            let after = self.event_view(&mut tx, row).await?;
            tx.commit().await?;
            Ok(after)
        })
        .await
    }

    /// `user` joins event `id`.
    pub async fn join_tournament(&self, id: i64, user: UserId) -> Result<TournamentView, AppError> {
        self.change_open(id, OpenChange::Join(user)).await
    }

    /// `user` leaves event `id` before its start.
    pub async fn leave_tournament(
        &self,
        id: i64,
        user: UserId,
    ) -> Result<TournamentView, AppError> {
        self.change_open(id, OpenChange::Leave(user)).await
    }

    /// The creator (or a server manager: `manager`) cancels event `id` before its start.
    pub async fn cancel_tournament(
        &self,
        id: i64,
        user: UserId,
        manager: bool,
    ) -> Result<TournamentView, AppError> {
        self.change_open(id, OpenChange::Cancel { user, manager })
            .await
    }

    /// The creator (or a server manager) starts event `id`: the players' ratings are recorded
    /// and the first round (a round-robin: every game) is paired. Its games wait for their
    /// threads ([`Service::claim_tournament_game`]).
    pub async fn start_tournament(
        &self,
        id: i64,
        user: UserId,
        manager: bool,
    ) -> Result<TournamentView, AppError> {
        self.change_open(id, OpenChange::Start { user, manager })
            .await
    }

    /// Records the ratings at the start and pairs round 1 (a round-robin: every game).
    async fn pair_first_round(
        &self,
        tx: &mut crate::store::Tx,
        view: &TournamentView,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<(), AppError> {
        if view.players.len() < MIN_PLAYERS {
            return Err(TournamentRefusal::TooFewPlayers {
                have: view.players.len(),
                need: MIN_PLAYERS,
            }
            .into());
        }
        let game = RatingGame::of(&view.config);
        let mut rated = Vec::with_capacity(view.players.len());
        for p in &view.players {
            let rows = ratings::of_player(tx, view.guild, p.user).await?;
            let rating = rows
                .iter()
                .find(|r| r.game.0 == game)
                .map_or(Rating::default().rating, |r| r.rating);
            rated.push((p.user, rating));
        }
        store::set_ratings(tx, view.id, &rated).await?;
        let players: Vec<EventPlayer> = rated
            .iter()
            .map(|&(user, rating)| EventPlayer {
                user,
                rating: Some(rating),
                withdrawn: false,
            })
            .collect();
        let (games, bye) = match view.format {
            Format::RoundRobin => {
                let ids: Vec<UserId> = players.iter().map(|p| p.user).collect();
                (round_robin::games(&ids, view.double), None)
            }
            Format::Swiss => {
                let pairing = swiss::pair(&swiss_players(&players, &[], &[]))
                    .map_err(|e| InternalError::Corrupt(format!("tournament {}: {e}", view.id)))?;
                (pairing.games, pairing.bye)
            }
        };
        store::insert_round(tx, view.id, 1, &games, bye).await?;
        store::set_state(tx, view.id, TournamentState::Running.as_str(), 1, now).await?;
        // The answer to the start posts round 1's pairings.
        store::set_announced(tx, view.id, 1, false).await?;
        Ok(())
    }
}
