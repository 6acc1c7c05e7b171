//! The soak's books: what it checks once the players stopped and the chaos is over.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use sqlx::postgres::PgPool;

use crate::Chaos;
use crate::support::{ACK_LIMIT, acknowledgements, ms};

/// What the soak found, to print and to judge.
#[derive(Default)]
pub struct Books {
    pub failures: Vec<String>,
}

impl Books {
    pub fn line(&mut self, line: String) {
        println!("{line}");
    }

    fn check(&mut self, ok: bool, what: String) {
        println!("{} {what}", if ok { "ok  " } else { "FAIL" });
        if !ok {
            self.failures.push(what);
        }
    }
}

/// Waits (at most `within`) until `sql` counts nothing; returns the last count.
async fn settle(pool: &PgPool, sql: &str, within: Duration) -> i64 {
    let give_up = Instant::now() + within;
    loop {
        let left: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
            .fetch_one(pool)
            .await
            .unwrap_or(-1);
        if left == 0 || Instant::now() > give_up {
            return left;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Reminders that read the same on Discord (one player, deadlines in the same second).
#[derive(Default)]
struct Alike {
    owed: usize,
    /// Of them, those whose turn had moved on (a move was played) before they were sent.
    moved_on: usize,
    ids: Vec<i64>,
}

/// The checks, once the players stopped and the chaos is over.
pub async fn audit(chaos: &Chaos, books: &mut Books) {
    let pool = &chaos.pool;
    // Everyone stops playing: every game still going gets a deadline 5 s away (and no
    // reminder owed), which must end it within the next ticks.
    let going: u64 = sqlx::query(
        "UPDATE games SET deadline = now() + interval '5 s', turn_started_at = now() \
         WHERE outcome IS NULL AND deadline IS NOT NULL",
    )
    .execute(pool)
    .await
    .expect("the last deadlines")
    .rows_affected();
    let stuck = settle(
        pool,
        "SELECT count(*) FROM games WHERE outcome IS NULL AND deadline IS NOT NULL",
        Duration::from_secs(30),
    )
    .await;
    books.check(
        stuck == 0,
        format!(
            "no game is stuck: every game whose deadline passed has ended ({going} games were \
             going at the end, all given 5 s; {stuck} still going after 30 s)"
        ),
    );
    let unsent = settle(
        pool,
        "SELECT count(*) FROM notices WHERE sent_at IS NULL",
        Duration::from_secs(60),
    )
    .await;
    books.check(
        unsent == 0,
        format!("every notice was sent ({unsent} left)"),
    );

    // Accepted turns, where they were played.
    let accepted = std::mem::take(&mut *chaos.accepted.lock().expect("accepted"));
    let mut logs: HashMap<i64, Vec<(String, String)>> = HashMap::new();
    let mut missing = Vec::new();
    for turn in &accepted {
        if let std::collections::hash_map::Entry::Vacant(entry) = logs.entry(turn.game) {
            entry.insert(chaos.log(turn.game).await);
        }
        let log = &logs[&turn.game];
        let found = log
            .get(turn.before..turn.before + turn.moves.len())
            .is_some_and(|entries| {
                entries
                    .iter()
                    .zip(&turn.moves)
                    .all(|((kind, notation), m)| kind == "move" && notation == m)
            });
        if !found {
            missing.push(format!(
                "game {} ply {}: {:?}",
                turn.game,
                turn.before + 1,
                turn.moves
            ));
        }
    }
    books.check(
        missing.is_empty(),
        format!(
            "every turn answered as accepted is in the move log ({} turns; missing: {missing:?})",
            accepted.len()
        ),
    );

    // Timeouts: once in the log; posted at least once, at most twice, per channel.
    let twice: Vec<i64> = sqlx::query_scalar(
        "SELECT game_id FROM moves WHERE kind = 'timeout' GROUP BY game_id HAVING count(*) > 1",
    )
    .fetch_all(pool)
    .await
    .expect("timeouts");
    let per_channel: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT channel_id, count(*) FROM games WHERE outcome = 'timeout' GROUP BY channel_id",
    )
    .fetch_all(pool)
    .await
    .expect("timeouts per channel");
    let timeouts: i64 = per_channel.iter().map(|&(_, n)| n).sum();
    let mut posted_timeouts = 0;
    let mut badly_posted = Vec::new();
    for &(ch, n) in &per_channel {
        let posts = chaos
            .fake
            .posted_in(ch as u64)
            .iter()
            .filter(|p| p.content.contains("Time is up"))
            .count() as i64;
        posted_timeouts += posts;
        if posts < n || posts > 2 * n {
            badly_posted.push(format!("channel {ch}: {n} timeouts, {posts} posts"));
        }
    }
    books.check(
        twice.is_empty() && badly_posted.is_empty() && timeouts > 0,
        format!(
            "every timeout happened once ({timeouts} timeouts, {posted_timeouts} posts; \
             logged twice: {twice:?}; posted wrongly: {badly_posted:?})"
        ),
    );

    // Reminders: each posted once or twice, or dropped because the turn had moved on. Two
    // reminders to one player may announce deadlines in the same second (their posts read the
    // same): they are judged together.
    let reminders: Vec<(i64, i64, i64, i64, bool)> = sqlx::query_as(
        "SELECT n.id, g.channel_id, n.user_id, floor(extract(epoch FROM n.deadline))::bigint, \
             EXISTS (SELECT 1 FROM moves m WHERE m.game_id = n.game_id \
                     AND m.played_at BETWEEN n.created_at - interval '1 s' \
                                         AND n.sent_at + interval '1 s') \
         FROM notices n JOIN games g ON g.id = n.game_id WHERE n.kind = 'reminder'",
    )
    .fetch_all(pool)
    .await
    .expect("reminders");
    let mut alike: HashMap<(i64, i64, i64), Alike> = HashMap::new();
    for &(id, ch, user, deadline, moved_on) in &reminders {
        let same = alike.entry((ch, user, deadline)).or_default();
        same.owed += 1;
        same.moved_on += usize::from(moved_on);
        same.ids.push(id);
    }
    let (mut posted, mut dropped, mut wrong) = (0, 0, Vec::new());
    for (&(ch, user, deadline), same) in &alike {
        let Alike {
            owed,
            moved_on,
            ref ids,
        } = *same;
        let (mention, due) = (format!("<@{user}>"), format!("<t:{deadline}:R>"));
        let posts = chaos
            .fake
            .posted_in(ch as u64)
            .iter()
            .filter(|p| p.content.contains('⏰') && p.content.contains(&mention))
            .filter(|p| p.content.contains(&due))
            .count();
        posted += posts;
        dropped += owed.saturating_sub(posts);
        if posts > 2 * owed || posts + moved_on < owed {
            wrong.push(format!(
                "notices {ids:?} (channel {ch}, user {user}, deadline {deadline}, turn moved \
                 on for {moved_on}): {posts} posts"
            ));
        }
    }
    books.check(
        wrong.is_empty() && !reminders.is_empty(),
        format!(
            "every reminder went out once or twice ({} owed, {posted} posted, about {dropped} \
             dropped as the turn had moved on; wrong: {wrong:?})",
            reminders.len()
        ),
    );

    // Acknowledgements.
    let ages = acknowledgements(&chaos.fake);
    let answered: std::collections::HashSet<u64> = ages.iter().map(|&(id, _)| id).collect();
    let late: Vec<String> = ages
        .iter()
        .filter(|&&(_, age)| age > ACK_LIMIT)
        .map(|&(id, age)| format!("{id} after {}", ms(age)))
        .collect();
    let oldest = ages.iter().map(|&(_, age)| age).max().unwrap_or_default();
    let sent = chaos.sent.lock().expect("sent").clone();
    let windows = chaos.windows.lock().expect("windows");
    let never: Vec<&(u64, Instant)> = sent
        .iter()
        .filter(|(id, _)| !answered.contains(id))
        .collect();
    let unexcused: Vec<u64> = never
        .iter()
        .filter(|(_, at)| !windows.excuse(*at))
        .map(|&&(id, _)| id)
        .collect();
    let undelivered = chaos.fake.lost().len();
    books.check(
        late.is_empty(),
        format!(
            "no interaction acknowledged after 3 s ({} acknowledged, the oldest {}; late: {late:?})",
            ages.len(),
            ms(oldest)
        ),
    );
    books.check(
        unexcused.is_empty(),
        format!(
            "every interaction never answered met a dead bot ({} never answered, {undelivered} \
             of them sent while no bot was connected; unexplained: {unexcused:?})",
            never.len()
        ),
    );
}
