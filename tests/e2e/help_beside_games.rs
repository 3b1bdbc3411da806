//! The "/help beside level-8 games" benchmark (run by `bench/help_beside_games.sh`, in
//! release mode; never in CI): the release binary against the fake Bot API server on
//! 127.0.0.1, SQLite or PostgreSQL.
//!
//! `HELP_SENDERS` learners (40) each send `/help` `HELP_RATE` times a second (5), first alone
//! for `HELP_ALONE_SECS` (20), then beside `HELP_GAMES` learners (20) playing level-8 games
//! against the tutor, each sending its next move (a random legal one, fixed seed) as soon as
//! the tutor's answer arrives, a finished game followed by a new one. After `HELP_WARMUP_SECS`
//! (5) of games, `HELP_WINDOW_SECS` (30) are measured. Prints one line: the `/help` latency
//! (from the update's delivery by getUpdates to the reply's arrival at the fake server)
//! p50/p99 alone and beside the games, the p99 ratio, and the game moves answered per second
//! in the window; then a `RESULT key=value …` line for the script.
//!
//! `HELP_BENCH_BACKEND` is `sqlite` (a fresh data directory) or `postgres` (a fresh schema of
//! `CHESS_TUTOR_TEST_DATABASE_URL`, dropped afterwards). `HELP_BENCH_BOT` runs another
//! `chess-tutor` binary (an older build) instead of this tree's; `HELP_BENCH_LABEL` names it
//! in the output. `CHESS_TUTOR_SEARCH_THREADS` and `RUST_LOG` go through to the bot, and
//! `HELP_BENCH_LOG` names a file to keep its log in (with `RUST_LOG=info,chess_tutor=debug`,
//! each update's `admitted` and `applied` lines tell where its time went).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::fake_bot_api::{BotProcess, Call, Fake, PgSchema, press, text, text_in};
use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Position};

const TOKEN: &str = "123:abc";
/// Where the PostgreSQL runs point, unless `CHESS_TUTOR_TEST_DATABASE_URL` says otherwise.
const PG_DEFAULT: &str = "postgres://postgres@127.0.0.1:5432/test";
/// The first chat of the `/help` senders and of the players.
const HELP_CHATS: i64 = 20_000;
const GAME_CHATS: i64 = 30_000;
/// A game waits this long for the tutor's answer before it counts as stalled.
const STALL: Duration = Duration::from_secs(90);

/// A `/proc/…/stat` line's command name and CPU time (user + system, in clock ticks).
fn stat_ticks(stat: &str) -> Option<(String, u64)> {
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
    // utime and stime are the stat file's 14th and 15th fields (11th and 12th after comm).
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some((stat[open + 1..close].to_owned(), ticks))
}

/// The stat lines of the entries of a `/proc` folder (processes, or a process's threads).
fn stats_under(folder: &str) -> impl Iterator<Item = (String, u64)> {
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter_map(|s| stat_ticks(&s))
}

/// CPU ticks of the one process `pid`.
fn process_ticks(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| stat_ticks(&s))
        .map_or(0, |(_, t)| t)
}

/// What the machine spent in a window: the fake server's getUpdates calls, and CPU ticks of
/// the bot, of PostgreSQL's processes and of this harness (the fake server and the players).
#[derive(Clone, Default)]
struct Spent {
    polls: u64,
    bot: u64,
    postgres: u64,
    harness: u64,
    /// The bot's CPU ticks by thread name (its digits dropped).
    threads: std::collections::BTreeMap<String, u64>,
    /// PostgreSQL's committed transactions in the benchmark's database.
    commits: i64,
}

impl Spent {
    async fn now(fake: &Fake, bot: u32, admin: Option<&sqlx::PgPool>) -> Spent {
        let commits = match admin {
            Some(admin) => sqlx::query_scalar(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()",
            )
            .fetch_one(admin)
            .await
            .unwrap_or(0),
            None => 0,
        };
        let mut threads = std::collections::BTreeMap::new();
        for (name, ticks) in stats_under(&format!("/proc/{bot}/task")) {
            let name: String = name.chars().filter(|c| !c.is_ascii_digit()).collect();
            *threads.entry(name).or_insert(0) += ticks;
        }
        Spent {
            threads,
            commits,
            polls: fake.state.lock().unwrap().polls,
            bot: process_ticks(bot),
            postgres: stats_under("/proc")
                .filter(|(comm, _)| comm == "postgres")
                .map(|(_, t)| t)
                .sum(),
            harness: process_ticks(std::process::id()),
        }
    }
}

