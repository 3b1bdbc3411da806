//! The cost of checking one board-page launch: Telegram's `initData` (HMAC-SHA256 twice, the
//! URL-decoding, the user's JSON) and of checking one session token.
//! `cargo bench --bench init_data`

// The binary's own module, compiled into the bench as it is (it needs only its crates).
#[path = "../src/web/init_data.rs"]
#[allow(dead_code, unused_imports)]
mod init_data;
#[path = "../src/web/token.rs"]
#[allow(dead_code, unused_imports)]
mod token;

use criterion::{Criterion, black_box, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let bot = "123456:ABCDEFabcdef-0123456789";
    let user = r#"{"id":123456789,"first_name":"Li","last_name":"Wei","username":"liwei","language_code":"zh-hans","allows_write_to_pm":true}"#;
    let fields = vec![
        ("auth_date".to_owned(), "1800000000".to_owned()),
        ("query_id".to_owned(), "AAHdF6IQAAAAAN0XohDhrOrc".to_owned()),
        ("user".to_owned(), user.to_owned()),
    ];
    let secret = init_data::secret_key(bot);
    let hash = init_data::hash_of(&secret, &fields);
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in &fields {
        query.append_pair(k, v);
    }
    query.append_pair("hash", &hash);
    let data = query.finish();
    assert!(init_data::check(&data, &secret, 1_800_000_100).is_ok());
    c.bench_function("initData check (secret key derived once)", |b| {
        b.iter(|| init_data::check(black_box(&data), &secret, 1_800_000_100))
    });
    c.bench_function("initData check with the secret key derived", |b| {
        b.iter(|| init_data::check(black_box(&data), &init_data::secret_key(bot), 1_800_000_100))
    });
    let key = token::TokenKey::for_bot(bot);
    let issued = key.issue(123_456_789, 1_800_000_000, Some("en"));
    c.bench_function("session token check", |b| {
        b.iter(|| key.check(black_box(&issued), 1_800_000_100))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
