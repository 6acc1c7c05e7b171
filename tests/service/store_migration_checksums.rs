//! A migration never changes once it has landed: a host's database records the checksum of every
//! migration it ran, and at start the bot refuses a migration whose file no longer matches
//! (sqlx's `VersionMismatch`), so the host's bot would not start. Every migration in
//! `migrations/` is held here by the SHA-384 of its SQL, as sqlx computes it; a change to the
//! schema is a new numbered migration, whose checksum is added to the list.

use std::path::{Path, PathBuf};

use sqlx::migrate::{Migration, Migrator};

/// Every landed migration: version, description (from the file name) and the SHA-384 of its SQL
/// in hex, as sqlx stores it in `_sqlx_migrations.checksum`.
const LANDED: &[(i64, &str, &str)] = &[
    (
        1,
        "games",
        "0bda9c9f312a16b2b43d938dee2478223f6bd7b60aa1296c9c65c3dc67b5ed7f1b6c775da1c9bbf9a98b505dd9eb031a",
    ),
    (
        2,
        "options",
        "f1e6c588add0ae596bb22e8dd4284144ec36560ba32b960cb9244deda34ab14cb2799b093e1719e63a681e6ef3648a1a",
    ),
    (
        3,
        "clock",
        "741fcb8534cd6501944366db01c452194cc18b904163a2a8b112ebdc01440de04626981a155b561463637d7a620d7cd4",
    ),
    (
        4,
        "ai",
        "05839ac8a4d5142ef3aa5459209a1137be2a457d3397d99318a4d2a47333e84464c007363777b7387c8dcec67e2203d9",
    ),
    (
        5,
        "ratings",
        "76b98cbfce990eb0f6a859b2d13ab61526140083b3186bab46d865c4284f99b8b7182aa8a405bce14a560772f25e4713",
    ),
    (
        6,
        "locales",
        "423dc6352b3198716994bd1e734c7af95131e15c7b2457e3d2b9d1cd664defeffbd6111db50d233def8fe4860af9bb3d",
    ),
    (
        7,
        "open game words",
        "5d0171a692c0c8669e3865ae507265b1044617dd2b55579ef3af698f652ea86b2cbfc382d76d5be942a71e407c8832ca",
    ),
    (
        8,
        "tournaments",
        "e34d2e4f822ecacb18b4f600d4a4dfd5ab8dba60db677e8e70bdc344033cbb4ddc71413366bafd399806b3265a1c0e31",
    ),
    (
        9,
        "event notices",
        "7e5b899e586cc1c96cebb26b4bb37a32dd56bcf055ba2d790d835a88af027b274937a57541c548d30857dbe89eea4944",
    ),
    (
        10,
        "reviews",
        "e0c1d4d15a85e1bd453e67c7dd9d09856bf13c8ab1c2f607e9c384625ec51e9ea55d864ed368f1fc982cf37a3ddb1fb7",
    ),
    (
        11,
        "time bank",
        "8947908f62d474459be9cf65ed78a1d5fb202c42182315b124bbdaceb12a69b91a8233c252411384a8166f8a120194f6",
    ),
    (
        12,
        "vacation",
        "d1f95e48d8b8f4a1be5d4299198e466367ded57d00b936a5466cbb2915d187bc507b5e44f0ccb648b5e737dfdd7649b2",
    ),
    (
        13,
        "premoves",
        "a2747c4c006db83d1f7440b682e3973288dbb51c270e3b13dce0d420a8ab5eb8b85805baba5d9262e8a4f9f2993df537",
    ),
    (
        14,
        "puzzles",
        "c806f7eeb67eb37ca6ec1a2d7c07f346c342c7cbe56c9e3fe4ef7836d33032022831716f86c5a59cbfd6592442eb2c71",
    ),
    (
        15,
        "lessons",
        "f441073b2390a47c73fd41b974986a4866d63b2e060028c4850c518876e75282774b6a7a74f9f0727523d973fa1fb4ed",
    ),
    (
        16,
        "ai expert",
        "f0b9e117cdf9ce5e6000616c05f03d3cc4eda8b159093638af6069a54f1608bc1e6818635b8791cc11b16e437ba82a90",
    ),
    (
        17,
        "private channels",
        "086ba583d567651414db845cb5bd033456f23a1b3945cdf11209f959bde8b0e324e37721909289bea10c081e66b941f7",
    ),
    (
        18,
        "command scope",
        "1897e3d4a6c7c3f5933b9f14e19b82cc39acf27c2cef846b1e9d106e6cf771516a7f3850c64aabc4add2b6793c5d1580",
    ),
    (
        19,
        "games premoves",
        "9f4c61267bed27bf1330986ce8b0053265fd9b92b78f5ab15bc8f1e3c4d8dfa9b8f1367a88e3e9c701c3ac72ef8e9180",
    ),
    (
        20,
        "user colours",
        "070327aad1e610fb8be876b5c9bfd8ddcbfe6ca8fe40b520045e21159337c3596211b4de364ffbaddf8e53f2e21d4c6d",
    ),
];

