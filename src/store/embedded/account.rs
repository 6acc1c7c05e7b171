//! Who the PostgreSQL processes run as. `initdb` and `postgres` refuse root, and containers
//! usually run as root: there the bot keeps root for itself and runs the server's commands (and
//! so every server process) as an unprivileged account, which owns the cluster's files.

use std::os::unix::process::CommandExt;

use super::*;

/// The account created (or reused) for the server when the bot runs as root.
pub const SERVER_ACCOUNT: &str = "fibonacci-bot";

/// An account of this machine, as `/etc/passwd` (or NSS) knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub name: String,
    pub uid: u32,
    pub gid: u32,
}

impl Account {
    /// The account named `name`, if any.
    pub fn named(name: &str) -> Option<Account> {
        passwd_entries()
            .into_iter()
            .find(|account| account.name == name)
    }

    /// The account of user id `uid`, if any.
    fn with_uid(uid: u32) -> Option<Account> {
        passwd_entries()
            .into_iter()
            .find(|account| account.uid == uid)
    }
}

/// Every account: `getent passwd` (which asks NSS, so directory accounts count too), else
/// `/etc/passwd` itself.
fn passwd_entries() -> Vec<Account> {
    let text = std::process::Command::new("getent")
        .arg("passwd")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .or_else(|| std::fs::read_to_string("/etc/passwd").ok())
        .unwrap_or_default();
    text.lines().filter_map(parse_passwd_line).collect()
}

/// `name:password:uid:gid:gecos:home:shell`.
fn parse_passwd_line(line: &str) -> Option<Account> {
    let mut fields = line.split(':');
    let name = fields.next().filter(|name| !name.is_empty())?;
    let _password = fields.next()?;
    let uid = fields.next()?.parse().ok()?;
    let gid = fields.next()?.parse().ok()?;
    Some(Account {
        name: name.to_string(),
        uid,
        gid,
    })
}

/// Who runs the server's commands: nobody else (`None`) unless this process is root; as root,
/// the owner of an existing cluster when that is not root, else [`SERVER_ACCOUNT`], created when
/// missing.
pub(super) fn server_account(pgdata: &Path) -> Result<Option<Account>, EmbeddedError> {
    if !running_as_root() {
        return Ok(None);
    }
    if let Ok(meta) = std::fs::metadata(pgdata)
        && meta.uid() != 0
    {
        let owner = Account::with_uid(meta.uid()).unwrap_or_else(|| Account {
            name: meta.uid().to_string(),
            uid: meta.uid(),
            gid: meta.gid(),
        });
        return Ok(Some(owner));
    }
    if let Some(account) = Account::named(SERVER_ACCOUNT) {
        return Ok(Some(account));
    }
    let tried = create_account(SERVER_ACCOUNT);
    // Another process may have created it meanwhile: look again whatever the outcome.
    match Account::named(SERVER_ACCOUNT) {
        Some(account) => {
            tracing::info!(
                "embedded PostgreSQL: created the account {SERVER_ACCOUNT} (uid {}) to run the \
                 server, since PostgreSQL refuses root",
                account.uid
            );
            Ok(Some(account))
        }
        None => Err(EmbeddedError::Account {
            name: SERVER_ACCOUNT.to_string(),
            reason: tried
                .err()
                .unwrap_or_else(|| "it did not appear".to_string()),
        }),
    }
}

/// Creates a system account without a home or a login shell: `useradd` (Debian, Ubuntu, Fedora),
/// else BusyBox's `adduser` (Alpine).
fn create_account(name: &str) -> Result<(), String> {
    let attempts: [(&str, &[&str]); 2] = [
        (
            "useradd",
            &[
                "--system",
                "--user-group",
                "--no-create-home",
                "--home-dir",
                "/nonexistent",
                "--shell",
                "/usr/sbin/nologin",
            ],
        ),
        ("adduser", &["-S", "-D", "-H", "-s", "/sbin/nologin"]),
    ];
    let mut reasons = Vec::new();
    for (program, args) in attempts {
        match std::process::Command::new(program)
            .args(args)
            .arg(name)
            .output()
        {
            Ok(out) if out.status.success() => return Ok(()),
            Ok(out) => reasons.push(format!(
                "{program}: {}",
                last_line(&String::from_utf8_lossy(&out.stderr))
                    .unwrap_or_else(|| out.status.to_string())
            )),
            Err(e) => reasons.push(format!("{program}: {e}")),
        }
    }
    Err(reasons.join("; "))
}

