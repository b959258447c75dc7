//! Rate limit windows on both engines: counts within a window, a fresh window after it, and
//! concurrent requests that never get more than the limit between them.

use mercato_db::{Db, rate_limits};

storage_story!(
    hits_are_counted_per_key_within_a_window,
    |db: Db| async move {
        let t = 1_700_000_000;
        let a = "checkout:ip:203.0.113.9";
        let first = rate_limits::hit(&db, a, 2, 10, t).await.expect("hit");
        assert_eq!(
            (first.hits, first.window_ends_at, first.remaining()),
            (1, t + 10, 1)
        );
        assert!(first.admitted());
        let second = rate_limits::hit(&db, a, 2, 10, t + 4).await.expect("hit");
        assert_eq!(
            (second.hits, second.window_ends_at),
            (2, t + 10),
            "same window"
        );
        assert!(second.admitted());
        assert_eq!(second.remaining(), 0);
        let third = rate_limits::hit(&db, a, 2, 10, t + 9).await.expect("hit");
        assert!(!third.admitted(), "over the limit");
        assert_eq!((third.hits, third.window_ends_at), (3, t + 10));
        assert_eq!(third.retry_after(t + 9), 1);

        // Another client has its own count.
        let other = rate_limits::hit(&db, "checkout:user:42", 2, 10, t + 9)
            .await
            .expect("hit");
        assert_eq!((other.hits, other.window_ends_at), (1, t + 19));
    }
);

storage_story!(
    a_new_window_opens_when_the_last_one_ends,
    |db: Db| async move {
        let t = 1_700_000_000;
        let key = "checkout:ip:198.51.100.7";
        for at in [t, t + 1, t + 2] {
            rate_limits::hit(&db, key, 2, 10, at).await.expect("hit");
        }
        // A refused request does not stretch the window.
        let late = rate_limits::hit(&db, key, 2, 10, t + 9).await.expect("hit");
        assert_eq!((late.hits, late.window_ends_at), (4, t + 10));
        assert!(!late.admitted());

        // At the end of the window the count starts again, with a window of its own.
        let fresh = rate_limits::hit(&db, key, 2, 10, t + 10)
            .await
            .expect("hit");
        assert_eq!((fresh.hits, fresh.window_ends_at), (1, t + 20));
        assert!(fresh.admitted());
        // Much later (the window length changed meanwhile): again a fresh window.
        let later = rate_limits::hit(&db, key, 5, 60, t + 500)
            .await
            .expect("hit");
        assert_eq!(
            (later.hits, later.window_ends_at, later.remaining()),
            (1, t + 560, 4)
        );

        // Ended windows are purged, current ones kept.
        rate_limits::hit(&db, "checkout:user:7", 2, 10, t + 500)
            .await
            .expect("hit");
        assert_eq!(
            rate_limits::purge_expired(&db, t + 510)
                .await
                .expect("purge"),
            1
        );
        let kept = rate_limits::hit(&db, key, 5, 60, t + 511)
            .await
            .expect("hit");
        assert_eq!((kept.hits, kept.window_ends_at), (2, t + 560), "not purged");
        let gone = rate_limits::hit(&db, "checkout:user:7", 2, 10, t + 511)
            .await
            .expect("hit");
        assert_eq!((gone.hits, gone.window_ends_at), (1, t + 521), "purged");
    }
);

storage_story!(
    concurrent_hits_never_admit_more_than_the_limit,
    |db: Db| async move {
        let t = 1_700_000_000;
        let limit = 5;
        let mut tasks = Vec::new();
        for _ in 0..24 {
            let db = db.clone();
            tasks.push(tokio::spawn(async move {
                rate_limits::hit(&db, "checkout:ip:192.0.2.1", limit, 10, t)
                    .await
                    .expect("hit")
            }));
        }
        let mut numbers = Vec::new();
        for task in tasks {
            numbers.push(task.await.expect("task"));
        }
        let admitted = numbers.iter().filter(|h| h.admitted()).count();
        assert_eq!(admitted, 5, "exactly the limit is admitted");
        // Every request got its own number: none was lost, none counted twice.
        let mut hits: Vec<i64> = numbers.iter().map(|h| h.hits).collect();
        hits.sort_unstable();
        assert_eq!(hits, (1..=24).collect::<Vec<i64>>());
        assert!(numbers.iter().all(|h| h.window_ends_at == t + 10));
    }
);