fn env_num(key: &str, default: f64) -> f64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The bot, long polling, its flood limit out of the way (a sender's 5 a second is above it).
fn spawn_bot(fake: &Fake, data: &Path, database: Option<&str>) -> BotProcess {
    std::fs::create_dir_all(data).unwrap();
    let log = data.join("bot.log");
    let program = std::env::var("HELP_BENCH_BOT")
        .ok()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_chess-tutor").to_owned());
    let mut command = std::process::Command::new(program);
    command
        .args(["--data-dir", data.to_str().unwrap(), "telegram"])
        .args(["--poll-timeout", "1"])
        .args(["--flood-burst", "100000", "--flood-per-minute", "600000"])
        .env("TELOXIDE_TOKEN", TOKEN)
        .env("TELOXIDE_API_URL", fake.url())
        .env_remove("CHESS_TUTOR_CONTENT")
        .env_remove("CHESS_TUTOR_DATA")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap());
    match database {
        Some(url) => command.env("DATABASE_URL", url),
        None => command.env_remove("DATABASE_URL"),
    };
    BotProcess::start(command, log)
}

/// The first call after `*seen` that the bot made to `chat` (a send or an edit) after update
/// `id` was delivered and that `pred` accepts; `None` after `deadline` or once `stop` is set.
async fn reply_to(
    fake: &Fake,
    chat: i64,
    id: i64,
    seen: &mut usize,
    deadline: Instant,
    pred: impl Fn(&Call) -> bool,
) -> Option<(Call, Instant)> {
    loop {
        {
            let s = fake.state.lock().unwrap();
            let delivered = s.delivered.get(&id).copied();
            let found = delivered.and_then(|d| {
                s.calls[*seen..]
                    .iter()
                    .find(|c| {
                        c.chat == Some(chat)
                            && (c.method.starts_with("send") || c.method.starts_with("edit"))
                            && c.at >= d
                            && pred(c)
                    })
                    .map(|c| (c.clone(), d))
            });
            // Calls made before the delivery answer earlier updates: never looked at again.
            *seen = s.calls.len();
            if found.is_some() {
                return found;
            }
        }
        if Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// The line of a game's caption with its last moves (`12. Nf3 Nc6 13. Bb5`), if any.
fn moves_line(text: &str) -> Option<&str> {
    text.lines().find(|line| {
        line.split_whitespace().next().is_some_and(|first| {
            (first.ends_with('.') || first.ends_with('…'))
                && first
                    .trim_end_matches(['.', '…'])
                    .chars()
                    .all(|c| c.is_ascii_digit())
                && first.chars().next().is_some_and(|c| c.is_ascii_digit())
        })
    })
}

/// What one player saw: each game move's delivery and the arrival of its reply, games
/// finished, and whether it stalled (with what it was waiting for).
#[derive(Default)]
struct Player {
    moves: Vec<(Instant, Instant)>,
    games: usize,
    stalled: Option<String>,
}

/// xorshift64: a fixed sequence per player.
fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// One learner playing level-8 games as White until `stop`, in English.
async fn play(fake: Fake, chat: i64, stop: Arc<AtomicBool>, mut rng: u64) -> Player {
    let mut me = Player::default();
    let mut seen = 0;
    let mut n = 0;
    'games: while !stop.load(Ordering::Relaxed) {
        let id = fake.push(text_in(chat, "/play 8", "en"));
        let Some((setup, _)) = reply_to(&fake, chat, id, &mut seen, Instant::now() + STALL, |c| {
            c.buttons.iter().any(|(label, _)| label.contains('♔'))
        })
        .await
        else {
            me.stalled = Some("the /play 8 setup".into());
            return me;
        };
        let data = setup
            .buttons
            .iter()
            .find(|(label, _)| label.contains('♔'))
            .unwrap()
            .1
            .clone();
        n += 1;
        // In English, as the players' messages are ("Your move:" is looked for).
        let mut update = press(chat, &data, n);
        update["callback_query"]["from"]["language_code"] = "en".into();
        let id = fake.push(update);
        if reply_to(&fake, chat, id, &mut seen, Instant::now() + STALL, |c| {
            c.text.contains("Your move:")
        })
        .await
        .is_none()
        {
            me.stalled = Some("the new game's board".into());
            return me;
        }
        let mut pos = Chess::default();
        while !stop.load(Ordering::Relaxed) {
            let legal = pos.legal_moves();
            let mv = legal[(next_random(&mut rng) % legal.len() as u64) as usize];
            let san = San::from_move(&pos, mv).to_string();
            pos.play_unchecked(mv);
            let id = fake.push(text_in(chat, &san, "en"));
            let Some((answer, delivered)) =
                reply_to(&fake, chat, id, &mut seen, Instant::now() + STALL, |c| {
                    moves_line(&c.text).is_some()
                })
                .await
            else {
                me.stalled = Some(format!("the answer to {san}"));
                return me;
            };
            me.moves.push((delivered, answer.at));
            if !answer.text.contains("Your move:") {
                // The game is over (by the learner's move or the tutor's answer).
                me.games += 1;
                continue 'games;
            }
            let last = moves_line(&answer.text)
                .and_then(|line| line.split_whitespace().last())
                .unwrap_or_default();
            let Some(reply) = last
                .parse::<SanPlus>()
                .ok()
                .and_then(|s| s.san.to_move(&pos).ok())
            else {
                me.stalled = Some(format!("a readable answer after {san}: {:?}", answer.text));
                return me;
            };
            pos.play_unchecked(reply);
        }
    }
    me
}

/// The nearest-rank percentile of sorted milliseconds.
fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let at = ((sorted.len() as f64 * p / 100.0) as usize).min(sorted.len() - 1);
    sorted[at]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
#[ignore = "a benchmark: bench/help_beside_games.sh"]
async fn help_beside_games() {
    let backend = std::env::var("HELP_BENCH_BACKEND").unwrap_or_else(|_| "sqlite".into());
    let var = |key: &str, default: &str| {
        std::env::var(key)
            .ok()
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| default.to_owned())
    };
    let label = var("HELP_BENCH_LABEL", "this");
    let threads = var("CHESS_TUTOR_SEARCH_THREADS", "default");
    let games = env_num("HELP_GAMES", 20.0) as i64;
    let senders = env_num("HELP_SENDERS", 40.0).max(1.0) as i64;
    let rate = env_num("HELP_RATE", 5.0);
    let alone = Duration::from_secs_f64(env_num("HELP_ALONE_SECS", 20.0));
    let warmup = Duration::from_secs_f64(env_num("HELP_WARMUP_SECS", 5.0));
    let window = Duration::from_secs_f64(env_num("HELP_WINDOW_SECS", 30.0));
    let drain = Duration::from_secs_f64(env_num("HELP_DRAIN_SECS", 120.0));

    let fake = Fake::start().await;
    let dir = tempfile::tempdir().unwrap();
    let pg = if backend == "postgres" {
        let base =
            std::env::var("CHESS_TUTOR_TEST_DATABASE_URL").unwrap_or_else(|_| PG_DEFAULT.into());
        Some(PgSchema::fresh(&base, "help_beside_games").await)
    } else {
        assert_eq!(
            backend, "sqlite",
            "HELP_BENCH_BACKEND is sqlite or postgres"
        );
        None
    };
    let mut bot = spawn_bot(&fake, dir.path(), pg.as_ref().map(|p| p.url.as_str()));

    // The bot is up and has answered once.
    let probe = fake.push(text(1, "/help"));
    let mut seen = 0;
    reply_to(
        &fake,
        1,
        probe,
        &mut seen,
        Instant::now() + Duration::from_secs(60),
        |_| true,
    )
    .await
    .expect("the bot answers /help");

    // The /help senders, evenly spread: all of them together at senders × rate a second.
    let stop_help = Arc::new(AtomicBool::new(false));
    let pushed = Arc::new(std::sync::Mutex::new(Vec::<(i64, i64, Instant)>::new()));
    let start = Instant::now();
    let sender = {
        let (fake, stop, pushed) = (fake.clone(), stop_help.clone(), pushed.clone());
        let every = Duration::from_secs_f64(1.0 / (senders as f64 * rate));
        tokio::spawn(async move {
            let mut k: u32 = 0;
            while !stop.load(Ordering::Relaxed) {
                let chat = HELP_CHATS + i64::from(k) % senders;
                let id = fake.push(text(chat, "/help"));
                pushed.lock().unwrap().push((chat, id, Instant::now()));
                k += 1;
                tokio::time::sleep_until((start + every * k).into()).await;
            }
        })
    };
    // One second for the senders' first messages, then the window without games.
    let alone_from = start + Duration::from_secs(1);
    let alone_to = alone_from + alone;
    tokio::time::sleep_until(alone_to.into()).await;

    let stop_games = Arc::new(AtomicBool::new(false));
    let players: Vec<_> = (0..games)
        .map(|i| {
            let seed = 0x9e37_79b9_7f4a_7c15_u64 ^ (i as u64 + 1).wrapping_mul(0x2545_f491);
            tokio::spawn(play(fake.clone(), GAME_CHATS + i, stop_games.clone(), seed))
        })
        .collect();
    let games_from = alone_to + warmup;
    let games_to = games_from + window;
    tokio::time::sleep_until(games_from.into()).await;
    let spent_from = Spent::now(&fake, bot.child.id(), pg.as_ref().map(|p| &p.admin)).await;
    tokio::time::sleep_until(games_to.into()).await;
    let spent_to = Spent::now(&fake, bot.child.id(), pg.as_ref().map(|p| &p.admin)).await;
    stop_help.store(true, Ordering::Relaxed);
    stop_games.store(true, Ordering::Relaxed);
    sender.await.unwrap();
    let pushed = pushed.lock().unwrap().clone();

    // Every /help answered (each gets exactly one message), or the drain time is over.
    let mut wanted: HashMap<i64, usize> = HashMap::new();
    for (chat, _, _) in &pushed {
        *wanted.entry(*chat).or_default() += 1;
    }
    let drain_end = Instant::now() + drain;
    loop {
        let done = {
            let s = fake.state.lock().unwrap();
            let mut got: HashMap<i64, usize> = HashMap::new();
            for c in &s.calls {
                if let Some(chat) = c.chat.filter(|c| wanted.contains_key(c))
                    && c.method.starts_with("send")
                {
                    *got.entry(chat).or_default() += 1;
                }
            }
            wanted.iter().all(|(chat, n)| got.get(chat) >= Some(n))
        };
        if done || Instant::now() > drain_end {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut moves = Vec::new();
    let mut finished = 0;
    let mut stalls = Vec::new();
    for (i, player) in players.into_iter().enumerate() {
        let p = player.await.unwrap();
        moves.extend(p.moves);
        finished += p.games;
        if let Some(what) = p.stalled {
            let chat = GAME_CHATS + i as i64;
            let last = fake
                .calls()
                .into_iter()
                .rev()
                .find(|c| c.chat == Some(chat))
                .map(|c| format!("{} {:?} {:?}", c.method, c.text, c.buttons));
            stalls.push(format!(
                "chat {chat}: waiting for {what}; its last call: {}",
                last.unwrap_or_else(|| "none".into())
            ));
        }
    }

    // /help latencies, each reply matched to its update in the chat's order.
    let (alone_ms, beside_ms, unanswered) = {
        let s = fake.state.lock().unwrap();
        let mut replies: HashMap<i64, Vec<Instant>> = HashMap::new();
        for c in &s.calls {
            if let Some(chat) = c.chat.filter(|c| wanted.contains_key(c))
                && c.method.starts_with("send")
            {
                replies.entry(chat).or_default().push(c.at);
            }
        }
        let mut next: HashMap<i64, usize> = HashMap::new();
        let (mut alone_ms, mut beside_ms, mut unanswered) = (Vec::new(), Vec::new(), 0);
        for (chat, id, at) in &pushed {
            let k = next.entry(*chat).or_default();
            let reply = replies.get(chat).and_then(|r| r.get(*k)).copied();
            *k += 1;
            let ms = match (reply, s.delivered.get(id)) {
                (Some(reply), Some(delivered)) => {
                    reply.duration_since(*delivered).as_secs_f64() * 1e3
                }
                _ => {
                    unanswered += 1;
                    f64::INFINITY
                }
            };
            if *at >= alone_from && *at < alone_to {
                alone_ms.push(ms);
            } else if *at >= games_from && *at < games_to {
                beside_ms.push(ms);
            }
        }
        alone_ms.sort_by(f64::total_cmp);
        beside_ms.sort_by(f64::total_cmp);
        (alone_ms, beside_ms, unanswered)
    };
    let in_window: Vec<f64> = {
        let mut v: Vec<f64> = moves
            .iter()
            .filter(|(_, reply)| *reply >= games_from && *reply < games_to)
            .map(|(d, r)| r.duration_since(*d).as_secs_f64() * 1e3)
            .collect();
        v.sort_by(f64::total_cmp);
        v
    };
    let moves_per_s = in_window.len() as f64 / window.as_secs_f64();
    let help_per_s =
        beside_ms.iter().filter(|ms| ms.is_finite()).count() as f64 / window.as_secs_f64();

    // SIGTERM; after 20 s without an exit, kill -9.
    let stopped = Instant::now();
    bot.terminate();
    while bot.alive() && stopped.elapsed() < Duration::from_secs(20) {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let clean = !bot.alive();
    let log = bot.log_text();
    bot.kill();
    if let Ok(path) = std::env::var("HELP_BENCH_LOG") {
        std::fs::write(&path, &log).unwrap();
    }
    if !clean {
        eprintln!("the bot did not stop within 20 s of SIGTERM");
    }
    let errors: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("ERROR") || l.contains("WARN"))
        .collect();
    if let Some(schema) = pg {
        schema.drop().await;
    }

    let (a50, a99) = (pct(&alone_ms, 50.0), pct(&alone_ms, 99.0));
    let (b50, b99) = (pct(&beside_ms, 50.0), pct(&beside_ms, 99.0));
    println!(
        "help beside games [{label}, {backend}, search threads {threads}]: {games} level-8 games, {senders} x /help at {rate}/s, {:.0} s window: /help alone p50 {a50:.1} ms p99 {a99:.1} ms; beside the games p50 {b50:.1} ms p99 {b99:.1} ms ({help_per_s:.0} answered/s, {unanswered} unanswered); p99 ratio {:.1}x; game moves {moves_per_s:.2}/s (answer p50 {:.0} ms, p99 {:.0} ms), {finished} games finished, {} stalled; {} warnings/errors in the bot's log",
        window.as_secs_f64(),
        b99 / a99,
        pct(&in_window, 50.0),
        pct(&in_window, 99.0),
        stalls.len(),
        errors.len(),
    );
    println!(
        "RESULT label={label} backend={backend} threads={threads} alone_p50={a50:.1} alone_p99={a99:.1} beside_p50={b50:.1} beside_p99={b99:.1} ratio={:.2} moves_per_s={moves_per_s:.2} move_p50={:.0} move_p99={:.0} help_per_s={help_per_s:.0} unanswered={unanswered} finished={finished} stalled={} log_errors={}",
        b99 / a99,
        pct(&in_window, 50.0),
        pct(&in_window, 99.0),
        stalls.len(),
        errors.len(),
    );
    // Ticks are 1/100 s on Linux.
    // A group of threads or processes may lose one meanwhile: never below zero.
    let per_s = |a: u64, b: u64| b.saturating_sub(a) as f64 / window.as_secs_f64();
    println!(
        "SPENT label={label} backend={backend} polls_per_s={:.1} pg_commits_per_s={:.0} bot_cpu={:.2} postgres_cpu={:.2} harness_cpu={:.2} (cores, over the window)",
        per_s(spent_from.polls, spent_to.polls),
        (spent_to.commits - spent_from.commits) as f64 / window.as_secs_f64(),
        per_s(spent_from.bot, spent_to.bot) / 100.0,
        per_s(spent_from.postgres, spent_to.postgres) / 100.0,
        per_s(spent_from.harness, spent_to.harness) / 100.0,
    );
    let threads: Vec<String> = spent_to
        .threads
        .iter()
        .map(|(name, t)| {
            let before = spent_from.threads.get(name).copied().unwrap_or(0);
            format!("{name}={:.2}", per_s(before, *t) / 100.0)
        })
        .collect();
    println!("THREADS label={label} {}", threads.join(" "));
    for stall in &stalls {
        eprintln!("stalled: {stall}");
    }
    for line in errors.iter().take(5) {
        eprintln!("bot log: {line}");
    }
}