/// A command of the server's, run as `account` when there is one (with that account's group and
/// no supplementary groups), in `dir`, where the account may be (a working directory under
/// `/root` would make PostgreSQL's tools complain).
pub(super) fn server_command(
    program: &Path,
    account: Option<&Account>,
    dir: &Path,
) -> tokio::process::Command {
    let mut command = tokio::process::Command::new(program);
    command.current_dir(dir).kill_on_drop(true);
    if let Some(account) = account {
        command.uid(account.uid).gid(account.gid);
    }
    command
}

/// Lets `account` reach `data_dir` (search permission on it), or says which directory on the
/// way stops it.
pub(super) fn open_to(data_dir: &Path, account: &Account) -> Result<(), EmbeddedError> {
    let_through(data_dir)?;
    let reachable = std::process::Command::new("test")
        .arg("-x")
        .arg(data_dir)
        .uid(account.uid)
        .gid(account.gid)
        .status()
        // Without `test` to ask, let the server's own refusal speak.
        .map_or(true, |status| status.success());
    if reachable {
        return Ok(());
    }
    let blocker = data_dir
        .ancestors()
        .skip(1)
        .find(|dir| {
            std::fs::metadata(dir).is_ok_and(|meta| {
                meta.mode() & 0o001 == 0 && !(meta.uid() == account.uid && meta.mode() & 0o100 != 0)
            })
        })
        .unwrap_or(data_dir)
        .to_path_buf();
    Err(EmbeddedError::Unreachable {
        data_dir: data_dir.to_path_buf(),
        account: account.name.clone(),
        blocker,
    })
}

/// Gives group and others search permission on directory `dir` (`go+x`), where it lacks it.
pub(super) fn let_through(dir: &Path) -> Result<(), EmbeddedError> {
    let mode = std::fs::metadata(dir).map_err(dir_error(dir))?.mode() & 0o7777;
    if mode & 0o011 != 0o011 {
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(mode | 0o011))
            .map_err(dir_error(dir))?;
    }
    Ok(())
}

/// Calls `visit` on `path` and, for a directory, on everything under it (symbolic links are
/// visited, never followed).
fn walk(
    path: &Path,
    visit: &mut impl FnMut(&Path, &std::fs::Metadata) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let meta = std::fs::symlink_metadata(path)?;
    visit(path, &meta)?;
    if meta.is_dir() {
        for entry in std::fs::read_dir(path)? {
            walk(&entry?.path(), visit)?;
        }
    }
    Ok(())
}

/// Hands a whole cluster over to `account`: one owned by root (restored from a backup as root,
/// say) would otherwise be refused by the server it runs as.
pub(super) fn hand_over_tree(path: &Path, account: &Account) -> Result<(), EmbeddedError> {
    walk(path, &mut |path, _| {
        std::os::unix::fs::lchown(path, Some(account.uid), Some(account.gid))
    })
    .map_err(dir_error(path))
}

/// Lets every account read and run an installation (binaries downloaded by root, whatever its
/// umask): `a+rX`.
pub(super) fn open_tree(path: &Path) -> Result<(), EmbeddedError> {
    walk(path, &mut |path, meta| {
        if meta.file_type().is_symlink() {
            return Ok(());
        }
        let mode = meta.mode() & 0o7777;
        let runnable = meta.is_dir() || mode & 0o100 != 0;
        let open = mode | 0o444 | if runnable { 0o111 } else { 0 };
        if open == mode {
            return Ok(());
        }
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(open))
    })
    .map_err(dir_error(path))
}

/// Hands `path` over to `account` (a file or an empty directory the server must own).
pub(super) fn give_to(path: &Path, account: Option<&Account>) -> Result<(), EmbeddedError> {
    let Some(account) = account else {
        return Ok(());
    };
    std::os::unix::fs::chown(path, Some(account.uid), Some(account.gid)).map_err(dir_error(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwd_lines_are_read() {
        assert_eq!(
            parse_passwd_line(
                "postgres:x:104:110:PostgreSQL administrator:/var/lib/postgresql:/bin/bash"
            ),
            Some(Account {
                name: "postgres".to_string(),
                uid: 104,
                gid: 110
            })
        );
        assert_eq!(parse_passwd_line("broken:x:notanumber:1::/:/bin/sh"), None);
        assert_eq!(parse_passwd_line(""), None);
        // Root is always there.
        assert_eq!(Account::named("root").map(|a| a.uid), Some(0));
    }
}