/// The migrations in `dir`, read as the bot's `sqlx::migrate!` reads them.
async fn migrations_in(dir: &Path) -> Vec<Migration> {
    Migrator::new(dir)
        .await
        .unwrap_or_else(|e| panic!("cannot read the migrations in {}: {e}", dir.display()))
        .iter()
        .cloned()
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What is wrong with `migrations` against the `landed` list, in words for whoever changed them
/// (empty when nothing is).
fn problems(migrations: &[Migration], landed: &[(i64, &str, &str)]) -> Vec<String> {
    let mut problems = Vec::new();
    for migration in migrations {
        let (version, description) = (migration.version, &migration.description);
        let checksum = hex(&migration.checksum);
        match landed.iter().find(|(v, _, _)| *v == version) {
            None => problems.push(format!(
                "migration {version} ({description}) is not in the list of landed migrations: \
                 add its checksum to LANDED in {}: ({version}, \"{description}\", \"{checksum}\")",
                file!()
            )),
            Some((_, landed_description, landed_checksum))
                if landed_description != description || *landed_checksum != checksum =>
            {
                problems.push(format!(
                    "migration {version} ({description}) changed after it landed (it was \
                     {landed_description:?} with checksum {landed_checksum}, it is now {checksum}): \
                     a host's database that ran it would refuse to start. Undo the change and add \
                     a new numbered migration instead of editing a landed one"
                ))
            }
            Some(_) => {}
        }
    }
    for (version, description, _) in landed {
        if !migrations.iter().any(|m| m.version == *version) {
            problems.push(format!(
                "landed migration {version} ({description}) is missing: a host's database that \
                 ran it would refuse to start; put it back (a schema change is a new numbered \
                 migration)"
            ));
        }
    }
    problems
}

/// A copy of `migrations/` in a temporary directory, removed on drop.
struct Copy(PathBuf);

impl Copy {
    fn new(name: &str) -> Copy {
        let dir = std::env::temp_dir().join(format!("fbbot-landed-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        for entry in std::fs::read_dir(migrations_dir()).expect("read migrations/") {
            let entry = entry.expect("a migration");
            std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copy a migration");
        }
        Copy(dir)
    }
}

impl Drop for Copy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn migrations_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations")
}

#[tokio::test]
async fn every_landed_migration_keeps_its_checksum() {
    let migrations = migrations_in(&migrations_dir()).await;
    let problems = problems(&migrations, LANDED);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[tokio::test]
async fn an_edited_migration_is_refused_with_the_way_out() {
    let copy = Copy::new("edited");
    let file = copy.0.join("0001_games.sql");
    let mut sql = std::fs::read_to_string(&file).expect("read 0001");
    sql.push_str("\n-- a comment is an edit too\n");
    std::fs::write(&file, sql).expect("edit 0001");

    let problems = problems(&migrations_in(&copy.0).await, LANDED);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(problems[0].starts_with("migration 1 (games) changed after it landed"));
    assert!(
        problems[0].contains("add a new numbered migration instead of editing a landed one"),
        "{}",
        problems[0]
    );
}

#[tokio::test]
async fn a_new_migration_must_be_added_to_the_list() {
    let copy = Copy::new("new");
    std::fs::write(copy.0.join("0099_next_change.sql"), "SELECT 1;\n").expect("a new migration");

    let problems = problems(&migrations_in(&copy.0).await, LANDED);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].starts_with(
            "migration 99 (next change) is not in the list of landed migrations: add its \
             checksum to LANDED in "
        ),
        "{}",
        problems[0]
    );
    // The line to add, with the checksum sqlx will record (SHA-384 of "SELECT 1;\n").
    assert!(
        problems[0].ends_with(
            "(99, \"next change\", \"24454095d8d7876ca8e842f34296ca645c83e0f7b50f048c99db4b2ff4da659267afc4ef3e994f3d74e18c741165d931\")"
        ),
        "{}",
        problems[0]
    );
}

#[tokio::test]
async fn a_removed_migration_is_refused() {
    let copy = Copy::new("removed");
    std::fs::remove_file(copy.0.join("0003_clock.sql")).expect("remove 0003");

    let problems = problems(&migrations_in(&copy.0).await, LANDED);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].starts_with("landed migration 3 (clock) is missing"),
        "{}",
        problems[0]
    );
}
