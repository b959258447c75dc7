//! The job queue story, on both engines: claims are exclusive, leases lapse, failures retry.

use std::collections::HashMap;

use mercato_db::{Db, jobs};

storage_story!(
    each_job_is_claimed_once_by_concurrent_claimers,
    |db: Db| async move {
        let now = mercato_db::now();
        for n in 0..20 {
            jobs::enqueue(&db, "test", &serde_json::json!({ "n": n }), now - 1)
                .await
                .expect("enqueue");
        }
        let mut tasks = Vec::new();
        for w in 0..8 {
            let db = db.clone();
            tasks.push(tokio::spawn(async move {
                let mut claimed = Vec::new();
                while let Some(job) = jobs::claim(&db, &format!("w{w}"), now, 300)
                    .await
                    .expect("claim")
                {
                    claimed.push(job.id);
                }
                claimed
            }));
        }
        let mut seen: HashMap<i64, usize> = HashMap::new();
        for task in tasks {
            for id in task.await.expect("task") {
                *seen.entry(id).or_default() += 1;
            }
        }
        assert_eq!(seen.len(), 20);
        assert!(seen.values().all(|&n| n == 1), "{seen:?}");
    }
);

storage_story!(leases_lapse_and_failures_retry, |db: Db| async move {
    let now = mercato_db::now();
    let id = jobs::enqueue(&db, "k", &serde_json::json!({"a": 1}), now)
        .await
        .expect("enqueue");
    assert!(
        jobs::enqueue(&db, "later", &serde_json::json!({}), now + 1000)
            .await
            .is_ok()
    );
    let job = jobs::claim(&db, "w", now, 60)
        .await
        .expect("claim")
        .expect("due");
    assert_eq!((job.id, job.kind.as_str(), job.attempts), (id, "k", 0));
    assert_eq!(job.payload, serde_json::json!({"a": 1}));
    assert!(
        jobs::claim(&db, "w", now, 60)
            .await
            .expect("claim")
            .is_none()
    );
    // The lease lapses: a crashed worker's job is due again.
    let again = jobs::claim(&db, "w", now + 61, 60).await.expect("claim");
    assert_eq!(again.map(|j| j.id), Some(id));
    jobs::fail(&db, id, "boom", now + 100).await.expect("fail");
    assert_eq!(
        jobs::state(&db, id).await.expect("state"),
        Some((1, Some("boom".to_owned())))
    );
    assert!(
        jobs::claim(&db, "w", now + 99, 60)
            .await
            .expect("claim")
            .is_none()
    );
    let retried = jobs::claim(&db, "w", now + 100, 60)
        .await
        .expect("claim")
        .expect("due");
    assert_eq!(retried.attempts, 1);
    jobs::complete(&db, id).await.expect("complete");
    assert_eq!(jobs::state(&db, id).await.expect("state"), None);
    assert!(jobs::exists(&db, "later").await.expect("exists"));
});

storage_story!(several_jobs_are_queued_at_once, |db: Db| async move {
    let now = mercato_db::now();
    jobs::enqueue_many(&db, &[], now)
        .await
        .expect("nothing to queue");
    jobs::enqueue_many(
        &db,
        &[
            (
                "send_email",
                serde_json::json!({"order_id": 7, "audience": "shop"}),
            ),
            (
                "send_email",
                serde_json::json!({"order_id": 7, "audience": "customer"}),
            ),
        ],
        now - 1,
    )
    .await
    .expect("enqueue");
    let first = jobs::claim(&db, "w", now, 300)
        .await
        .expect("claim")
        .expect("a job");
    let second = jobs::claim(&db, "w", now, 300)
        .await
        .expect("claim")
        .expect("a job");
    assert!(
        jobs::claim(&db, "w", now, 300)
            .await
            .expect("claim")
            .is_none()
    );
    assert_eq!(first.kind, "send_email");
    assert_eq!(first.payload["audience"], "shop");
    assert_eq!(second.payload["audience"], "customer");
    assert_eq!(second.attempts, 0);
});

storage_story!(
    a_batch_claims_the_oldest_due_jobs_once,
    |db: Db| async move {
        let now = mercato_db::now();
        // Queued newest first: the batch follows run_at, then id, not the order of insertion.
        for n in (0..5).rev() {
            jobs::enqueue(&db, "test", &serde_json::json!({ "n": n }), now - 10 + n)
                .await
                .expect("enqueue");
        }
        jobs::enqueue(&db, "later", &serde_json::json!({}), now + 1000)
            .await
            .expect("enqueue");
        let first = jobs::claim_many(&db, "w", now, 300, 3)
            .await
            .expect("claim");
        let numbers: Vec<i64> = first
            .iter()
            .map(|j| j.payload["n"].as_i64().unwrap_or(-1))
            .collect();
        assert_eq!(numbers, [0, 1, 2]);
        // The claimed ones are leased: the next batch gets the rest of what is due, no more.
        let rest = jobs::claim_many(&db, "w", now, 300, 10)
            .await
            .expect("claim");
        let numbers: Vec<i64> = rest
            .iter()
            .map(|j| j.payload["n"].as_i64().unwrap_or(-1))
            .collect();
        assert_eq!(numbers, [3, 4]);
        assert!(
            jobs::claim_many(&db, "w", now, 300, 10)
                .await
                .expect("claim")
                .is_empty()
        );
        // Each lease lapses on its own, as a single claim's does.
        let again = jobs::claim_many(&db, "w", now + 301, 300, 10)
            .await
            .expect("claim");
        assert_eq!(again.len(), 5);
    }
);
